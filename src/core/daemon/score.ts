import type { GoldenCase } from '../golden/types.js';
import { judgeCap, type RescoreJudge } from '../rescore/rescore.js';
import { JUDGE_NOT_APPLICABLE, scoreRun } from '../rescore/score-run.js';
import { resolveScorerEntry } from '../scorers/index.js';
import type { ScoreResult, ScoringContext } from '../scorers/types.js';
import { HttpError } from './http.js';
import type { DaemonStore, StoredRun, StoredScore } from './store.js';

/**
 * `POST /v1/api/score`: stored runs scored after the fact (nothing is evaluated on a request
 * path), with the scorers `mcp-evals score` uses (resolveScorerEntry, the judge of
 * createJudgeScorer) and its judge budget (judgeCap):
 *
 * - each judge scorer is one model call per run, and the request must end within the daemon's
 *   request timeout even if every call used all of the judge's timeout: a request naming more
 *   runs (trace_ids, limit) than that allows is refused with a 400 before any model call; without
 *   them, as many of the latest runs as fit are scored;
 * - every score is saved as soon as it is computed, so a request cut off keeps what finished;
 * - abstentions (passed: null, with the reason) are listed apart; a judge call that would not
 *   finish in the time left is not made (an abstention that is not stored);
 * - a score that would put a project over the per-minute quota is not stored, and is listed in
 *   `skipped` with the reason; `dry_run` stores nothing.
 */

export interface ScoreSettings {
  judge?: RescoreJudge;
  judgeTimeoutMs: number;
  requestTimeoutMs: number;
  quotaPerMinute?: number;
  context: ScoringContext;
  clock: () => number;
  /** Aborted when the client goes away: the judge call in flight is cancelled and no other is made. */
  signal?: AbortSignal;
}

/** Case fields a request's `config` may set on the case each run is scored against. */
const CONFIG_FIELDS = ['expected', 'rubric', 'budgets', 'expect_tool', 'expect_args', 'expect_sequence', 'sequence_mode', 'arg_match'] as const;
const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 10_000;

export interface ScoreRequest {
  project?: string;
  traceIds?: string[];
  fromMs?: number;
  limit?: number;
  scorers: string[];
  config: Partial<GoldenCase>;
  dryRun: boolean;
  experiment?: string;
}

export interface ScoreRow {
  id?: number;
  trace_id: string;
  run_id: string;
  project: string;
  experiment?: string;
  scorer: string;
  passed: boolean | null;
  score?: number;
  reason: string;
  scorer_version?: string;
  details?: Record<string, unknown>;
}

export interface ScoreResponse {
  dry_run: boolean;
  /** The scorers run: those the request named, or (without `scorers`) the built-ins its `config` configures. */
  scorers: string[];
  runs: Array<{ trace_id: string; run_id: string; started_at: string }>;
  /** Scores stored (for a dry run: that would be stored). */
  scores: ScoreRow[];
  /** Every abstention, with its reason (those stored are in `scores` too). */
  abstentions: Array<{ trace_id: string; run_id: string; scorer: string; reason: string; stored: boolean }>;
  skipped: Array<{ trace_id: string; run_id: string; scorer: string; kind: 'not-applicable' | 'quota'; reason: string }>;
  judge?: { model: string; calls_allowed: number; calls_made: number; timeout_seconds: number; request_timeout_seconds: number };
}

/** Validates a request body (400 on anything wrong). */
export function parseScoreRequest(body: Record<string, unknown>, judge: RescoreJudge | undefined): ScoreRequest {
  const known = new Set(['project', 'trace_ids', 'from', 'limit', 'scorers', 'config', 'dry_run', 'experiment']);
  const unknown = Object.keys(body).filter((key) => !known.has(key));
  if (unknown.length > 0) throw new HttpError(400, `unknown field(s) ${unknown.map((k) => `"${k}"`).join(', ')}; a score request takes ${[...known].join(', ')}`);
  const { project, trace_ids: traceIds, from, limit, scorers, config, dry_run: dryRun, experiment } = body;
  if (project !== undefined && (typeof project !== 'string' || project === '')) throw new HttpError(400, '`project` must be a non-empty string');
  if (traceIds !== undefined && (!Array.isArray(traceIds) || traceIds.length === 0 || !traceIds.every((id) => typeof id === 'string' && /^[0-9a-fA-F]{32}(:[0-9a-fA-F]{16})?$/.test(id)))) throw new HttpError(400, '`trace_ids` must be a non-empty array of trace ids (32 hex digits)');
  if (traceIds !== undefined && (from !== undefined || limit !== undefined)) throw new HttpError(400, '`trace_ids` names the runs; it does not combine with `from` or `limit`');
  let fromMs: number | undefined;
  if (from !== undefined) {
    fromMs = typeof from === 'string' && /^\d{4}-\d{2}-\d{2}/.test(from) ? Date.parse(from) : NaN;
    if (!Number.isFinite(fromMs)) throw new HttpError(400, '`from` must be an ISO 8601 time (2026-08-01T12:00:00Z)');
  }
  if (limit !== undefined && (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)) throw new HttpError(400, `\`limit\` must be a whole number from 1 to ${MAX_LIMIT}`);
  if (scorers !== undefined && (!Array.isArray(scorers) || scorers.length === 0 || !scorers.every((s) => typeof s === 'string' && s.trim() !== ''))) throw new HttpError(400, '`scorers` must be a non-empty array of scorer ids (GET /v1/api/scorers lists them), or left out for the built-ins the `config` configures');
  for (const name of (scorers ?? []) as string[]) {
    const resolved = resolveScorerEntry(name.trim(), { judge });
    if (resolved.kind === 'error') throw new HttpError(400, resolved.problem);
  }
  if (config !== undefined && (typeof config !== 'object' || config === null || Array.isArray(config))) throw new HttpError(400, '`config` must be an object');
  const caseConfig = caseFields(config as Record<string, unknown> | undefined);
  if (dryRun !== undefined && typeof dryRun !== 'boolean') throw new HttpError(400, '`dry_run` must be true or false');
  if (experiment !== undefined && (typeof experiment !== 'string' || experiment === '')) throw new HttpError(400, '`experiment` must be a non-empty string');
  return {
    ...(project !== undefined ? { project: project as string } : {}),
    ...(traceIds !== undefined ? { traceIds: (traceIds as string[]).map((id) => id.toLowerCase()) } : {}),
    ...(fromMs !== undefined ? { fromMs } : {}),
    ...(limit !== undefined ? { limit: limit as number } : {}),
    scorers: scorers === undefined ? defaultScorers(caseConfig) : [...new Set((scorers as string[]).map((s) => s.trim()))],
    config: caseConfig,
    dryRun: dryRun === true,
    ...(experiment !== undefined ? { experiment: experiment as string } : {}),
  };
}

export async function scoreRuns(store: DaemonStore, request: ScoreRequest, settings: ScoreSettings): Promise<ScoreResponse> {
  const started = settings.clock();
  if (request.experiment !== undefined && !store.getExperiment(request.experiment)) throw new HttpError(400, `unknown experiment "${request.experiment}": register it first (POST /v1/api/experiments)`);
  const entries = request.scorers.map((name) => ({ name, resolved: resolveScorerEntry(name, { judge: settings.judge }) }));
  const judgeEntries = entries.filter((entry) => entry.resolved.kind === 'judge');
  const judge = judgeEntries.length > 0 ? settings.judge : undefined;
  const cap = judge ? judgeCap(settings.requestTimeoutMs, settings.judgeTimeoutMs) : Infinity;
  const asked = request.traceIds?.length ?? request.limit;
  if (judge && asked !== undefined && asked > cap) {
    throw new HttpError(400, `${request.traceIds ? `trace_ids names ${asked} runs` : `limit ${asked} asks for up to ${asked} runs`}, one judge call each: at most ${cap} fit the daemon's request timeout (--request-timeout-seconds ${settings.requestTimeoutMs / 1000}) at the judge's timeout of ${settings.judgeTimeoutMs / 1000}s a call; ask for at most ${cap}`);
  }
  const filter = {
    ...(request.project !== undefined ? { project: request.project } : {}),
    ...(request.fromMs !== undefined ? { fromMs: request.fromMs } : {}),
    limit: Math.min(request.traceIds ? MAX_LIMIT : (request.limit ?? DEFAULT_LIMIT), judge ? cap : MAX_LIMIT),
  };
  // Named runs are looked up in slices (SQLite caps the parameters of one statement), newest first.
  const runs = request.traceIds
    ? chunks(request.traceIds, 1000).flatMap((ids) => store.listRuns({ ...filter, traceIds: ids })).sort((a, b) => b.startMs - a.startMs || (a.runId < b.runId ? 1 : -1))
    : store.listRuns(filter);
  if (request.traceIds) {
    const found = new Set(runs.flatMap((run) => [run.traceId, run.runId]));
    const missing = request.traceIds.filter((id) => !found.has(id));
    if (missing.length > 0) throw new HttpError(404, `no stored run with trace id ${missing.join(', ')}${request.project ? ` in project ${request.project}` : ''}`);
  }

  const response: ScoreResponse = { dry_run: request.dryRun, scorers: request.scorers, runs: runs.map((run) => ({ trace_id: run.traceId, run_id: run.runId, started_at: new Date(run.startMs).toISOString() })), scores: [], abstentions: [], skipped: [] };
  let callsMade = 0;
  // A dry run stores nothing, so it counts what it would have stored to predict the quota's skips.
  const wouldStore = new Map<string, number>();
  const keep = (run: StoredRun, result: ScoreResult) => {
    if (settings.quotaPerMinute !== undefined) {
      const now = settings.clock();
      const used = store.countScoresSince(run.project, now - 60_000) + (wouldStore.get(run.project) ?? 0);
      if (used >= settings.quotaPerMinute) {
        response.skipped.push({ trace_id: run.traceId, run_id: run.runId, scorer: result.scorer, kind: 'quota', reason: `quota: project "${run.project}" has ${used} scores stored in the last minute (--quota-per-minute ${settings.quotaPerMinute}); ${request.dryRun ? 'would not be stored' : 'not stored'}` });
        if (result.passed === null) response.abstentions.push({ trace_id: run.traceId, run_id: run.runId, scorer: result.scorer, reason: result.reason, stored: false });
        return;
      }
    }
    const score: StoredScore = {
      runId: run.runId,
      traceId: run.traceId,
      project: run.project,
      ...(request.experiment !== undefined ? { experiment: request.experiment } : {}),
      scorer: result.scorer,
      passed: result.passed,
      ...(result.score !== undefined ? { score: result.score } : {}),
      reason: result.reason,
      ...(result.scorerVersion !== undefined ? { scorerVersion: result.scorerVersion } : {}),
      ...(result.details ? { details: result.details } : {}),
      createdMs: settings.clock(),
    };
    if (request.dryRun) wouldStore.set(run.project, (wouldStore.get(run.project) ?? 0) + 1);
    const saved = request.dryRun ? score : store.addScore(score);
    response.scores.push(scoreRow(saved));
    if (result.passed === null) response.abstentions.push({ trace_id: run.traceId, run_id: run.runId, scorer: result.scorer, reason: result.reason, stored: !request.dryRun });
  };

  for (const run of runs) {
    const scored = await scoreRun(caseFor(run, request.config), run.trace, entries, settings.context);
    for (const result of scored.results) keep(run, result);
    for (const { scorer, reason } of scored.notApplicable) response.skipped.push({ trace_id: run.traceId, run_id: run.runId, scorer, kind: 'not-applicable', reason: reason === JUDGE_NOT_APPLICABLE ? `${reason} (pass a \`rubric\` in \`config\`)` : `${reason} (set it in \`config\`)` });
    if (!judge || !scored.judge) continue;
    if (settings.signal?.aborted) break; // the client went away: no more model calls for nobody
    const judged = scored.judge.testCase;
    if (!run.answer.trim()) {
      // Nothing to grade: a judge would grade its own guess. Stored, as every abstention is.
      keep(run, { scorer: 'judge', passed: null, reason: 'judge abstained: the run has no answer, so it was never measured; no call made', scorerVersion: judge.model });
      continue;
    }
    // The cap already guarantees time for `cap` calls at the judge's timeout; a call gets the
    // request's time left when that is shorter (the calls before it and the deterministic
    // scorers took some), and is not made only when under half the judge's timeout is left.
    const left = settings.requestTimeoutMs - (settings.clock() - started);
    if (left < settings.judgeTimeoutMs / 2) {
      const reason = `judge abstained: too little time left in this request for a judge call (${Math.max(0, left) / 1000}s left of ${settings.requestTimeoutMs / 1000}s; a call needs at least half the judge's ${settings.judgeTimeoutMs / 1000}s timeout); no call made`;
      response.abstentions.push({ trace_id: run.traceId, run_id: run.runId, scorer: 'judge', reason, stored: false });
      continue;
    }
    if (request.dryRun) {
      response.abstentions.push({ trace_id: run.traceId, run_id: run.runId, scorer: 'judge', reason: `dry run: would ask the judge (${judge.model}); no call made`, stored: false });
      continue;
    }
    callsMade += 1;
    const result = await judge.score(judged, run.trace, { ...settings.context, judgeCall: { timeoutMs: left, ...(settings.signal ? { signal: settings.signal } : {}) } });
    if (settings.signal?.aborted) break; // nobody to answer: the cancelled call is not a verdict to store
    keep(run, result);
  }
  if (judge) response.judge = { model: judge.model, calls_allowed: cap, calls_made: callsMade, timeout_seconds: settings.judgeTimeoutMs / 1000, request_timeout_seconds: settings.requestTimeoutMs / 1000 };
  return response;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
}

/** The design's budget keys in `config`, each the case budget its scorer reads. */
const BUDGET_ALIASES = { max_ms: 'latency_ms', max_cost_usd: 'cost_usd', max_tool_calls: 'tool_calls' } as const;

/** `config` as case fields: ours as they are, the design's `max_ms` / `max_cost_usd` / `max_tool_calls` as `budgets`. */
function caseFields(config: Record<string, unknown> | undefined): Partial<GoldenCase> {
  const known = [...CONFIG_FIELDS, ...Object.keys(BUDGET_ALIASES)];
  const extra = Object.keys(config ?? {}).filter((key) => !known.includes(key));
  if (extra.length > 0) throw new HttpError(400, `\`config\` sets case fields the scorers read (${known.join(', ')}); unknown: ${extra.join(', ')}`);
  const fields: Record<string, unknown> = { ...config };
  for (const [alias, budget] of Object.entries(BUDGET_ALIASES)) {
    if (fields[alias] === undefined) continue;
    const value = fields[alias];
    delete fields[alias];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || (budget !== 'cost_usd' && !Number.isInteger(value))) throw new HttpError(400, `\`config.${alias}\` must be a ${budget === 'cost_usd' ? 'number of US dollars' : 'whole number'} ≥ 0`);
    const budgets = (fields.budgets ?? {}) as Record<string, unknown>;
    if (typeof budgets !== 'object' || budgets === null || Array.isArray(budgets)) continue; // the scorer reports a malformed budgets object
    if (budgets[budget] !== undefined && budgets[budget] !== value) throw new HttpError(400, `\`config.${alias}\` and \`config.budgets.${budget}\` disagree; set one`);
    fields.budgets = { ...budgets, [budget]: value };
  }
  return fields as Partial<GoldenCase>;
}

/** Built-ins that need no configuration and judge any run. */
const ALWAYS = ['answered', 'no_errors', 'not_a_refusal', 'no_leaked_secret', 'no_tool_loop'];

/** Without `scorers`: the deterministic built-ins that need nothing, and those whose configuration `config` carries. */
export function defaultScorers(config: Partial<GoldenCase>): string[] {
  const out = [...ALWAYS];
  if (config.expected !== undefined) out.push('contains');
  if (config.budgets?.latency_ms !== undefined) out.push('latency_budget');
  if (config.budgets?.cost_usd !== undefined) out.push('cost_budget');
  if (config.budgets?.tool_calls !== undefined) out.push('tool_efficiency');
  if (config.expect_tool !== undefined || config.expect_sequence !== undefined) out.push('tool_succeeded');
  return out;
}

/** The case a stored run is scored against: its input as the prompt, with the request's `config` fields. */
export function caseFor(run: StoredRun, config: Partial<GoldenCase>): GoldenCase {
  return { id: run.caseId, prompt: run.input, ...config, location: { file: 'POST /v1/api/score', line: 1, column: 1 } };
}

export function scoreRow(score: StoredScore): ScoreRow {
  return {
    ...(score.id !== undefined ? { id: score.id } : {}),
    trace_id: score.traceId,
    run_id: score.runId,
    project: score.project,
    ...(score.experiment !== undefined ? { experiment: score.experiment } : {}),
    scorer: score.scorer,
    passed: score.passed,
    ...(score.score !== undefined ? { score: score.score } : {}),
    reason: score.reason,
    ...(score.scorerVersion !== undefined ? { scorer_version: score.scorerVersion } : {}),
    ...(score.details ? { details: score.details } : {}),
  };
}
