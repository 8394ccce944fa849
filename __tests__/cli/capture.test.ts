import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureCase, EXPECTED_PLACEHOLDER, newCaseId } from '../../src/core/capture/capture.js';
import { loadGoldenSet, parseGoldenSet } from '../../src/core/golden/load.js';
import { runCli } from '../helpers/cli.js';
import { reportFixture, TASKS, traceId } from './score-fixture.js';

const WRONG = { caseId: 'weather', calls: [{ name: 'search', args: { q: 'weather' } }], answer: 'It is raining in Berlin.' };

describe('mcp-evals capture', () => {
  it('appends the run as a new case, keeping the file byte for byte before it', async () => {
    const id = traceId(0xabcd01);
    const { dir, tasks } = await reportFixture({ runs: [{ ...WRONG, traceId: id, repeat: 3 }] });
    const result = await runCli(['capture', '--report', dir, '--trace', id, '--golden', tasks]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const newId = `weather-${id.slice(0, 8)}`;
    expect(result.stdout).toContain(`captured trace ${id} (case weather, model model-a, repeat 3: failed) as case \`${newId}\``);
    expect(result.stdout).toContain('expected: copied from the original case');

    const text = await readFile(tasks, 'utf8');
    expect(text.startsWith(TASKS)).toBe(true);
    expect(text.slice(TASKS.length)).toBe(
      [
        '',
        `# captured from trace ${id} (case weather, model model-a, repeat 3: failed)`,
        `- id: ${newId}`,
        '  prompt: "What\'s the weather in Paris?" # inline comment',
        '  expect_tool: get_weather',
        '  expect_args: {city: Paris}',
        '  expected: Sunny',
        `  source_trace_id: ${id}`,
        '',
      ].join('\n'),
    );
    const set = await loadGoldenSet(tasks);
    const captured = set.cases.find((c) => c.id === newId)!;
    expect(captured).toMatchObject({ prompt: "What's the weather in Paris?", expect_tool: 'get_weather', expect_args: { city: 'Paris' }, expected: 'Sunny', source_trace_id: id });
  });

  it('without an expected answer in the original case, writes a placeholder and a marker comment', async () => {
    const id = traceId();
    const { dir, tasks } = await reportFixture({ runs: [{ caseId: 'chitchat', calls: [{ name: 'get_weather' }], answer: 'Here is the weather.', traceId: id }] });
    const result = await runCli(['capture', '--report', dir, '--trace', id.slice(0, 12), '--golden', tasks]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/expected: "TODO: fill in the correct answer": fill in the correct answer/);
    const text = await readFile(tasks, 'utf8');
    expect(text.startsWith(TASKS)).toBe(true);
    expect(text).toContain(`# captured from trace ${id} (case chitchat, model model-a, repeat 0: failed): fill in expected\n- id: chitchat-${id.slice(0, 8)}\n`);
    const captured = (await loadGoldenSet(tasks)).cases.at(-1)!;
    expect(captured).toMatchObject({ expect_tool: null, expected: EXPECTED_PLACEHOLDER, source_trace_id: id });
  });

  it('--use-output-as-expected makes the run\'s answer the expected value', async () => {
    const id = traceId();
    const { dir, tasks } = await reportFixture({ runs: [{ ...WRONG, traceId: id }] });
    const result = await runCli(['capture', '--report', dir, '--trace', id, '--golden', tasks, '--use-output-as-expected']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/the run's own final answer/);
    expect((await loadGoldenSet(tasks)).cases.at(-1)!.expected).toBe('It is raining in Berlin.');
    expect(await readFile(tasks, 'utf8')).toContain(": expected is the run's own answer, check it\n");
  });

  it('gives each capture of the same case a unique id, and refuses to capture a trace twice', async () => {
    const a = traceId(0x1234);
    const b = `${a.slice(0, 8)}ffffffff${a.slice(16)}`;
    const { dir, tasks } = await reportFixture({ runs: [{ ...WRONG, traceId: a }, { ...WRONG, traceId: b, repeat: 1 }] });
    expect((await runCli(['capture', '--report', dir, '--trace', a, '--golden', tasks])).code).toBe(0);
    expect((await runCli(['capture', '--report', dir, '--trace', b, '--golden', tasks])).code).toBe(0);
    const ids = (await loadGoldenSet(tasks)).cases.map((c) => c.id);
    expect(ids).toEqual(['weather', 'chitchat', `weather-${a.slice(0, 8)}`, `weather-${b.slice(0, 12)}`]);
    const again = await runCli(['capture', '--report', dir, '--trace', a, '--golden', tasks]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/already captured as case `weather-/);
  });

  it('refuses an unknown trace id (exit 2), listing the 5 closest ids', async () => {
    const ids = Array.from({ length: 7 }, (_, i) => traceId(0x5000 + i));
    const { dir, tasks } = await reportFixture({ runs: ids.map((id, repeat) => ({ ...WRONG, traceId: id, repeat })) });
    const before = await readFile(tasks, 'utf8');
    const result = await runCli(['capture', '--report', dir, '--trace', '000050039999', '--golden', tasks]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('unknown trace id "000050039999"');
    const listed = result.stderr.split('\n').filter((line) => /^\s+[0-9a-f]{32}\s/.test(line));
    expect(listed).toHaveLength(5);
    expect(listed[0]).toContain(ids[3]);
    expect(await readFile(tasks, 'utf8')).toBe(before);
    expect((await runCli(['capture', '--report', dir, '--golden', tasks])).code).toBe(2);
    const ambiguous = await runCli(['capture', '--report', dir, '--trace', '0000500', '--golden', tasks]);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toMatch(/trace id prefix "0000500" matches 7 runs .*: give more characters/);
  });

  it('refuses when the original case is gone or the run has no answer to use', async () => {
    const id = traceId();
    const { dir, tasks } = await reportFixture({ runs: [{ caseId: 'chitchat', answer: '', traceId: id, trace: { stopReason: 'max_steps' } }] });
    const noAnswer = await runCli(['capture', '--report', dir, '--trace', id, '--golden', tasks, '--use-output-as-expected']);
    expect(noAnswer.code).toBe(2);
    expect(noAnswer.stderr).toMatch(/no final answer to use as expected/);
    await writeFile(tasks, '- id: other\n  prompt: hi\n');
    const gone = await runCli(['capture', '--report', dir, '--trace', id, '--golden', tasks]);
    expect(gone.code).toBe(2);
    expect(gone.stderr).toMatch(/case `chitchat` of trace .* is not in .* any more/);
  });
});

describe('captureCase', () => {
  const run = (caseId: string, id = 'ab'.repeat(16)) => ({
    caseId,
    model: 'm',
    repeat: 0,
    trace: { traceId: id, finalAnswer: 'out', stopReason: 'answer' },
    scores: [],
    passed: false,
    negative: false,
    cached: false,
    outcome: 'scored',
  }) as unknown as Parameters<typeof captureCase>[2];

  it('keeps an indented list, CRLF-free comments and a file without a final newline', () => {
    const text = '# top\n  - id: a\n    prompt: hi   # keep me\n    scorers: [answered]';
    const result = captureCase(text, 'tasks.yaml', run('a'));
    expect(result.text.startsWith(`${text}\n`)).toBe(true);
    expect(result.rerendered).toBe(false);
    expect(result.text).toContain('\n  - id: a-abababab\n    prompt: hi # keep me\n');
    expect(parseGoldenSet(result.text, 'tasks.yaml').cases.map((c) => c.id)).toEqual(['a', 'a-abababab']);
  });

  it('resolves shared fields (<<: *anchor) into the copy', () => {
    const text = '- &base\n  id: a\n  prompt: hi\n  expect_tool: t\n- <<: *base\n  id: b\n';
    const result = captureCase(text, 'tasks.yaml', run('b'));
    expect(result.text.startsWith(text)).toBe(true);
    const captured = parseGoldenSet(result.text, 'tasks.yaml').cases.at(-1)!;
    expect(captured).toMatchObject({ id: 'b-abababab', prompt: 'hi', expect_tool: 't', expected: EXPECTED_PLACEHOLDER });
  });

  it('falls back to re-rendering a flow-style list, keeping comments', () => {
    const text = '# cases\n[{id: a, prompt: hi}]\n';
    const result = captureCase(text, 'tasks.yaml', run('a'));
    expect(result.rerendered).toBe(true);
    expect(result.text).toContain('# cases');
    expect(parseGoldenSet(result.text, 'tasks.yaml').cases.map((c) => c.id)).toEqual(['a', 'a-abababab']);
  });

  it('derives ids that are unique', () => {
    const trace = '0123456789abcdef'.repeat(2);
    expect(newCaseId('c', trace, new Set())).toBe('c-01234567');
    expect(newCaseId('c', trace, new Set(['c-01234567']))).toBe('c-0123456789ab');
    expect(newCaseId('c', trace, new Set(['c-01234567', 'c-0123456789ab', 'c-0123456789abcdef', `c-${trace}`]))).toBe(`c-${trace}-2`);
  });
});

describe('capture in a temp project', () => {
  it('finds the golden file the report names', async () => {
    const id = traceId();
    const { dir, tasks } = await reportFixture({ runs: [{ ...WRONG, traceId: id }] });
    const result = await runCli(['capture', '--report', join(dir, 'report.json'), '--trace', id]);
    expect(result.code).toBe(0);
    expect((await loadGoldenSet(tasks)).cases).toHaveLength(3);
  });
});
