import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TraceLine } from '../../src/core/evals/run-evals.js';
import { startDaemon, type RunningDaemon } from '../../src/core/daemon/server.js';
import { SqliteStore } from '../../src/core/daemon/store.js';
import { runCli } from '../helpers/cli.js';
import { reportFixture } from '../cli/score-fixture.js';
import { emitRuns, type AgentRunSpec } from './otel-agent.js';

/**
 * The same runs scored and compared through the CLI (report folders) and through the daemon
 * (spans from the official OpenTelemetry SDK): the same scores, the same comparison, and
 * `mcp-evals compare --daemon URL v3 v4` exits 1 on the decidable regression.
 */

const TASKS = `- id: weather-bot
  prompt: "Weather in Paris?"
  scorers: [answered, no_errors]
`;
const SCORERS = ['answered', 'no_errors'];
const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0)) await step();
});

function runs(n: number, unanswered: number): AgentRunSpec[] {
  return Array.from({ length: n }, (_, i) => ({
    agent: 'weather-bot',
    model: 'gpt-x',
    prompt: 'Weather in Paris?',
    ...(i < unanswered ? {} : { answer: 'Sunny' }),
    tools: [{ name: 'get_weather', args: { city: 'Paris' }, result: 'sunny', ...(i === 0 && unanswered > 0 ? { error: 'upstream 503' } : {}) }],
  }));
}

describe('CLI and daemon parity', () => {
  it('give the same scores and the same comparison for the same runs', async () => {
    const store = new SqliteStore(':memory:');
    const daemon: RunningDaemon = await startDaemon({ store, host: '127.0.0.1', port: 0, requestTimeoutMs: 30_000, judgeTimeoutMs: 30_000 });
    cleanup.push(async () => {
      await daemon.close();
      store.close();
    });
    const post = async (path: string, body: unknown) => (await fetch(`${daemon.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json() as Promise<any>;

    const sides: Record<'v3' | 'v4', { ids: string[]; dir: string }> = {} as never;
    for (const [experiment, unanswered] of [['v3', 0], ['v4', 12]] as const) {
      const ids = await emitRuns(daemon.url, experiment === 'v3' ? 'json' : 'protobuf', 'shop', runs(25, unanswered));
      await post('/v1/api/experiments', { id: experiment, project: 'shop', commit: experiment === 'v3' ? 'abc123' : 'def456' });
      const scored = await post('/v1/api/score', { trace_ids: ids, scorers: SCORERS, experiment });
      expect(scored.scores).toHaveLength(50);

      // The CLI side: a report folder holding the very traces the daemon stored.
      const traces = await Promise.all(ids.map(async (id) => (await (await fetch(`${daemon.url}/v1/api/runs/${id}`)).json() as any).runs[0].trace));
      const fixture = await reportFixture({ tasks: TASKS, experiment, runs: traces.map((trace) => ({ caseId: 'weather-bot', model: trace.model, traceId: trace.traceId, trace })) });
      cleanup.push(() => rm(fixture.project, { recursive: true, force: true }));
      const cli = await runCli(['score', '--report', fixture.dir, '--scorers', SCORERS.join(',')]);
      expect(cli.code).toBe(0);
      const lines = (await readFile(join(fixture.dir, 'traces.jsonl'), 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as TraceLine);
      const cliScores = lines.flatMap((line) => line.scores.map((s) => [line.trace.traceId, s.scorer, s.passed, s.reason])).sort();
      const daemonScores = scored.scores.map((s: any) => [s.trace_id, s.scorer, s.passed, s.reason]).sort();
      expect(daemonScores).toEqual(cliScores);
      sides[experiment] = { ids, dir: fixture.dir };
    }

    const cli = await runCli(['compare', sides.v3.dir, sides.v4.dir, '--json']);
    expect(cli.code).toBe(1);
    const fromFiles = JSON.parse(cli.stdout);
    const fromDaemon = await (await fetch(`${daemon.url}/v1/api/experiments/compare?baseline=v3&candidate=v4`)).json() as any;
    const rows = (comparison: any) => comparison.scorers.map(({ name, baseline, candidate, delta, decidable, pValue, regressed }: any) => ({ name, baseline, candidate, delta, decidable, pValue, regressed }));
    expect(rows(fromDaemon)).toEqual(rows(fromFiles));
    expect(fromDaemon.scorers.find((d: any) => d.name === 'answered')).toMatchObject({ decidable: true, regressed: true, baseline: { n: 25, k: 25 }, candidate: { n: 25, k: 13 } });
    expect(fromDaemon.regressed).toBe(true);

    const gate = await runCli(['compare', '--daemon', daemon.url, 'v3', 'v4']);
    expect(gate.code).toBe(1);
    expect(gate.stdout).toMatch(/REGRESSED: answered/);
    expect((await runCli(['compare', '--daemon', daemon.url, 'v3', 'v3'])).code).toBe(0);
    const unknown = await runCli(['compare', '--daemon', daemon.url, 'v3', 'v9']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown experiment "v9"/);
  });

  it('compare --daemon exits 3 when the daemon cannot be reached', async () => {
    const result = await runCli(['compare', '--daemon', 'http://127.0.0.1:9', 'v3', 'v4']);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/could not be reached/);
  });
});
