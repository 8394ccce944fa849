import { tallyScorers } from '../evals/aggregate.js';
import { compareReports, DEFAULT_MAX_DROP, type Comparison } from '../experiments/compare.js';
import type { Report } from '../report/types.js';
import type { ScoreResult } from '../scorers/types.js';
import { HttpError } from './http.js';
import type { DaemonStore, Experiment, StoredRun, StoredScore } from './store.js';

/**
 * Experiments: an id (a commit, a prompt version) that scores carry, and two of them compared
 * with the CLI's compareReports, over the scores stored for each: per scorer, the pass fraction
 * with the sample size of each side, `decidable` (at least 20 observations a side) and
 * `regressed`. A run scored more than once for the same scorer in an experiment counts with its
 * latest score, as `mcp-evals score` replaces a score of the same scorer. The behaviour metrics
 * of a report (task success, tool-call rates) rest on the golden cases a run was made for, which
 * runs that arrived as traces do not have: the daemon compares per scorer only.
 */

const ID = /^[A-Za-z0-9][A-Za-z0-9._:/@+-]{0,199}$/;

export function registerExperiment(store: DaemonStore, body: Record<string, unknown>, now: number): Experiment {
  const { id, project, commit, note } = body;
  const unknown = Object.keys(body).filter((key) => !['id', 'project', 'commit', 'note'].includes(key));
  if (unknown.length > 0) throw new HttpError(400, `unknown field(s) ${unknown.join(', ')}; an experiment has id, project, commit, note`);
  if (typeof id !== 'string' || !ID.test(id)) throw new HttpError(400, '`id` must be 1-200 characters: letters, digits and . _ : / @ + - (a commit, a version)');
  if (typeof project !== 'string' || project === '') throw new HttpError(400, '`project` must be a non-empty string');
  if (commit !== undefined && typeof commit !== 'string') throw new HttpError(400, '`commit` must be a string');
  if (note !== undefined && typeof note !== 'string') throw new HttpError(400, '`note` must be a string');
  const experiment: Experiment = { id, project, ...(commit ? { commit } : {}), ...(note ? { note: note.slice(0, 10_000) } : {}), createdMs: store.getExperiment(id)?.createdMs ?? now };
  store.putExperiment(experiment);
  return experiment;
}

export function compareExperiments(store: DaemonStore, baseline: string | null, candidate: string | null, maxDropText: string | null): Comparison {
  if (!baseline || !candidate) throw new HttpError(400, 'give both ?baseline=ID&candidate=ID');
  const maxDrop = maxDropText === null ? DEFAULT_MAX_DROP : Number(maxDropText);
  if (!Number.isFinite(maxDrop) || maxDrop < 0 || maxDrop > 1) throw new HttpError(400, `max_drop must be a number from 0 to 1, got "${maxDropText}"`);
  const sides = [baseline, candidate].map((id) => {
    const experiment = store.getExperiment(id);
    if (!experiment) throw new HttpError(404, `unknown experiment "${id}": register it with POST /v1/api/experiments`);
    return experimentReport(store, experiment);
  });
  return compareReports(sides[0], sides[1], { maxDrop, labels: [baseline, candidate] });
}

/**
 * The report compareReports reads, built from an experiment's scores: one result per case id ×
 * model with the scorer tallies, and no behaviour metrics (see the module comment).
 */
export function experimentReport(store: DaemonStore, experiment: Experiment): Report {
  const latest = new Map<string, StoredScore>();
  for (const score of store.listScores({ experiment: experiment.id })) latest.set(`${score.runId}\u0000${score.scorer}`, score);
  const byRun = new Map<string, ScoreResult[]>();
  for (const score of latest.values()) {
    const list = byRun.get(score.runId) ?? [];
    list.push({ scorer: score.scorer, passed: score.passed, reason: score.reason, ...(score.score !== undefined ? { score: score.score } : {}) });
    byRun.set(score.runId, list);
  }
  const runs = new Map<string, StoredRun>();
  const traceIds = [...new Set([...latest.values()].map((s) => s.traceId))];
  // In slices: SQLite caps the parameters of one statement.
  for (let at = 0; at < traceIds.length; at += 1000) {
    for (const run of store.listRuns({ traceIds: traceIds.slice(at, at + 1000), limit: 10_000 })) runs.set(run.runId, run);
  }
  const groups = new Map<string, { id: string; model: string; runs: Array<{ scores: ScoreResult[] }> }>();
  for (const [runId, scores] of byRun) {
    const run = runs.get(runId);
    const id = run?.caseId ?? 'unknown';
    const model = run?.model ?? 'unknown';
    const group = groups.get(`${id}\u0000${model}`) ?? { id, model, runs: [] };
    group.runs.push({ scores });
    groups.set(`${id}\u0000${model}`, group);
  }
  const results = [...groups.values()].map((group) => {
    const verdicts = group.runs.map((run) => (run.scores.some((s) => s.passed === false) ? false : run.scores.some((s) => s.passed === true) ? true : null));
    return { id: group.id, model: group.model, passed: verdicts.filter((v) => v === true).length, failed: verdicts.filter((v) => v === false).length, abstained: verdicts.filter((v) => v === null).length, scorers: tallyScorers(group.runs) };
  });
  const report = {
    header: { experiment: experiment.id, startedAt: new Date(experiment.createdMs).toISOString(), server: {} },
    behaviour: {
      golden: { hash: `daemon:${experiment.project}` },
      tools: { hash: `daemon:${experiment.project}` },
      models: [...new Set(results.map((r) => r.model))].map((id) => ({ id })),
      results,
      metrics: { overall: {}, perModel: {} },
    },
  };
  // Only the fields compareReports reads are built: the rest of a report describes a CLI run.
  return report as unknown as Report;
}
