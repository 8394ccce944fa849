import type { CheckResult, Level, Status } from '../conformance/types.js';
import type { SourceLocation } from '../golden/types.js';
import type { CaseResult, Report } from '../report/types.js';
import { couldNotEvaluate, isEvaluated } from '../evals/evaluated.js';
import { caseKey, decidedRuns, splitCaseKey, type Baseline, type BaselineCase } from './baseline.js';
import { DEFAULT_MAX_DROP } from './defaults.js';
import { ALPHA, MIN_OBSERVATIONS, twoProportionZTest } from './stats.js';

/**
 * The gate: this run against an approved baseline, plus absolute floors. Pure: the caller reads
 * the baseline and passes the clock.
 *
 * - Conformance: pass → fail is a regression; fail → pass means the baseline is stale (reported,
 *   not failing); a failing MUST check the baseline does not know fails the gate (so it fails
 *   without a baseline too); failures the baseline accepted stay reported but do not fail.
 * - Behaviour, per case × model: a pass-rate drop of more than `maxDrop` regresses; a case below
 *   its floor fails whatever the baseline said; a case the baseline had below its floor that now
 *   meets it marks the baseline stale. New cases are judged by floors only.
 * - Aggregates (task success per model, Σpassed / Σdecided over the cases both sides ran): a
 *   verdict only when both sides have ≥ 20 decided runs; then a drop of more than `maxDrop` with a
 *   two-sided pooled two-proportion z-test p < 0.05 regresses. See stats.ts for the caveats.
 * - A regression with the same tools hash and server version as the baseline is flagged
 *   `likelyModelDrift`: the server did not change, so the model did.
 */

export { DEFAULT_MAX_DROP };

/** Floating-point slack: a drop of exactly `maxDrop` is within it. */
const EPSILON = 1e-9;
const DAY_MS = 24 * 60 * 60 * 1000;

export type BaselineKind = 'file' | 'artifact' | 'none';

export interface GateOptions {
  /** Largest pass-rate drop (0..1) that is not a regression. Default 0.02. */
  maxDrop?: number;
  /** Where the baseline came from: a committed file, a last-green artifact, or none. */
  baselineSource: { kind: BaselineKind; label: string; acceptedAt?: string };
  now: Date;
}

/** k/n with its rate; `decided` (passed + failed) is the number of observations. */
export interface PassCount {
  passRate: number | null;
  passed: number;
  decided: number;
}

export type CaseStatus = 'regressed' | 'improved' | 'unchanged' | 'new' | 'below-floor' | 'stale' | 'not-run' | 'not-evaluated';

export interface CaseVerdict {
  caseId: string;
  model: string;
  /** Where the case is in tasks.yaml; null for a case only the baseline has. */
  location: SourceLocation | null;
  /** hard | soft, null when unknown (a removed case from an old baseline). */
  kind: 'hard' | 'soft' | null;
  baseline: PassCount | null;
  current: PassCount;
  /** current.passRate − baseline.passRate, null when either is missing. */
  delta: number | null;
  /** Decided runs on each side (0 where a side is missing): how much the delta rests on. */
  observations: { baseline: number; current: number };
  status: CaseStatus;
  /** This case alone makes the gate fail (regressed, or below its floor). */
  failsGate: boolean;
  /** The current run is below the case's floor (CaseResult.meetsFloor === false). */
  belowFloor: boolean;
  floor: number | null;
  flaky: boolean;
  likelyModelDrift: boolean;
  /** For people. Quotes scorer reasons (model output): escape it in every output format. */
  reason: string;
  /** The first reason a scorer gave for a failed run (`tool_selection: called x`), null when none failed. Model output: escape it. */
  scorerReason: string | null;
}

export type ConformanceStatus = 'regressed' | 'new-failure' | 'known-failure' | 'expected-failure' | 'stale' | 'removed';

export interface ConformanceVerdict {
  id: string;
  title: string | null;
  level: Level | null;
  baseline: Status | null;
  current: Status | null;
  status: ConformanceStatus;
  failsGate: boolean;
  /** The check's message (server-controlled text: escape it). */
  message: string;
  reason: string;
}

export interface ConformanceGate {
  ran: boolean;
  passed: boolean;
  counts: { pass: number; fail: number; warn: number; skip: number; total: number } | null;
  regressed: number;
  /** New failing checks (not failing in the baseline); `failsGate` on each says whether it is a MUST. */
  newFailures: number;
  stale: number;
  /** The checks worth a line, worst first: regressions, new failures, known failures, stale, removed. */
  checks: ConformanceVerdict[];
}

export type AggregateStatus = 'regressed' | 'improved' | 'unchanged' | 'not-decidable' | 'no-baseline';

export interface AggregateVerdict {
  model: string;
  metric: 'task-success';
  /** Cases behind the numbers: with a baseline, those both sides ran; without, all of this run's. */
  cases: number;
  baseline: PassCount | null;
  current: PassCount;
  delta: number | null;
  /** Both sides have at least MIN_OBSERVATIONS decided runs. */
  decidable: boolean;
  /** Two-sided pooled two-proportion z-test; null when not decidable. */
  pValue: number | null;
  status: AggregateStatus;
  failsGate: boolean;
  likelyModelDrift: boolean;
  reason: string;
}

export interface GateBaselineInfo {
  kind: BaselineKind;
  label: string;
  acceptedAt: string | null;
  /** Whole days between acceptedAt and `now`; null when unknown. */
  ageDays: number | null;
  commit: string | null;
  acceptedBy: string | null;
  /** The label of the run it was taken from. */
  source: string | null;
}

export interface GateResult {
  passed: boolean;
  maxDrop: number;
  conformance: ConformanceGate;
  behaviourRan: boolean;
  /** Every case × model of this run, plus those only the baseline has (`not-run`), worst first. */
  cases: CaseVerdict[];
  aggregates: AggregateVerdict[];
  baseline: GateBaselineInfo;
  /** Same tools hash and server version as the baseline: any regression is likely model drift. */
  sameServer: { toolsHash: boolean; version: boolean };
  /** Things the baseline got wrong that are now better: time to accept a new one. */
  stale: { checks: number; cases: number };
  counts: Record<CaseStatus, number> & { failing: number };
  /**
   * Why the model layers could not be evaluated (runs errored, the budget ran out), or null. Such a
   * run never passes, and its exit code is 3, not 1.
   */
  couldNotEvaluate: string | null;
  /** One line a person reads in ten seconds. Contains the baseline label (a path): escape it for Markdown. */
  summary: string;
}

export function gate(report: Report, baseline: Baseline | undefined, options: GateOptions): GateResult {
  const maxDrop = options.maxDrop ?? DEFAULT_MAX_DROP;
  if (!(maxDrop >= 0 && maxDrop <= 1)) throw new RangeError(`maxDrop must be between 0 and 1, got ${maxDrop}`);
  const behaviour = report.behaviour;
  const sameServer = {
    toolsHash: baseline !== undefined && behaviour !== undefined && baseline.toolsHash !== null && baseline.toolsHash === behaviour.tools.hash,
    version: baseline !== undefined && baseline.server.version !== undefined && baseline.server.version === report.header.server.version,
  };
  const drift = sameServer.toolsHash && sameServer.version;

  const conformance = gateConformance(report, baseline);
  const cases = behaviour ? gateCases(report, baseline, maxDrop, drift) : [];
  const aggregates = behaviour ? gateAggregates(behaviour.results, baseline, maxDrop, drift) : [];
  const info = baselineInfo(baseline, options);

  const counts = { regressed: 0, improved: 0, unchanged: 0, new: 0, 'below-floor': 0, stale: 0, 'not-run': 0, 'not-evaluated': 0, failing: 0 };
  for (const verdict of cases) {
    counts[verdict.status] += 1;
    if (verdict.failsGate) counts.failing += 1;
  }
  const unevaluated = couldNotEvaluate(report) ?? null;
  const passed = conformance.passed && counts.failing === 0 && !aggregates.some((a) => a.failsGate) && unevaluated === null;
  const result: GateResult = {
    passed,
    maxDrop,
    conformance,
    behaviourRan: behaviour !== undefined,
    cases,
    aggregates,
    baseline: info,
    sameServer,
    stale: { checks: conformance.stale, cases: counts.stale },
    counts,
    couldNotEvaluate: unevaluated,
    summary: '',
  };
  result.summary = summarize(result);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Conformance

const CONFORMANCE_RANK: Record<ConformanceStatus, number> = { regressed: 0, 'new-failure': 1, 'known-failure': 2, 'expected-failure': 3, stale: 4, removed: 5 };
const LEVEL_RANK: Record<Level, number> = { MUST: 0, SHOULD: 1, MAY: 2 };

function gateConformance(report: Report, baseline: Baseline | undefined): ConformanceGate {
  const section = report.conformance;
  if (!section) return { ran: false, passed: true, counts: null, regressed: 0, newFailures: 0, stale: 0, checks: [] };
  const before = baseline?.conformance ?? {};
  const verdicts: ConformanceVerdict[] = [];
  const seen = new Set<string>();
  for (const check of section.checks) {
    seen.add(check.id);
    const verdict = checkVerdict(check, baseline ? (before[check.id] ?? null) : null, baseline !== undefined);
    if (verdict) verdicts.push(verdict);
  }
  if (baseline) {
    for (const [id, status] of Object.entries(before)) {
      if (seen.has(id)) continue;
      verdicts.push({ id, title: null, level: null, baseline: status, current: null, status: 'removed', failsGate: false, message: '', reason: `in the baseline (${status}), not in this run` });
    }
  }
  verdicts.sort(
    (a, b) =>
      CONFORMANCE_RANK[a.status] - CONFORMANCE_RANK[b.status] ||
      (a.level ? LEVEL_RANK[a.level] : 3) - (b.level ? LEVEL_RANK[b.level] : 3) ||
      compareText(a.id, b.id),
  );
  return {
    ran: true,
    passed: !verdicts.some((v) => v.failsGate),
    counts: section.summary,
    regressed: verdicts.filter((v) => v.status === 'regressed').length,
    newFailures: verdicts.filter((v) => v.status === 'new-failure').length,
    stale: verdicts.filter((v) => v.status === 'stale').length,
    checks: verdicts,
  };
}

function checkVerdict(check: CheckResult, before: Status | null, hasBaseline: boolean): ConformanceVerdict | undefined {
  const base = { id: check.id, title: check.title, level: check.level, baseline: before, current: check.status, message: check.message };
  if (check.status === 'fail') {
    if (check.expected === 'expected-failure') {
      return { ...base, status: 'expected-failure', failsGate: false, reason: 'failing, accepted by --expected-failures' };
    }
    if (before === 'pass' || before === 'warn') {
      return { ...base, status: 'regressed', failsGate: true, reason: `${before} in the baseline, fails now` };
    }
    if (before === 'fail') {
      return { ...base, status: 'known-failure', failsGate: false, reason: 'failing in the approved baseline too' };
    }
    const must = check.level === 'MUST';
    const why = !hasBaseline ? 'no baseline' : before === 'skip' ? 'skipped in the baseline' : 'not in the baseline';
    return { ...base, status: 'new-failure', failsGate: must, reason: `new ${check.level} failure (${why})${must ? '' : ': reported, not gating'}` };
  }
  if (before === 'fail' && check.status === 'pass') {
    return { ...base, status: 'stale', failsGate: false, reason: 'failing in the baseline, passes now: the baseline is stale, accept a new one' };
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Cases

const CASE_RANK: Record<CaseStatus, number> = { 'not-evaluated': 0, regressed: 1, 'below-floor': 2, stale: 3, new: 4, improved: 5, 'not-run': 6, unchanged: 7 };

function gateCases(report: Report, baseline: Baseline | undefined, maxDrop: number, drift: boolean): CaseVerdict[] {
  const behaviour = report.behaviour!;
  const verdicts = behaviour.results.map((result) => caseVerdict(result, baseline?.cases[caseKey(result.id, result.model)], baseline !== undefined, maxDrop, drift));
  if (baseline) {
    const present = new Set(behaviour.results.map((result) => caseKey(result.id, result.model)));
    const models = new Set([...behaviour.models.map((model) => model.id), ...behaviour.results.map((result) => result.model)]);
    for (const [key, entry] of Object.entries(baseline.cases)) {
      if (present.has(key)) continue;
      const { caseId, model } = splitCaseKey(key);
      const why =
        !models.has(model) ? `model ${model} is not in this run`
        : behaviour.shard ? `not in this run (removed from the golden set, or run by another shard)`
        : 'not in this run (removed from the golden set?)';
      verdicts.push({
        caseId,
        model,
        location: null,
        kind: entry.kind ?? null,
        baseline: passCount(entry.passed, entry.decided),
        current: passCount(0, 0),
        delta: null,
        observations: { baseline: entry.decided, current: 0 },
        status: 'not-run',
        failsGate: false,
        belowFloor: false,
        floor: entry.floor ?? null,
        flaky: false,
        likelyModelDrift: false,
        reason: `in the baseline (${formatKN(entry.passed, entry.decided)}), ${why}`,
        scorerReason: null,
      });
    }
  }
  return verdicts.sort(compareCases);
}

function caseVerdict(result: CaseResult, before: BaselineCase | undefined, hasBaseline: boolean, maxDrop: number, drift: boolean): CaseVerdict {
  const decided = decidedRuns(result);
  const current = passCount(result.passed, decided);
  const prior = before ? passCount(before.passed, before.decided) : null;
  const delta = prior?.passRate != null && current.passRate !== null ? current.passRate - prior.passRate : null;
  const belowFloor = result.meetsFloor === false;
  const base = {
    caseId: result.id,
    model: result.model,
    location: result.location,
    kind: result.kind,
    baseline: prior,
    current,
    delta,
    observations: { baseline: prior?.decided ?? 0, current: decided },
    belowFloor,
    floor: result.floor,
    flaky: result.flaky,
    scorerReason: failureHint(result) ?? null,
  };
  const now = formatKN(current.passed, current.decided);
  const floorText = `its floor of ${percent(result.floor)} (${result.kind})`;
  const hint = failureHint(result);

  if (!isEvaluated(result)) {
    const evaluated = result.runs - result.errored - result.notRun;
    const why = (result.notEvaluated ?? []).map((group) => `${group.reason} (${group.runs}×)`).join('; ');
    return { ...base, status: 'not-evaluated', failsGate: true, likelyModelDrift: false, reason: join([`could not be evaluated: ${evaluated} of ${result.runs} runs evaluated, ${result.minEvaluated ?? result.runs} needed`, why]) };
  }
  if (decided === 0) {
    const parts = [result.errored > 0 && `${result.errored} errored`, result.notRun > 0 && `${result.notRun} not run`, result.abstained > 0 && `${result.abstained} abstained`].filter(Boolean);
    return { ...base, status: 'not-run', failsGate: false, likelyModelDrift: false, reason: `no run was decided${parts.length > 0 ? ` (${parts.join(', ')})` : ''}: no verdict` };
  }
  if (delta !== null && delta < -maxDrop - EPSILON) {
    const was = formatKN(prior!.passed, prior!.decided);
    const reason = [
      `pass rate fell from ${was} to ${now} (${formatDelta(delta)}, more than the ${formatDelta(maxDrop, false)} allowed)`,
      belowFloor ? `below ${floorText}` : undefined,
      drift ? 'same tools and server version as the baseline: likely model drift' : undefined,
      hint,
    ];
    return { ...base, status: 'regressed', failsGate: true, likelyModelDrift: drift, reason: join(reason) };
  }
  if (belowFloor) {
    const context = !before ? (hasBaseline ? 'new case, not in the baseline' : undefined) : prior!.decided > 0 ? `the baseline had ${formatKN(prior!.passed, prior!.decided)}` : undefined;
    return { ...base, status: 'below-floor', failsGate: true, likelyModelDrift: false, reason: join([`${now} is below ${floorText}`, context, hint]) };
  }
  if (before && before.meetsFloor === false && result.meetsFloor === true) {
    return {
      ...base,
      status: 'stale',
      failsGate: false,
      likelyModelDrift: false,
      reason: `now meets ${floorText} with ${now}; the baseline accepted it below its floor (${formatKN(before.passed, before.decided)}): the baseline is stale, accept a new one`,
    };
  }
  if (!before || delta === null) {
    const why = !before ? (hasBaseline ? 'not in the baseline' : 'no baseline') : 'no decided run in the baseline';
    return { ...base, status: 'new', failsGate: false, likelyModelDrift: false, reason: `${why}: judged by its floor only; ${now} meets ${floorText}` };
  }
  const was = formatKN(prior!.passed, prior!.decided);
  if (delta > maxDrop + EPSILON) {
    return { ...base, status: 'improved', failsGate: false, likelyModelDrift: false, reason: `pass rate rose from ${was} to ${now} (${formatDelta(delta)})` };
  }
  const same = delta === 0 ? `${now}, as in the baseline` : `${was} → ${now} (${formatDelta(delta)}), within the ${formatDelta(maxDrop, false)} allowed`;
  return { ...base, status: 'unchanged', failsGate: false, likelyModelDrift: false, reason: same };
}

function compareCases(a: CaseVerdict, b: CaseVerdict): number {
  return (
    CASE_RANK[a.status] - CASE_RANK[b.status] ||
    (a.status === 'regressed' ? (a.delta ?? 0) - (b.delta ?? 0) : 0) ||
    (a.status === 'below-floor' ? (a.current.passRate ?? 0) - (b.current.passRate ?? 0) : 0) ||
    (a.status === 'improved' ? (b.delta ?? 0) - (a.delta ?? 0) : 0) ||
    compareText(a.caseId, b.caseId) ||
    compareText(a.model, b.model)
  );
}

/** The first reason a scorer gave for a failed run: a quote of what went wrong (model output). */
function failureHint(result: CaseResult): string | undefined {
  for (const [name, tally] of Object.entries(result.scorers)) {
    if (tally.failed > 0 && tally.reasons.length > 0) return `${name}: ${tally.reasons[0]}`;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Aggregates

function gateAggregates(results: CaseResult[], baseline: Baseline | undefined, maxDrop: number, drift: boolean): AggregateVerdict[] {
  const models = [...new Set(results.map((result) => result.model))].sort(compareText);
  return models.map((model) => {
    const own = results.filter((result) => result.model === model);
    if (!baseline) {
      const current = sum(own.map((r) => ({ passed: r.passed, decided: decidedRuns(r) })));
      return {
        model,
        metric: 'task-success',
        cases: own.length,
        baseline: null,
        current,
        delta: null,
        decidable: false,
        pValue: null,
        status: 'no-baseline',
        failsGate: false,
        likelyModelDrift: false,
        reason: 'no baseline: nothing to compare',
      } satisfies AggregateVerdict;
    }
    const common = own.filter((r) => baseline.cases[caseKey(r.id, model)] !== undefined);
    const current = sum(common.map((r) => ({ passed: r.passed, decided: decidedRuns(r) })));
    const prior = sum(common.map((r) => baseline.cases[caseKey(r.id, model)]!));
    const delta = current.passRate !== null && prior.passRate !== null ? current.passRate - prior.passRate : null;
    const base = { model, metric: 'task-success' as const, cases: common.length, baseline: prior, current, delta };
    if (prior.decided < MIN_OBSERVATIONS || current.decided < MIN_OBSERVATIONS) {
      return {
        ...base,
        decidable: false,
        pValue: null,
        status: 'not-decidable',
        failsGate: false,
        likelyModelDrift: false,
        reason: `not decidable: n < ${MIN_OBSERVATIONS} (baseline n = ${prior.decided}, now n = ${current.decided})`,
      } satisfies AggregateVerdict;
    }
    const test = twoProportionZTest(prior.passed, prior.decided, current.passed, current.decided);
    const significant = test.pValue < ALPHA;
    const change = `${formatKN(prior.passed, prior.decided)} → ${formatKN(current.passed, current.decided)} (${formatDelta(test.delta)}, p = ${formatP(test.pValue)})`;
    let status: AggregateStatus = 'unchanged';
    if (test.delta < -maxDrop - EPSILON && significant) status = 'regressed';
    else if (test.delta > maxDrop + EPSILON && significant) status = 'improved';
    const reason =
      status === 'regressed' ? join([`task success fell ${change}`, drift ? 'same tools and server version: likely model drift' : undefined])
      : status === 'improved' ? `task success rose ${change}`
      : Math.abs(test.delta) > maxDrop + EPSILON ? `${change}: not significant at ${ALPHA}`
      : `${change}: within the ${formatDelta(maxDrop, false)} allowed`;
    return { ...base, decidable: true, pValue: test.pValue, status, failsGate: status === 'regressed', likelyModelDrift: status === 'regressed' && drift, reason } satisfies AggregateVerdict;
  });
}

function sum(rows: Array<{ passed: number; decided: number }>): PassCount {
  let passed = 0;
  let decided = 0;
  for (const row of rows) {
    passed += row.passed;
    decided += row.decided;
  }
  return passCount(passed, decided);
}

// ---------------------------------------------------------------------------------------------
// Baseline info and the summary line

function baselineInfo(baseline: Baseline | undefined, options: GateOptions): GateBaselineInfo {
  if (!baseline) return { kind: 'none', label: options.baselineSource.kind === 'none' ? options.baselineSource.label : 'none', acceptedAt: null, ageDays: null, commit: null, acceptedBy: null, source: null };
  const acceptedAt = options.baselineSource.acceptedAt ?? baseline.acceptedAt;
  const time = Date.parse(acceptedAt);
  const ageDays = Number.isFinite(time) ? Math.max(0, Math.floor((options.now.getTime() - time) / DAY_MS)) : null;
  return {
    kind: options.baselineSource.kind,
    label: options.baselineSource.label,
    acceptedAt,
    ageDays,
    commit: baseline.commit ?? null,
    acceptedBy: baseline.acceptedBy ?? null,
    source: baseline.source,
  };
}

function summarize(result: GateResult): string {
  const { counts, conformance } = result;
  const parts: string[] = [];
  const driftCount = result.cases.filter((c) => c.likelyModelDrift).length;
  if (counts.regressed > 0) parts.push(`${counts.regressed} regressed${driftCount > 0 ? ` (${driftCount} likely model drift)` : ''}`);
  if (counts['below-floor'] > 0) parts.push(`${counts['below-floor']} below floor`);
  if (result.couldNotEvaluate) parts.unshift(`could not evaluate: ${result.couldNotEvaluate}`);
  const aggregateRegressions = result.aggregates.filter((a) => a.failsGate).length;
  if (aggregateRegressions > 0) parts.push(`task success regressed on ${aggregateRegressions} model${aggregateRegressions === 1 ? '' : 's'}`);
  if (conformance.regressed > 0) parts.push(`${conformance.regressed} conformance regression${conformance.regressed === 1 ? '' : 's'}`);
  const newMust = conformance.checks.filter((c) => c.status === 'new-failure' && c.failsGate).length;
  if (newMust > 0) parts.push(`${newMust} new MUST failure${newMust === 1 ? '' : 's'}`);
  if (result.passed) {
    if (result.behaviourRan) {
      const good = [`${counts.unchanged} unchanged`, `${counts.improved} improved`, `${counts.new} new`].filter((part) => !part.startsWith('0 '));
      const total = counts.unchanged + counts.improved + counts.new;
      parts.push(total === 0 ? 'no case compared' : `${good.join(', ')} case${total === 1 ? '' : 's'}`);
    }
    if (conformance.counts) parts.push(`conformance ${conformance.counts.pass}/${conformance.counts.total} pass`);
  }
  const stale = result.stale.checks + result.stale.cases;
  if (stale > 0) parts.push(`baseline stale (${stale} now better): accept a new one`);
  const verdict = result.passed ? 'gate passed' : 'gate failed';
  return `${verdict}: ${parts.length > 0 ? parts.join(', ') : 'nothing to compare'}; ${describeBaseline(result.baseline)}`;
}

/** `approved baseline .mcp-evals/baseline.json, accepted 3 days ago` / `no baseline: floors only`. Plain text. */
export function describeBaseline(info: GateBaselineInfo): string {
  if (info.kind === 'none') return 'no baseline: floors only';
  const what = info.kind === 'file' ? 'approved baseline' : 'last-green artifact (not an approved baseline)';
  return `${what} ${info.label}${info.ageDays !== null ? `, ${formatAge(info.ageDays)}` : ''}`;
}

// ---------------------------------------------------------------------------------------------
// Formatting shared by the renderers

export function passCount(passed: number, decided: number): PassCount {
  return { passRate: decided > 0 ? passed / decided : null, passed, decided };
}

/** `3/5` plus the rate: `3/5 (60%)`. */
export function formatKN(passed: number, decided: number): string {
  return decided > 0 ? `${passed}/${decided} (${percent(passed / decided)})` : `${passed}/${decided}`;
}

/** `−40 pp`, `+20 pp`, `±0 pp`; `2 pp` without a sign. */
export function formatDelta(delta: number, signed = true): string {
  const points = Math.round(delta * 1000) / 10;
  const magnitude = `${Math.abs(points)} pp`;
  if (!signed) return magnitude;
  return points > 0 ? `+${magnitude}` : points < 0 ? `−${magnitude}` : `±${magnitude}`;
}

export function percent(rate: number): string {
  return `${Math.round(rate * 1000) / 10}%`;
}

export function formatP(p: number): string {
  return p < 0.001 ? '< 0.001' : p.toFixed(3);
}

/** `accepted today`, `accepted 1 day ago`, `accepted 12 days ago`. */
export function formatAge(days: number): string {
  return days === 0 ? 'accepted today' : `accepted ${days} day${days === 1 ? '' : 's'} ago`;
}

function join(parts: Array<string | undefined | false>): string {
  return parts.filter((part): part is string => typeof part === 'string' && part !== '').join('; ');
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
