import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/core/conformance/registry.js';
import { startOrder } from '../../src/core/conformance/runner.js';
import type { CheckDefinition } from '../../src/core/conformance/check.js';

const check = (id: string, watches?: boolean) => ({ id, watches }) as CheckDefinition;

describe('the order a concurrent (HTTP, 2026) run starts its checks in', () => {
  it('starts the checks that wait out a window first, the rest in registry order', () => {
    expect(startOrder([check('a'), check('b', true), check('c'), check('d', true), check('e')])).toEqual([1, 3, 0, 2, 4]);
  });

  it('marks the checks that watch a stream or a window in the registry, and they start before the quick ones', () => {
    const order = startOrder(CHECKS).map((index) => CHECKS[index].id);
    const watching = ['subscriptions-listen', 'progress-notifications', 'log-level-filtering', 'cancel-stops-request'];
    expect(order.slice(0, watching.length).sort()).toEqual([...watching].sort());
  });
});
