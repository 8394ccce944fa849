import type { CheckResult, Level, Status } from '../../src/core/conformance/types.js';
import { baselineFromReport, type Baseline } from '../../src/core/gate/baseline.js';
import type { CaseResult, Report } from '../../src/core/report/types.js';

export const GOLDEN_FILE = 'tasks.yaml';
export const TOOLS_HASH = 'tools-hash-aaaaaaaaaaaa';
export const NOW = new Date('2026-08-04T12:00:00.000Z');
/** Three days before NOW. */
export const ACCEPTED_AT = new Date('2026-08-01T09:00:00.000Z');

let nextLine = 1;

export interface CaseOptions {
  model?: string;
  kind?: 'hard' | 'soft';
  /** Default: 1 for hard, 0.8 for soft. */
  floor?: number;
  line?: number;
  errored?: number;
  notRun?: number;
  abstained?: number;
  /** A reason the tool-selection scorer gives for its failed runs. */
  reason?: string;
}

/** One case on one model with k of n decided runs passing; meetsFloor and flaky follow from k/n. */
export function kase(id: string, passed: number, decided: number, options: CaseOptions = {}): CaseResult {
  const kind = options.kind ?? 'hard';
  const floor = options.floor ?? (kind === 'hard' ? 1 : 0.8);
  const failed = decided - passed;
  const passRate = decided > 0 ? passed / decided : null;
  const line = options.line ?? nextLine++;
  return {
    id,
    model: options.model ?? 'model-a',
    kind,
    location: { file: `/repo/${GOLDEN_FILE}`, line, column: 3 },
    runs: decided + (options.errored ?? 0) + (options.notRun ?? 0) + (options.abstained ?? 0),
    passed,
    failed,
    abstained: options.abstained ?? 0,
    errored: options.errored ?? 0,
    notRun: options.notRun ?? 0,
    passRate,
    floor,
    meetsFloor: passRate === null ? null : passRate >= floor - 1e-9,
    flaky: passed > 0 && failed > 0,
    passHatK: passRate === null ? null : passRate ** decided,
    scorers: {
      tool_selection: { passed, failed, abstained: 0, meanScore: passRate, reasons: failed > 0 ? [options.reason ?? 'called the wrong tool'] : [] },
    },
    traceIds: [],
    cachedRuns: 0,
  };
}

export function check(id: string, status: Status, level: Level = 'MUST', overrides: Partial<CheckResult> = {}): CheckResult {
  return {
    id,
    title: `Title of ${id}`,
    level,
    status,
    requirements: ['DISC-02'],
    era: '2026-07-28',
    message: `${id} ${status}`,
    durationMs: 5,
    evidence: [],
    ...overrides,
  };
}

export interface ReportOptions {
  cases?: CaseResult[];
  /** undefined: no conformance section. */
  checks?: CheckResult[];
  toolsHash?: string;
  serverVersion?: string;
  /** No behaviour section. */
  noBehaviour?: boolean;
  costUsd?: number | null;
  partial?: { reason: string; notRun: number };
}

export function buildReport(options: ReportOptions = {}): Report {
  const cases = options.cases ?? [];
  const models = [...new Set(cases.map((c) => c.model))];
  const report: Report = {
    schemaVersion: 1,
    header: {
      tool: { name: 'mcp-evals', version: '0.1.0' },
      specRevision: '2026-07-28',
      protocolEra: '2026-07-28',
      server: { name: 'demo-server', version: options.serverVersion ?? '1.2.3', transport: 'stdio', target: 'node server.mjs' },
      node: 'v20.19.0',
      platform: 'linux-x64',
      startedAt: '2026-08-01T08:00:00.000Z',
      durationMs: 1000,
    },
  };
  if (options.checks) {
    const checks = options.checks;
    const count = (status: Status) => checks.filter((c) => c.status === status).length;
    report.conformance = {
      era: '2026-07-28',
      supportedVersions: ['2026-07-28'],
      capabilities: {},
      checks,
      summary: { pass: count('pass'), fail: count('fail'), warn: count('warn'), skip: count('skip'), total: checks.length },
      durationMs: 100,
    };
  }
  if (!options.noBehaviour) {
    report.behaviour = {
      golden: { file: GOLDEN_FILE, hash: 'golden-hash', cases: new Set(cases.map((c) => c.id)).size },
      tools: { hash: options.toolsHash ?? TOOLS_HASH, names: ['get_weather'] },
      protocolEra: '2026-07-28',
      runsPerCase: 5,
      floors: { hard: 1, soft: 0.8 },
      models: models.map((id) => ({ id, provider: 'openai', model: id, endpoint: 'https://api.example.com/v1', temperature: 0, maxTokens: 1024, maxSteps: 8 })),
      results: cases,
      metrics: { overall: { taskSuccess: 0.9 }, perModel: Object.fromEntries(models.map((m) => [m, { taskSuccess: 0.9 }])), perTier: {} },
      modelCalls: 42,
      costUsd: options.costUsd === undefined ? 0.1234 : options.costUsd,
      cachedRuns: 3,
      executedRuns: 12,
      partial: options.partial,
      durationMs: 65_000,
    };
  }
  return report;
}

/** The report, accepted as a baseline three days before NOW at commit abc1234def. */
export function baselineOf(report: Report): Baseline {
  return baselineFromReport(report, { acceptedAt: ACCEPTED_AT, acceptedBy: 'octocat', commit: 'abc1234def5678' });
}

export const FILE_SOURCE = { kind: 'file', label: '.mcp-evals/baseline.json' } as const;
export const NO_SOURCE = { kind: 'none', label: 'none' } as const;
