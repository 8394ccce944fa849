export { mcpBenchMetrics, mcpBenchReport, runCompletion, UNTIERED, type McpBenchMetrics, type McpBenchReport } from './mcp-bench.js';
export { passAtK, passHatK, summarizeRuns, type Floors, type RunSummary } from './pass-rates.js';
export { distribution, percentile, type Distribution } from './percentiles.js';
export { toRunRecord, type RunRecord } from './run-record.js';
