import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileLinear, RegexRefused } from '../../src/core/conformance/linear-regex.js';
import { analyzeSchema, validateInstance } from '../../src/core/conformance/tool-schema.js';
import { runCliProcess } from '../helpers/cli-process.js';
import { REFERENCE_SERVER } from '../helpers/conformance.js';

/**
 * Issue 11 item 1: a regular expression from the server runs on a linear-time engine. On a
 * backtracking engine `^(a+)+$` against 37 a and a mismatch takes 2^37 steps: the CLI, run in a
 * child process so that a hang cannot stall the test worker, would be killed at the deadline.
 */
describe('server regexes (ReDoS)', () => {
  for (const [name, only] of [
    ['redos-output', 'tool-call-result-shape'],
    ['redos-input', 'tool-invalid-arguments-rejected,tool-schemas-valid'],
  ] as const) {
    it(`--break=${name}: the conformance run ends with a report`, async () => {
      const out = mkdtempSync(join(tmpdir(), 'mcp-evals-redos-'));
      const command = `node ${JSON.stringify(REFERENCE_SERVER)} --break=${name}`;
      const result = await runCliProcess(['conformance', '--command', command, '--call-tools', 'all', '--only', only, '--out', out], { timeoutMs: 25_000 });
      expect(result.timedOut, result.stderr.slice(-2000)).toBe(false);
      expect([0, 1]).toContain(result.code);
      const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as { conformance: { checks: Array<{ id: string; status: string }> } };
      expect(report.conformance.checks.map((check) => check.id)).toEqual(expect.arrayContaining(only.split(',')));
    });
  }

  it('validates a long mismatch against a catastrophic pattern (unit)', () => {
    const schema = { type: 'object', properties: { word: { type: 'string', pattern: '^(a+)+$' } }, patternProperties: { '^(b+)+$': { type: 'string' } } };
    expect(validateInstance(schema, { word: `${'a'.repeat(5000)}!` }).errors).toEqual(['/word must match pattern "^(a+)+$"']);
    expect(validateInstance(schema, { [`${'b'.repeat(5000)}!`]: 1 }).errors).toEqual([]);
    expect(validateInstance(schema, { word: 'aaa' }).errors).toEqual([]);
  });

  it('refuses a pattern that needs backtracking, and says the rest was checked', () => {
    expect(() => compileLinear('^(a)\\1$')).toThrow(RegexRefused);
    const schema = { type: 'object', properties: { word: { type: 'string', pattern: '^a(?=b)' }, n: { type: 'number' } } };
    expect(analyzeSchema(schema).regexWarning).toMatch(/cannot run on a linear-time \(RE2\) engine/);
    const checked = validateInstance(schema, { word: 'zzz', n: 'x' });
    expect(checked.errors).toEqual(['/n must be number']);
    expect(checked.partial).toMatch(/\^a\(\?=b\).*not checked/);
  });

  it('keeps ECMA-262 syntax the schemas use (\\u escapes, classes, named groups)', () => {
    expect(compileLinear('^\\u00e9[\\w.-]+$').test('éa-b')).toBe(true);
    expect(compileLinear('^(?<year>\\d{4})-\\d{2}$').test('2026-07')).toBe(true);
    expect(compileLinear('^\\p{Lu}').test('Émile')).toBe(true);
    expect(() => compileLinear('[')).toThrow(SyntaxError);
  });
});
