/**
 * Deep equality of JSON values, as the model's arguments arrive (parsed JSON).
 *
 * Both sides are first normalized the way JSON would carry them (`JSON.stringify` then
 * `JSON.parse`: `undefined` members dropped, `-0` becomes `0`, non-finite numbers become
 * `null`, dates become strings); then objects compare key-order-insensitively, arrays
 * element by element in order, and primitives with `===` (so `"5"` is not `5`, and strings
 * compare exactly, case and whitespace included).
 */
export function jsonEqual(expected: unknown, actual: unknown): boolean {
  return deepEqual(normalizeJson(expected), normalizeJson(actual));
}

/** The value as a JSON round trip would give it; `undefined` stays `undefined` (an absent value). */
export function normalizeJson(value: unknown): unknown {
  if (value === undefined) return undefined;
  const text = JSON.stringify(value);
  // Functions and symbols stringify to undefined: treat them as absent.
  return text === undefined ? undefined : (JSON.parse(text) as unknown);
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => deepEqual(item, b[index]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => Object.hasOwn(right, key) && deepEqual(left[key], right[key]));
}

/** A short, stable rendering of a value for reasons and prompts (JSON; strings quoted). */
export function renderValue(value: unknown, max = 120): string {
  if (value === undefined) return '(absent)';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
