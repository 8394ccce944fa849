/** The exit-code contract shared by the CLI and the action (DESIGN.md). */
export const EXIT = {
  ok: 0,
  failed: 1,
  usage: 2,
  internal: 3,
} as const;
