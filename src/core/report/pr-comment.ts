import { renderChanges } from './surface-markdown.js';
import type { AggregateVerdict, CaseStatus, CaseVerdict, ConformanceVerdict, GateResult } from '../gate/compare.js';
import { formatAge, formatDelta, formatP, percent } from '../gate/compare.js';
import { MIN_OBSERVATIONS } from '../gate/stats.js';
import { notEvaluatedLine } from '../evals/evaluated.js';
import type { HistoryEntry } from '../history/history.js';
import { sparkLines, trendData } from './charts/trend-series.js';
import { markdownInline, truncate } from './escape.js';
import { formatDuration, serverLabel } from './outcome.js';
import type { Report } from './types.js';
import { thousands } from '../thousands.js';
import { undeterminedOf } from './resilience-markdown.js';

/** The first line of the sticky comment: the action finds its own comment by it and edits it in place. */
export const STICKY_MARKER = '<!-- mcp-evals:sticky -->';

/** GitHub rejects an issue or PR comment body longer than this many characters. */
export const PR_COMMENT_MAX_CHARS = 65_536;

export interface PrCommentOptions {
  /** The workflow run (where the job summary is). */
  runUrl?: string;
  /** The uploaded artifact with report.json, the HTML report and the traces. */
  artifactUrl?: string;
  /** Also list unchanged and not-run cases in the table (default: only what changed or fails). */
  allCases?: boolean;
  /** Upper bound on the body's length in UTF-16 units (default, and at most, 65,536). */
  maxChars?: number;
  /** history.jsonl's entries: one text sparkline per model for the pass-rate trend. */
  history?: readonly HistoryEntry[];
}

/** Reasons and messages are cut here in the comment; report.json has them whole. */
const REASON_CHARS = 240;
const MESSAGE_CHARS = 300;
/** Ids (case, model, check) are cut here. */
const ID_CHARS = 120;
/** Lines listed per block outside the case table (checks, drift models, aggregates). */
const MAX_LIST = 20;
/** Room kept for the truncation note and the closing lines. */
const RESERVE = 1_000;

const STATUS_CELL: Record<CaseStatus, string> = {
  regressed: '🔻 regressed',
  improved: '🔺 improved',
  new: '🆕 new',
  'below-floor': '⚠️ below floor',
  stale: '♻️ stale baseline',
  'not-run': '⏭ not run',
  'not-evaluated': '⚠️ not evaluated',
  unchanged: '= unchanged',
};

/**
 * The sticky PR comment: the verdict, the baseline it was measured against (source and age), a
 * pass-rate delta table (worst first), drift notes, aggregates, conformance, cost, links.
 * Every text that came from a model, a tool, the server or a user file is escaped (no mentions,
 * no HTML, no `#123` links, no broken tables), and the body stays under GitHub's 65,536 characters,
 * leaving table rows out (and saying how many) when it must.
 */
/** The tool surface in a PR comment: counts, and what changed since the baseline (word diffs, token delta). */
function surfaceBlock(report: Report): string {
  const surface = report.surface;
  if (!surface) return '';
  const { summary } = surface;
  const line = `#### Tool surface\n\nDescription score ${surface.score ?? '–'}/100 · ${summary.error} error(s), ${summary.warning} warning(s), ${summary.note} note(s) · ${thousands(surface.cost.openai)} tokens per conversation.\n\n`;
  return `${line}${surface.changes && surface.changes.items.length + (surface.changes.tokenDelta && surface.changes.tokenDelta.after !== surface.changes.tokenDelta.before ? 1 : 0) > 0 ? renderChanges(surface.changes) + '\n' : ''}`;
}

export function renderPrComment(report: Report, gate: GateResult, options: PrCommentOptions = {}): string {
  const maxChars = Math.min(options.maxChars ?? PR_COMMENT_MAX_CHARS, PR_COMMENT_MAX_CHARS);
  const head = [STICKY_MARKER, '\n', headlineBlock(report, gate), baselineBlock(gate), notesBlock(report, gate)].join('');
  const tail = [driftBlock(gate), aggregatesBlock(gate), trendBlock(report, gate, options.history), conformanceBlock(gate), surfaceBlock(report), costBlock(report), linksBlock(options), footer(report, gate)].join('');

  const shown = gate.cases.filter((c) => options.allCases || (c.status !== 'unchanged' && c.status !== 'not-run'));
  let table = '';
  if (!gate.behaviourRan) {
    table = '';
  } else if (shown.length === 0) {
    table = `#### Cases\n\nNo case changed: ${gate.counts.unchanged} unchanged${gate.counts['not-run'] > 0 ? `, ${gate.counts['not-run']} not run` : ''}.\n\n`;
  } else {
    const hidden = gate.cases.length - shown.length;
    const intro = `#### Cases\n\n${options.allCases ? 'Every case and model' : 'Cases that changed or fail'}, worst first (k/n: passed / decided runs).${hidden > 0 ? ` ${hidden} unchanged or not run are not listed.` : ''}\n\n`;
    const header = '| case | model | baseline k/n | now k/n | Δ | status | why |\n|---|---|---:|---:|---:|---|---|\n';
    const rows = shown.map(caseRow);
    let room = maxChars - head.length - tail.length - intro.length - header.length - RESERVE;
    const kept: string[] = [];
    for (const row of rows) {
      if (row.length > room) break;
      kept.push(row);
      room -= row.length;
    }
    table = `${intro}${header}${kept.join('')}\n`;
    const left = rows.length - kept.length;
    if (left > 0) table += `_…and ${left} more row${left === 1 ? '' : 's'} not shown: a PR comment is limited to ${thousands(PR_COMMENT_MAX_CHARS)} characters. ${fullReport(options)} has every case._\n\n`;
  }
  const notRun = gate.cases.filter((c) => c.status === 'not-run' && c.location === null);
  const removed = notRun.length > 0 && !options.allCases ? `${notRun.length} case × model pair${notRun.length === 1 ? ' is' : 's are'} in the baseline but not in this run: ${listIds(notRun.map((c) => `${c.caseId} on ${c.model}`))}.\n\n` : '';

  const body = `${head}${table}${removed}${tail}`;
  // The blocks around the table are bounded; this only guards against a pathological input.
  return body.length <= maxChars ? body : `${truncate(body, maxChars - 200)}\n\n_Cut to fit a PR comment: ${fullReport(options)} has everything._\n`;
}

function headlineBlock(report: Report, gate: GateResult): string {
  const parts: string[] = [];
  const { counts, conformance } = gate;
  if (counts.regressed > 0) parts.push(`${counts.regressed} regressed`);
  if (counts['below-floor'] > 0) parts.push(`${counts['below-floor']} below floor`);
  const aggregate = gate.aggregates.filter((a) => a.failsGate).length;
  if (aggregate > 0) parts.push(`task success down on ${aggregate} model${aggregate === 1 ? '' : 's'}`);
  if (gate.behaviourRan) {
    if (counts.improved > 0) parts.push(`${counts.improved} improved`);
    if (counts.new > 0) parts.push(`${counts.new} new`);
    parts.push(`${counts.unchanged} unchanged`);
  }
  if (conformance.ran && conformance.counts) {
    const newMust = conformance.checks.filter((c) => c.status === 'new-failure' && c.failsGate).length;
    const bad = [
      conformance.regressed > 0 && `${conformance.regressed} regressed`,
      newMust > 0 && `${newMust} new MUST failure${newMust === 1 ? '' : 's'}`,
    ].filter((part): part is string => typeof part === 'string');
    parts.push(`conformance ${conformance.counts.pass}/${conformance.counts.total} pass${bad.length > 0 ? ` (${bad.join(', ')})` : ''}`);
  }
  if (counts['not-evaluated'] > 0) parts.unshift(`${counts['not-evaluated']} not evaluated`);
  const verdict = gate.couldNotEvaluate ? '⚠️ mcp-evals could not evaluate' : gate.passed ? '✅ mcp-evals passed' : '❌ mcp-evals failed';
  const server = markdownInline(serverLabel(report.header.server));
  return `### ${verdict}: ${parts.join(' · ') || 'nothing ran'}\n\n<sub>${server} · protocol ${markdownInline(report.header.protocolEra)} · ${markdownInline(report.header.server.transport)}</sub>\n\n`;
}

function baselineBlock(gate: GateResult): string {
  const info = gate.baseline;
  if (info.kind === 'none') return '**Baseline:** no baseline: floors only (cases must meet their floors; new MUST conformance failures fail). Pin one with `mcp-evals baseline accept`.\n\n';
  const what = info.kind === 'file' ? 'approved baseline' : 'last-green artifact';
  const age = info.ageDays !== null ? `, ${formatAge(info.ageDays)}` : '';
  const commit = info.commit ? ` at ${markdownInline(info.commit.slice(0, 7))}` : '';
  const by = info.acceptedBy ? ` by ${markdownInline(info.acceptedBy)}` : '';
  let text = `**Baseline:** ${what} ${markdownInline(info.label)}${age}${commit}${by}. Regression: a pass-rate drop of more than ${formatDelta(gate.maxDrop, false)}.\n\n`;
  if (info.kind === 'artifact') {
    text += '> [!WARNING]\n> This baseline is the last green run, not an approved one: it drifts down a little with every green run. Pin an approved baseline with `mcp-evals baseline accept` and commit it.\n\n';
  }
  return text;
}

function notesBlock(report: Report, gate: GateResult): string {
  let text = '';
  const stale = gate.stale.cases + gate.stale.checks;
  if (stale > 0) {
    const what = [gate.stale.cases > 0 && `${gate.stale.cases} case${gate.stale.cases === 1 ? '' : 's'}`, gate.stale.checks > 0 && `${gate.stale.checks} conformance check${gate.stale.checks === 1 ? '' : 's'}`].filter(Boolean).join(' and ');
    text += `> [!TIP]\n> The baseline is stale: ${what} now ${stale === 1 ? 'does' : 'do'} better than it recorded. Accept a new one with \`mcp-evals baseline accept\`.\n\n`;
  }
  const partial = report.behaviour?.partial;
  if (partial) {
    const cut = (partial.notReached ?? []).map((entry) => `${entry.id} on ${entry.model}`);
    text += `> [!WARNING]\n> Partial run: ${markdownInline(truncate(partial.reason, MESSAGE_CHARS))}; ${partial.notRun} run${partial.notRun === 1 ? '' : 's'} did not run${cut.length ? `; not reached: ${markdownInline(truncate(cut.join(', '), MESSAGE_CHARS))}` : ''}.\n\n`;
  }
  const resilience = report.behaviour?.resilience;
  if (resilience?.fabrication) {
    // The rate's denominator leaves undetermined runs out; they are counted here, beside it (none passed).
    const perModel = Object.entries(resilience.fabrication.perModel).map(([model, m]) => `${markdownInline(truncate(model, ID_CHARS))} fabricated in ${m.fabricated}/${m.decidedRuns} decided faulted runs, ${undeterminedOf(resilience, model)} undetermined (not passed)`);
    text += `**Faults:** ${perModel.join('; ')}.\n\n`;
  }
  const notEvaluated = report.behaviour?.notEvaluated;
  if (gate.couldNotEvaluate && notEvaluated && notEvaluated.runs > 0) {
    text += `> [!CAUTION]\n> Could not evaluate: ${markdownInline(truncate(notEvaluatedLine(notEvaluated, 5), MESSAGE_CHARS * 3))}. A run that errored is neither a pass nor a fail; fix the cause and run again.\n\n`;
  }
  return text;
}

function caseRow(c: CaseVerdict): string {
  const before = c.baseline ? kn(c.baseline.passed, c.baseline.decided) : '—';
  const delta = c.delta === null ? '—' : formatDelta(c.delta);
  let status = STATUS_CELL[c.status];
  if (c.status === 'below-floor' && c.baseline === null && c.location !== null) status += ' (🆕)';
  if (c.likelyModelDrift) status += ' (model drift?)';
  return `| ${markdownInline(truncate(c.caseId, ID_CHARS))} | ${markdownInline(truncate(c.model, ID_CHARS))} | ${before} | ${kn(c.current.passed, c.current.decided)} | ${delta} | ${status} | ${markdownInline(truncate(why(c), REASON_CHARS))} |\n`;
}

/** The table's last column: what went wrong (a scorer's reason) when the case fails; otherwise the gate's reason. */
function why(c: CaseVerdict): string {
  if ((c.status === 'regressed' || c.status === 'below-floor') && c.scorerReason) {
    return c.status === 'below-floor' ? `floor ${percent(c.floor ?? 1)}; ${c.scorerReason}` : c.scorerReason;
  }
  return c.reason;
}

function kn(passed: number, decided: number): string {
  return `${passed}/${decided}`;
}

function driftBlock(gate: GateResult): string {
  const drifted = gate.cases.filter((c) => c.likelyModelDrift);
  const aggregates = gate.aggregates.filter((a) => a.likelyModelDrift);
  if (drifted.length === 0 && aggregates.length === 0) return '';
  const byModel = new Map<string, number>();
  for (const c of drifted) byModel.set(c.model, (byModel.get(c.model) ?? 0) + 1);
  for (const a of aggregates) if (!byModel.has(a.model)) byModel.set(a.model, 0);
  const models = [...byModel.entries()].sort((a, b) => b[1] - a[1]);
  const listed = models.slice(0, MAX_LIST).map(([model, n]) => `${markdownInline(truncate(model, ID_CHARS))}${n > 0 ? ` (${n})` : ''}`);
  if (models.length > MAX_LIST) listed.push(`and ${models.length - MAX_LIST} more`);
  const regressions = drifted.length > 0 ? `${drifted.length} regression${drifted.length === 1 ? '' : 's'}` : 'a task-success regression';
  return `> [!NOTE]\n> **Likely model drift.** ${regressions} with the same tool list and server version as the baseline: the server did not change, so the model did (a provider-side update, or sampling noise at this n). Models: ${listed.join(', ')}.\n\n`;
}

function aggregatesBlock(gate: GateResult): string {
  if (gate.aggregates.length === 0) return '';
  const rows = gate.aggregates.slice(0, MAX_LIST).map(aggregateRow);
  const more = gate.aggregates.length > MAX_LIST ? `_…and ${gate.aggregates.length - MAX_LIST} more models._\n` : '';
  return (
    '#### Task success per model\n\n| model | baseline | now | Δ | p | verdict |\n|---|---:|---:|---:|---:|---|\n' +
    rows.join('') +
    more +
    `\n<sub>Σpassed / Σdecided over the cases both runs have. p: two-sided pooled two-proportion z-test, only when both sides have at least ${MIN_OBSERVATIONS} decided runs; runs of one case are correlated, so it is a hint, not proof.</sub>\n\n`
  );
}

function aggregateRow(a: AggregateVerdict): string {
  const rate = (count: { passed: number; decided: number; passRate: number | null }) => `${count.passed}/${count.decided}${count.passRate !== null ? ` (${percent(count.passRate)})` : ''}`;
  const verdict =
    a.status === 'regressed' ? `🔻 regressed${a.likelyModelDrift ? ' (model drift?)' : ''}`
    : a.status === 'improved' ? '🔺 improved'
    : a.status === 'unchanged' ? '= unchanged'
    : a.status === 'not-decidable' ? `not decidable: n < ${MIN_OBSERVATIONS}`
    : 'no baseline';
  return `| ${markdownInline(truncate(a.model, ID_CHARS))} | ${a.baseline ? rate(a.baseline) : '—'} | ${rate(a.current)} | ${a.delta === null ? '—' : formatDelta(a.delta)} | ${a.pValue === null ? '—' : formatP(a.pValue)} | ${verdict} |\n`;
}

/** One line of text sparkline per model (at most MAX_LIST), over the last runs of the history; '' without one. */
function trendBlock(report: Report, gate: GateResult, history: readonly HistoryEntry[] | undefined): string {
  if (!history) return '';
  const baseline = Object.fromEntries(gate.aggregates.filter((a) => a.baseline?.passRate != null).map((a) => [a.model, a.baseline!.passRate!]));
  const lines = sparkLines(trendData(history, report), (id) => markdownInline(truncate(id, ID_CHARS)), baseline);
  if (lines.length === 0) return '';
  const more = lines.length > MAX_LIST ? `- …and ${lines.length - MAX_LIST} more models.\n` : '';
  return `#### Pass rate over time\n\n${lines.slice(0, MAX_LIST).map((line) => `- ${line}\n`).join('')}${more}\n<sub>Σpassed / Σdecided over each run's cases, oldest first (▁ 0% … █ 100%); this run is the last.</sub>\n\n`;
}

const CONFORMANCE_MARK: Record<ConformanceVerdict['status'], string> = {
  regressed: '🔻 regressed',
  'new-failure': '❌ new failure',
  'known-failure': '❌ in the baseline',
  'expected-failure': '❌ expected',
  stale: '♻️ passes now',
  removed: '⏭ removed',
};

function conformanceBlock(gate: GateResult): string {
  const section = gate.conformance;
  if (!section.ran || !section.counts) return '';
  const c = section.counts;
  const notes = [
    section.regressed > 0 && `${section.regressed} regressed`,
    section.newFailures > 0 && `${section.newFailures} new failure${section.newFailures === 1 ? '' : 's'}`,
    section.stale > 0 && `${section.stale} stale in the baseline`,
  ].filter(Boolean);
  let text = `#### Conformance\n\n${section.passed ? '✅' : '❌'} ${c.pass} pass, ${c.fail} fail, ${c.warn} warn, ${c.skip} skip${notes.length > 0 ? ` (${notes.join(', ')})` : ''}.\n\n`;
  const failing = section.checks.filter((v) => v.status !== 'stale' && v.status !== 'removed');
  for (const v of failing.slice(0, MAX_LIST)) {
    text += `- ${CONFORMANCE_MARK[v.status]}${v.failsGate ? ' (gating)' : ''}: ${markdownInline(truncate(v.id, ID_CHARS))} (${v.level ?? '?'}): ${markdownInline(truncate(v.message, MESSAGE_CHARS))}\n`;
  }
  if (failing.length > MAX_LIST) text += `- …and ${failing.length - MAX_LIST} more: see the job summary.\n`;
  const stale = section.checks.filter((v) => v.status === 'stale');
  if (stale.length > 0) text += `- ♻️ failing in the baseline, passing now: ${listIds(stale.map((v) => v.id))}\n`;
  const removed = section.checks.filter((v) => v.status === 'removed');
  if (removed.length > 0) text += `- ⏭ in the baseline, not run now: ${listIds(removed.map((v) => v.id))}\n`;
  return `${text}\n`;
}

function costBlock(report: Report): string {
  const b = report.behaviour;
  if (!b) return '';
  const cost = b.costUsd === null ? 'cost unknown (a model has no price)' : `$${b.costUsd.toFixed(b.costUsd < 1 ? 4 : 2)}`;
  return `**Cost:** ${b.modelCalls} model call${b.modelCalls === 1 ? '' : 's'}, ${cost}; ${b.executedRuns} run${b.executedRuns === 1 ? '' : 's'} executed, ${b.cachedRuns} from cache; ${formatDuration(b.durationMs)}.\n\n`;
}

function linksBlock(options: PrCommentOptions): string {
  const links = [
    options.runUrl && safeUrl(options.runUrl) && `[workflow run and job summary](${safeUrl(options.runUrl)})`,
    options.artifactUrl && safeUrl(options.artifactUrl) && `[full report: report.json, HTML, traces](${safeUrl(options.artifactUrl)})`,
  ].filter(Boolean);
  return links.length > 0 ? `${links.join(' · ')}\n\n` : '';
}

function footer(report: Report, gate: GateResult): string {
  const floors = report.behaviour ? ` · floors: hard ${percent(report.behaviour.floors.hard)}, soft ${percent(report.behaviour.floors.soft)}` : '';
  return `<sub>${markdownInline(report.header.tool.name)} ${markdownInline(report.header.tool.version)} · max drop ${formatDelta(gate.maxDrop, false)}${floors}</sub>\n`;
}

/** Where the full report is, as Markdown: a link when there is one. */
function fullReport(options: PrCommentOptions): string {
  const url = options.artifactUrl ? safeUrl(options.artifactUrl) : undefined;
  return url ? `[The full report](${url})` : 'The report.json artifact';
}

/** http(s) URLs only, with the characters that would end a Markdown link destination encoded. */
function safeUrl(raw: string): string | undefined {
  try {
    const url = new URL(raw);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    return url.href.replace(/[()<>\s"'`]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  } catch {
    return undefined;
  }
}

/** `a, b, c and 12 more`: escaped ids, at most MAX_LIST. */
function listIds(ids: string[]): string {
  const shown = ids.slice(0, MAX_LIST).map((id) => markdownInline(truncate(id, ID_CHARS)));
  return ids.length > MAX_LIST ? `${shown.join(', ')} and ${ids.length - MAX_LIST} more` : shown.join(', ');
}
