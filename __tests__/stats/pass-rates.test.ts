import { describe, expect, it } from 'vitest';
import { passAtK, passHatK, summarizeRuns } from '../../src/core/stats/pass-rates.js';

const floors = { soft: 0.8 };

describe('summarizeRuns', () => {
  it('3/5 soft: 0.6 misses the 0.8 floor and is flaky', () => {
    const summary = summarizeRuns([true, false, true, false, true], 'soft', floors);
    expect(summary).toMatchObject({ runs: 5, passed: 3, failed: 2, abstained: 0, decided: 5, passRate: 0.6, floorRate: 0.8, meetsFloor: false, flaky: true });
    expect(summary.passHat).toHaveLength(5);
    expect(summary.passHat[0]).toBeCloseTo(0.6, 12);
    expect(summary.passHat[1]).toBeCloseTo(0.3, 12); // C(3,2)/C(5,2) = 3/10
    expect(summary.passHat[2]).toBeCloseTo(0.1, 12); // C(3,3)/C(5,3) = 1/10
    expect(summary.passHat[3]).toBe(0);
    expect(summary.passHatN).toBe(0);
  });

  it('4/5 soft meets 0.8 exactly', () => {
    expect(summarizeRuns([true, true, true, true, false], 'soft', floors)).toMatchObject({ passRate: 0.8, meetsFloor: true, flaky: true });
  });

  it('5/5 hard passes (k = n) and is not flaky; 4/5 hard fails', () => {
    const all = summarizeRuns([true, true, true, true, true], 'hard', floors);
    expect(all).toMatchObject({ passed: 5, passRate: 1, floorRate: 1, meetsFloor: true, flaky: false, passHat: [1, 1, 1, 1, 1], passHatN: 1 });
    expect(summarizeRuns([true, true, true, true, false], 'hard', floors)).toMatchObject({ meetsFloor: false, flaky: true });
    expect(summarizeRuns([true, false], 'hard', { soft: 0.8, hard: 0.5 })).toMatchObject({ floorRate: 0.5, meetsFloor: true });
  });

  it('abstentions are neither passes nor failures', () => {
    expect(summarizeRuns([true, null, true, null, false], 'soft', floors)).toMatchObject({ runs: 5, passed: 2, failed: 1, abstained: 2, decided: 3, flaky: true });
    expect(summarizeRuns([true, null, true, null, false], 'soft', floors).passRate).toBeCloseTo(2 / 3, 12);
    expect(summarizeRuns([null, null], 'soft', floors)).toMatchObject({ decided: 0, passRate: null, meetsFloor: null, flaky: false, passHat: [], passHatN: null });
    expect(summarizeRuns([false, false], 'soft', floors)).toMatchObject({ passRate: 0, meetsFloor: false, flaky: false });
  });
});

describe('passHatK / passAtK', () => {
  it('pass^k = C(c,k)/C(n,k)', () => {
    expect(passHatK(5, 5, 5)).toBe(1);
    expect(passHatK(5, 4, 5)).toBe(0);
    expect(passHatK(5, 4, 1)).toBeCloseTo(0.8, 12);
    expect(passHatK(5, 4, 2)).toBeCloseTo(6 / 10, 12);
    expect(passHatK(8, 6, 4)).toBeCloseTo(15 / 70, 12);
    expect(passHatK(3, 0, 1)).toBe(0);
    // Large n: no overflow.
    expect(passHatK(1000, 900, 500)).toBeGreaterThan(0);
    expect(passHatK(1000, 900, 500)).toBeLessThan(1e-20);
  });

  it('pass@k = 1 − C(n−c,k)/C(n,k)', () => {
    expect(passAtK(5, 0, 3)).toBe(0);
    expect(passAtK(5, 3, 3)).toBe(1);
    expect(passAtK(5, 1, 2)).toBeCloseTo(1 - 6 / 10, 12);
    expect(passAtK(5, 2, 1)).toBeCloseTo(0.4, 12);
  });

  it('rejects impossible counts', () => {
    expect(() => passHatK(5, 6, 1)).toThrow(RangeError);
    expect(() => passHatK(5, 3, 0)).toThrow(RangeError);
    expect(() => passHatK(5, 3, 6)).toThrow(RangeError);
    expect(() => passAtK(2.5, 1, 1)).toThrow(RangeError);
  });
});
