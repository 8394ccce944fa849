import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TraceLine } from '../../src/core/evals/run-evals.js';
import { reportViolations } from '../../src/core/report/schema.js';
import type { Report } from '../../src/core/report/types.js';
import { runCli } from '../helpers/cli.js';
import { reportFixture, traceId } from './score-fixture.js';

async function readLines(dir: string): Promise<TraceLine[]> {
  return (await readFile(join(dir, 'traces.jsonl'), 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as TraceLine);
}
async function readReport(dir: string): Promise<Report> {
  return JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as Report;
}

const GOOD = { caseId: 'weather', calls: [{ name: 'get_weather', args: { city: 'Paris' } }], answer: 'Sunny, 21°C' };
const LOOPING = { caseId: 'weather', calls: [{ name: 'get_weather', args: { city: 'Paris' } }, { name: 'get_weather', args: { city: 'Paris' } }], answer: 'Sunny' };

describe('mcp-evals score', () => {
  it('writes the named scorers into the selected trace lines and recomputes the report', async () => {
    const ids = [traceId(), traceId(), traceId()];
    const { dir, tasks } = await reportFixture({
      runs: [
        { ...GOOD, traceId: ids[0] },
        { ...LOOPING, traceId: ids[1], repeat: 1 },
        { caseId: 'chitchat', answer: "I can't help with that.", traceId: ids[2] },
      ],
    });
    const before = await readReport(dir);
    expect(before.behaviour!.results.find((r) => r.id === 'weather')!.passed).toBe(2);

    const result = await runCli(['score', '--report', dir, '--scorers', 'no_tool_loop,not_a_refusal,exact_match', '--golden', tasks]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/3 run\(s\) selected .*; 8 score\(s\) written, 1 skipped/);
    expect(result.stdout).toMatch(/scores written:\n/);
    expect(result.stdout).toContain(`${ids[1].slice(0, 12)}  weather · model-a #1  no_tool_loop ✗: tool loop: \`get_weather\` ×2 with the same arguments`);
    expect(result.stdout).toContain(`${ids[2].slice(0, 12)}  chitchat · model-a #0  not_a_refusal ✗: the final answer reads as a refusal`);
    // The chitchat case has no `expected`: exact_match abstains, and is reported apart.
    expect(result.stdout).toMatch(/skipped:\n(.*\n)*.*chitchat · model-a #0  exact_match: abstained \(recorded as an abstention\): exact_match needs `expected` in the case/);

    const lines = await readLines(dir);
    const looping = lines.find((line) => line.trace.traceId === ids[1])!;
    expect(looping.scores.map((s) => s.scorer)).toEqual(['tool_selection', 'arguments', 'final_answer', 'no_tool_loop', 'not_a_refusal', 'exact_match']);
    expect(looping.passed).toBe(false);

    const after = await readReport(dir);
    expect(reportViolations(after)).toEqual([]);
    const weather = after.behaviour!.results.find((r) => r.id === 'weather')!;
    expect(weather).toMatchObject({ passed: 0, failed: 2, passRate: 0, meetsFloor: false });
    expect(weather.scorers.no_tool_loop).toMatchObject({ passed: 1, failed: 1, abstained: 0 });
    expect(after.behaviour!.metrics.overall.taskSuccessRate).toBe(0);
    // The other files follow the report; no staging folder or partial file is left behind.
    expect(await readFile(join(dir, 'summary.md'), 'utf8')).toContain('weather');
    expect((await readdir(dir)).filter((name) => name.startsWith('.') || name.includes('partial'))).toEqual([]);
  });

  it('replaces a score of the same scorer id instead of adding a second one', async () => {
    const id = traceId();
    const { dir, tasks } = await reportFixture({ runs: [{ ...GOOD, traceId: id }] });
    await runCli(['score', '--report', dir, '--scorers', 'answered', '--golden', tasks]);
    await runCli(['score', '--report', dir, '--scorers', 'answered,final_answer', '--golden', tasks]);
    const [line] = await readLines(dir);
    expect(line.scores.map((s) => s.scorer)).toEqual(['tool_selection', 'arguments', 'final_answer', 'answered']);
  });

  it('--dry-run shows what would be written and writes nothing', async () => {
    const { dir, tasks } = await reportFixture({ runs: [LOOPING] });
    const files = await readdir(dir);
    const snapshot = await Promise.all(files.map(async (name) => [name, await readFile(join(dir, name), 'utf8'), (await stat(join(dir, name))).mtimeMs] as const));
    const result = await runCli(['score', '--report', dir, '--scorers', 'no_tool_loop', '--golden', tasks, '--dry-run']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^dry run: 1 run\(s\) selected .*1 score\(s\) would be written/);
    expect(result.stdout).toMatch(/scores that would be written:\n.*no_tool_loop ✗/);
    expect(result.stdout).toMatch(/dry run: nothing written$/);
    expect(await readdir(dir)).toEqual(files);
    for (const [name, text, mtime] of snapshot) {
      expect(await readFile(join(dir, name), 'utf8')).toBe(text);
      expect((await stat(join(dir, name))).mtimeMs).toBe(mtime);
    }
  });

  it('selects named traces (by prefix), or the newest --limit runs from --from on', async () => {
    const ids = [traceId(), traceId(), traceId(), traceId()];
    const { dir, tasks } = await reportFixture({
      runs: ids.map((id, i) => ({ ...GOOD, traceId: id, repeat: i, startedAt: `2026-08-0${i + 1}T10:00:00.000Z` })),
    });
    const named = await runCli(['score', '--report', dir, '--scorers', 'answered', '--golden', tasks, '--traces', `${ids[2].slice(0, 10)},${ids[0]}`, '--json']);
    expect(named.code).toBe(0);
    expect(JSON.parse(named.stdout).selected.map((r: { traceId: string }) => r.traceId)).toEqual([ids[2], ids[0]]);

    const newest = await runCli(['score', '--report', dir, '--scorers', 'answered', '--golden', tasks, '--from', '2026-08-02', '--limit', '2', '--json', '--dry-run']);
    expect(JSON.parse(newest.stdout).selected.map((r: { repeat: number }) => r.repeat)).toEqual([3, 2]);
    const from = await runCli(['score', '--report', dir, '--scorers', 'answered', '--golden', tasks, '--from', '2026-08-03T00:00:00Z', '--json', '--dry-run']);
    expect(JSON.parse(from.stdout).selected.map((r: { repeat: number }) => r.repeat)).toEqual([3, 2]);
  });

  it('without --scorers re-runs each run\'s applicable scorers', async () => {
    const { dir, tasks } = await reportFixture({ runs: [GOOD] });
    const result = await runCli(['score', '--report', dir, '--golden', tasks, '--json']);
    const outcome = JSON.parse(result.stdout);
    expect(outcome.written.map((w: { result: { scorer: string } }) => w.result.scorer)).toEqual(['tool_selection', 'arguments', 'final_answer']);
  });

  it('skips implied scorers a case gives nothing to judge, and runs whose model call failed, with reasons', async () => {
    const ids = [traceId(), traceId()];
    const { dir, tasks } = await reportFixture({
      runs: [
        { caseId: 'chitchat', answer: 'You are welcome!', traceId: ids[0] },
        { caseId: 'weather', outcome: 'model_error', trace: { stopReason: 'model_error', error: 'HTTP 500' }, traceId: ids[1] },
      ],
    });
    // Left out of the default selection (nothing to score), reported when named.
    expect(JSON.parse((await runCli(['score', '--report', dir, '--golden', tasks, '--json', '--dry-run'])).stdout).selected).toHaveLength(1);
    const result = await runCli(['score', '--report', dir, '--golden', tasks, '--scorers', 'final_answer,answered', '--traces', ids.join(',')]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/chitchat · model-a #0  final_answer: not applicable: the case has no `expected`/);
    expect(result.stdout).toMatch(/weather · model-a #0  answered: not-scored: the model call failed \(HTTP 500\)/);
  });

  it('exits 2 for an unknown scorer (listing the built-ins), an unknown trace id (listing the closest) and bad flags', async () => {
    const id = traceId(0xabcdef);
    const { dir, tasks } = await reportFixture({ runs: [{ ...GOOD, traceId: id }] });
    const unknown = await runCli(['score', '--report', dir, '--golden', tasks, '--scorers', 'answred']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/--scorers: unknown scorer `answred` \(did you mean `answered`\?\); built-in scorers: `tool_selection`, .*`span_present`, `tool_succeeded`, `fabrication`, `injection`, `judge` \(judge: not configured\)/);
    const badTrace = await runCli(['score', '--report', dir, '--golden', tasks, '--traces', '00abcdef00ffffff']);
    expect(badTrace.code).toBe(2);
    expect(badTrace.stderr).toContain(`unknown trace id "00abcdef00ffffff"`);
    expect(badTrace.stderr).toContain(id);
    for (const argv of [['--from', 'yesterday'], ['--limit', '0'], ['--traces', id, '--limit', '3'], ['--deadline-ms', 'x']]) {
      expect((await runCli(['score', '--report', dir, '--golden', tasks, ...argv])).code).toBe(2);
    }
    expect((await runCli(['score', '--report', join(dir, 'nope')])).code).toBe(2);
  });

  it('notes a golden set that changed since the run, and a case that is gone', async () => {
    const { dir, tasks } = await reportFixture({ runs: [GOOD, { caseId: 'chitchat', answer: 'ok' }] });
    await writeFile(tasks, (await readFile(tasks, 'utf8')).replace(/\n- id: chitchat[\s\S]*$/, '\n'));
    const result = await runCli(['score', '--report', dir, '--golden', tasks, '--scorers', 'answered']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/note: the golden set changed since this report was made/);
    expect(result.stdout).toMatch(/chitchat · model-a #0  answered: no-case: case `chitchat` is not in .*tasks\.yaml any more/);
  });

  it('finds the golden file the report names when --golden is not given', async () => {
    const { dir } = await reportFixture({ runs: [GOOD] });
    const result = await runCli(['score', '--report', dir, '--scorers', 'answered']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/answered ✓/);
  });
});
