import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { schemasDir } from '../paths.js';
import { loadPrecompiled, precompiledReport, type Validator } from '../validators/precompiled.js';
import type { Report } from './types.js';

// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
type AddFormats = (ajv: Ajv2020) => unknown;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? addFormatsModule) as unknown as AddFormats;

export const REPORT_SCHEMA_FILE = 'report.schema.json';

/** At most this many violations are listed in one message. */
const MAX_LISTED = 20;

let compiled: Validator | undefined;

/**
 * The JSON Schema of report.json (schemas/report.schema.json) as a validator, once per process: the
 * one generated at build time, or compiled here when the schema file has changed since.
 */
function validator(): Validator {
  if (!compiled) {
    const text = readFileSync(join(schemasDir(), REPORT_SCHEMA_FILE), 'utf8');
    compiled = precompiledReport(text) ?? compile(JSON.parse(text) as Record<string, unknown>);
  }
  return compiled;
}

function compile(schema: Record<string, unknown>): Validator {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  return ajv.compile(schema);
}

/**
 * Everything wrong with a report.json value (empty when it is valid): violations of the
 * JSON Schema, then invariants a schema cannot express (summary counts, unique check ids).
 */
export function reportViolations(value: unknown): string[] {
  const validate = validator();
  if (!validate(value)) return (validate.errors ?? []).map(describeError);
  return invariantViolations(value as Report);
}

/**
 * reportViolations of a report read from a file (merge, baseline, the gate of `layers: none`): the
 * validator generated at build time is loaded first, so that no reader compiles the schema with ajv.
 */
export async function readReportViolations(value: unknown): Promise<string[]> {
  await loadPrecompiled();
  return reportViolations(value);
}

function describeError(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const detail =
    'additionalProperty' in params ? ` (${String(params.additionalProperty)})`
    : 'allowedValues' in params ? ` (${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')})`
    : '';
  return `${error.instancePath || '/'} ${error.message ?? 'is invalid'}${detail}`;
}

function invariantViolations(report: Report): string[] {
  const section = report.conformance;
  if (!section) return [];
  const problems: string[] = [];
  const counts = { pass: 0, fail: 0, warn: 0, skip: 0 };
  const seen = new Set<string>();
  section.checks.forEach((check, index) => {
    counts[check.status] += 1;
    if (seen.has(check.id)) problems.push(`/conformance/checks/${index} repeats the check id ${check.id}`);
    seen.add(check.id);
  });
  for (const status of ['pass', 'fail', 'warn', 'skip'] as const) {
    if (section.summary[status] !== counts[status]) problems.push(`/conformance/summary/${status} is ${section.summary[status]} but ${counts[status]} checks have status ${status}`);
  }
  if (section.summary.total !== section.checks.length) problems.push(`/conformance/summary/total is ${section.summary.total} but there are ${section.checks.length} checks`);
  return problems;
}

/** Formats violations for an error message: the first few, then how many more. */
export function listViolations(violations: string[]): string {
  const listed = violations.slice(0, MAX_LISTED).map((violation) => `  - ${violation}`);
  if (violations.length > MAX_LISTED) listed.push(`  - … and ${violations.length - MAX_LISTED} more`);
  return listed.join('\n');
}
