/**
 * Fuzzy text similarity for `arg_match: fuzzy` (0..1, deterministic).
 *
 * 1. Normalize: Unicode NFKD with combining marks removed (`café` → `cafe`), lowercase, every
 *    character that is not a letter or a digit becomes a space, split on whitespace → tokens.
 * 2. If the two token lists are equal once the spaces are removed (`New-York` ~ `newyork`), 1.
 * 3. Otherwise a soft token Dice coefficient:
 *
 *        similarity = 2 · Σ ratio(a, b) over matched token pairs / (|A| + |B|)
 *
 *    where ratio(a, b) = 1 − levenshtein(a, b) / max(len a, len b) is the character-level
 *    similarity of two tokens, and tokens are paired one-to-one, greedily by descending ratio
 *    (ties: earlier expected token, then earlier actual token), only when ratio ≥ 0.8 (a pair
 *    below that contributes 0). Identical tokens contribute 1 each, so with no typos this is
 *    the plain Dice coefficient over token multisets; a one-letter typo in a ten-letter word
 *    still contributes 0.9. Word order does not matter.
 *
 * Examples: `San Francisco, CA` vs `san francisco ca` = 1; `San Francisco` vs
 * `San Francisco California` = 0.8; `Pittsburgh` vs `Pittsburg` = 0.9; `2024-01-05` vs
 * `2024-01-06` ≈ 0.67.
 */
export function fuzzySimilarity(expected: string, actual: string): number {
  const a = tokens(expected);
  const b = tokens(actual);
  if (a.length === 0 && b.length === 0) return expected.trim() === actual.trim() ? 1 : 0;
  if (a.join('') === b.join('')) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  const pairs: Array<{ i: number; j: number; ratio: number }> = [];
  for (let i = 0; i < a.length; i += 1) {
    for (let j = 0; j < b.length; j += 1) {
      const ratio = levenshteinRatio(a[i], b[j]);
      if (ratio >= TOKEN_PAIR_MIN) pairs.push({ i, j, ratio });
    }
  }
  pairs.sort((x, y) => y.ratio - x.ratio || x.i - y.i || x.j - y.j);
  const usedA = new Set<number>();
  const usedB = new Set<number>();
  let credit = 0;
  for (const pair of pairs) {
    if (usedA.has(pair.i) || usedB.has(pair.j)) continue;
    usedA.add(pair.i);
    usedB.add(pair.j);
    credit += pair.ratio;
  }
  return (2 * credit) / (a.length + b.length);
}

/** A token pair counts toward the Dice coefficient only at or above this character-level ratio. */
export const TOKEN_PAIR_MIN = 0.8;

/** The tokens fuzzy matching compares (see fuzzySimilarity, step 1). */
export function tokens(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter((token) => token.length > 0);
}

/** 1 − edit distance / length of the longer string, over code points (two empty strings: 1). */
export function levenshteinRatio(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const longest = Math.max(x.length, y.length);
  if (longest === 0) return 1;
  return 1 - levenshtein(x, y) / longest;
}

function levenshtein(x: string[], y: string[]): number {
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= y.length; j += 1) {
      const substitution = previous[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j] + 1, current[j - 1] + 1, substitution));
    }
    previous = current;
  }
  return previous[y.length];
}
