import { describe, expect, it } from 'vitest';
import { distribution, percentile } from '../../src/core/stats/percentiles.js';

const oneToHundred = Array.from({ length: 100 }, (_, index) => index + 1);

describe('percentile (linear interpolation, type 7)', () => {
  it('matches numpy.percentile on 1..100', () => {
    expect(percentile(oneToHundred, 0)).toBe(1);
    expect(percentile(oneToHundred, 50)).toBeCloseTo(50.5, 10);
    expect(percentile(oneToHundred, 95)).toBeCloseTo(95.05, 10);
    expect(percentile(oneToHundred, 99)).toBeCloseTo(99.01, 10);
    expect(percentile(oneToHundred, 100)).toBe(100);
    expect(percentile(oneToHundred, 25)).toBeCloseTo(25.75, 10);
  });

  it('does not depend on input order and does not mutate it', () => {
    const shuffled = [30, 10, 40, 20];
    expect(percentile(shuffled, 50)).toBe(25);
    expect(shuffled).toEqual([30, 10, 40, 20]);
    expect(percentile([15, 20, 35, 40, 50], 40)).toBeCloseTo(29, 10);
  });

  it('edge cases', () => {
    expect(percentile([], 50)).toBeNull();
    expect(percentile([7], 99)).toBe(7);
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(() => percentile([1], Number.NaN)).toThrow(RangeError);
    expect(() => percentile([1, Number.NaN], 50)).toThrow(RangeError);
  });

  it('distribution: count, min, max, mean, p50/p95/p99', () => {
    const summary = distribution(oneToHundred);
    expect(summary).toMatchObject({ count: 100, min: 1, max: 100, mean: 50.5 });
    expect(summary.p50).toBeCloseTo(50.5, 10);
    expect(summary.p95).toBeCloseTo(95.05, 10);
    expect(summary.p99).toBeCloseTo(99.01, 10);
    expect(distribution([])).toEqual({ count: 0, min: null, max: null, mean: null, p50: null, p95: null, p99: null });
  });
});
