/**
 * Why a server did not start, in one line a person can act on. The useful line of a crash is
 * rarely the last one (Node prints stack frames and its version after it), so the stderr excerpt
 * is chosen for its message: the first error line, plus the missing module or file when another
 * line names it.
 */

const MAX_LINE = 300;
/** `Error: …`, `TypeError: …`, `ModuleNotFoundError: …`, `error: …`, `sh: 1: x: not found`. */
const ERROR_LINE = /(^|\b)([A-Z][A-Za-z]*)?(Error|Exception)\b:?\s|^error\b|^fatal\b|not found$|No such file or directory|command not found/i;
/** Lines that name what is missing: Node's `Cannot find module`, ENOENT paths, Python's `No module named`. */
const MISSING = /Cannot find (module|package) ['"][^'"]+['"]|ENOENT[^\n]*['"][^'"]+['"]|No module named ['"]?[\w.]+['"]?|can't open file ['"][^'"]+['"]|No such file or directory[^\n]*/;
/** Stack frames and Node's trailer carry no message. */
const NOISE = /^\s*(at\s|\^+\s*$|Node\.js v\d|code: '|requireStack|\[|\]|\}|\{|triggerUncaughtException|$)/;

/** The line (or two) of stderr that says why the process could not start; empty when stderr says nothing. */
export function startupErrorLine(stderr: string): string {
  const lines = stderr.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== '' && !NOISE.test(line));
  const error = lines.find((line) => ERROR_LINE.test(line));
  const missing = lines.map((line) => MISSING.exec(line)?.[0]).find((found): found is string => found !== undefined);
  const chosen = error ?? lines.at(-1) ?? '';
  const parts = missing && !chosen.includes(missing) ? [chosen, missing] : [chosen];
  return parts.filter(Boolean).map((part) => clip(part)).join(' — ');
}

/** "the server did not start: <reason>", with how the process ended and its error line. */
export function didNotStart(how: string, stderr: string): string {
  const line = startupErrorLine(stderr);
  return `the server did not start: ${line ? `${line} (${how})` : how}`;
}

function clip(line: string): string {
  return line.length > MAX_LINE ? `${line.slice(0, MAX_LINE - 1)}…` : line;
}

/** Launchers that download the server before it can answer: behind a proxy, they wait in silence. */
const DOWNLOADING_LAUNCHER = /(^|[\s/])(npx|npm\s+exec|pnpm\s+dlx|yarn\s+dlx|bunx|uvx|uv\s+run|pipx\s+run|docker\s+run)\b/;

/**
 * What a server that stayed silent through its start-up budget may need: more time, or a variable
 * of the user's shell. Servers get a minimal environment (the proxy and CA variables included), and
 * a launcher that downloads first (npx, uvx…) may hang without another one, e.g. a registry setting.
 */
export function silentStartHint(command: string | undefined): string {
  const more = '; give it longer with --startup-timeout MS (server.startup_timeout_ms in mcp-evals.yml)';
  if (command === undefined || !DOWNLOADING_LAUNCHER.test(command)) return more;
  return `${more}. It is started by a launcher that downloads first, and servers get a minimal environment (PATH, HOME, locale, the proxy and CA variables): if the download needs another variable of yours, give it with --env NAME (env: in mcp-evals.yml)`;
}
