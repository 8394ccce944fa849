// The gate's defaults, apart from compare.ts and baseline.ts: the action and the CLI read their inputs
// before they load the gate (and, through the baseline format, ajv), after the first request at the server.

/** Where `mcp-evals baseline accept` writes the approved baseline, and every command looks for it. */
export const DEFAULT_BASELINE_FILE = '.mcp-evals/baseline.json';

/** The largest drop in a pass rate (0..1) that is not a regression. */
export const DEFAULT_MAX_DROP = 0.02;
