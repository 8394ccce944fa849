/** The exit-code contract shared by the CLI and the action (DESIGN.md). */
export const EXIT = {
  ok: 0,
  failed: 1,
  usage: 2,
  /** Could not evaluate: the server or a model unreachable, auth refused, quota or budget exhausted, or an internal error (with the stack). */
  couldNotEvaluate: 3,
  internal: 3,
} as const;
