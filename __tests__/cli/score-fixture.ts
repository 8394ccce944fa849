import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Trace } from '../../src/core/agent/trace.js';
import type { EvalConfig } from '../../src/core/config/types.js';
import { behaviourSection } from '../../src/core/evals/aggregate.js';
import type { BehaviourRun, RunResult } from '../../src/core/evals/behaviour.js';
import type { TraceLine } from '../../src/core/evals/run-evals.js';
import { loadGoldenSet } from '../../src/core/golden/load.js';
import { reportViolations } from '../../src/core/report/schema.js';
import type { Report } from '../../src/core/report/types.js';
import { writeReportFiles } from '../../src/core/report/write.js';
import { runPassed, scorersFor } from '../../src/core/scorers/index.js';
import { toRunRecord } from '../../src/core/stats/run-record.js';
import { makeTrace, type CallSpec } from '../scorers/trace-helper.js';

/**
 * Report directories made the way `mcp-evals run` makes them (behaviourSection over scored runs,
 * written by writeReportFiles), from hand-built traces: no server, no model.
 */

export const TASKS = `# The golden set of the fixture.
# A comment that must survive capture.

- id: weather
  prompt: "What's the weather in Paris?"   # inline comment
  expect_tool: get_weather
  expect_args: {city: Paris}
  expected: Sunny

- id: chitchat
  prompt: "Thanks!"
  expect_tool: null
`;

export interface RunSpec {
  caseId: string;
  model?: string;
  repeat?: number;
  calls?: CallSpec[];
  answer?: string;
  traceId?: string;
  startedAt?: string;
  outcome?: RunResult['outcome'];
  trace?: Partial<Trace>;
}

let counter = 0;

/** A 32-hex trace id, distinct per call unless one is given. */
export function traceId(seed?: number): string {
  counter += 1;
  return (seed ?? counter).toString(16).padStart(8, '0').repeat(4);
}

export interface FixtureOptions {
  runs: RunSpec[];
  tasks?: string;
  models?: string[];
  experiment?: string;
  toolsHash?: string;
  serverVersion?: string;
  startedAt?: string;
  /** Write into this directory (default: a new temp project dir). */
  dir?: string;
}

/** A project folder with tasks.yaml and a report directory `report/` holding report.json and traces.jsonl. */
export async function reportFixture(options: FixtureOptions): Promise<{ project: string; dir: string; tasks: string; report: Report; lines: TraceLine[] }> {
  const project = options.dir ?? (await mkdtemp(join(tmpdir(), 'mcp-evals-score-')));
  await mkdir(project, { recursive: true });
  const tasks = join(project, 'tasks.yaml');
  await writeFile(tasks, options.tasks ?? TASKS);
  const golden = await loadGoldenSet(tasks);
  const models = options.models ?? [...new Set(options.runs.map((run) => run.model ?? 'model-a'))];
  const config = {
    file: join(project, 'mcp-evals.yml'),
    golden: tasks,
    models: models.map((id) => ({ id, provider: 'openai', model: id, endpoint: 'http://127.0.0.1:9/v1', temperature: 0, max_tokens: 512, timeout_ms: 1000 })),
    runs: 5,
    floors: { hard: 1, soft: 0.8 },
    max_steps: 8,
  } as unknown as EvalConfig;
  const byId = new Map(golden.cases.map((c) => [c.id, c]));
  const runs: RunResult[] = [];
  for (const spec of options.runs) {
    const testCase = byId.get(spec.caseId)!;
    const trace = makeTrace(spec.calls ?? [], spec.answer ?? '', {
      traceId: spec.traceId ?? traceId(),
      caseId: spec.caseId,
      model: spec.model ?? 'model-a',
      repeat: spec.repeat ?? 0,
      startedAt: spec.startedAt ?? '2026-08-01T10:00:00.000Z',
      ...spec.trace,
    });
    const outcome = spec.outcome ?? 'scored';
    const scores = outcome === 'scored' ? await Promise.all(scorersFor(testCase).map((scorer) => scorer.score(testCase, trace, {}))) : [];
    runs.push({ caseId: spec.caseId, model: trace.model, repeat: trace.repeat, trace, scores, passed: outcome === 'scored' ? runPassed(scores) : null, cached: false, outcome });
  }
  const run: BehaviourRun = { era: '2026-07-28', tools: [{ name: 'get_weather', inputSchema: { type: 'object' } }], toolsHash: options.toolsHash ?? 'tools-hash-1', serverInfo: { name: 'demo', version: options.serverVersion ?? '1.0.0' }, runs, modelCalls: runs.length, costUsd: null, durationMs: 100 };
  const behaviour = behaviourSection(config, golden, run);
  const report: Report = {
    schemaVersion: 1,
    header: {
      tool: { name: 'mcp-evals', version: '0.1.0' },
      specRevision: '2026-07-28',
      protocolEra: '2026-07-28',
      server: { name: 'demo', version: options.serverVersion ?? '1.0.0', transport: 'stdio', target: 'node server.mjs' },
      node: process.version,
      platform: 'linux-x64',
      startedAt: options.startedAt ?? '2026-08-01T10:00:00.000Z',
      durationMs: 100,
      ...(options.experiment ? { experiment: options.experiment } : {}),
    },
    behaviour,
  };
  const problems = reportViolations(report);
  if (problems.length > 0) throw new Error(`fixture report is invalid: ${problems.join('; ')}`);
  const lines: TraceLine[] = runs.filter((r) => r.outcome !== 'not_run').map((r) => ({ ...toRunRecord(byId.get(r.caseId)!, r.trace, r.scores, r.passed), cached: r.cached, outcome: r.outcome }));
  const dir = join(project, 'report');
  await writeReportFiles(dir, report, { traces: lines });
  return { project, dir, tasks, report, lines };
}
