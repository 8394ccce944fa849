import { createHash, type Hash } from 'node:crypto';
import { MAX_STRING_CHARS } from './bound.js';
import { finding } from './catalog.js';
import { scanHidden } from './poisoning.js';
import { schemaDiff, schemaDigest } from './schema-diff.js';
import { isObject, stringField } from './text.js';
import type { DefinitionKind, SurfaceChanges, SurfaceFinding, SurfacePin, SurfaceSection } from './types.js';

/**
 * Definition pins against silent changes (rug pulls, MCPSecBench 17): a SHA-256 of each
 * definition's canonical JSON is stored in the baseline; a later run lists what was added,
 * removed or changed, with a word diff of each changed description and a structural diff of
 * each changed schema (schema-diff.ts).
 */

const PIN_TEXT_CHARS = 4000;
const MAX_DEPTH = 64;
/** Word diffs longer than this (words × words) fall back to "old → new". */
const MAX_DIFF_CELLS = 4_000_000;

/** JSON with object keys sorted at every level and `_meta` left out: equal definitions, equal text. */
export function canonicalJson(value: unknown, depth = 0): string {
  if (depth > MAX_DEPTH) return 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item, depth + 1)).join(',')}]`;
  if (isObject(value)) {
    const keys = Object.keys(value).filter((key) => key !== '_meta' && value[key] !== undefined).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key], depth + 1)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The key a definition is pinned under: its kind and name (or URI), the name cut as the analysis reads it (bound.ts), so findings and pins agree. */
export function pinKey(kind: DefinitionKind, value: Record<string, unknown>, index: number): string {
  const id = kind === 'resource' ? stringField(value, 'uri') : kind === 'resourceTemplate' ? stringField(value, 'uriTemplate') : stringField(value, 'name');
  return `${kind}:${id === undefined ? `#${index}` : id.slice(0, MAX_STRING_CHARS)}`;
}

/** Characters of a string hashed at a time: a 15 MB name is never copied whole (its JSON, then its UTF-8). */
const HASH_CHUNK_CHARS = 256 * 1024;

/** Feeds canonicalJson(value) to the hash piece by piece, the same bytes without the whole text in memory. */
function hashCanonical(hash: Hash, value: unknown, depth = 0): void {
  if (depth > MAX_DEPTH) hash.update('null');
  else if (Array.isArray(value)) {
    hash.update('[');
    value.forEach((item, index) => {
      if (index > 0) hash.update(',');
      hashCanonical(hash, item, depth + 1);
    });
    hash.update(']');
  } else if (isObject(value)) {
    const keys = Object.keys(value).filter((key) => key !== '_meta' && value[key] !== undefined).sort();
    hash.update('{');
    keys.forEach((key, index) => {
      if (index > 0) hash.update(',');
      hashString(hash, key);
      hash.update(':');
      hashCanonical(hash, value[key], depth + 1);
    });
    hash.update('}');
  } else if (typeof value === 'string') hashString(hash, value);
  else hash.update(JSON.stringify(value) ?? 'null');
}

/** JSON.stringify(text), hashed in chunks cut between code points (escaping is per code point). */
function hashString(hash: Hash, text: string): void {
  if (text.length <= HASH_CHUNK_CHARS) {
    hash.update(JSON.stringify(text));
    return;
  }
  hash.update('"');
  for (let start = 0; start < text.length; ) {
    let end = Math.min(text.length, start + HASH_CHUNK_CHARS);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end += 1;
    hash.update(JSON.stringify(text.slice(start, end)).slice(1, -1));
    start = end;
  }
  hash.update('"');
}

export function pinOf(value: Record<string, unknown>): SurfacePin {
  const hash = createHash('sha256');
  hashCanonical(hash, value);
  return { sha256: hash.digest('hex'), text: (stringField(value, 'description') ?? '').slice(0, PIN_TEXT_CHARS), schema: schemaDigest(value) };
}

/** What changed between the baseline's pins and this run's, as findings and a changes block. */
export function comparePins(
  before: Record<string, SurfacePin>,
  section: Pick<SurfaceSection, 'pins'> & { cost: { openai: number } },
  source: { label: string; tokens?: number },
): { changes: SurfaceChanges; findings: SurfaceFinding[] } {
  const after = section.pins;
  const items: SurfaceChanges['items'] = [];
  const findings: SurfaceFinding[] = [];
  for (const [key, pin] of Object.entries(after)) {
    const old = before[key];
    const { kind, name } = splitPinKey(key);
    if (!old) {
      items.push({ key, change: 'added' });
      findings.push(finding('definition-added', { kind, name, pointer: '', message: `${key} is new since the baseline` }));
    } else if (old.sha256 !== pin.sha256) {
      // Hidden characters are made visible (tags decoded) before the diff: a change made of them shows.
      const diff = old.text === pin.text ? '' : wordDiff(revealed(old.text), revealed(pin.text));
      // A baseline from before schemas were pinned has none: it still says that the schema changed.
      const lines = old.schema && pin.schema ? schemaDiff(old.schema, pin.schema) : [];
      items.push(lines.length ? { key, change: 'changed', diff, schemaDiff: lines } : { key, change: 'changed', diff });
      const parts = diff ? [diff.slice(0, 600)] : [];
      if (lines.length) parts.push(`schema: ${lines.join('; ')}`);
      else if (!diff) parts.push(old.schema ? 'a field beyond what the pin keeps (the description and the kept schema are the same)' : 'schema changed (no earlier schema in the baseline to diff)');
      findings.push(
        finding('definition-changed', {
          kind,
          name,
          pointer: diff ? '/description' : lines.length ? `/${lines[0].slice(2).split(/[.:\s]/)[0]}` : '',
          message: `${key} changed since the baseline: ${parts.join('; ')}`,
          evidence: `sha256 ${old.sha256.slice(0, 12)}… → ${pin.sha256.slice(0, 12)}…`,
        }),
      );
    }
  }
  for (const key of Object.keys(before)) {
    if (after[key]) continue;
    const { kind, name } = splitPinKey(key);
    items.push({ key, change: 'removed' });
    findings.push(finding('definition-removed', { kind, name, pointer: '', message: `${key} is gone since the baseline` }));
  }
  const count = (change: string) => items.filter((item) => item.change === change).length;
  const changes: SurfaceChanges = { baseline: source.label, added: count('added'), removed: count('removed'), changed: count('changed'), items };
  if (source.tokens !== undefined) changes.tokenDelta = { before: source.tokens, after: section.cost.openai };
  return { changes, findings };
}

function revealed(text: string): string {
  return scanHidden(text)?.visible ?? text;
}

/** `tool:NAME` → the kind and the name (or URI). */
export function splitPinKey(key: string): { kind: DefinitionKind; name: string } {
  const colon = key.indexOf(':');
  return { kind: key.slice(0, colon) as DefinitionKind, name: key.slice(colon + 1) };
}

/** A word diff: `[-removed words-]{+added words+}` around the unchanged ones (LCS over words). */
export function wordDiff(before: string, after: string): string {
  const a = before.split(/\s+/).filter(Boolean);
  const b = after.split(/\s+/).filter(Boolean);
  if (a.length * b.length > MAX_DIFF_CELLS) return `[-${before}-]{+${after}+}`;
  const lcs: Uint32Array[] = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  }
  const parts: string[] = [];
  let removed: string[] = [];
  let added: string[] = [];
  const flush = () => {
    if (removed.length) parts.push(`[-${removed.join(' ')}-]`);
    if (added.length) parts.push(`{+${added.join(' ')}+}`);
    removed = [];
    added = [];
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      flush();
      parts.push(a[i]);
      i += 1;
      j += 1;
    } else if (j < b.length && (i === a.length || lcs[i][j + 1] >= lcs[i + 1][j])) {
      added.push(b[j]);
      j += 1;
    } else {
      removed.push(a[i]);
      i += 1;
    }
  }
  flush();
  return parts.join(' ');
}
