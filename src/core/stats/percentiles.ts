/**
 * The p-th percentile (p in 0..100) by linear interpolation between closest ranks — Hyndman &
 * Fan type 7, the default of numpy.percentile, R's quantile() and Excel's PERCENTILE.INC:
 *
 *     sort ascending x[0..n-1];  h = (n − 1) · p / 100;
 *     percentile = x[⌊h⌋] + (h − ⌊h⌋) · (x[⌊h⌋ + 1] − x[⌊h⌋])
 *
 * so p0 is the minimum, p100 the maximum, and one value is every percentile of itself. For
 * 1..100: p50 = 50.5, p95 = 95.05, p99 = 99.01. Empty input → null. Throws RangeError for p
 * outside 0..100 or a non-finite value.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile p must be within 0..100 (got ${p})`);
  if (values.length === 0) return null;
  if (!values.every(Number.isFinite)) throw new RangeError('percentile values must be finite numbers');
  return fromSorted([...values].sort((a, b) => a - b), p);
}

export interface Distribution {
  count: number;
  min: number | null;
  max: number | null;
  mean: number | null;
  p50: number | null;
  p95: number | null;
  p99: number | null;
}

/** count, min, max, mean and p50 / p95 / p99 (see percentile) of one series, e.g. latencies in ms. */
export function distribution(values: readonly number[]): Distribution {
  if (values.length === 0) return { count: 0, min: null, max: null, mean: null, p50: null, p95: null, p99: null };
  if (!values.every(Number.isFinite)) throw new RangeError('distribution values must be finite numbers');
  const sorted = [...values].sort((a, b) => a - b);
  return {
    count: sorted.length,
    min: sorted[0],
    max: sorted[sorted.length - 1],
    mean: sorted.reduce((sum, value) => sum + value, 0) / sorted.length,
    p50: fromSorted(sorted, 50),
    p95: fromSorted(sorted, 95),
    p99: fromSorted(sorted, 99),
  };
}

function fromSorted(sorted: readonly number[], p: number): number {
  const h = ((sorted.length - 1) * p) / 100;
  const low = Math.floor(h);
  const high = Math.min(low + 1, sorted.length - 1);
  return sorted[low] + (h - low) * (sorted[high] - sorted[low]);
}
