/**
 * How the user's own MCP server starts, read from the project `mcp-evals init` runs in, so the
 * config it writes points at that server instead of the example one.
 */

export interface ServerGuess {
  /** The stdio command to put under server.command. */
  command: string;
  /** Where it came from, for the comment above it and for what init prints. */
  source: string;
  /** The workflow's setup step: what installs the server before it starts. */
  setup: string;
}

/** From package.json: scripts.start, else the first bin entry, else main. */
export function fromPackageJson(text: string): ServerGuess | undefined {
  let pkg: { scripts?: Record<string, unknown>; bin?: unknown; main?: unknown; name?: unknown };
  try {
    pkg = JSON.parse(text) as typeof pkg;
  } catch {
    return undefined;
  }
  const setup = 'npm install --no-audit --no-fund';
  const start = pkg.scripts?.start;
  // The script's own command, not `npm start`: npm would print its banner on the server's stdout.
  if (typeof start === 'string' && start.trim() !== '') return { command: start.trim(), source: 'package.json scripts.start', setup };
  const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin !== null && typeof pkg.bin === 'object' ? Object.values(pkg.bin as Record<string, unknown>).find((value) => typeof value === 'string') : undefined;
  if (typeof bin === 'string') return { command: `node ${bin}`, source: 'package.json bin', setup };
  if (typeof pkg.main === 'string') return { command: `node ${pkg.main}`, source: 'package.json main', setup };
  return undefined;
}

/** From pyproject.toml: the first [project.scripts] entry (installed by `pip install -e .`). */
export function fromPyproject(text: string): ServerGuess | undefined {
  let inScripts = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    if (line.startsWith('[')) {
      inScripts = /^\[\s*project\.scripts\s*\]$/.test(line);
      continue;
    }
    const entry = inScripts ? /^"?([A-Za-z0-9_.-]+)"?\s*=\s*["'][^"']+["']/.exec(line) : null;
    if (entry) return { command: entry[1], source: 'pyproject.toml [project.scripts]', setup: 'pip install -e .' };
  }
  return undefined;
}
