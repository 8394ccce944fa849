import type { CaseKind } from '../golden/types.js';

export interface Floors {
  /** Pass rate a soft case must reach (config floors.soft, e.g. 0.8). */
  soft: number;
  /** Pass rate a hard case must reach; default 1 (k = n: every decided run). */
  hard?: number;
}

/** k/n for one case on one model. */
export interface RunSummary {
  /** Every run, abstained ones included. */
  runs: number;
  /** k: runs that passed. */
  passed: number;
  failed: number;
  /** Runs no scorer decided (runPassed → null): neither passes nor failures. */
  abstained: number;
  /** n for the rates: passed + failed. */
  decided: number;
  /** k / decided; null when no run was decided. */
  passRate: number | null;
  kind: CaseKind;
  /** The floor that applies: floors.hard (default 1) or floors.soft. */
  floorRate: number;
  /** passRate ≥ floorRate (hard with the default floor: every decided run passed); null when no run was decided. */
  meetsFloor: boolean | null;
  /** Some decided runs passed and some failed (0 < k < n). */
  flaky: boolean;
  /** pass^j for j = 1..decided (tau-bench): [pass^1, pass^2, …, pass^n]; pass^1 = passRate. */
  passHat: number[];
  /** pass^n: the estimated chance that n fresh runs all pass (null when none was decided). */
  passHatN: number | null;
}

/**
 * Summarizes the repeats of one case: k of the decided runs passed, abstentions reported apart
 * (an abstention is never a failure, so it does not lower passRate; the gate decides whether too
 * many abstentions make a case undecidable).
 */
export function summarizeRuns(passes: ReadonlyArray<boolean | null>, kind: CaseKind, floors: Floors): RunSummary {
  const passed = passes.filter((pass) => pass === true).length;
  const failed = passes.filter((pass) => pass === false).length;
  const decided = passed + failed;
  const passRate = decided === 0 ? null : passed / decided;
  const floorRate = kind === 'hard' ? (floors.hard ?? 1) : floors.soft;
  const passHat = Array.from({ length: decided }, (_, index) => passHatK(decided, passed, index + 1));
  return {
    runs: passes.length,
    passed,
    failed,
    abstained: passes.length - decided,
    decided,
    passRate,
    kind,
    floorRate,
    // The epsilon keeps 4/5 ≥ 0.8 true despite float rounding.
    meetsFloor: passRate === null ? null : passRate >= floorRate - 1e-12,
    flaky: passed > 0 && failed > 0,
    passHat,
    passHatN: decided === 0 ? null : passHat[decided - 1],
  };
}

/**
 * pass^k (tau-bench, Yao et al. 2024): from n trials with c successes, the unbiased estimate of
 * the chance that k independent trials all succeed:
 *
 *     pass^k = C(c, k) / C(n, k)   (0 when c < k)
 *
 * computed as Π_{i=0}^{k-1} (c − i) / (n − i) so that no binomial coefficient overflows.
 * Requires integers 0 ≤ c ≤ n and 1 ≤ k ≤ n (RangeError otherwise).
 */
export function passHatK(n: number, c: number, k: number): number {
  checkCounts(n, c, k);
  let product = 1;
  for (let i = 0; i < k; i += 1) {
    if (c - i <= 0) return 0;
    product *= (c - i) / (n - i);
  }
  return product;
}

/**
 * pass@k (Chen et al. 2021): the unbiased estimate of the chance that at least one of k trials
 * succeeds: 1 − C(n − c, k) / C(n, k), computed as 1 − Π_{i=0}^{k-1} (n − c − i) / (n − i).
 */
export function passAtK(n: number, c: number, k: number): number {
  checkCounts(n, c, k);
  let product = 1;
  for (let i = 0; i < k; i += 1) {
    if (n - c - i <= 0) return 1;
    product *= (n - c - i) / (n - i);
  }
  return 1 - product;
}

function checkCounts(n: number, c: number, k: number): void {
  if (![n, c, k].every(Number.isInteger) || c < 0 || c > n || k < 1 || k > n) {
    throw new RangeError(`pass^k / pass@k need integers 0 ≤ c ≤ n and 1 ≤ k ≤ n (got n=${n}, c=${c}, k=${k})`);
  }
}
