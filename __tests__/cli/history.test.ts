import { lstat, mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendHistory, caseTrends, historyEntries, parseHistory, readHistory, trend, trendLines, type HistoryEntry } from '../../src/core/history/history.js';
import { runCli } from '../helpers/cli.js';
import { buildReport, kase } from '../gate/helpers.js';
import { reportFixture, type RunSpec } from './score-fixture.js';

const GOOD: RunSpec = { caseId: 'weather', calls: [{ name: 'get_weather', args: { city: 'Paris' } }], answer: 'Sunny' };
const WRONG: RunSpec = { caseId: 'weather', calls: [{ name: 'search' }], answer: 'No idea' };

function entry(passed: number, decided: number, day: number, overrides: Partial<HistoryEntry> = {}): HistoryEntry {
  const at = `2026-07-${String(day).padStart(2, '0')}T06:00:00.000Z`;
  return { at, reportStartedAt: at, caseId: 'weather', model: 'gpt', passed, decided, passRate: decided ? passed / decided : null, toolsHash: 'tools-1', serverVersion: '1.0.0', ...overrides };
}

describe('history: trend and drift', () => {
  it('5/5 for weeks then 3/5 with no server change: a drop flagged as likely model drift', () => {
    const history = [entry(5, 5, 1), entry(5, 5, 8), entry(5, 5, 15), entry(3, 5, 22)];
    const t = trend(history, 'weather', 'gpt');
    expect(t).toMatchObject({ direction: 'down', reference: 1, serverChanged: false, likelyModelDrift: true });
    expect(t.text).toBe('5/5 5/5 5/5 3/5 ↓ likely model drift');
  });

  it('a drop that came with a server change is not model drift', () => {
    const history = [entry(5, 5, 1), entry(5, 5, 8), entry(3, 5, 15, { serverVersion: '1.1.0' })];
    expect(trend(history, 'weather', 'gpt')).toMatchObject({ direction: 'down', serverChanged: true, likelyModelDrift: false, text: '5/5 5/5 3/5 ↓ (the server changed in this window)' });
    const tools = [entry(5, 5, 1), entry(2, 5, 8, { toolsHash: 'tools-2' })];
    expect(trend(tools, 'weather', 'gpt').likelyModelDrift).toBe(false);
  });

  it('orders by run time, keeps the last N, shows undecided runs as – and rises as ↑', () => {
    const history = [entry(4, 5, 20), entry(1, 5, 1), entry(2, 5, 5), entry(0, 0, 10), entry(3, 5, 15)];
    expect(trend(history, 'weather', 'gpt', 3).text).toBe('– 3/5 4/5 ↑');
    expect(trend(history, 'weather', 'gpt', 10).points.map((p) => p.passed)).toEqual([1, 2, 0, 3, 4]);
    expect(trend([entry(5, 5, 1)], 'weather', 'gpt')).toMatchObject({ direction: 'unknown', text: '5/5' });
    expect(trend([entry(5, 5, 1), entry(5, 5, 2)], 'weather', 'gpt')).toMatchObject({ direction: 'flat', text: '5/5 5/5' });
  });

  it('caseTrends lists every case × model, optionally one case', () => {
    const history = [entry(5, 5, 1), entry(1, 1, 1, { caseId: 'other' }), entry(2, 2, 1, { model: 'claude' })];
    expect(caseTrends(history).map((t) => `${t.caseId}/${t.model}`)).toEqual(['weather/gpt', 'other/gpt', 'weather/claude']);
    expect(caseTrends(history, { caseId: 'weather' })).toHaveLength(2);
  });
});

describe('history: append and trendLines', () => {
  it('appends one line per case × model, once per run', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcp-evals-history-'));
    const file = join(dir, 'nested', 'history.jsonl');
    const report = buildReport({ cases: [kase('weather', 5, 5, { model: 'gpt' }), kase('weather', 3, 5, { model: 'claude', kind: 'soft' })], serverVersion: '2.0.0' });
    report.header.experiment = 'prompt-v3';
    const now = new Date('2026-08-04T12:00:00.000Z');
    const first = await appendHistory(file, report, { now, commit: 'abc123' });
    expect(first).toMatchObject({ alreadyThere: 0 });
    expect(first.appended).toEqual([
      { at: now.toISOString(), reportStartedAt: report.header.startedAt, commit: 'abc123', experiment: 'prompt-v3', caseId: 'weather', model: 'gpt', passed: 5, decided: 5, passRate: 1, toolsHash: 'tools-hash-aaaaaaaaaaaa', serverVersion: '2.0.0' },
      expect.objectContaining({ model: 'claude', passed: 3, decided: 5, passRate: 0.6 }),
    ]);
    expect(await appendHistory(file, report, { now })).toMatchObject({ appended: [], alreadyThere: 2 });
    expect((await readFile(file, 'utf8')).trim().split('\n')).toHaveLength(2);
    expect(await readHistory(file)).toHaveLength(2);
    expect(await readHistory(join(dir, 'missing.jsonl'))).toEqual([]);
  });

  it('trendLines gives the summary one line per case × model, this report being the newest point', () => {
    const history = [entry(5, 5, 1), entry(5, 5, 8), entry(5, 5, 15)];
    const report = buildReport({ cases: [kase('weather', 3, 5, { model: 'gpt' }), kase('new-case', 1, 1, { model: 'gpt' })], serverVersion: '1.0.0', toolsHash: 'tools-1' });
    report.header.startedAt = '2026-07-22T06:00:00.000Z';
    expect(trendLines(history, report)).toEqual(['`weather` · gpt: 5/5 5/5 5/5 3/5 ↓ likely model drift', '`new-case` · gpt: 1/1']);
    // Already appended: not counted twice.
    const appended = [...history, ...historyEntries(report, { now: new Date() })];
    expect(trendLines(appended, report)[0]).toBe('`weather` · gpt: 5/5 5/5 5/5 3/5 ↓ likely model drift');
  });

  it('rejects a malformed history line with its line number', () => {
    expect(() => parseHistory('{"caseId": "a"}\n', 'h.jsonl')).toThrow(/h\.jsonl:1:1: line 1 of the history is not a history entry/);
    expect(() => parseHistory(`${JSON.stringify(entry(1, 1, 1))}\nnot json\n`, 'h.jsonl')).toThrow(/h\.jsonl:2:1/);
  });
});

describe('mcp-evals history', () => {
  it('append then show prints each case\'s trend, flagging likely model drift', async () => {
    const project = await mkdtemp(join(tmpdir(), 'mcp-evals-history-cli-'));
    const file = join(project, '.mcp-evals', 'history.jsonl');
    const week = (day: number, good: number, wrong: number) =>
      reportFixture({
        dir: join(project, `run-${day}`),
        startedAt: `2026-07-${String(day).padStart(2, '0')}T06:00:00.000Z`,
        runs: [...Array.from({ length: good }, (_, i) => ({ ...GOOD, repeat: i })), ...Array.from({ length: wrong }, (_, i) => ({ ...WRONG, repeat: good + i })), { caseId: 'chitchat', answer: 'ok' }],
      });
    for (const [day, good, wrong] of [[1, 5, 0], [8, 5, 0], [15, 5, 0], [22, 3, 2]] as const) {
      const { dir } = await week(day, good, wrong);
      const result = await runCli(['history', 'append', '--report', dir, '--file', file, '--commit', `commit-${day}`]);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^appended 2 case × model entries to .*history\.jsonl \(commit commit-\d+\)$/);
    }
    const again = await runCli(['history', 'append', '--report', join(project, 'run-22', 'report'), '--file', file]);
    expect(again.stdout).toMatch(/nothing appended: this run .* is already in/);

    const shown = await runCli(['history', 'show', '--file', file]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('weather · model-a   5/5 5/5 5/5 3/5 ↓ likely model drift');
    expect(shown.stdout).toContain('chitchat · model-a  1/1 1/1 1/1 1/1');
    expect(shown.stdout).toMatch(/2 case × model trend\(s\) over the last 5 run\(s\); 1 dropped \(1 likely model drift/);

    const one = await runCli(['history', 'show', '--file', file, '--case', 'weather', '--last', '2', '--json']);
    const [t] = JSON.parse(one.stdout);
    expect(t).toMatchObject({ caseId: 'weather', direction: 'down', likelyModelDrift: true, text: '5/5 3/5 ↓ likely model drift' });
    expect(t.points.map((p: { commit: string }) => p.commit)).toEqual(['commit-15', 'commit-22']);
  });

  it('append refuses to write through a symbolic link (exit 2, naming it), as the report writers do, and leaves its target alone (issue 26 item 6)', async () => {
    const project = await mkdtemp(join(tmpdir(), 'mcp-evals-history-link-'));
    const { dir } = await reportFixture({ dir: join(project, 'run'), startedAt: '2026-07-01T06:00:00.000Z', runs: [GOOD] });
    const target = join(project, 'precious.txt');
    // Empty, so that a history reader accepts it and only the link check stops the append.
    await writeFile(target, '');
    const file = join(project, 'history.jsonl');
    await symlink(target, file);
    const result = await runCli(['history', 'append', '--report', dir, '--file', file]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/refusing to write .*history\.jsonl: it is a symbolic link/);
    expect(await readFile(target, 'utf8')).toBe('');
    expect((await lstat(file)).isSymbolicLink()).toBe(true);
  });

  it('exits 2 without a subcommand, a history file or a matching case', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mcp-evals-history-cli-'));
    expect((await runCli(['history'])).code).toBe(2);
    expect((await runCli(['history', 'show', '--file', join(dir, 'none.jsonl')])).stderr).toMatch(/no history in .*mcp-evals history append/);
    await writeFile(join(dir, 'h.jsonl'), `${JSON.stringify(entry(1, 1, 1))}\n`);
    expect((await runCli(['history', 'show', '--file', join(dir, 'h.jsonl'), '--case', 'nope'])).code).toBe(2);
    expect((await runCli(['history', 'append', '--report', join(dir, 'missing'), '--file', join(dir, 'h.jsonl')])).code).toBe(2);
  });
});
