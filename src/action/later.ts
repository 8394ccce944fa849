// The half of the action that runs once the server has answered, imported by main.ts while the
// server starts (RunHooks.onServerStarting): the gate, the report writers and renderers, the
// annotations, the job summary, the PR comment and the expected failures. A cold start parses none
// of it before the first request at the server (issue 12: under 300 ms on Node 24).
export { failingFindings, withBaseline } from '../core/surface/analyze.js';
export { gate } from '../core/gate/compare.js';
export { planAnnotations } from '../core/report/annotations.js';
export { renderPrComment } from '../core/report/pr-comment.js';
export { readReportViolations } from '../core/report/schema.js';
export { writeReportFiles } from '../core/report/write.js';
export { annotateConfigurationError, emitAnnotations, VERDICT_SLOTS } from './annotations.js';
export { postStickyComment } from './comment.js';
export { applyExpected, readExpectedFailures } from './expected-failures.js';
export { logReport } from './log.js';
export { jobSummaryMarkdown, writeJobSummary } from './summary.js';
