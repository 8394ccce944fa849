import { homedir, tmpdir } from 'node:os';
import { packageRoot } from '../paths.js';

/**
 * What reaches a report is bounded: every string (ids, names, messages, evidence copied from the
 * server) at STRING_CAP characters with its full size noted, nesting at DEPTH_CAP levels, and no
 * absolute path of the machine that ran the check (an internal error's stack names our files).
 * The copy is made without recursion, so a hostile value cannot overflow the stack here either.
 */
export const REPORT_CAPS = { stringChars: 4096, depth: 64 } as const;

/** A capped, path-scrubbed deep copy of a JSON-like value (a Report, a trace line). */
export function capForReport<T>(value: T): T {
  const scrub = pathScrubber();
  const root: { value?: unknown } = {};
  const stack: Array<{ from: unknown; into: Record<string, unknown> | unknown[]; key: string | number; depth: number }> = [{ from: value, into: root as Record<string, unknown>, key: 'value', depth: 0 }];
  while (stack.length > 0) {
    const { from, into, key, depth } = stack.pop()!;
    const put = (copy: unknown) => {
      (into as Record<string | number, unknown>)[key] = copy;
    };
    if (typeof from === 'string') put(capString(scrub(from)));
    else if (from === null || typeof from !== 'object') put(from);
    else if (depth >= REPORT_CAPS.depth) put(`(nested deeper than ${REPORT_CAPS.depth} levels; not shown)`);
    else if (Array.isArray(from)) {
      const copy: unknown[] = new Array(from.length);
      put(copy);
      from.forEach((item, index) => stack.push({ from: item, into: copy, key: index, depth: depth + 1 }));
    } else {
      const source = typeof (from as { toJSON?: unknown }).toJSON === 'function' ? (from as { toJSON: () => unknown }).toJSON() : from;
      if (source !== from) {
        stack.push({ from: source, into, key, depth });
        continue;
      }
      const copy: Record<string, unknown> = {};
      put(copy);
      // Keys are placed now, in order; their values are filled in as the stack unwinds.
      for (const [name, item] of Object.entries(from as Record<string, unknown>)) {
        if (item === undefined) continue;
        const capped = capString(name);
        copy[capped] = null;
        stack.push({ from: item, into: copy, key: capped, depth: depth + 1 });
      }
    }
  }
  return root.value as T;
}

/** "huge_nnnn… (15,728,640 bytes)" */
export function capString(text: string, max: number = REPORT_CAPS.stringChars): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… (${Buffer.byteLength(text, 'utf8').toLocaleString('en-US')} bytes)`;
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
