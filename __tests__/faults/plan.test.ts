import { describe, expect, it } from 'vitest';
import { FaultPlan } from '../../src/core/faults/plan.js';
import { seededRandom } from '../../src/core/faults/prng.js';
import type { FaultSpec } from '../../src/core/faults/types.js';

const CALLS = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? 'get_weather' : 'search_invoices'));
const types = (faults: ReturnType<typeof FaultPlan.preview>) => faults.map((fault) => fault?.type ?? '-').join(' ');

describe('fault plans', () => {
  it('target a tool and a call index (1-based, counted among the calls the entry targets)', () => {
    const plan = FaultPlan.preview([{ tool: 'get_weather', call: 2, type: 'http_500' }], 'c', 0, ['get_weather', 'search_invoices', 'get_weather', 'get_weather']);
    expect(plan.map((fault) => fault?.type)).toEqual([undefined, undefined, 'http_500', undefined]);
    expect(plan[2]).toEqual({ type: 'http_500', entry: 0, call: 2 });
    // no tool: every call counts
    expect(FaultPlan.preview([{ call: 2, type: 'timeout' }], 'c', 0, ['a', 'b', 'a']).map((f) => f?.type)).toEqual([undefined, 'timeout', undefined]);
    // neither call nor probability: every targeted call
    expect(FaultPlan.preview([{ tool: 'a', type: 'slow', delay_ms: 5 }], 'c', 0, ['a', 'b', 'a'])).toEqual([{ type: 'slow', entry: 0, call: 1, delayMs: 5 }, undefined, { type: 'slow', entry: 0, call: 2, delayMs: 5 }]);
  });

  it('are reproducible: the same (case, repeat, seed) gives the same faults, a different seed or repeat different ones', () => {
    const spec: FaultSpec[] = [{ probability: 0.5, seed: 7, type: 'is_error' }];
    const first = types(FaultPlan.preview(spec, 'weather-500', 3, CALLS));
    expect(types(FaultPlan.preview(spec, 'weather-500', 3, CALLS))).toBe(first);
    expect(types(FaultPlan.preview([{ ...spec[0], seed: 8 }], 'weather-500', 3, CALLS))).not.toBe(first);
    expect(types(FaultPlan.preview(spec, 'weather-500', 4, CALLS))).not.toBe(first);
    expect(types(FaultPlan.preview(spec, 'another-case', 3, CALLS))).not.toBe(first);
    // a probability of 0.5 fires on roughly half the calls
    const fired = FaultPlan.preview(spec, 'weather-500', 3, CALLS).filter(Boolean).length;
    expect(fired).toBeGreaterThan(10);
    expect(fired).toBeLessThan(30);
    expect(FaultPlan.preview([{ probability: 0, type: 'is_error' }], 'x', 0, CALLS).every((f) => f === undefined)).toBe(true);
    expect(FaultPlan.preview([{ probability: 1, type: 'is_error' }], 'x', 0, CALLS).every((f) => f !== undefined)).toBe(true);
  });

  it('one entry firing never shifts another entry’s stream; the first listed wins a call', () => {
    const b: FaultSpec = { tool: 'search_invoices', probability: 0.5, seed: 1, type: 'empty_result' };
    const alone = FaultPlan.preview([{ tool: 'nothing', type: 'http_500' }, b], 'c', 0, CALLS).map((f) => f?.call ?? 0);
    const withOther = FaultPlan.preview([{ tool: 'get_weather', probability: 0.5, type: 'http_500' }, b], 'c', 0, CALLS)
      .filter((f) => f?.entry !== 0)
      .map((f) => f?.call ?? 0);
    expect(withOther.filter(Boolean)).toEqual(alone.filter(Boolean));
    const both = FaultPlan.preview([{ type: 'http_500' }, { type: 'timeout' }], 'c', 0, ['a']);
    expect(both[0]?.type).toBe('http_500');
  });

  it('the PRNG is a pure function of its key', () => {
    const a = seededRandom('k', 1);
    const b = seededRandom('k', 1);
    const xs = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(seededRandom('k', 2)()).not.toBe(xs[0]);
  });
});
