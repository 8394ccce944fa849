import { createHash } from 'node:crypto';
import type { GoldenCase, GoldenSet } from './types.js';

/**
 * Canonical JSON: object keys sorted (by UTF-16 code unit, recursively), no whitespace, and
 * `undefined` members dropped as JSON.stringify drops them. Two values that are equal as data give
 * the same text whatever their key order, so it can be hashed for cache keys.
 */
export function canonicalJson(value: unknown): string {
  const text = write(value);
  if (text === undefined) throw new TypeError('canonicalJson: the value has no JSON form (undefined, a function or a symbol)');
  return text;
}

function write(value: unknown): string | undefined {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      // JSON.stringify writes NaN and ±Infinity as null; so do we.
      return JSON.stringify(value);
    case 'bigint':
      return value.toString();
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
    default:
      break;
  }
  const withToJson = value as { toJSON?: () => unknown };
  if (typeof withToJson.toJSON === 'function') return write(withToJson.toJSON());
  if (Array.isArray(value)) return `[${value.map((item) => write(item) ?? 'null').join(',')}]`;
  const members: string[] = [];
  for (const key of Object.keys(value as object).sort()) {
    const text = write((value as Record<string, unknown>)[key]);
    if (text !== undefined) members.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${members.join(',')}}`;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * What of a case changes its outcome: everything but where it is written (`location`), how many
 * times it runs (`runs`: raising 5 to 10 must reuse the 5 cached repeats) and provenance
 * (`source_trace_id`).
 */
export function caseHashInput(c: GoldenCase): Record<string, unknown> {
  const { location: _location, runs: _runs, source_trace_id: _sourceTraceId, ...rest } = c;
  return rest;
}

/** sha256 (hex) of the canonical JSON of the case's behaviour-relevant fields (see caseHashInput). */
export function caseHash(c: GoldenCase): string {
  return sha256(canonicalJson(caseHashInput(c)));
}

/**
 * sha256 (hex) of the set's canonical content: the cases in file order, each without its location
 * (so reformatting, comments and moving lines do not change it; editing any field, `runs`
 * included, does). This is the "golden-set hash" of the report's reproducibility header.
 */
export function goldenSetHash(set: Pick<GoldenSet, 'cases'>): string {
  return sha256(canonicalJson(set.cases.map(({ location: _location, ...rest }) => rest)));
}
