/**
 * Server and model text reaching a terminal or a runner log is inert: the echoing server names
 * itself `echo … \n::warning::forged … ##[error title=Forged] … ESC BEL U+202E`, and no command
 * that prints it (conformance, run, doctor, baseline show, capture) lets a line start with `::`,
 * carry `##[`, or hold a raw control or bidi character.
 */
import { lstat, mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inertLines, inertText, neutralizeCommands } from '../../src/core/report/inert.js';
import { echoingKey, startScriptedModel, type ScriptedModel } from '../fixtures/models/scripted-model-server.js';
import { runCli } from '../helpers/cli.js';
import { REFERENCE_SERVER } from '../helpers/conformance.js';
import { modelsYaml, project } from '../helpers/evals.js';
import { unsafeLines } from '../helpers/secret-scan.js';
import { ECHO_SERVER, freePort } from '../helpers/echo-server.js';

const FORGED = 'name\n::warning::forged\r\n##[error title=Forged]x \u001b[31mred\u0007 \u0000 \u009b \u202Eevil';

describe('the sanitiser', () => {
  it('shows controls and bidi characters as escapes, escapes newlines, and neutralises workflow commands', () => {
    const text = inertText(FORGED);
    // The newline is escaped, so `::warning::` no longer opens a line.
    expect(text).toBe('name\\n::warning::forged\\r\\n#\\#[error title=Forged]x \\e[31mred\\u0007 \\0 \\u009B \\u202Eevil');
    expect(unsafeLines(text)).toEqual([]);
    expect(inertText('::error::at the start')).toBe('\\::error::at the start');
  });

  it('neutralises `::` after any run of Unicode white space at a line start (the runner strips it all), and stays linear', () => {
    // Issue 26 item 3: \n + U+00A0 + `::warning` was executed by the runner.
    const spaces = ['\u00A0', '\u1680', '\u2000', '\u2005', '\u200A', '\u2028', '\u2029', '\u202F', '\u205F', '\u3000', '\uFEFF', '\u0085', '\u180E', ' \t\v\f', '\u00A0 \u3000\uFEFF'];
    for (const space of spaces) {
      const forged = `tool\n${space}::warning::forged`;
      const code = [...space].map((char) => char.codePointAt(0)!.toString(16)).join(' ');
      for (const safe of [inertLines(forged), inertLines(forged, { keepColor: true }), inertText(forged), neutralizeCommands(forged)]) {
        // Split as a runner does (\n, \r) and as JavaScript's `^` does (U+2028/2029 too), then trim as .NET does.
        for (const line of safe.split(/[\n\r\u2028\u2029]/)) expect(line.replace(/^[\s\u0085\u180E]+/, '').startsWith('::'), `${code}: ${JSON.stringify(line)}`).toBe(false);
      }
    }
    const huge = `${'\n\u00A0'.repeat(200_000)}x`;
    expect(neutralizeCommands(huge)).toBe(huge);
    expect(neutralizeCommands(`${' '.repeat(200_000)}x\n\u3000::a`)).toBe(`${' '.repeat(200_000)}x\n\u3000\\::a`);
  });

  it('inertLines keeps our layout and colours, and still neutralises what is inside', () => {
    const block = `\u001b[32m✓\u001b[39m ok\n  ::set-env name=X::y\nmessage ##[group]z \u001b]8;;evil\u0007`;
    const safe = inertLines(block, { keepColor: true });
    expect(safe.split('\n')).toEqual(['\u001b[32m✓\u001b[39m ok', '  \\::set-env name=X::y', 'message #\\#[group]z \\e]8;;evil\\u0007']);
    expect(unsafeLines(inertLines(block))).toEqual([]);
  });
});

let model: ScriptedModel | undefined;
const savedKey = process.env.SCRIPTED_KEY;
beforeAll(() => {
  process.env.SCRIPTED_KEY = 'sk-inert-test-key-0123456789';
});
afterAll(() => {
  if (savedKey === undefined) delete process.env.SCRIPTED_KEY;
  else process.env.SCRIPTED_KEY = savedKey;
});
afterEach(async () => {
  await model?.close();
  model = undefined;
});

async function echoProject(): Promise<{ dir: string; config: string }> {
  const port = await freePort();
  model = await startScriptedModel(echoingKey('get_weather', { location: 'Berlin' }));
  return project({
    config: ['server:', `  url: http://127.0.0.1:${port}/mcp`, `  start: node ${JSON.stringify(ECHO_SERVER)} --port ${port}`, 'models:', modelsYaml([{ provider: 'openai', endpoint: model.openaiEndpoint }]), 'runs: 1', ''].join('\n'),
    tasks: '- id: weather\n  prompt: "Weather in Berlin?"\n  expect_tool: get_weather\n',
  });
}

describe('every command that prints server or model text', () => {
  it('doctor, run, baseline accept / show and capture print no forged command and no raw control', async () => {
    const { dir, config } = await echoProject();
    const doctor = await runCli(['doctor', '--config', config]);
    expect(doctor.stdout).toContain('echo');
    expect(unsafeLines(doctor.stdout), doctor.stdout).toEqual([]);

    const out = join(dir, 'out');
    const run = await runCli(['run', '--config', config, '--out', out, '--no-cache']);
    expect(unsafeLines(run.stdout), run.stdout).toEqual([]);
    expect(unsafeLines(run.stderr)).toEqual([]);

    const baseline = join(dir, 'baseline.json');
    const accepted = await runCli(['baseline', 'accept', '--report', out, '--out', baseline, '--force']);
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(JSON.parse(await readFile(baseline, 'utf8')).server.name).toContain('::warning::');
    const shown = await runCli(['baseline', 'show', '--file', baseline]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/server: +echo /);
    expect(unsafeLines(shown.stdout), shown.stdout).toEqual([]);

    const traces = await readFile(join(out, 'traces.jsonl'), 'utf8');
    const traceId = (JSON.parse(traces.split('\n')[0]) as { trace: { traceId: string } }).trace.traceId;
    const captured = await runCli(['capture', '--trace', traceId, '--report', out, '--golden', join(dir, 'tasks.yaml'), '--use-output-as-expected']);
    expect(captured.code, captured.stderr).toBe(0);
    expect(unsafeLines(captured.stdout)).toEqual([]);
  }, 120_000);
});

describe('--out and symbolic links', () => {
  it('refuses to write a report file through a symlink (exit 2, naming it), and leaves its target alone', async () => {
    const { dir } = await project({ config: '', tasks: '' });
    const out = join(dir, 'out');
    const elsewhere = join(dir, 'elsewhere.txt');
    await mkdir(out);
    await writeFile(elsewhere, 'precious\n');
    await writeFile(join(out, 'report.json'), 'the previous report\n');
    await symlink(elsewhere, join(out, 'summary.md'));
    const result = await runCli(['conformance', '--command', `node ${JSON.stringify(REFERENCE_SERVER)}`, '--out', out, '--only', 'tools-list-order-stable']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/refusing to write .*summary\.md: it is a symbolic link \(to .*elsewhere\.txt\)/);
    expect(await readFile(elsewhere, 'utf8')).toBe('precious\n');
    expect((await lstat(join(out, 'summary.md'))).isSymbolicLink()).toBe(true);
    // Nothing of the set was written: no half-new report beside the old one.
    expect(await readFile(join(out, 'report.json'), 'utf8')).toBe('the previous report\n');
  }, 60_000);

  it('replaces a regular file atomically (no temporary file left behind)', async () => {
    const { dir } = await project({ config: '', tasks: '' });
    const out = join(dir, 'out');
    await mkdir(out);
    await writeFile(join(out, 'summary.md'), 'old');
    const result = await runCli(['conformance', '--command', `node ${JSON.stringify(REFERENCE_SERVER)}`, '--out', out, '--only', 'tools-list-order-stable']);
    expect(result.code, result.stderr).toBe(0);
    expect(await readFile(join(out, 'summary.md'), 'utf8')).not.toBe('old');
    const { readdir } = await import('node:fs/promises');
    expect((await readdir(out)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  }, 60_000);
});
