import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/core/errors.js';
import { loadGoldenSet, parseGoldenSet } from '../../src/core/golden/load.js';
import { InvalidFileError } from '../../src/core/golden/yaml-source.js';

const README_EXAMPLE = `- id: weather-basic
  prompt: "What's the weather in Seattle right now?"
  expect_tool: get_weather
  expect_args: {location: "Seattle, WA"}
  arg_match: {location: semantic}
- id: multi-step-invoice
  prompt: "Find last month's invoice for Acme and email it to finance."
  expect_sequence: [search_invoices, send_email]   # order is asserted
- id: negative-chitchat
  prompt: "Thanks, that's all I needed."
  expect_tool: null                                 # over-trigger check
`;

/** The ConfigurationError a text raises (fails the test when it raises none). */
function errorOf(text: string, file = 'tasks.yaml'): ConfigurationError {
  try {
    parseGoldenSet(text, file);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return error as ConfigurationError;
  }
  throw new Error('expected a ConfigurationError');
}

function problemsOf(text: string): string[] {
  const error = errorOf(text);
  return error instanceof InvalidFileError ? error.problems.map((p) => `${p.location.file}:${p.location.line}:${p.location.column}: ${p.message}`) : [error.message];
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-evals-golden-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the README example', () => {
  it('loads as written', async () => {
    const file = join(dir, 'tasks.yaml');
    await writeFile(file, README_EXAMPLE);
    const set = await loadGoldenSet(file);
    expect(set.file).toBe(file);
    expect(set.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(set.cases.map((c) => c.id)).toEqual(['weather-basic', 'multi-step-invoice', 'negative-chitchat']);

    const [weather, invoice, negative] = set.cases;
    expect(weather).toEqual({
      id: 'weather-basic',
      prompt: "What's the weather in Seattle right now?",
      expect_tool: 'get_weather',
      expect_args: { location: 'Seattle, WA' },
      arg_match: { location: { mode: 'semantic' } },
      location: { file, line: 1, column: 1 },
    });
    expect(invoice.expect_sequence).toEqual(['search_invoices', 'send_email']);
    expect('expect_tool' in invoice).toBe(false);
    expect(invoice.location).toEqual({ file, line: 6, column: 1 });
    expect(negative.expect_tool).toBeNull();
    expect('expect_tool' in negative).toBe(true);
    expect(negative.location).toEqual({ file, line: 9, column: 1 });
  });

  it('parses the same without I/O', () => {
    const set = parseGoldenSet(README_EXAMPLE, 'tasks.yaml');
    expect(set.cases).toHaveLength(3);
    expect(set.cases[2].location).toEqual({ file: 'tasks.yaml', line: 9, column: 1 });
  });
});

describe('locations', () => {
  it('point at the dash of each item, wherever the list is indented or the content starts', () => {
    const set = parseGoldenSet(
      ['# cases', '', '  - id: a', '    prompt: p', '  -', '    # a comment', '    id: b', '    prompt: q', '  - {id: c, prompt: r}', ''].join('\n'),
      'tasks.yaml',
    );
    expect(set.cases.map((c) => [c.location.line, c.location.column])).toEqual([
      [3, 3],
      [5, 3],
      [9, 3],
    ]);
  });
});

describe('Windows files', () => {
  it('a byte-order mark and CRLF line ends change no position', () => {
    const text = '\uFEFF- id: a\r\n  prompt: p\r\n-\r\n  # c\r\n  id: b\r\n  prompt: q\r\n';
    expect(parseGoldenSet(text, 'tasks.yaml').cases.map((c) => c.location.line)).toEqual([1, 3]);
    expect(errorOf(`${text}  tier: x\r\n`).message).toBe(
      'tasks.yaml:7:9: case "b": tier must be one of basic, chain, conditional, exception, parallel; got "x"',
    );
  });
});

describe('mistakes: each gives file:line:column and a precise message', () => {
  it('unknown field, with a suggestion', () => {
    const error = errorOf(
      ['- id: weather-basic', '  prompt: "Weather?"', '  expect_tool: get_weather', '  expect_arg: {location: Seattle}', ''].join('\n'),
    );
    expect(error.message).toBe('tasks.yaml:4:3: case "weather-basic": unknown field "expect_arg" (did you mean "expect_args"?)');
    expect(error.location).toEqual({ file: 'tasks.yaml', line: 4, column: 3 });
  });

  it('unknown field in camelCase, and a note field', () => {
    expect(problemsOf(['- id: a', '  prompt: p', '  expectTool: x', '  notes: flaky on Tuesdays', ''].join('\n'))).toEqual([
      'tasks.yaml:3:3: case "a": unknown field "expectTool" (did you mean "expect_tool"?)',
      'tasks.yaml:4:3: case "a": unknown field "notes" (for notes, use a YAML comment: # ...)',
    ]);
  });

  it('unknown option inside an arg_match mapping', () => {
    const error = errorOf(
      ['- id: a', '  prompt: p', '  expect_tool: t', '  expect_args: {city: Paris}', '  arg_match:', '    city: {mode: fuzzy, treshold: 0.5}', ''].join('\n'),
    );
    expect(error.message).toBe('tasks.yaml:6:25: case "a": unknown field "treshold" in arg_match.city (did you mean "threshold"?)');
  });

  it('wrong type', () => {
    expect(errorOf(['- id: a', '  prompt: p', '  max_steps: eight', ''].join('\n')).message).toBe(
      'tasks.yaml:3:14: case "a": max_steps must be a whole number, got a string',
    );
    expect(errorOf(['- id: a', '  prompt: p', '  expected: 42', ''].join('\n')).message).toBe(
      'tasks.yaml:3:13: case "a": expected must be a string, got 42; quote it to make it text: "42"',
    );
    expect(errorOf(['- id: a', '  prompt: p', '  runs: "5"', ''].join('\n')).message).toBe(
      'tasks.yaml:3:9: case "a": runs must be a whole number, got a string; remove the quotes to make it a number',
    );
  });

  it('out of range', () => {
    expect(errorOf(['- id: a', '  prompt: p', '  max_steps: 0', ''].join('\n')).message).toBe(
      'tasks.yaml:3:14: case "a": max_steps must be a whole number from 1 to 100, got 0',
    );
  });

  it('bad enum, with a suggestion', () => {
    expect(errorOf(['- id: a', '  prompt: p', '  tier: chian', ''].join('\n')).message).toBe(
      'tasks.yaml:3:9: case "a": tier must be one of basic, chain, conditional, exception, parallel; got "chian" (did you mean "chain"?)',
    );
    expect(errorOf(['- id: a', '  prompt: p', '  expect_tool: t', '  expect_args: {x: 1}', '  arg_match: {x: semantik}', ''].join('\n')).message).toBe(
      'tasks.yaml:5:18: case "a": arg_match.x must be one of exact, fuzzy, regex, number, any_of, present, ignore, semantic; got "semantik" (did you mean "semantic"?)',
    );
  });

  it('bad id and missing prompt', () => {
    expect(problemsOf(['- id: has space', '  prompt: p', '- id: b', ''].join('\n'))).toEqual([
      'tasks.yaml:1:7: case "has space": id must start with a letter or digit and hold only letters, digits, ".", "_" and "-"',
      'tasks.yaml:3:1: case "b": missing required field "prompt"',
    ]);
  });

  it('a case that is not a mapping', () => {
    expect(errorOf(['- id: a', '  prompt: p', '- just a string', ''].join('\n')).message).toBe('tasks.yaml:3:3: case #2: must be a mapping, got a string');
  });

  it('duplicate id names both lines', () => {
    const error = errorOf(['- id: same', '  prompt: one', '- id: other', '  prompt: two', '- id: same', '  prompt: three', ''].join('\n'));
    expect(error.message).toBe(
      'tasks.yaml:5:7: duplicate case id "same" at lines 1 and 5 (ids must be unique: they key the cache, the baseline and the report)',
    );
  });

  it('YAML syntax errors', () => {
    const unclosed = errorOf(['- id: a', '  prompt: "never closed', '- id: b', ''].join('\n'));
    expect(unclosed.message).toBe('tasks.yaml:2:11: invalid YAML: a double-quoted string is never closed (missing ")');
    const nested = errorOf(['- id: a', '  prompt: p: q', ''].join('\n'));
    expect(nested.message).toBe('tasks.yaml:2:11: invalid YAML: Nested mappings are not allowed in compact mappings');
    const duplicateKey = errorOf(['- id: a', '  prompt: p', '  prompt: q', ''].join('\n'));
    expect(duplicateKey.message).toBe('tasks.yaml:3:3: duplicate key "prompt" (each key may appear once in a mapping)');
    const alias = errorOf(['- id: a', '  prompt: *nowhere', ''].join('\n'));
    expect(alias.message).toBe('tasks.yaml:2:11: invalid YAML: alias *nowhere refers to no anchor (&nowhere)');
  });

  it('arg_match for an argument expect_args does not have', () => {
    const error = errorOf(
      ['- id: a', '  prompt: p', '  expect_tool: get_weather', '  expect_args: {location: Seattle}', '  arg_match: {locaton: semantic, units: present}', ''].join('\n'),
    );
    expect(error.message).toBe(
      'tasks.yaml:5:15: case "a": arg_match names "locaton", which expect_args does not have (did you mean "location"?) (mode semantic compares against the expected value; only present and ignore need none)',
    );
  });

  it('present and ignore need no expected value; regex with a pattern and any_of with values neither', () => {
    const set = parseGoldenSet(
      [
        '- id: a',
        '  prompt: p',
        '  expect_tool: t',
        '  arg_match:',
        '    units: present',
        '    trace: ignore',
        '    date: {mode: regex, pattern: "^\\\\d{4}-\\\\d{2}-\\\\d{2}$"}',
        '    color: {mode: any_of, values: [red, blue]}',
        '',
      ].join('\n'),
      'tasks.yaml',
    );
    expect(set.cases[0].arg_match).toEqual({
      units: { mode: 'present' },
      trace: { mode: 'ignore' },
      date: { mode: 'regex', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
      color: { mode: 'any_of', values: ['red', 'blue'] },
    });
  });

  it('expect_args without expect_tool', () => {
    expect(errorOf(['- id: a', '  prompt: p', '  expect_args: {x: 1}', ''].join('\n')).message).toBe(
      'tasks.yaml:3:3: case "a": expect_args needs expect_tool: the name of the tool whose arguments these are',
    );
  });

  it('a contradictory negative case', () => {
    expect(problemsOf(['- id: neg', '  prompt: p', '  expect_tool: null', '  expect_sequence: [a, b]', '  expect_args: {x: 1}', ''].join('\n'))).toEqual([
      'tasks.yaml:4:3: case "neg": expect_sequence contradicts expect_tool: null (line 3), which says the model must call no tool',
      'tasks.yaml:5:3: case "neg": expect_args contradicts expect_tool: null (line 3), which says the model must call no tool',
    ]);
  });

  it('a regex that does not compile, in a pattern or in the expected value', () => {
    expect(
      problemsOf(
        [
          '- id: a',
          '  prompt: p',
          '  expect_tool: t',
          '  expect_args: {code: "[A-Z"}',
          '  arg_match:',
          '    code: regex',
          '    name: {mode: regex, pattern: "(unclosed"}',
          '',
        ].join('\n'),
      ),
    ).toEqual([
      'tasks.yaml:4:23: case "a": expect_args.code is not a valid regular expression: /[A-Z/: Unterminated character class',
      'tasks.yaml:7:34: case "a": arg_match.name.pattern is not a valid regular expression: /(unclosed/: Unterminated group',
    ]);
  });

  it('an option that does not belong to the mode', () => {
    expect(errorOf(['- id: a', '  prompt: p', '  expect_tool: t', '  expect_args: {n: 3}', '  arg_match: {n: {mode: exact, tolerance: 0.5}}', ''].join('\n')).message).toBe(
      'tasks.yaml:5:32: case "a": arg_match.n: tolerance applies to mode number, not exact',
    );
  });

  it('number mode needs a numeric expected value (numbers or numeric strings, as the matcher reads them)', () => {
    expect(errorOf(['- id: a', '  prompt: p', '  expect_tool: t', '  expect_args: {qty: many}', '  arg_match: {qty: number}', ''].join('\n')).message).toBe(
      'tasks.yaml:4:22: case "a": arg_match.qty is number, so expect_args.qty must be a number',
    );
    const ok = parseGoldenSet(['- id: a', '  prompt: p', '  expect_tool: t', '  expect_args: {qty: "1,250", n: 3, zip: 98101}', '  arg_match: {qty: number, n: {mode: number, tolerance: 1}, zip: regex}', ''].join('\n'), 'tasks.yaml');
    expect(ok.cases[0].arg_match?.n).toEqual({ mode: 'number', tolerance: 1 });
  });

  it('sequence_mode without expect_sequence', () => {
    expect(errorOf(['- id: a', '  prompt: p', '  sequence_mode: set', ''].join('\n')).message).toBe(
      'tasks.yaml:3:3: case "a": sequence_mode applies to expect_sequence, which this case does not have',
    );
  });

  it('an empty file, a comment-only file, an empty list', () => {
    expect(errorOf('').message).toBe('tasks.yaml:1:1: no cases: the file is empty (write a list of cases: `- id: ...` with a `prompt:`)');
    expect(errorOf('# nothing yet\n').message).toMatch(/^tasks\.yaml:1:1: no cases/);
    expect(errorOf('# none\n[]\n').message).toBe('tasks.yaml:2:1: no cases: the list is empty');
  });

  it('a mapping instead of a list', () => {
    expect(errorOf('cases:\n  - id: a\n    prompt: p\n').message).toBe('tasks.yaml:1:1: expected a list of cases: the cases go at the top level as a list, not under `cases:`');
  });
});

describe('several mistakes', () => {
  it('are reported together, sorted by line, the first one as the location', () => {
    const text = [
      '- id: b',
      '  prompt: p',
      '  tier: hardcore',
      '- id: a',
      '  prompt: q',
      '  max_step: 3',
      '- id: b',
      '  prompt: r',
      '  kind: soft',
      '  runs: 0',
      '',
    ].join('\n');
    const error = errorOf(text);
    expect(error).toBeInstanceOf(InvalidFileError);
    const problems = (error as InvalidFileError).problems;
    expect(problems.map((p) => p.location.line)).toEqual([3, 6, 7, 10]);
    expect(error.location).toEqual({ file: 'tasks.yaml', line: 3, column: 9 });
    expect(error.message.split('\n')).toEqual([
      '4 problems in tasks.yaml:',
      'tasks.yaml:3:9: case "b": tier must be one of basic, chain, conditional, exception, parallel; got "hardcore"',
      'tasks.yaml:6:3: case "a": unknown field "max_step" (did you mean "max_steps"?)',
      'tasks.yaml:7:7: duplicate case id "b" at lines 1 and 7 (ids must be unique: they key the cache, the baseline and the report)',
      'tasks.yaml:10:9: case "b": runs must be a whole number from 1 to 100, got 0',
    ]);
  });
});

describe('loading from a file', () => {
  it('reads a rubric given as a path, relative to tasks.yaml', async () => {
    const sub = await mkdtemp(join(dir, 'rubric-'));
    await writeFile(join(sub, 'refund.md'), 'Refunds must cite the policy.\n');
    const file = join(sub, 'tasks.yaml');
    await writeFile(file, ['- id: refund', '  prompt: p', '  rubric: refund.md', '- id: inline', '  prompt: q', '  rubric: Be brief and polite.', ''].join('\n'));
    const set = await loadGoldenSet(file);
    expect(set.cases[0].rubric).toBe('Refunds must cite the policy.\n');
    expect(set.cases[1].rubric).toBe('Be brief and polite.');
  });

  it('reports a rubric file that does not exist at its line', async () => {
    const file = join(dir, 'missing-rubric.yaml');
    await writeFile(file, ['- id: refund', '  prompt: p', '  rubric: rubrics/none.md', ''].join('\n'));
    await expect(loadGoldenSet(file)).rejects.toThrow(`${file}:3:11: case "refund": rubric file "rubrics/none.md" not found`);
  });

  it('a missing file is a configuration error', async () => {
    const file = join(dir, 'nope.yaml');
    await expect(loadGoldenSet(file)).rejects.toBeInstanceOf(ConfigurationError);
    await expect(loadGoldenSet(file)).rejects.toThrow(`${file}: cannot read the golden set: no such file`);
  });

  it('YAML merge keys share fields between cases', () => {
    const set = parseGoldenSet(
      ['- &base', '  id: a', '  prompt: p', '  expect_tool: search', '- <<: *base', '  id: b', ''].join('\n'),
      'tasks.yaml',
    );
    expect(set.cases[1]).toMatchObject({ id: 'b', prompt: 'p', expect_tool: 'search' });
  });
});
