/**
 * One copy of each huge string a server repeats. A server that puts a 15 MB name on every tools/list
 * page would otherwise leave one parsed copy per exchange in the run's log (hundreds of MB over a
 * conformance run); equal strings are interchangeable, so what a check reads does not change.
 */

/** Strings from this length on are shared; a text shorter than this cannot hold one and parses as usual. */
export const HUGE_STRING_CHARS = 1024 * 1024;
/** The table keeps the most recently seen ones, within these bounds, for the life of the process. */
const KEPT_COUNT = 8;
const KEPT_CHARS = 64 * 1024 * 1024;

/** Most recently seen last; looked up by length, then compared whole (a memcmp: nothing allocated). */
const table: string[] = [];
let keptChars = 0;

/** JSON.parse, with every string of HUGE_STRING_CHARS or more replaced by the copy already seen, if any. */
export function parseSharingHugeStrings(text: string): unknown {
  if (text.length < HUGE_STRING_CHARS) return JSON.parse(text);
  return JSON.parse(text, (_key, value: unknown) => (typeof value === 'string' && value.length >= HUGE_STRING_CHARS ? share(value) : value));
}

function share(value: string): string {
  const index = table.findIndex((known) => known.length === value.length && known === value);
  const kept = index === -1 ? value : table.splice(index, 1)[0];
  table.push(kept);
  if (index === -1) keptChars += kept.length;
  while (table.length > KEPT_COUNT || keptChars > KEPT_CHARS) keptChars -= table.shift()!.length;
  return kept;
}
