import { scanHidden } from './poisoning.js';
import { isObject } from './text.js';

/**
 * Schema diffs for rug pulls: a pin keeps each definition's fields other than its name and
 * description (inputSchema, outputSchema, annotations, a prompt's arguments…) flattened to
 * `path → value`, cut to a bound (a hostile server sends megabyte schemas); a later run diffs
 * two of them into short lines a person reads in seconds:
 * `+ inputSchema.properties.notes (string) "…"`, `~ ….enum: ["c","f"] → ["c","f","k"]`, `- inputSchema.required: to`.
 */

/** Path → canonical JSON of a leaf; a property's own entry is `(type)`, its children follow. */
export type SchemaDigest = Record<string, string>;

const MAX_ENTRIES = 200;
/** Characters of paths and values kept per pin: report.json and the baseline stay small. */
const MAX_DIGEST_CHARS = 8000;
const MAX_VALUE_CHARS = 200;
const MAX_PATH_CHARS = 160;
const MAX_DEPTH = 32;
const MAX_LINES = 20;
const MAX_LINE_CHARS = 300;
/** The entry that says the digest was cut; it sorts after every path. */
export const CUT_KEY = '~cut';
const SKIPPED = new Set(['name', 'description', '_meta']);

export function schemaDigest(definition: Record<string, unknown>): SchemaDigest {
  const out: SchemaDigest = {};
  let entries = 0;
  let chars = 0;
  let cut = false;
  const put = (path: string, value: string) => {
    const key = clip(path, MAX_PATH_CHARS);
    const text = clip(value, MAX_VALUE_CHARS);
    if (entries >= MAX_ENTRIES || chars + key.length + text.length > MAX_DIGEST_CHARS) {
      cut = true;
      return;
    }
    out[key] = text;
    entries += 1;
    chars += key.length + text.length;
  };
  const walk = (value: unknown, path: string, depth: number): void => {
    if (cut) return; // stops the walk: a huge schema costs no more than a cut one
    if (depth > MAX_DEPTH) return put(path, '"…"');
    if (Array.isArray(value)) {
      if (value.every((item) => !isObject(item) && !Array.isArray(item))) return put(path, JSON.stringify(value.slice(0, 50)));
      // Items that carry a name (a prompt's arguments) are keyed by it: a reorder is no change.
      value.forEach((item, index) => walk(item, `${path}.${isObject(item) && typeof item.name === 'string' ? inert(item.name) : index}`, depth + 1));
      return;
    }
    if (!isObject(value)) return put(path, JSON.stringify(value) ?? 'null');
    for (const key of Object.keys(value).sort()) {
      const child = value[key];
      const at = path ? `${path}.${inert(key)}` : inert(key);
      if ((!path && SKIPPED.has(key)) || key === '_meta' || child === undefined) continue;
      if (key === 'required' && Array.isArray(child)) put(at, JSON.stringify([...child].sort()));
      else if (key === 'properties' && isObject(child)) {
        for (const name of Object.keys(child).sort()) {
          const property = child[name];
          const type = isObject(property) ? property.type : undefined;
          put(`${at}.${inert(name)}`, `(${typeof type === 'string' ? type : Array.isArray(type) ? type.join('|') : isObject(property) ? 'any' : JSON.stringify(property)})`);
          if (isObject(property)) walk(property, `${at}.${inert(name)}`, depth + 1);
        }
      } else walk(child, at, depth + 1);
    }
  };
  walk(definition, '', 0);
  if (cut) out[CUT_KEY] = `"cut at ${entries} entries"`;
  return out;
}

/** What changed between two digests, one line each; a property added or removed is one line. */
export function schemaDiff(before: SchemaDigest, after: SchemaDigest): string[] {
  const isProperty = (value: string | undefined) => value?.startsWith('(') === true;
  // A path past where a cut digest stops was not kept, not added or removed (the walk is in about key order).
  const beyond = (digest: SchemaDigest, key: string) => digest[CUT_KEY] !== undefined && key > lastKey(digest);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((key) => key !== CUT_KEY && before[key] !== after[key] && !(before[key] === undefined && beyond(before, key)) && !(after[key] === undefined && beyond(after, key)))
    .sort();
  // Properties added or removed: one line each, their children not repeated.
  const whole = keys.filter((key) => isProperty(before[key] ?? after[key]) && (before[key] === undefined || after[key] === undefined));
  const lines: string[] = [];
  for (const key of keys) {
    if (whole.some((top) => key.startsWith(`${top}.`))) continue;
    const old = before[key];
    const now = after[key];
    if (old === undefined) lines.push(isProperty(now) ? `+ ${key} ${now}${describe(after, key)}` : `+ ${key}: ${now}`);
    else if (now === undefined) lines.push(isProperty(old) ? `- ${key} ${old}` : `- ${key}: ${old}`);
    else if (isProperty(old) && isProperty(now)) continue; // its children's lines say what changed
    else lines.push(...requiredDiff(key, old, now));
  }
  const cut = before[CUT_KEY] || after[CUT_KEY] ? ['… (a schema was cut to its first entries; the rest is not compared)'] : [];
  const shown = lines.slice(0, MAX_LINES).map((line) => clip(scanHidden(line)?.visible ?? line, MAX_LINE_CHARS));
  if (lines.length > MAX_LINES) shown.push(`… and ${lines.length - MAX_LINES} more`);
  return [...shown, ...cut];
}

function lastKey(digest: SchemaDigest): string {
  let last = '';
  for (const key of Object.keys(digest)) if (key !== CUT_KEY && key > last) last = key;
  return last;
}

function describe(digest: SchemaDigest, key: string): string {
  const text = digest[`${key}.description`];
  return text ? ` ${text}` : '';
}

/** `required` as the names that left or joined it; any other value as `old → new`. */
function requiredDiff(key: string, old: string, now: string): string[] {
  if (key === 'required' || key.endsWith('.required')) {
    const a = names(old);
    const b = names(now);
    if (a && b) {
      const lines: string[] = [];
      const gone = a.filter((name) => !b.includes(name));
      const joined = b.filter((name) => !a.includes(name));
      if (gone.length) lines.push(`- ${key}: ${gone.join(', ')}`);
      if (joined.length) lines.push(`+ ${key}: ${joined.join(', ')}`);
      return lines;
    }
  }
  return [`~ ${key}: ${old} → ${now}`];
}

function names(value: string): string[] | undefined {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.map(String) : undefined;
  } catch {
    return undefined; // cut at MAX_VALUE_CHARS
  }
}

/** A key as a path segment: control characters (a newline, an escape sequence) written as `\uXXXX`, as in the JSON values. */
function inert(key: string): string {
  return key.replace(/[\u0000-\u001f\u007f-\u009f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The first `max` characters, a surrogate pair never split, `…` when cut. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 2);
  return `${text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 2 : max - 1)}…`;
}
