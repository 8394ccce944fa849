import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/core/conformance/registry.js';
import { runConformance, startOrder } from '../../src/core/conformance/runner.js';
import { REFERENCE_SERVER } from '../helpers/conformance.js';
import { startHttpServer } from '../helpers/http-server.js';
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

describe('the surface section of a conformance run', () => {
  const order = async (spec: Parameters<typeof runConformance>[0]) => {
    const events: string[] = [];
    const run = await runConformance(spec, { timeoutMs: 5000 }, { onCheck: (result) => events.push(result.id), onSurface: () => events.push('surface') });
    return { run, events };
  };

  it('over 2026 HTTP, is analysed while the last checks still wait on the server, and is the same section', { timeout: 120_000 }, async () => {
    const server = await startHttpServer(['node', REFERENCE_SERVER, '--http']);
    try {
      const { run, events } = await order({ kind: 'http', url: server.url });
      expect(events.filter((event) => event === 'surface')).toHaveLength(1);
      expect(events.indexOf('surface')).toBeLessThan(events.length - 1);
      expect(run.surface?.tools.length).toBeGreaterThan(0);
      expect(run.surface?.cost.openai).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
  });

  it('over stdio (one check at a time), is analysed once the checks have walked its lists, before the last check', { timeout: 120_000 }, async () => {
    const { run, events } = await order({ kind: 'stdio', command: `node ${REFERENCE_SERVER}` });
    expect(events.filter((event) => event === 'surface')).toHaveLength(1);
    expect(events.indexOf('surface')).toBeLessThan(events.length - 1);
    expect(run.surface?.tools.length).toBeGreaterThan(0);
  });

  it('of more than 150 tools (confusable pairs grow with the square), is analysed after the last check', { timeout: 120_000 }, async () => {
    const server = fileURLToPath(new URL('../fixtures/servers/surface-server.mjs', import.meta.url));
    const { run, events } = await order({ kind: 'stdio', command: `node ${server} --profile=many --tools=160` });
    expect(events.at(-1)).toBe('surface');
    expect(run.surface?.counts.tools).toBe(160);
  });
});
