import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Status } from '../conformance/types.js';
import { ConfigurationError } from '../errors.js';
import { schemasDir } from '../paths.js';
import type { CaseResult, Metrics, Report, TelemetrySection } from '../report/types.js';
import type { SurfaceBaseline } from '../surface/analyze.js';

export { DEFAULT_BASELINE_FILE } from './defaults.js';

/**
 * The approved baseline: what `mcp-evals baseline accept` writes and a repository commits
 * (`.mcp-evals/baseline.json`). It moves only when a person accepts a new one, so it cannot
 * drift downwards the way "the last green run" does; floors apply on top of it.
 */

export const BASELINE_SCHEMA_VERSION = 1;
export const BASELINE_SCHEMA_FILE = 'baseline.schema.json';

/** One case on one model in the accepted run, as k/n. */
export interface BaselineCase {
  /** k. */
  passed: number;
  /** n: passed + failed (the observations; errored, abstained and not-run runs are not). */
  decided: number;
  /** passed / decided, null when nothing was decided. */
  passRate: number | null;
  kind?: 'hard' | 'soft';
  floor?: number;
  /** false: the baseline accepted a case that was below its floor. */
  meetsFloor?: boolean | null;
}

export interface Baseline {
  schemaVersion: typeof BASELINE_SCHEMA_VERSION;
  /** ISO 8601. */
  acceptedAt: string;
  acceptedBy?: string;
  commit?: string;
  /** Which run it was taken from, for people. */
  source: string;
  server: { name?: string; version?: string };
  /** null when the behaviour layer did not run. */
  toolsHash: string | null;
  /** Check id → status. */
  conformance: Record<string, Status>;
  /** `${caseId}@${modelId}` → k/n. */
  cases: Record<string, BaselineCase>;
  models: string[];
  metrics: { overall: Metrics; perModel: Record<string, Metrics> };
  /** Definition pins and token total of the tool surface (src/core/surface), when it ran. */
  surface?: SurfaceBaseline;
  /** Layer 3 of the accepted run (when it had traces): the baseline marks of report.html's latency and cost charts. */
  telemetry?: BaselineTelemetry;
}

export interface BaselineTelemetry {
  perTool: Record<string, { p95Ms: number | null }>;
  perModel: Record<string, { p95Ms: number | null; costPerRunUsd: number | null; inputTokensPerRun: number; outputTokensPerRun: number }>;
}

export interface BaselineMeta {
  acceptedAt: Date;
  acceptedBy?: string;
  commit?: string;
  /** Overrides the label derived from the report's header. */
  source?: string;
}

/** The key of a case on a model. Case ids cannot contain `@` (tasks.yaml's id pattern), so the first `@` splits it. */
export function caseKey(caseId: string, model: string): string {
  return `${caseId}@${model}`;
}

export function splitCaseKey(key: string): { caseId: string; model: string } {
  const at = key.indexOf('@');
  return at === -1 ? { caseId: key, model: '' } : { caseId: key.slice(0, at), model: key.slice(at + 1) };
}

/** passed + failed: the runs that count as observations. */
export function decidedRuns(result: Pick<CaseResult, 'passed' | 'failed'>): number {
  return result.passed + result.failed;
}

/** The baseline a report would become if accepted. */
export function baselineFromReport(report: Report, meta: BaselineMeta): Baseline {
  const { header, conformance, behaviour } = report;
  const cases: Record<string, BaselineCase> = {};
  for (const result of behaviour?.results ?? []) {
    const decided = decidedRuns(result);
    cases[caseKey(result.id, result.model)] = {
      passed: result.passed,
      decided,
      passRate: decided > 0 ? result.passed / decided : null,
      kind: result.kind,
      floor: result.floor,
      meetsFloor: result.meetsFloor,
    };
  }
  const checks: Record<string, Status> = {};
  for (const check of conformance?.checks ?? []) checks[check.id] = check.status;

  const models = behaviour ? unique([...behaviour.models.map((model) => model.id), ...behaviour.results.map((result) => result.model)]) : [];
  const server: Baseline['server'] = {};
  if (header.server.name !== undefined) server.name = header.server.name;
  if (header.server.version !== undefined) server.version = header.server.version;

  const baseline: Baseline = {
    schemaVersion: BASELINE_SCHEMA_VERSION,
    acceptedAt: meta.acceptedAt.toISOString(),
    source: meta.source ?? defaultSource(report),
    server,
    toolsHash: behaviour?.tools.hash ?? null,
    conformance: checks,
    cases,
    models,
    metrics: { overall: { ...(behaviour?.metrics.overall ?? {}) }, perModel: { ...(behaviour?.metrics.perModel ?? {}) } },
  };
  if (report.surface) baseline.surface = { pins: report.surface.pins, tokens: report.surface.cost.openai };
  if (report.telemetry) baseline.telemetry = baselineTelemetry(report.telemetry);
  if (meta.acceptedBy !== undefined && meta.acceptedBy !== '') baseline.acceptedBy = meta.acceptedBy;
  if (meta.commit !== undefined && meta.commit !== '') baseline.commit = meta.commit;
  return baseline;
}

function baselineTelemetry(telemetry: TelemetrySection): BaselineTelemetry {
  const perRun = (total: number, runs: number) => (runs > 0 ? Math.round((total / runs) * 1000) / 1000 : 0);
  return {
    perTool: Object.fromEntries(Object.entries(telemetry.perTool).map(([name, tool]) => [name, { p95Ms: tool.latencyMs.p95 }])),
    perModel: Object.fromEntries(
      Object.entries(telemetry.perModel).map(([id, model]) => [
        id,
        { p95Ms: model.latencyMs.p95, costPerRunUsd: model.costPerRunUsd, inputTokensPerRun: perRun(model.tokens.inputTotal, model.runs), outputTokensPerRun: perRun(model.tokens.outputTotal, model.runs) },
      ]),
    ),
  };
}

/** `mcp-evals 0.1.0 run of 2026-08-01T12:00:00.000Z (abc123)`. */
function defaultSource(report: Report): string {
  const { tool, startedAt, experiment } = report.header;
  return `${tool.name} ${tool.version} run of ${startedAt}${experiment ? ` (${experiment})` : ''}`;
}

/** A baseline file's text, validated; every mistake is a ConfigurationError naming the file. */
export function parseBaseline(text: string, file: string): Baseline {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new ConfigurationError(`not valid JSON: ${message} (re-create it with \`mcp-evals baseline accept\`)`, { file, ...jsonErrorPosition(text, message) });
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const version = (value as Record<string, unknown>).schemaVersion;
    if (typeof version === 'number' && version > BASELINE_SCHEMA_VERSION) {
      throw new ConfigurationError(`baseline schemaVersion ${version} was written by a newer mcp-evals (this one reads version ${BASELINE_SCHEMA_VERSION}): upgrade mcp-evals`, { file });
    }
  }
  const validate = validator();
  if (!validate(value)) {
    const errors = validate.errors ?? [];
    const listed = errors.slice(0, MAX_LISTED).map(describeError);
    const more = errors.length > MAX_LISTED ? [`…and ${errors.length - MAX_LISTED} more`] : [];
    throw new ConfigurationError(`not a valid mcp-evals baseline: ${[...listed, ...more].join('; ')}`, { file });
  }
  const baseline = value as Baseline;
  const problems: string[] = [];
  for (const [key, entry] of Object.entries(baseline.cases)) {
    if (entry.passed > entry.decided) problems.push(`/cases/${key}: passed (${entry.passed}) exceeds decided (${entry.decided})`);
    if ((entry.decided === 0) !== (entry.passRate === null)) problems.push(`/cases/${key}: passRate must be null exactly when decided is 0`);
    else if (entry.passRate !== null && Math.abs(entry.passRate - entry.passed / entry.decided) > 1e-6) {
      problems.push(`/cases/${key}: passRate ${entry.passRate} is not passed / decided (${entry.passed}/${entry.decided})`);
    }
  }
  if (problems.length > 0) throw new ConfigurationError(`not a valid mcp-evals baseline: ${problems.slice(0, MAX_LISTED).join('; ')}`, { file });
  return baseline;
}

/** At most this many violations are listed in one message. */
const MAX_LISTED = 10;

// ajv-formats is CommonJS: its default export arrives wrapped under ESM.
type AddFormats = (ajv: Ajv2020) => unknown;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ?? addFormatsModule) as unknown as AddFormats;

let compiled: ValidateFunction | undefined;

function validator(): ValidateFunction {
  if (!compiled) {
    const schema = JSON.parse(readFileSync(join(schemasDir(), BASELINE_SCHEMA_FILE), 'utf8')) as Record<string, unknown>;
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
    addFormats(ajv);
    compiled = ajv.compile(schema);
  }
  return compiled;
}

function describeError(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const detail =
    'additionalProperty' in params ? ` (${String(params.additionalProperty)})`
    : 'allowedValues' in params ? ` (${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')})`
    : 'propertyName' in params ? ` (${JSON.stringify(params.propertyName)})`
    : '';
  return `${error.instancePath || '/'} ${error.message ?? 'is invalid'}${detail}`;
}

/** Line and column of a JSON.parse error, from the `position N` (or `line L column C`) it names. */
function jsonErrorPosition(text: string, message: string): { line?: number; column?: number } {
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn) return { line: Number(lineColumn[1]), column: Number(lineColumn[2]) };
  const position = /position (\d+)/.exec(message);
  if (!position) return {};
  const offset = Math.min(Number(position[1]), text.length);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
