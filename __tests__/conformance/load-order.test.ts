/**
 * Issue 12 item 10 (the action's cold start): a conformance run starts the server and writes its
 * first request before it loads the megabyte it needs only later (the precompiled validators), so
 * its compilation overlaps the server's own start-up instead of delaying it; the surface analysis's
 * tokenizer (a table read in milliseconds) loads when the analysis starts. Checked by the order of
 * the calls, never by time.
 */
import { describe, expect, it, vi } from 'vitest';
import { runConformance } from '../../src/core/conformance/runner.js';
import { EXAMPLE_SERVER } from '../helpers/evals.js';

const events = vi.hoisted(() => [] as string[]);

vi.mock('node:child_process', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:child_process')>();
  return { ...actual, spawn: (...args: Parameters<typeof actual.spawn>) => (events.push('spawn'), actual.spawn(...args)) };
});
vi.mock('../../src/core/surface/cost.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/core/surface/cost.js')>();
  return { ...actual, loadTokenizer: () => (events.push('tokenizer'), actual.loadTokenizer()) };
});
vi.mock('../../src/core/validators/precompiled.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/core/validators/precompiled.js')>();
  return { ...actual, loadPrecompiled: () => (events.push('validators'), actual.loadPrecompiled()) };
});

describe('a conformance run over stdio', () => {
  it('spawns the server before it loads the precompiled validators, and the tokenizer only for the analysis', async () => {
    const run = await runConformance({ kind: 'stdio', command: `node ${JSON.stringify(EXAMPLE_SERVER)}` }, {});
    expect(run.section.summary.total).toBeGreaterThan(0);
    expect(events.slice(0, 2)).toEqual(['spawn', 'validators']);
    expect(events.indexOf('tokenizer')).toBeGreaterThan(events.indexOf('validators'));
  });
});
