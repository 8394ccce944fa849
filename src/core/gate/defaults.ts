// The gate's default tolerance, apart from compare.ts: the action reads its inputs before it loads the
// gate (and, through the baseline format, ajv), after the first request at the server.

/** The largest drop in a pass rate (0..1) that is not a regression. */
export const DEFAULT_MAX_DROP = 0.02;
