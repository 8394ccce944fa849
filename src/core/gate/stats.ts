/**
 * The one significance test the gate uses, on aggregates only: a two-sided, pooled two-proportion
 * z-test. Per-case k/n (n = 5 by default) is far too small for any test to say anything, so cases
 * are judged by the plain pass-rate delta against `maxDrop`, and aggregates get a p-value only
 * when both sides have at least MIN_OBSERVATIONS decided runs (the normal approximation is poor
 * below that).
 *
 * Caveat, stated where the numbers are shown: runs of one case are correlated (same prompt), so
 * treating every run as an independent Bernoulli trial understates the variance; the p-value is
 * optimistic and is a hint for people, combined with the `maxDrop` effect size for a verdict.
 */

/** Below this many decided runs on either side, an aggregate comparison is "not decidable". */
export const MIN_OBSERVATIONS = 20;

/** Significance level for an aggregate regression. */
export const ALPHA = 0.05;

export interface ZTest {
  /** current rate − baseline rate. */
  delta: number;
  z: number;
  /** Two-sided. */
  pValue: number;
}

/**
 * H0: both samples share one success probability. z = (p2 − p1) / sqrt(p(1 − p)(1/n1 + 1/n2)) with
 * the pooled p = (k1 + k2) / (n1 + n2); p-value = 2·(1 − Φ(|z|)). When the pooled p is 0 or 1 the
 * two rates are equal and the p-value is 1.
 */
export function twoProportionZTest(k1: number, n1: number, k2: number, n2: number): ZTest {
  if (n1 <= 0 || n2 <= 0) throw new RangeError('twoProportionZTest needs n1 > 0 and n2 > 0');
  const p1 = k1 / n1;
  const p2 = k2 / n2;
  const pooled = (k1 + k2) / (n1 + n2);
  const variance = pooled * (1 - pooled) * (1 / n1 + 1 / n2);
  if (variance <= 0) return { delta: p2 - p1, z: 0, pValue: 1 };
  const z = (p2 - p1) / Math.sqrt(variance);
  return { delta: p2 - p1, z, pValue: Math.min(1, erfc(Math.abs(z) / Math.SQRT2)) };
}

/**
 * Complementary error function, fractional error below 1.2e-7 everywhere (Chebyshev fit,
 * Numerical Recipes `erfcc`). 2·(1 − Φ(|z|)) = erfc(|z| / √2).
 */
export function erfc(x: number): number {
  const t = 1 / (1 + 0.5 * Math.abs(x));
  const y =
    t *
    Math.exp(
      -x * x -
        1.26551223 +
        t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? y : 2 - y;
}
