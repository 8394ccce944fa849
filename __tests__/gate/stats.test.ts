import { describe, expect, it } from 'vitest';
import { erfc, twoProportionZTest } from '../../src/core/gate/stats.js';

describe('twoProportionZTest', () => {
  it('matches hand-computed values', () => {
    const t = twoProportionZTest(25, 25, 15, 25);
    expect(t.delta).toBeCloseTo(-0.4, 12);
    expect(t.z).toBeCloseTo(-3.5355, 3);
    expect(t.pValue).toBeCloseTo(0.000407, 5);
    // 45/50 vs 40/50: pooled 0.85, z = −0.1 / sqrt(0.85 · 0.15 · 0.04) = −1.4003, p = 0.1614.
    const u = twoProportionZTest(45, 50, 40, 50);
    expect(u.z).toBeCloseTo(-1.4003, 3);
    expect(u.pValue).toBeCloseTo(0.1614, 3);
  });

  it('gives p = 1 when both sides are all-pass or all-fail', () => {
    expect(twoProportionZTest(20, 20, 30, 30).pValue).toBe(1);
    expect(twoProportionZTest(0, 20, 0, 30).pValue).toBe(1);
  });

  it('is symmetric in direction', () => {
    expect(twoProportionZTest(10, 30, 20, 30).pValue).toBeCloseTo(twoProportionZTest(20, 30, 10, 30).pValue, 12);
  });

  it('refuses empty samples', () => {
    expect(() => twoProportionZTest(0, 0, 1, 2)).toThrow(RangeError);
  });
});

describe('erfc', () => {
  it('is accurate to about 1e-7', () => {
    expect(erfc(0)).toBeCloseTo(1, 7);
    expect(erfc(1)).toBeCloseTo(0.157299207, 7);
    expect(erfc(-1)).toBeCloseTo(1.842700793, 7);
    expect(erfc(1.959963985 / Math.SQRT2)).toBeCloseTo(0.05, 7);
  });
});
