import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TraceLine } from '../../src/core/evals/run-evals.js';
import { loadGoldenSet } from '../../src/core/golden/load.js';
import { PARTIAL_FILE, rescoreReport, type RescoreJudge } from '../../src/core/rescore/rescore.js';
import type { ScoreResult } from '../../src/core/scorers/types.js';
import { runCli } from '../helpers/cli.js';
import { reportFixture, traceId } from './score-fixture.js';

const GOOD = { caseId: 'weather', calls: [{ name: 'get_weather', args: { city: 'Paris' } }], answer: 'Sunny' };

function fakeJudge(options: { model?: string; failOnCall?: number; onCall?: () => void; verdict?: (n: number) => Partial<ScoreResult> } = {}): RescoreJudge & { calls: string[] } {
  const calls: string[] = [];
  return {
    id: 'judge',
    model: options.model ?? 'judge-1',
    criteriaIds: ['helpful', 'honest'],
    calls,
    appliesTo: () => true,
    score: async (testCase, trace) => {
      calls.push(trace.traceId);
      options.onCall?.();
      if (calls.length === options.failOnCall) throw new Error('interrupted');
      return { scorer: 'judge', passed: true, score: 0.9, reason: `judged ${testCase.scorers?.join('+') ?? 'all'} (call ${calls.length})`, scorerVersion: options.model ?? 'judge-1', ...options.verdict?.(calls.length) };
    },
  };
}

async function setUp(n = 3) {
  const ids = Array.from({ length: n }, () => traceId());
  const fixture = await reportFixture({ runs: ids.map((id, repeat) => ({ ...GOOD, traceId: id, repeat, startedAt: `2026-08-01T10:0${repeat}:00.000Z` })) });
  const golden = await loadGoldenSet(fixture.tasks);
  return { ...fixture, ids, golden };
}

async function lines(dir: string): Promise<TraceLine[]> {
  return (await readFile(join(dir, 'traces.jsonl'), 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as TraceLine);
}

describe('after-the-fact judge scoring', () => {
  it('caps the runs sent to the judge so the call fits its deadline, and reports the rest as skipped', async () => {
    const { dir, report, lines: stored, golden } = await setUp(3);
    const judge = fakeJudge();
    const outcome = await rescoreReport({ dir, report, lines: stored, golden, scorers: ['judge'], judge, judgeTimeoutMs: 1000, deadlineMs: 2500 });
    expect(outcome.judge).toMatchObject({ cap: 2, asked: 2, resumed: 0 });
    expect(judge.calls).toHaveLength(2);
    expect(outcome.skipped).toHaveLength(1);
    expect(outcome.skipped[0]).toMatchObject({ scorer: 'judge', kind: 'judge-cap', repeat: 0 });
    expect(outcome.skipped[0].reason).toMatch(/at most 2 run\(s\) fit the 2500ms deadline at 1s per judge call/);
    expect((await lines(dir)).filter((line) => line.scores.some((s) => s.scorer === 'judge'))).toHaveLength(2);
    expect(outcome.report.behaviour!.judge).toEqual({ model: 'judge-1', criteria: ['helpful', 'honest'] });
  });

  it('does not start a judge call that could end after the deadline', async () => {
    const { dir, report, lines: stored, golden } = await setUp(3);
    let now = 0;
    const judge = fakeJudge({ onCall: () => (now += 1200) });
    const outcome = await rescoreReport({ dir, report, lines: stored, golden, scorers: ['judge'], judge, judgeTimeoutMs: 500, deadlineMs: 2500, clock: () => now });
    expect(judge.calls).toHaveLength(2);
    expect(outcome.skipped.map((s) => s.kind)).toEqual(['deadline']);
  });

  it('charges the deadline with the judge calls only, not the time between them (a loaded machine skipped the one call that fit)', async () => {
    const { dir, report, lines: stored, golden } = await setUp(1);
    let now = 0;
    const judge = fakeJudge();
    // Every reading of the clock is 5 ms later: bookkeeping time, no judge call in it.
    const outcome = await rescoreReport({ dir, report, lines: stored, golden, scorers: ['judge'], judge, judgeTimeoutMs: 1000, deadlineMs: 1000, clock: () => (now += 5) });
    expect(outcome.judge).toMatchObject({ cap: 1, asked: 1 });
    expect(judge.calls).toHaveLength(1);
    expect(outcome.skipped).toEqual([]);
  });

  it('saves each judge score as it comes, so an interrupted call keeps what it finished', async () => {
    const { dir, report, lines: stored, golden, ids } = await setUp(3);
    const traces = await readFile(join(dir, 'traces.jsonl'), 'utf8');
    const crashing = fakeJudge({ failOnCall: 2 });
    await expect(rescoreReport({ dir, report, lines: stored, golden, scorers: ['judge'], judge: crashing, judgeTimeoutMs: 1000 })).rejects.toThrow('interrupted');
    // The newest run was judged first and saved; traces.jsonl itself is untouched.
    const saved = (await readFile(join(dir, PARTIAL_FILE), 'utf8')).trim().split('\n').map((line) => JSON.parse(line));
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ traceId: ids[2], scorer: 'judge', result: { reason: 'judged all (call 1)' } });
    expect(await readFile(join(dir, 'traces.jsonl'), 'utf8')).toBe(traces);

    // The next call reuses the saved score and asks only for the rest.
    const judge = fakeJudge();
    const outcome = await rescoreReport({ dir, report, lines: stored, golden, scorers: ['judge'], judge, judgeTimeoutMs: 1000 });
    expect(outcome.judge).toMatchObject({ asked: 2, resumed: 1 });
    expect(judge.calls).toEqual([ids[1], ids[0]]);
    expect(outcome.written.find((w) => w.traceId === ids[2])).toMatchObject({ resumed: true, result: { reason: 'judged all (call 1)' } });
    const after = await lines(dir);
    expect(after.every((line) => line.scores.filter((s) => s.scorer === 'judge').length === 1)).toBe(true);
    await expect(readFile(join(dir, PARTIAL_FILE), 'utf8')).rejects.toThrow();
  });

  it('ignores saved scores of another judge model or other criteria', async () => {
    const { dir, report, lines: stored, golden, ids } = await setUp(1);
    await writeFile(join(dir, PARTIAL_FILE), `${JSON.stringify({ traceId: ids[0], scorer: 'judge', criteria: ['helpful', 'honest'], result: { scorer: 'judge', passed: false, reason: 'old', scorerVersion: 'judge-0' }, at: '' })}\n{"cut short`);
    const judge = fakeJudge();
    const outcome = await rescoreReport({ dir, report, lines: stored, golden, scorers: ['judge'], judge, judgeTimeoutMs: 1000 });
    expect(outcome.judge).toMatchObject({ asked: 1, resumed: 0 });
  });

  it('scores only the criteria --scorers names, and never calls the judge on a dry run', async () => {
    const { dir, report, lines: stored, golden } = await setUp(1);
    const judge = fakeJudge();
    const dry = await rescoreReport({ dir, report, lines: stored, golden, scorers: ['helpful', 'answered'], judge, judgeTimeoutMs: 1000, dryRun: true });
    expect(judge.calls).toHaveLength(0);
    expect(dry.skipped).toMatchObject([{ scorer: 'judge', kind: 'dry-run' }]);
    expect(dry.files).toEqual([]);
    const real = await rescoreReport({ dir, report, lines: stored, golden, scorers: ['helpful'], judge, judgeTimeoutMs: 1000 });
    expect(real.written[0].result.reason).toBe('judged helpful (call 1)');
  });
});

describe('mcp-evals score with a configured judge', () => {
  let server: Server;
  let endpoint: string;
  let requests = 0;
  beforeAll(async () => {
    server = createServer((request, response) => {
      requests += 1;
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify({ scores: { helpful: 0.4 }, reasoning: 'Too short.' }) } }] }));
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('writes judge scores from the model, after --dry-run asked nothing', async () => {
    const { dir, project, ids } = await setUp(2);
    const config = join(project, 'mcp-evals.yml');
    await writeFile(
      config,
      `server:\n  command: node server.mjs\nmodels:\n  - provider: openai\n    model: m\n    endpoint: http://127.0.0.1:9/v1\ngolden: tasks.yaml\njudge:\n  model: judge-1\n  endpoint: ${endpoint}\n  criteria:\n    - {id: helpful, description: Helpful}\n  timeout_ms: 1000\n`,
    );
    const dry = await runCli(['score', '--report', dir, '--config', config, '--scorers', 'judge', '--dry-run']);
    expect(dry.code).toBe(0);
    expect(requests).toBe(0);
    expect(dry.stdout).toMatch(/judge: dry-run: would ask the judge \(judge-1\)/);

    const result = await runCli(['score', '--report', dir, '--config', config, '--scorers', 'judge', '--deadline-ms', '1000']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(requests).toBe(1);
    expect(result.stdout).toMatch(/judge ✗: 1 of 1 criteria below 0.7: helpful 0.4/);
    expect(result.stdout).toMatch(/judge: judge-cap: not sent to the judge in this call: at most 1 run\(s\)/);
    expect(result.stdout).toMatch(/judge: 1 run\(s\) asked \(at most 1 per call: 1000ms deadline ÷ 1000ms per judge call\)/);
    const judged = (await lines(dir)).find((line) => line.trace.traceId === ids[1])!;
    expect(judged.scores.at(-1)).toMatchObject({ scorer: 'judge', passed: false, scorerVersion: 'judge-1' });
    expect(judged.passed).toBe(false);
  });
});
