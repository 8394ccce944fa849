import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, caseHash, goldenSetHash } from '../../src/core/golden/hash.js';
import { parseGoldenSet } from '../../src/core/golden/load.js';
import type { GoldenCase } from '../../src/core/golden/types.js';

const BLOCK = `- id: weather-basic
  prompt: "What's the weather in Seattle right now?"
  expect_tool: get_weather
  expect_args:
    location: "Seattle, WA"
    units: metric
  arg_match:
    location: semantic
  runs: 5
`;

// The same case: other key order, flow style, comments, blank lines, another quoting, full arg_match form.
const REFORMATTED = `# weather

- arg_match: {location: {mode: semantic}}   # shorthand expanded
  expect_args: {units: metric, location: 'Seattle, WA'}


  runs: 5
  expect_tool: "get_weather"
  prompt: What's the weather in Seattle right now?
  id: weather-basic
`;

const one = (text: string): GoldenCase => parseGoldenSet(text, 'tasks.yaml').cases[0];

describe('canonicalJson', () => {
  it('sorts keys recursively, keeps array order, writes no whitespace, drops undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: true, y: null }], c: 'x' }, u: undefined })).toBe('{"a":{"c":"x","d":[3,{"y":null,"z":true}]},"b":1}');
    expect(canonicalJson([undefined, 'a'])).toBe('[null,"a"]');
    expect(canonicalJson('tab\there')).toBe('"tab\\there"');
  });

  it('is the same for equal values whatever their key order', () => {
    expect(canonicalJson({ x: 1, y: { p: 1, q: 2 } })).toBe(canonicalJson({ y: { q: 2, p: 1 }, x: 1 }));
  });
});

describe('caseHash', () => {
  it('is sha256 hex of the canonical case without location, runs and source_trace_id', () => {
    const c = one(BLOCK);
    const { location: _l, runs: _r, ...rest } = c;
    expect(caseHash(c)).toBe(createHash('sha256').update(canonicalJson(rest)).digest('hex'));
  });

  it('is stable under key order, style, comments, whitespace and shorthand', () => {
    const a = one(BLOCK);
    const b = one(REFORMATTED);
    expect(b.location.line).not.toBe(a.location.line);
    expect(caseHash(b)).toBe(caseHash(a));
    expect(goldenSetHash({ cases: [b] })).toBe(goldenSetHash({ cases: [a] }));
    expect(parseGoldenSet(REFORMATTED, 'other.yaml').hash).toBe(parseGoldenSet(BLOCK, 'tasks.yaml').hash);
  });

  it('changes when the prompt changes', () => {
    const edited = one(BLOCK.replace('right now', 'today'));
    expect(caseHash(edited)).not.toBe(caseHash(one(BLOCK)));
  });

  it('changes when an expectation changes', () => {
    expect(caseHash(one(BLOCK.replace('units: metric', 'units: imperial')))).not.toBe(caseHash(one(BLOCK)));
    expect(caseHash(one(BLOCK.replace('location: semantic', 'location: exact')))).not.toBe(caseHash(one(BLOCK)));
  });

  it('does not change with runs, location or source_trace_id', () => {
    const base = one(BLOCK);
    expect(caseHash(one(BLOCK.replace('runs: 5', 'runs: 10')))).toBe(caseHash(base));
    expect(caseHash(one(BLOCK.replace('  runs: 5\n', '')))).toBe(caseHash(base));
    expect(caseHash({ ...base, location: { file: 'elsewhere.yaml', line: 40, column: 3 } })).toBe(caseHash(base));
    expect(caseHash({ ...base, source_trace_id: 'trace-123' })).toBe(caseHash(base));
  });

  it('differs between cases of one file, so one edited case re-runs alone', () => {
    const set = parseGoldenSet(`${BLOCK}- id: other\n  prompt: Something else\n`, 'tasks.yaml');
    const [first, second] = set.cases.map(caseHash);
    expect(first).not.toBe(second);
    const edited = parseGoldenSet(`${BLOCK}- id: other\n  prompt: Something new\n`, 'tasks.yaml');
    expect(caseHash(edited.cases[0])).toBe(first);
    expect(caseHash(edited.cases[1])).not.toBe(second);
  });
});

describe('goldenSetHash', () => {
  it('covers every case field but locations (runs included: it is the set as written)', () => {
    const base = parseGoldenSet(BLOCK, 'tasks.yaml');
    expect(base.hash).toBe(goldenSetHash(base));
    expect(parseGoldenSet(BLOCK.replace('runs: 5', 'runs: 3'), 'tasks.yaml').hash).not.toBe(base.hash);
    expect(parseGoldenSet(`\n\n${BLOCK}`, 'tasks.yaml').hash).toBe(base.hash);
  });
});
