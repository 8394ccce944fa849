import { describe, expect, it } from 'vitest';
import { thousands } from '../../src/core/thousands.js';

describe('thousands', () => {
  it("writes integers as toLocaleString('en-US') does, without loading ICU's locale data", () => {
    for (const value of [0, 7, 999, 1000, 12_345, 1_234_567, 15_728_640, -4_200, 2 ** 40, Number.MAX_SAFE_INTEGER]) expect(thousands(value)).toBe(value.toLocaleString('en-US'));
    expect(thousands(Number.NaN)).toBe('NaN');
  });
});
