/** "Did you mean …?" for a misspelled command or option: the closest known name, when one is close. */

/** Edit distance (insertions, deletions, substitutions, adjacent swaps) between two short names. */
function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
    }
  }
  return rows[a.length][b.length];
}

/** The known name nearest to `word`, if it is within a third of its length (at least one edit); else undefined. */
export function closestName(word: string, known: readonly string[]): string | undefined {
  const limit = Math.max(1, Math.floor(word.length / 3));
  let best: { name: string; d: number } | undefined;
  for (const name of known) {
    const d = name.startsWith(word) && word.length >= 3 ? 0.5 : distance(word.toLowerCase(), name.toLowerCase());
    if (d <= limit && (best === undefined || d < best.d)) best = { name, d };
  }
  return best?.name;
}

/** ' Did you mean "X"?' or '' — appended to an error message. */
export function didYouMean(word: string, known: readonly string[], prefix = ''): string {
  const name = closestName(word, known);
  return name === undefined ? '' : ` Did you mean "${prefix}${name}"?`;
}
