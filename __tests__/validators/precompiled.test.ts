import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { analyzeSchema } from '../../src/core/conformance/tool-schema.js';
import { RESULT_DEFINITIONS, SpecSchemas } from '../../src/core/conformance/spec-schemas.js';
import { reportViolations } from '../../src/core/report/schema.js';
import { loadPrecompiled, precompiledReport, precompiledSpec } from '../../src/core/validators/precompiled.js';
import { makeReport } from '../report/fixture.js';

/**
 * Issue 11 item 6: compiling report.schema.json, the spec's result definitions and the meta-schemas
 * cost about a third of a conformance run's CPU. They are generated at build time (ajv standalone,
 * src/core/validators/standalone.ts) and a run compiles none of them while the schema files are the
 * ones they were generated from.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const schemaText = (file: string) => readFileSync(join(ROOT, 'schemas', file), 'utf8');

// Issue 12 item 10: standalone.ts is a megabyte of code the action's cold start must not parse; it
// loads on demand (a conformance run starts loading it while its server starts).
describe('before loadPrecompiled() (the action cold start has not parsed them)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('the accessors answer undefined and the callers compile instead, with the same verdicts', () => {
    expect(precompiledReport(schemaText('report.schema.json'))).toBeUndefined();
    expect(precompiledSpec('2026-07-28', 'CallToolResult', schemaText('schema-2026-07-28.json'))).toBeUndefined();
    const compile = vi.spyOn(Ajv2020.prototype, 'compile');
    const bad = JSON.parse(JSON.stringify(makeReport())) as { conformance: { checks: Array<{ status: string }> } };
    bad.conformance.checks[1].status = 'bogus';
    expect(reportViolations(bad)).toContain('/conformance/checks/1/status must be equal to one of the allowed values ("pass", "fail", "warn", "skip")');
    expect(compile).toHaveBeenCalled();
    expect(analyzeSchema({ type: 'object', properties: { a: { type: 'nope' } } }).metaErrors?.length).toBeGreaterThan(0);
  });
});

describe('precompiled validators', () => {
  beforeAll(() => loadPrecompiled());
  afterEach(() => vi.restoreAllMocks());

  it('are generated from the schema files as they are now (npm run build regenerates them)', () => {
    expect(() => execFileSync(process.execPath, [join(ROOT, 'src/core/validators/generate.mjs'), '--check'], { stdio: 'pipe' })).not.toThrow();
  });

  it('validate a report, the spec results and tool schemas without compiling any schema', () => {
    const compile = vi.spyOn(Ajv2020.prototype, 'compile');
    const getSchema = vi.spyOn(Ajv2020.prototype, 'getSchema');
    expect(reportViolations(JSON.parse(JSON.stringify(makeReport())))).toEqual([]);
    const bad = JSON.parse(JSON.stringify(makeReport())) as { conformance: { checks: Array<{ status: string }> } };
    bad.conformance.checks[1].status = 'bogus';
    expect(reportViolations(bad)).toContain('/conformance/checks/1/status must be equal to one of the allowed values ("pass", "fail", "warn", "skip")');
    const schemas = new SpecSchemas();
    for (const era of ['2026-07-28', '2025-11-25'] as const) {
      const complete = era === '2026-07-28' ? { resultType: 'complete' } : {};
      expect(schemas.validate(era, 'CallToolResult', { ...complete, content: [{ type: 'text', text: 'hi' }] })).toEqual([]);
      expect(schemas.validate(era, 'CallToolResult', { ...complete, content: [{ type: 'text' }] }).join('\n')).toMatch(/\/content\/0 must have required property 'text'/);
    }
    expect(compile).not.toHaveBeenCalled();
    // A tool's schema is the server's own and is compiled; the meta-schema it is checked against is not.
    expect(analyzeSchema({ type: 'object', properties: { a: { type: 'nope' } } }).metaErrors?.length).toBeGreaterThan(0);
    expect(compile).toHaveBeenCalledTimes(1);
    expect(getSchema).not.toHaveBeenCalled();
  });

  it('cover every definition the checks validate results against, in both eras', () => {
    const wanted = [...new Set([...Object.values(RESULT_DEFINITIONS), 'InputRequiredResult'])];
    for (const era of ['2026-07-28', '2025-11-25'] as const) {
      const text = schemaText(`schema-${era}.json`);
      const defs = Object.keys((JSON.parse(text) as { $defs: Record<string, unknown> }).$defs);
      for (const definition of wanted.filter((name) => defs.includes(name))) expect(precompiledSpec(era, definition, text), `${era} ${definition}`).toBeDefined();
    }
  });

  it('are not used once a schema file differs from the one they were generated from', () => {
    const text = schemaText('report.schema.json');
    expect(precompiledReport(text)).toBeDefined();
    expect(precompiledReport(text.replace('"schemaVersion"', '"schemaVersion" '))).toBeUndefined();
    expect(precompiledSpec('2026-07-28', 'CallToolResult', `${schemaText('schema-2026-07-28.json')}\n`)).toBeUndefined();
  });
});
