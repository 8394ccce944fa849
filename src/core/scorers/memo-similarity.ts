/**
 * Memoizes a similarity function per (expected, actual) pair. Only answers are kept: an
 * `undefined` (a failure) is forgotten, so the next argument asks again.
 */
export function memoizeSimilarity(compute: (expected: string, actual: string) => Promise<number | undefined>): (expected: string, actual: string) => Promise<number | undefined> {
  const memo = new Map<string, Promise<number | undefined>>();
  return (expected, actual) => {
    const key = JSON.stringify([expected, actual]);
    const known = memo.get(key);
    if (known) return known;
    const answer = compute(expected, actual).catch(() => undefined);
    memo.set(key, answer);
    void answer.then((value) => {
      if (value === undefined) memo.delete(key);
    });
    return answer;
  };
}
