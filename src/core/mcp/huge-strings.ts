/**
 * One copy of each huge string a server repeats. A server that puts a 15 MB name on every tools/list
 * page would otherwise leave one parsed copy per exchange in the run's log (hundreds of MB over a
 * conformance run); equal strings are interchangeable, so what a check reads does not change.
 */

/** Strings from this length on are shared; a text shorter than this cannot hold one and parses as usual. */
export const HUGE_STRING_CHARS = 1024 * 1024;
/**
 * The table keeps recently seen ones, within these bounds, for the life of the process: six
 * distinct 15 MB names fit (issue 26 item 5), so a server cycling through them is shared, not
 * copied per answer.
 */
const KEPT_COUNT = 8;
const KEPT_CHARS = 96 * 1024 * 1024;

/** Most recently seen last; looked up by length, then compared whole (a memcmp: nothing allocated). */
const table: string[] = [];
let keptChars = 0;

/** JSON.parse, with every string of HUGE_STRING_CHARS or more replaced by the copy already seen, if any. */
export function parseSharingHugeStrings(text: string): unknown {
  if (text.length < HUGE_STRING_CHARS) return JSON.parse(text);
  return JSON.parse(text, (_key, value: unknown) => (typeof value === 'string' && value.length >= HUGE_STRING_CHARS ? share(value) : value));
}

/**
 * A hit moves to the end (most recently used). A miss that does not fit evicts from the end, not
 * the start: a server cycling through more huge strings than fit would make a least-recently-used
 * table miss every time, while this one keeps sharing the ones it holds.
 */
function share(value: string): string {
  const index = table.findIndex((known) => known.length === value.length && known === value);
  if (index !== -1) {
    const kept = table.splice(index, 1)[0]!;
    table.push(kept);
    return kept;
  }
  if (value.length > KEPT_CHARS) return value;
  while (table.length > 0 && (table.length + 1 > KEPT_COUNT || keptChars + value.length > KEPT_CHARS)) keptChars -= table.pop()!.length;
  table.push(value);
  keptChars += value.length;
  return value;
}
