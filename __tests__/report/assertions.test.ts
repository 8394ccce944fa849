import { describe, expect, it } from 'vitest';
import { ASSERTIONS, assertionRows } from '../../src/core/report/assertions.js';
import { formatDuration } from '../../src/core/report/outcome.js';
import { makeCheck } from './fixture.js';

describe('assertionRows', () => {
  it('lists the seven assertions in order', () => {
    expect(ASSERTIONS.map((a) => a.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(assertionRows([]).map((row) => row.outcome)).toEqual(Array(7).fill('n/a'));
  });

  it('takes the worst status of the checks that ran, whatever their order', () => {
    const rows = assertionRows([
      makeCheck('a', 'fail', { assertion: 1 }),
      makeCheck('b', 'warn', { assertion: 1 }),
      makeCheck('c', 'pass', { assertion: 2 }),
      makeCheck('d', 'warn', { assertion: 2 }),
      makeCheck('e', 'skip', { assertion: 3 }),
      makeCheck('f', 'pass', { assertion: 3 }),
      makeCheck('g', 'skip', { assertion: 7 }),
      makeCheck('h', 'fail'),
    ]);
    expect(rows.map((row) => row.outcome)).toEqual(['fail', 'warn', 'pass', 'n/a', 'n/a', 'n/a', 'n/a']);
    expect(rows[6].checks.map((check) => check.id)).toEqual(['g']);
  });
});

describe('formatDuration', () => {
  it('reads at a glance', () => {
    expect(formatDuration(850)).toBe('850ms');
    expect(formatDuration(4200)).toBe('4.2s');
    expect(formatDuration(185_000)).toBe('3m 05s');
    expect(formatDuration(Number.NaN)).toBe('?');
  });
});
