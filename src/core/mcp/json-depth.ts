import { thousands } from '../thousands.js';
/**
 * JSON from the server, walked without recursion: how deeply a value nests, and a capped copy.
 * How deeply a parsed JSON value nests, found without recursion. JSON.parse reads any depth, but
 * JSON.stringify, structuredClone, ajv and our own walkers recurse: a message nested deeper than
 * MAX_JSON_DEPTH is refused where it enters (as a message that could not be used), so nothing
 * downstream can overflow the stack on it.
 */
export const MAX_JSON_DEPTH = 512;

/** True when `value` nests more than `limit` arrays/objects deep. */
export function nestsDeeperThan(value: unknown, limit = MAX_JSON_DEPTH): boolean {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: node, depth } = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node as Record<string, unknown>)) {
      if (child !== null && typeof child === 'object') stack.push({ value: child, depth: depth + 1 });
    }
  }
  return false;
}

/**
 * A deep copy with every string (keys included) cut at `stringChars` and nesting cut at `depth`,
 * made without recursion; `mapString` rewrites each (cut) string (report path scrubbing).
 */
export function capJson<T>(value: T, caps: { stringChars: number; depth: number; mapString?: (text: string) => string }): T {
  const map = caps.mapString ?? ((text: string) => text);
  const root: Record<string, unknown> = {};
  const stack: Array<{ from: unknown; into: Record<string, unknown> | unknown[]; key: string | number; depth: number }> = [{ from: value, into: root, key: 'value', depth: 0 }];
  while (stack.length > 0) {
    const { from, into, key, depth } = stack.pop()!;
    const put = (copy: unknown) => {
      (into as Record<string | number, unknown>)[key] = copy;
    };
    if (typeof from === 'string') put(map(capString(from, caps.stringChars)));
    else if (from === null || typeof from !== 'object') put(from);
    else if (depth >= caps.depth) put(`(nested deeper than ${caps.depth} levels; not shown)`);
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
        const capped = capString(name, caps.stringChars);
        copy[capped] = null;
        stack.push({ from: item, into: copy, key: capped, depth: depth + 1 });
      }
    }
  }
  return root.value as T;
}

/**
 * "huge_nnnn… (15,728,640 bytes)", `max` characters in all, so that capping again changes nothing.
 * The kept part is a copy of its own: a slice would hold on to the whole original (V8 keeps sliced
 * strings as views), and the point is to let 15 MB go.
 */
export function capString(text: string, max: number): string {
  if (text.length <= max) return text;
  const note = `… (${thousands(Buffer.byteLength(text, 'utf8'))} bytes)`;
  return `${detach(text.slice(0, Math.max(0, max - note.length)))}${note}`;
}

/** A copy of a (short) string that shares no memory with the one it was cut from (lone surrogates kept). */
export function detach(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

/**
 * True when JSON text nests more than `limit` arrays/objects deep, found in one pass over the
 * text before it is parsed (strings skipped, escapes honoured). A body of 8 million `[` costs
 * a parser seconds and a gigabyte; this answers in milliseconds at the first level past the limit.
 * Malformed text is left for the parser to refuse.
 */
export function textNestsDeeperThan(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i += 1; // backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) depth -= 1;
  }
  return false;
}
