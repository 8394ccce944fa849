// What `mcp-evals conformance` needs once the server has answered, imported (conformance.ts) while the
// server starts: the report writers (HTML, SARIF, JUnit, OTLP), the surface analysis's verdict and its
// baseline pins. Parsing them before the first request would only delay it.
export { writeReportFiles } from '../../core/report/write.js';
export { renderSurfaceText } from '../../core/report/surface-text.js';
export { failingFindings } from '../../core/surface/analyze.js';
export { applySurfaceBaseline } from '../../core/surface/baseline-pins.js';
