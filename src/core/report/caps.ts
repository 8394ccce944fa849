import { homedir, tmpdir } from 'node:os';
import { capJson, capString } from '../mcp/json-depth.js';
import { packageRoot } from '../paths.js';

/**
 * What reaches a report is bounded: every string (ids, names, messages, evidence copied from the
 * server) at REPORT_CAPS.stringChars characters with its full size noted, nesting at REPORT_CAPS.depth, and no
 * absolute path of the machine that ran the check (an internal error's stack names our files).
 * The copy is made without recursion, so a hostile value cannot overflow the stack here either.
 */
export const REPORT_CAPS = { stringChars: 4096, depth: 64 } as const;

/** A capped, path-scrubbed deep copy of a JSON-like value (a Report, a trace line). */
export function capForReport<T>(value: T): T {
  const scrub = pathScrubber();
  return capJson(value, { stringChars: REPORT_CAPS.stringChars, depth: REPORT_CAPS.depth, mapString: scrub });
}

/** Replaces this machine's absolute paths (our package, the working directory, home, temp) with placeholders. */
function pathScrubber(): (text: string) => string {
  const prefixes: Array<[string, string]> = [];
  const add = (path: string | undefined, placeholder: string) => {
    if (path && path.length > 1 && !prefixes.some(([known]) => known === path)) prefixes.push([path, placeholder]);
  };
  add(safe(packageRoot), '<mcp-evals>');
  add(safe(() => process.cwd()), '.');
  add(safe(homedir), '~');
  add(safe(tmpdir), '<tmp>');
  // Longest first, so that a path inside the package is not half-replaced by its home prefix.
  prefixes.sort((a, b) => b[0].length - a[0].length);
  // A prefix counts only as a whole path segment: "/root" in "/rootcause" stays.
  const boundary = '(?=[/\\\\\\s\'"`),;:\\]}]|$)';
  const patterns = prefixes.map(([path, placeholder]) => [new RegExp(escapeRegExp(path) + boundary, 'g'), placeholder] as const);
  return (text) => {
    let out = text;
    for (const [pattern, placeholder] of patterns) out = out.replace(pattern, placeholder);
    return out;
  };
}

function safe(get: () => string): string | undefined {
  try {
    return get();
  } catch {
    return undefined;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export { capString };
