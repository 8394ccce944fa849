import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBaseline } from '../../src/core/gate/baseline.js';
import type { Report } from '../../src/core/report/types.js';
import { buildReport, check, kase } from '../gate/helpers.js';
import { runCli } from '../helpers/cli.js';

async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'mcp-evals-baseline-'));
}

/** A report directory as `mcp-evals run` leaves it (only report.json matters here). */
async function reportDir(report: Report): Promise<string> {
  const dir = await tempDir();
  await writeFile(join(dir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  return dir;
}

function completeReport(): Report {
  return buildReport({
    cases: [kase('weather', 5, 5), kase('weather', 4, 5, { model: 'model-b' }), kase('soft', 4, 5, { kind: 'soft' })],
    checks: [check('a', 'pass'), check('b', 'fail'), check('c', 'warn', 'SHOULD')],
  });
}

describe('mcp-evals baseline accept', () => {
  it('writes the approved baseline, pretty-printed, that parseBaseline reads back', async () => {
    const dir = await reportDir(completeReport());
    const out = join(await tempDir(), '.mcp-evals', 'baseline.json');
    const result = await runCli(['baseline', 'accept', '--report', dir, '--out', out, '--commit', 'abc1234def', '--by', 'octocat']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/accepted .*baseline\.json: 3 case × model entries \(2 cases, 2 models\), 3 conformance checks/);
    expect(result.stdout).toMatch(/source: mcp-evals 0\.1\.0 run of 2026-08-01T08:00:00\.000Z/);
    expect(result.stdout).toMatch(/1 case × model entry is below its floor/);
    expect(result.stdout).toMatch(/next: commit/);

    const text = await readFile(out, 'utf8');
    expect(text).toMatch(/^\{\n {2}"schemaVersion": 1,\n/);
    expect(text.endsWith('}\n')).toBe(true);
    const baseline = parseBaseline(text, out);
    expect(baseline).toMatchObject({ commit: 'abc1234def', acceptedBy: 'octocat', models: ['model-a', 'model-b'], conformance: { a: 'pass', b: 'fail', c: 'warn' } });
    expect(baseline.cases['weather@model-b']).toEqual({ passed: 4, decided: 5, passRate: 0.8, kind: 'hard', floor: 1, meetsFloor: false });
    expect(Math.abs(Date.parse(baseline.acceptedAt) - Date.now())).toBeLessThan(60_000);
  });

  it('accepts the path of report.json itself, and a conformance-only report', async () => {
    const dir = await reportDir(buildReport({ checks: [check('a', 'pass')], noBehaviour: true }));
    const out = join(await tempDir(), 'b.json');
    const result = await runCli(['baseline', 'accept', '--report', join(dir, 'report.json'), '--out', out]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/: 1 conformance check$/m);
    const baseline = parseBaseline(await readFile(out, 'utf8'), out);
    expect(baseline).toMatchObject({ cases: {}, toolsHash: null });
    expect('commit' in baseline).toBe(false);
  });

  it('says what it replaces', async () => {
    const out = join(await tempDir(), 'baseline.json');
    expect((await runCli(['baseline', 'accept', '--report', await reportDir(completeReport()), '--out', out])).code).toBe(0);
    const again = await runCli(['baseline', 'accept', '--report', await reportDir(completeReport()), '--out', out]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/replaces: mcp-evals 0\.1\.0 run of .* \(3 case × model entries/);
  });

  it('refuses a partial report (exit 1), explains why, writes nothing; --force accepts it with a warning', async () => {
    const report = buildReport({ cases: [kase('weather', 3, 3, { notRun: 2 })], partial: { reason: 'budget max_cost_usd 5 reached', notRun: 2 } });
    const dir = await reportDir(report);
    const out = join(await tempDir(), 'baseline.json');
    const refused = await runCli(['baseline', 'accept', '--report', dir, '--out', out]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/not accepted: .*report\.json is not a complete, trustworthy sample/);
    expect(refused.stderr).toMatch(/the run stopped early \(budget max_cost_usd 5 reached\): 2 run\(s\) were not run/);
    expect(refused.stderr).toMatch(/weather on model-a \(2 not run of 5\)/);
    expect(refused.stderr).toMatch(/--force/);
    await expect(readFile(out, 'utf8')).rejects.toThrow(/ENOENT/);

    const forced = await runCli(['baseline', 'accept', '--report', dir, '--out', out, '--force']);
    expect(forced.code).toBe(0);
    expect(forced.stderr).toMatch(/accepted with --force despite:\n {2}- the run stopped early/);
    expect(parseBaseline(await readFile(out, 'utf8'), out).cases['weather@model-a']).toMatchObject({ passed: 3, decided: 3 });
  });

  it('refuses errored cases, naming them (and only the first ten)', async () => {
    const cases = Array.from({ length: 12 }, (_, i) => kase(`case-${i}`, 4, 4, { errored: 1 }));
    const refused = await runCli(['baseline', 'accept', '--report', await reportDir(buildReport({ cases: [kase('fine', 5, 5), ...cases] })), '--out', join(await tempDir(), 'b.json')]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/12 case × model results have runs that errored or did not run: case-0 on model-a \(1 errored of 5\)/);
    expect(refused.stderr).toMatch(/…and 2 more/);
    expect(refused.stderr).not.toMatch(/fine on/);
  });

  it('refuses a merged report that holds only some shards, naming the missing cases; --force accepts it', async () => {
    const { loadGoldenSet } = await import('../../src/core/golden/load.js');
    const { goldenSetHash } = await import('../../src/core/golden/hash.js');
    const dir = await tempDir();
    const tasks = join(dir, 'tasks.yaml');
    await writeFile(tasks, ['a', 'b', 'c', 'd'].map((id) => `- id: ${id}\n  prompt: "do ${id}"\n  expect_tool: null\n`).join(''));
    const hash = goldenSetHash(await loadGoldenSet(tasks));
    // 1 of 4 shards, merged (no shard field left): case a on both models.
    const report = buildReport({ cases: [kase('a', 5, 5), kase('a', 5, 5, { model: 'model-b' })] });
    report.behaviour!.golden = { file: tasks, hash, cases: 4 };
    const from = await reportDir(report);
    const out = join(dir, 'baseline.json');
    const refused = await runCli(['baseline', 'accept', '--report', from, '--out', out]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/it covers 1 of 4 cases of the golden set: 6 case × model results are missing \(b on model-a, b on model-b, c on model-a, c on model-b, d on model-a, d on model-b\)/);
    await expect(readFile(out, 'utf8')).rejects.toThrow(/ENOENT/);
    expect((await runCli(['baseline', 'accept', '--report', from, '--out', out, '--force'])).code).toBe(0);

    // Without the golden file (another checkout), the count still says it.
    report.behaviour!.golden = { file: join(dir, 'gone.yaml'), hash, cases: 4 };
    const counted = await runCli(['baseline', 'accept', '--report', await reportDir(report), '--out', join(dir, 'b2.json')]);
    expect(counted.code).toBe(1);
    expect(counted.stderr).toMatch(/it covers 1 of the golden set's 4 cases \(.*gone\.yaml is not here to name the others\)/);
  });

  it('refuses a single shard: merge first', async () => {
    const report = completeReport();
    report.behaviour!.shard = { index: 2, total: 3 };
    const refused = await runCli(['baseline', 'accept', '--report', await reportDir(report), '--out', join(await tempDir(), 'b.json')]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/shard 2\/3 .*mcp-evals merge/);
  });

  it('exits 2 naming the file when there is no report, or it is not JSON, or not a report', async () => {
    const empty = await tempDir();
    const missing = await runCli(['baseline', 'accept', '--report', empty]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(join(empty, 'report.json'));
    expect(missing.stderr).toMatch(/no report here: run `mcp-evals run` first/);

    await writeFile(join(empty, 'report.json'), '{"schemaVersion": 1,');
    const broken = await runCli(['baseline', 'accept', '--report', empty]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/report\.json: report\.json is not valid JSON/);

    await writeFile(join(empty, 'report.json'), '{"schemaVersion": 1}');
    const invalid = await runCli(['baseline', 'accept', '--report', empty]);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toMatch(/report\.json: not a valid mcp-evals report: \/ must have required property 'header'/);
  });

  it('exits 2 on usage mistakes', async () => {
    expect((await runCli(['baseline'])).code).toBe(2);
    const unknown = await runCli(['baseline', 'approve']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown baseline subcommand "approve": accept or show/);
    const flag = await runCli(['baseline', 'accept', '--nope']);
    expect(flag.code).toBe(2);
    expect((await runCli(['baseline', 'accept', '--commit', ''])).code).toBe(2);
    const help = await runCli(['baseline', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/complete, trustworthy\s+sample/);
  });
});

describe('mcp-evals baseline show', () => {
  it('prints source, age, server, cases, conformance and surface pins of an accepted baseline', async () => {
    const out = join(await tempDir(), 'baseline.json');
    await runCli(['baseline', 'accept', '--report', await reportDir(completeReport()), '--out', out, '--commit', 'abc1234', '--by', 'octocat']);
    const result = await runCli(['baseline', 'show', '--file', out]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/source: +mcp-evals 0\.1\.0 run of 2026-08-01T08:00:00\.000Z/);
    expect(result.stdout).toMatch(/accepted: +\S+ \(accepted today\) by octocat at commit abc1234/);
    expect(result.stdout).toMatch(/server: +demo-server 1\.2\.3, tools tools-hash-a/);
    expect(result.stdout).toMatch(/cases: +3 case × model entries: 2 cases on 2 models \(model-a, model-b\); 1 below floor/);
    expect(result.stdout).toMatch(/conformance: 3 checks \(1 pass, 1 fail, 1 warn\)/);
  });

  it('says when a baseline pins no tool surface, and lists many pins bounded, names inert', async () => {
    const out = join(await tempDir(), 'baseline.json');
    await runCli(['baseline', 'accept', '--report', await reportDir(completeReport()), '--out', out]);
    expect((await runCli(['baseline', 'show', '--file', out])).stdout).toMatch(
      /^ {2}surface: +no pins \(the accepted run did not analyse the tool surface\): changed definitions go unnoticed$/m,
    );

    const baseline = JSON.parse(await readFile(out, 'utf8'));
    const hash = (i: number) => i.toString(16).padStart(64, '0');
    const pins: Record<string, { sha256: string; text: string }> = { 'tool:evil\n::warning::x\u202e': { sha256: 'ab'.repeat(32), text: '' } };
    for (let i = 0; i < 204; i += 1) pins[`tool:t${i}`] = { sha256: hash(i), text: '' };
    pins['prompt:summarize'] = { sha256: 'cd'.repeat(32), text: '' };
    pins['resourceTemplate:file:///{path}'] = { sha256: 'ef'.repeat(32), text: '' };
    baseline.surface = { pins, tokens: 12345 };
    await writeFile(out, JSON.stringify(baseline));
    const result = await runCli(['baseline', 'show', '--file', out]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`  surface:     205 tools, 1 prompt, 1 resource template pinned (SHA-256), 12,345 tokens of tool definitions; pinned at ${baseline.acceptedAt} from the source above\n`);
    const listed = result.stdout.split('\n').filter((line) => line.startsWith('    '));
    expect(listed).toHaveLength(201);
    expect(listed[0]).toMatch(/^ {4}tool evil\\n::warning::x\\u202E +abababababab$/);
    expect(listed[1]).toMatch(/^ {4}tool t0 +000000000000$/);
    expect(listed[200]).toBe('    …and 7 more');
    expect(result.stdout).not.toMatch(/^::warning::/m);
  });

  it('shows the age in days of an older baseline', async () => {
    const out = join(await tempDir(), 'baseline.json');
    await runCli(['baseline', 'accept', '--report', await reportDir(completeReport()), '--out', out]);
    const baseline = JSON.parse(await readFile(out, 'utf8'));
    baseline.acceptedAt = new Date(Date.now() - 12 * 24 * 60 * 60 * 1000 - 60_000).toISOString();
    await writeFile(out, JSON.stringify(baseline));
    expect((await runCli(['baseline', 'show', '--file', out])).stdout).toMatch(/\(accepted 12 days ago\)/);
  });

  it('reads .mcp-evals/baseline.json by default', async () => {
    const dir = await tempDir();
    const previous = process.cwd();
    process.chdir(dir);
    try {
      const missing = await runCli(['baseline', 'show']);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toMatch(/^mcp-evals: \.mcp-evals\/baseline\.json: no baseline here: create one with `mcp-evals baseline accept`/);
      await mkdir('mcp-evals-report');
      await writeFile(join('mcp-evals-report', 'report.json'), JSON.stringify(completeReport()));
      const accepted = await runCli(['baseline', 'accept']);
      expect(accepted.code).toBe(0);
      expect(accepted.stdout).toMatch(/^accepted \.mcp-evals\/baseline\.json:/);
      expect((await runCli(['baseline', 'show'])).stdout).toMatch(/^baseline \.mcp-evals\/baseline\.json\n/);
    } finally {
      process.chdir(previous);
    }
  });

  it('exits 2 with the file (and line:column) on an invalid baseline', async () => {
    const file = join(await tempDir(), 'baseline.json');
    await writeFile(file, '{\n  "schemaVersion": 1,\n  oops\n}\n');
    const broken = await runCli(['baseline', 'show', '--file', file]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/baseline\.json:3:\d+: not valid JSON/);
    await writeFile(file, '{"schemaVersion": 1}');
    const invalid = await runCli(['baseline', 'show', '--file', file]);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toMatch(/baseline\.json: not a valid mcp-evals baseline/);
  });
});
