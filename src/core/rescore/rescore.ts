import { appendFile, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { findTraceLine, unknownTraceError } from '../capture/find-trace.js';
import { ConfigurationError } from '../errors.js';
import { metricsOf, tallyScorers } from '../evals/aggregate.js';
import type { TraceLine } from '../evals/run-evals.js';
import type { GoldenCase, GoldenSet } from '../golden/types.js';
import type { Report } from '../report/types.js';
import { writeReportFiles } from '../report/write.js';
import { withStopVerdict } from '../scorers/stop.js';
import { IMPLIED_SCORER_NEEDS, resolveScorerEntry, runPassed, scorersFor, type ResolvedScorerEntry } from '../scorers/index.js';
import type { ScoreResult, Scorer, ScoringContext } from '../scorers/types.js';
import { scoreRun } from './score-run.js';
import { summarizeRuns } from '../stats/pass-rates.js';

/**
 * After-the-fact scoring: scores stored runs (DIR/traces.jsonl) with scorers, writes the scores
 * into the trace lines (replacing a score of the same scorer id, appending otherwise), and
 * recomputes the report's behaviour section from them. Nothing is scored on the request path.
 *
 * Judge scores cost a model call each, so:
 * - at most floor(deadlineMs / judge timeout) runs are sent to the judge per call (calls are
 *   sequential, so the whole call fits its deadline even when every call hits the timeout), and a
 *   judge call is not started when it could end after the deadline; the runs left out are
 *   reported as skipped;
 * - each judge score is appended to DIR/scores.partial.jsonl as soon as the model answers. A call
 *   that is interrupted keeps what it finished: the next call over the same report reuses those
 *   scores (same trace, same judge model, same criteria) instead of asking again, and the file is
 *   removed once the scores are merged into traces.jsonl.
 *
 * A dry run computes the deterministic scores, never calls the judge, and writes nothing.
 */

export const PARTIAL_FILE = 'scores.partial.jsonl';
export const DEFAULT_DEADLINE_MS = 10 * 60 * 1000;

/** The judge as after-the-fact scoring needs it (createJudgeScorer gives one). */
export type RescoreJudge = Scorer & { readonly id: 'judge'; readonly model: string; readonly criteriaIds: readonly string[] };

export interface RunSelection {
  /** Trace ids (or unique prefixes of at least 6 characters). Takes precedence over from / limit. */
  traces?: string[];
  /** Only runs that started at or after this time. */
  from?: Date;
  /** The newest N runs (after `from`). */
  limit?: number;
}

export interface RescoreRequest {
  /** The report directory (scores.partial.jsonl lives there; the report files are rewritten there). */
  dir: string;
  report: Report;
  lines: TraceLine[];
  /** Where each run's case is looked up (by id). */
  golden: GoldenSet;
  /** Scorer entries (`answered`, `span_present:tool`, `judge`, a criterion id); undefined: each run's applicable scorers (scorersFor). */
  scorers?: string[];
  selection?: RunSelection;
  judge?: RescoreJudge;
  /** The judge's per-call deadline (judge config timeout_ms). */
  judgeTimeoutMs?: number;
  /** The whole call's deadline (default 10 minutes). */
  deadlineMs?: number;
  context?: ScoringContext;
  dryRun?: boolean;
  /** Milliseconds, for the deadline (tests). */
  clock?: () => number;
}

export interface RunRef {
  traceId: string;
  caseId: string;
  model: string;
  repeat: number;
}

/** A score stored in a trace line (an abstention included: it is recorded like during a run). */
export interface WrittenScore extends RunRef {
  result: ScoreResult;
  /** The score of the same scorer the line had before, if any. */
  previous?: ScoreResult;
  /** Taken from scores.partial.jsonl (an interrupted call's judge answer). */
  resumed?: boolean;
}

export type SkipKind = 'not-applicable' | 'no-case' | 'not-scored' | 'judge-cap' | 'deadline' | 'dry-run' | 'invalid';

/** A scorer that was not run on a run, and why. */
export interface SkippedScorer extends RunRef {
  scorer: string;
  kind: SkipKind;
  reason: string;
}

export interface RescoreOutcome {
  /** The runs selected, newest first. */
  selected: RunRef[];
  written: WrittenScore[];
  skipped: SkippedScorer[];
  /** The judge's budget for this call, when a judge score was wanted. */
  judge?: { cap: number; asked: number; resumed: number; timeoutMs: number; deadlineMs: number };
  /** Things to tell the user (a changed golden set, a judge that is not configured). */
  notes: string[];
  report: Report;
  lines: TraceLine[];
  /** Files written (none for a dry run). */
  files: string[];
}

interface PartialEntry {
  traceId: string;
  scorer: string;
  /** The judge criteria asked for, sorted. */
  criteria: string[];
  result: ScoreResult;
  at: string;
}

/** Scores the selected runs; writes traces.jsonl and the report files unless it is a dry run. */
export async function rescoreReport(request: RescoreRequest): Promise<RescoreOutcome> {
  const clock = request.clock ?? Date.now;
  const notes: string[] = [];
  const behaviour = request.report.behaviour;
  if (!behaviour) throw new ConfigurationError(`the report in ${request.dir} has no behaviour section: there are no runs to score`);
  if (behaviour.golden.hash !== request.golden.hash) {
    notes.push(`the golden set changed since this report was made (hash ${behaviour.golden.hash.slice(0, 12)} → ${request.golden.hash.slice(0, 12)}): runs are scored against the cases as they are now`);
  }
  const entries = request.scorers ? resolveEntries(request.scorers, request.judge) : undefined;
  if (!request.judge && behaviour.judge && !entries) {
    notes.push('the report has judge scores but no judge is configured here (pass --config): judge scores are kept as they are');
  }

  const selected = selectRuns(request.lines, request.selection ?? {}, request.dir);
  const byId = new Map(request.golden.cases.map((c) => [c.id, c]));
  const partial = await readPartial(request.dir, request.judge);
  const fresh = new Map<TraceLine, ScoreResult[]>();
  const resumedResults = new Set<ScoreResult>();
  const written: WrittenScore[] = [];
  const skipped: SkippedScorer[] = [];
  const judgeQueue: Array<{ line: TraceLine; testCase: GoldenCase; criteria: string[] }> = [];
  const ref = (line: TraceLine): RunRef => ({ traceId: line.trace.traceId, caseId: line.caseId, model: line.model, repeat: line.repeat });
  const skip = (line: TraceLine, scorer: string, kind: SkipKind, reason: string) => skipped.push({ ...ref(line), scorer, kind, reason });
  const allNames = entries ? entries.map((entry) => entry.name) : ['(all applicable)'];

  for (const line of selected) {
    if (line.outcome !== 'scored') {
      const why = line.outcome === 'model_error' ? `the model call failed (${line.trace.error ?? 'model error'}), so the run has nothing to score` : `the run did not finish (${line.outcome})`;
      for (const name of allNames) skip(line, name, 'not-scored', why);
      continue;
    }
    const testCase = byId.get(line.caseId);
    if (!testCase) {
      for (const name of allNames) skip(line, name, 'no-case', `case \`${line.caseId}\` is not in ${request.golden.file} any more`);
      continue;
    }
    let scorers: Array<{ name: string; resolved: ResolvedScorerEntry }>;
    if (entries) scorers = entries;
    else {
      try {
        scorers = scorersFor(testCase, { judge: request.judge }).map((scorer) => ({ name: scorer.id, resolved: { kind: scorer.id === 'judge' ? 'judge' : 'deterministic', scorer } as ResolvedScorerEntry }));
      } catch (error) {
        if (!(error instanceof ConfigurationError)) throw error;
        skip(line, '(all applicable)', 'invalid', error.message);
        continue;
      }
    }
    const scored = await scoreRun(testCase, line.trace, scorers, request.context ?? {});
    for (const { scorer, reason } of scored.notApplicable) skip(line, scorer, 'not-applicable', reason);
    fresh.set(line, scored.results);
    if (scored.judge) judgeQueue.push({ line, testCase: scored.judge.testCase, criteria: scored.judge.criteria });
  }

  let judgeSummary: RescoreOutcome['judge'];
  if (judgeQueue.length > 0 && request.judge) {
    const judge = request.judge;
    const timeoutMs = request.judgeTimeoutMs ?? 30_000;
    const deadlineMs = request.deadlineMs ?? DEFAULT_DEADLINE_MS;
    const cap = judgeCap(deadlineMs, timeoutMs);
    let asked = 0;
    let resumed = 0;
    // The deadline is for the judge calls: loading, deterministic scoring and the bookkeeping between
    // calls must not eat into it (on a loaded machine a few ms of it skipped the last call that fits).
    let judgeSpent = 0;
    // Each queued case is the one to judge: with the criteria --scorers named as its `scorers`.
    for (const { line, testCase: judged, criteria } of judgeQueue) {
      const criteriaKey = criteria.length > 0 ? [...criteria].sort() : judgeCriteriaKey(judged, judge);
      const saved = partial.get(partialKey(line.trace.traceId, criteriaKey));
      if (saved) {
        fresh.get(line)!.push(saved.result);
        resumedResults.add(saved.result);
        resumed += 1;
        continue;
      }
      if (request.dryRun) {
        skip(line, 'judge', 'dry-run', `would ask the judge (${judge.model}); a dry run makes no model call`);
        continue;
      }
      if (asked >= cap) {
        skip(line, 'judge', 'judge-cap', `not sent to the judge in this call: at most ${cap} run(s) fit the ${formatMs(deadlineMs)} deadline at ${formatMs(timeoutMs)} per judge call (raise --deadline-ms, or score the rest with --traces or --limit)`);
        continue;
      }
      if (judgeSpent + timeoutMs > deadlineMs) {
        skip(line, 'judge', 'deadline', `not sent to the judge: a call started now could end after the ${formatMs(deadlineMs)} deadline`);
        continue;
      }
      asked += 1;
      const callStarted = clock();
      const result = await judge.score(judged, line.trace, request.context ?? {});
      judgeSpent += clock() - callStarted;
      fresh.get(line)!.push(result);
      await appendFile(join(request.dir, PARTIAL_FILE), `${JSON.stringify({ traceId: line.trace.traceId, scorer: 'judge', criteria: criteriaKey, result, at: new Date().toISOString() } satisfies PartialEntry)}\n`);
    }
    judgeSummary = { cap, asked, resumed, timeoutMs, deadlineMs };
  }

  // Merge the new scores into the lines (same scorer id: replaced; otherwise appended).
  const lines = request.lines.map((line) => {
    const results = fresh.get(line);
    if (!results || results.length === 0) return line;
    const scores = [...line.scores];
    for (const result of results) {
      const at = scores.findIndex((score) => score.scorer === result.scorer);
      const previous = at >= 0 ? scores[at] : undefined;
      if (at >= 0) scores[at] = result;
      else scores.push(result);
      written.push({ ...ref(line), result, ...(previous ? { previous } : {}), ...(resumedResults.has(result) ? { resumed: true } : {}) });
    }
    // A run that stopped at max_steps stays failed whatever was re-scored (reports older than the verdict get it now).
    const verdicts = withStopVerdict(line.trace, scores);
    return { ...line, scores: verdicts, passed: runPassed(verdicts) };
  });

  const report = recomputeReport(request.report, lines, new Set(written.map((w) => `${w.caseId}\u0000${w.model}`)), request.judge && written.some((w) => w.result.scorer === 'judge') ? request.judge : undefined);
  let files: string[] = [];
  if (!request.dryRun && written.length > 0) {
    files = await writeRescored(request.dir, report, lines);
    await rm(join(request.dir, PARTIAL_FILE), { force: true });
  }
  return { selected: selected.map(ref), written, skipped, ...(judgeSummary ? { judge: judgeSummary } : {}), notes, report, lines, files };
}

/**
 * How many judge calls fit a deadline when each may use its whole timeout (calls are sequential):
 * `mcp-evals score` and the daemon's POST /v1/api/score budget the judge with it.
 */
export function judgeCap(deadlineMs: number, timeoutMs: number): number {
  return Math.max(0, Math.floor(deadlineMs / timeoutMs));
}

/** Runs by trace id, or the newest `limit` scored runs started at or after `from` (newest first). */
export function selectRuns(lines: readonly TraceLine[], selection: RunSelection, where: string): TraceLine[] {
  if (selection.traces && selection.traces.length > 0) {
    const chosen: TraceLine[] = [];
    for (const id of selection.traces) {
      const line = findTraceLine(lines, id);
      if (!line) throw unknownTraceError(lines, id, `${where}/traces.jsonl`);
      if (!chosen.includes(line)) chosen.push(line);
    }
    return chosen;
  }
  const from = selection.from?.getTime();
  const pool = lines
    .map((line, index) => ({ line, index, at: Date.parse(line.trace.startedAt) }))
    .filter((entry) => entry.line.outcome === 'scored' && (from === undefined || (Number.isFinite(entry.at) && entry.at >= from)))
    .sort((a, b) => (b.at || 0) - (a.at || 0) || b.index - a.index);
  return pool.slice(0, selection.limit ?? pool.length).map((entry) => entry.line);
}

function resolveEntries(names: string[], judge: RescoreJudge | undefined): Array<{ name: string; resolved: ResolvedScorerEntry }> {
  const seen = new Set<string>();
  const out: Array<{ name: string; resolved: ResolvedScorerEntry }> = [];
  for (const raw of names) {
    const name = raw.trim();
    if (name === '' || seen.has(name)) continue;
    seen.add(name);
    const resolved = resolveScorerEntry(name, { judge });
    if (resolved.kind === 'error') throw new ConfigurationError(`--scorers: ${resolved.problem}`);
    out.push({ name, resolved });
  }
  if (out.length === 0) throw new ConfigurationError('--scorers names no scorer');
  return out;
}

/** The criteria the judge scores a case on by default (its own `scorers:` choice, else every configured criterion), sorted. */
function judgeCriteriaKey(testCase: GoldenCase, judge: RescoreJudge): string[] {
  const named = judge.criteriaIds.filter((id) => testCase.scorers?.includes(id));
  return [...(named.length > 0 ? named : judge.criteriaIds)].sort();
}

function partialKey(traceId: string, criteria: readonly string[]): string {
  return `${traceId}\u0000${criteria.join(',')}`;
}

/** The judge answers an interrupted call saved, for this judge model (other models' answers are ignored). */
async function readPartial(dir: string, judge: RescoreJudge | undefined): Promise<Map<string, PartialEntry>> {
  const entries = new Map<string, PartialEntry>();
  let text: string;
  try {
    text = await readFile(join(dir, PARTIAL_FILE), 'utf8');
  } catch {
    return entries;
  }
  for (const raw of text.split('\n')) {
    if (raw.trim() === '') continue;
    let entry: PartialEntry;
    try {
      entry = JSON.parse(raw) as PartialEntry;
    } catch {
      continue; // a line cut short by the interruption
    }
    if (!judge || entry.scorer !== 'judge' || entry.result?.scorerVersion !== judge.model || !Array.isArray(entry.criteria)) continue;
    entries.set(partialKey(entry.traceId, entry.criteria), entry);
  }
  return entries;
}

/** The report with the touched case × model results and the metrics recomputed from the lines. */
export function recomputeReport(report: Report, lines: readonly TraceLine[], touched: ReadonlySet<string>, judge?: RescoreJudge): Report {
  const behaviour = report.behaviour;
  if (!behaviour) return report;
  const scored = lines.filter((line) => line.outcome === 'scored');
  const results = behaviour.results.map((result) => {
    if (!touched.has(`${result.id}\u0000${result.model}`)) return result;
    const runs = scored.filter((line) => line.caseId === result.id && line.model === result.model);
    const summary = summarizeRuns(runs.map((run) => run.passed), result.kind, behaviour.floors);
    return {
      ...result,
      passed: summary.passed,
      failed: summary.failed,
      abstained: summary.abstained,
      passRate: summary.passRate,
      // A case without enough evaluated runs has no floor verdict, whatever the re-scoring found.
      meetsFloor: result.evaluated === false ? null : summary.meetsFloor,
      flaky: summary.flaky,
      passHatK: summary.passHatN,
      scorers: tallyScorers(runs),
    };
  });
  return {
    ...report,
    behaviour: {
      ...behaviour,
      results,
      metrics: metricsOf(scored, behaviour.models.map((model) => model.id)),
      ...(judge && !behaviour.judge ? { judge: { model: judge.model, criteria: [...judge.criteriaIds] } } : {}),
    },
  };
}

/**
 * Rewrites the report files of `dir` from the new report and lines: rendered into a staging
 * folder inside `dir`, then each file renamed over the old one (traces.jsonl first), so no file is
 * ever half-written. conformance.sarif is left alone (scores do not change it).
 */
export async function writeRescored(dir: string, report: Report, lines: readonly TraceLine[]): Promise<string[]> {
  const staging = await mkdtemp(join(dir, '.mcp-evals-score-'));
  try {
    const paths = await writeReportFiles(staging, report, { traces: lines });
    const names = paths
      .map((path) => basename(path))
      .filter((name) => name !== 'conformance.sarif')
      .sort((a, b) => Number(b === 'traces.jsonl') - Number(a === 'traces.jsonl'));
    const moved: string[] = [];
    for (const name of names) {
      await rename(join(staging, name), join(dir, name));
      moved.push(join(dir, name));
    }
    return moved;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

function formatMs(ms: number): string {
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms % 1000 === 0) return `${ms / 1000}s`;
  return `${ms}ms`;
}
