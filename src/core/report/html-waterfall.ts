import type { Span, Trace } from '../agent/trace.js';
import type { TraceLine } from '../evals/run-evals.js';
import type { ScoreResult } from '../scorers/types.js';
import { truncate } from './escape.js';
import { escapeHtml as h } from './html-escape.js';
import { formatDuration } from './outcome.js';

/*
 * One run of one case as HTML: a header (verdict, stop reason, steps, duration, tokens, cost), the
 * step sequence as chips, a waterfall of its agent, model and tool spans on a shared time axis,
 * the final answer (or its absence), the scorer verdicts, and every span's attributes on demand.
 * Traces may come from disk (merge, score): every field is read defensively.
 */

/** At most this many spans are drawn per run (a run of 8 steps has about 20). */
export const MAX_SPANS_PER_RUN = 200;
const INFO_CHARS = 160;
const ANSWER_CHARS = 2000;
const ERROR_CHARS = 400;
const REASON_CHARS = 400;
const ATTRIBUTE_CHARS = 1200;

/** Where a run stands: failed runs come first, then undecided ones, then passed ones. */
export type RunVerdict = 'failed' | 'errored' | 'undecided' | 'passed';

export function runVerdict(line: TraceLine): RunVerdict {
  if (line.outcome === 'model_error' || line.outcome === 'not_run') return 'errored';
  if (line.passed === false) return 'failed';
  if (line.passed === true) return 'passed';
  return 'undecided';
}

export const VERDICT_RANK: Record<RunVerdict, number> = { failed: 0, errored: 1, undecided: 2, passed: 3 };

const VERDICT_TEXT: Record<RunVerdict, { mark: string; text: string; badge: string }> = {
  failed: { mark: '✗', text: 'failed', badge: 'fail' },
  errored: { mark: '!', text: 'not scored', badge: 'warn' },
  undecided: { mark: '–', text: 'undecided (every scorer abstained)', badge: 'na' },
  passed: { mark: '✓', text: 'passed', badge: 'pass' },
};

const STOP_TEXT: Record<string, string> = {
  answer: 'answered',
  max_steps: 'max_steps: stopped without a final answer',
  model_error: 'model error',
  budget: 'budget spent: stopped',
};

/** The run as one `<div class="run">`. */
export function renderRun(line: TraceLine): string {
  const trace = line.trace ?? ({} as Partial<Trace>);
  const verdict = runVerdict(line);
  const v = VERDICT_TEXT[verdict];
  const spans = (Array.isArray(trace.spans) ? trace.spans : []).filter(isSpan);
  const stopReason = typeof trace.stopReason === 'string' ? trace.stopReason : 'unknown';
  const toolCount = spans.filter((span) => span.kind === 'tool').length;
  const head = [
    `<span class="badge ${v.badge}">${v.mark} ${h(v.text)}</span>`,
    `run ${num(line.repeat) + 1}`,
    `stop <b class="stop-reason">${h(stopReason)}</b>`,
    `${num(trace.steps)} step${num(trace.steps) === 1 ? '' : 's'}`,
    `${toolCount} tool call${toolCount === 1 ? '' : 's'}`,
    formatDuration(num(trace.durationMs)),
    tokens(trace.usage?.inputTokens, trace.usage?.outputTokens),
    cost(trace.costUsd),
    line.cached ? '<span class="muted">cached</span>' : '',
    `<span class="muted mono" title="trace id">${h(trace.traceId ?? '')}</span>`,
  ].filter(Boolean);
  const parts = [
    `<div class="run ${verdict}" id="run-${h(trace.traceId ?? '')}" data-trace-id="${h(trace.traceId ?? '')}" data-stop="${h(stopReason)}">`,
    `<div class="run-head">${head.join(' · ')}</div>`,
    renderSequence(spans, stopReason),
    renderWaterfall(spans, num(trace.durationMs), stopReason, num(trace.steps)),
  ];
  if (trace.error) parts.push(`<div class="noanswer">error: ${h(truncate(String(trace.error), ERROR_CHARS))}</div>`);
  const answer = typeof trace.finalAnswer === 'string' ? trace.finalAnswer : '';
  if (answer.trim()) parts.push(`<div class="final-answer" title="final answer">${h(truncate(answer, ANSWER_CHARS))}</div>`);
  else if (stopReason !== 'model_error') parts.push(`<div class="noanswer">no final answer${stopReason === 'max_steps' ? ` (the agent hit max_steps after ${toolCount} tool call${toolCount === 1 ? '' : 's'})` : ''}</div>`);
  parts.push(renderScores(Array.isArray(line.scores) ? line.scores : []));
  parts.push(renderSpanDetails(spans));
  parts.push('</div>');
  return parts.join('\n');
}

/** The steps at a glance: model → get_weather → model → get_weather → … ■ max_steps. */
function renderSequence(spans: Span[], stopReason: string): string {
  const chips = spans
    .filter((span) => span.kind !== 'agent')
    .slice(0, MAX_SPANS_PER_RUN)
    .map((span) => `<span class="chip ${span.error ? 'error' : span.kind}" title="${h(span.kind)}">${h(truncate(span.kind === 'model' ? 'model' : span.name, 40))}</span>`);
  chips.push(`<span class="chip stop ${stopReason === 'answer' ? 'answer' : ''}">${stopReason === 'answer' ? '✓ answer' : `■ ${h(stopReason)}`}</span>`);
  return `<div class="seq">${chips.join('→')}</div>`;
}

function renderWaterfall(spans: Span[], durationMs: number, stopReason: string, steps: number): string {
  const total = Math.max(1, durationMs, ...spans.map((span) => num(span.startMs) + num(span.durationMs)));
  const agent = spans.filter((span) => span.kind === 'agent');
  const rest = spans
    .filter((span) => span.kind !== 'agent')
    .sort((a, b) => num(a.startMs) - num(b.startMs))
    .slice(0, MAX_SPANS_PER_RUN);
  const omitted = spans.length - agent.length - rest.length;
  const ticks = [0, 0.25, 0.5, 0.75, 1]
    .map((f, i, all) => `<span class="tick${i === 0 ? ' first' : i === all.length - 1 ? ' last' : ''}" style="left:${pct(f)}">${formatDuration(total * f)}</span>`)
    .join('');
  const rows = [`<div class="wf-row wf-axis"><div class="wf-label muted">span</div><div class="wf-track">${ticks}</div><div class="wf-info muted">duration · tokens · cost · detail</div></div>`];
  for (const span of [...agent, ...rest]) rows.push(renderSpanRow(span, total, stopReason, steps));
  if (omitted > 0) rows.push(`<div class="wf-row"><div class="wf-label muted">…</div><div></div><div class="wf-info muted">${omitted} more spans not drawn</div></div>`);
  const stop = stopReason === 'answer' ? '<span class="ok">✓ answer</span>' : `<span class="bad">■ ${h(stopReason)}</span>`;
  rows.push(`<div class="wf-row stop-row"><div class="wf-label"><span class="kind">stop</span></div><div class="wf-track"><span class="wf-stop">${stop}</span></div><div class="wf-info">${h(STOP_TEXT[stopReason] ?? stopReason)}</div></div>`);
  return `<div class="wf" role="group" aria-label="waterfall">${rows.join('\n')}</div>`;
}

function renderSpanRow(span: Span, total: number, stopReason: string, steps: number): string {
  const attributes = isRecord(span.attributes) ? span.attributes : {};
  const start = num(span.startMs);
  const duration = num(span.durationMs);
  const marks = faultsOf(attributes);
  const info: string[] = [formatDuration(duration)];
  // What went wrong comes right after the duration, so a narrow column still shows it.
  for (const mark of marks) info.push(`<span class="badge ${mark.kind}">${MARK_ICON[mark.kind]} ${h(mark.kind)}: ${h(truncate(mark.text, 60))}</span>`);
  if (span.error) info.push(`<span class="err">✗ ${h(truncate(oneLine(span.error), INFO_CHARS))}</span>`);
  if (span.kind === 'model') {
    info.push(tokens(attributes.inputTokens, attributes.outputTokens));
    info.push(cost(attributes.costUsd as number | null | undefined));
    const calls = Array.isArray(attributes.toolCalls) ? attributes.toolCalls.map(String) : [];
    if (calls.length > 0) info.push(`→ ${h(truncate(calls.join(', '), 60))}`);
    else if (!span.error) info.push('→ text');
  } else if (span.kind === 'tool') {
    if (attributes.arguments !== undefined) info.push(`<span class="mono">${h(truncate(compactJson(attributes.arguments), INFO_CHARS))}</span>`);
    if (attributes.invalid === true) info.push('<span class="err">invalid call</span>');
  } else {
    info.push(`stop ${h(stopReason)}`, `${steps} step${steps === 1 ? '' : 's'}`);
  }
  const title = [`${span.kind} ${span.name}`, `start ${formatDuration(start)}, ${formatDuration(duration)}`, ...marks.map((m) => `${m.kind}: ${m.text}`), span.error ? `error: ${span.error}` : '']
    .filter(Boolean)
    .map((text) => truncate(text, 300))
    .join('\n');
  const classes = ['wf-bar', span.error ? 'error' : '', marks.length > 0 ? 'faulted' : ''].filter(Boolean).join(' ');
  const left = Math.min(1, start / total);
  const width = Math.min(1 - left, duration / total);
  return [
    `<div class="wf-row ${h(span.kind)}" data-kind="${h(span.kind)}">`,
    `<div class="wf-label" title="${h(span.name)}"><span class="kind">${h(span.kind)}</span>${h(truncate(span.name, 60))}</div>`,
    `<div class="wf-track"><div class="${classes}" style="left:${pct(left)};width:${pct(width)}" title="${h(title)}"></div></div>`,
    `<div class="wf-info" title="${h(title)}">${info.filter(Boolean).join(' · ')}</div>`,
    '</div>',
  ].join('');
}

function renderScores(scores: ScoreResult[]): string {
  if (scores.length === 0) return '<p class="muted">not scored</p>';
  const items = scores.map((score) => {
    const mark = score.passed === true ? '<span class="ok">✓</span>' : score.passed === false ? '<span class="bad">✗</span>' : '<span class="muted">–</span>';
    const value = typeof score.score === 'number' ? ` <span class="muted">(${score.score.toFixed(2)})</span>` : '';
    return `<li>${mark} <b>${h(score.scorer)}</b>${value}: ${h(truncate(oneLine(String(score.reason ?? '')), REASON_CHARS))}</li>`;
  });
  return `<ul class="scores">${items.join('')}</ul>`;
}

function renderSpanDetails(spans: Span[]): string {
  if (spans.length === 0) return '';
  const rows = spans.slice(0, MAX_SPANS_PER_RUN + 1).map(
    (span) =>
      `<tr><td>${h(span.kind)}</td><td>${h(truncate(span.name, 80))}</td><td class="num">${formatDuration(num(span.startMs))}</td><td class="num">${formatDuration(num(span.durationMs))}</td><td><pre>${h(truncate(prettyJson(span.attributes), ATTRIBUTE_CHARS))}</pre>${span.error ? `<pre class="bad">${h(truncate(span.error, ERROR_CHARS))}</pre>` : ''}</td></tr>`,
  );
  return `<details class="spans"><summary>span attributes (arguments, results, tokens)</summary><table><thead><tr><th>kind</th><th>name</th><th class="num">start</th><th class="num">duration</th><th>attributes</th></tr></thead><tbody>${rows.join('')}</tbody></table></details>`;
}

export type MarkKind = 'fault' | 'injection' | 'simulated';

const MARK_ICON: Record<MarkKind, string> = { fault: '⚡', injection: '☣', simulated: '◌' };

/**
 * Faults and injections a span records (layer 2 writes `fault`, `injection` and `simulated` on tool
 * spans, `faults` and `injection` on the agent span); any `fault*` / `inject*` attribute counts.
 */
export function faultsOf(attributes: Record<string, unknown>): Array<{ kind: MarkKind; text: string }> {
  const marks: Array<{ kind: MarkKind; text: string }> = [];
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false || value === '') continue;
    const kind: MarkKind | undefined = /fault/i.test(key) ? 'fault' : /inject/i.test(key) ? 'injection' : key === 'simulated' ? 'simulated' : undefined;
    if (!kind) continue;
    marks.push({ kind, text: value === true ? (kind === 'simulated' ? 'not called: a simulated result' : key) : describeMark(value) });
  }
  return marks;
}

/** A fault record, a list of payload ids or a plan summary, in a few words. */
function describeMark(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join(', ');
  if (isRecord(value)) {
    if (typeof value.type === 'string') {
      const delay = typeof value.delayMs === 'number' ? ` +${value.delayMs}ms` : '';
      const applied = value.applied === false ? ` (not applied${typeof value.note === 'string' ? `: ${value.note}` : ''})` : '';
      return `${value.type}${delay}${applied}`;
    }
    const parts: string[] = [];
    if (Array.isArray(value.fired)) parts.push(`${value.fired.length} fired${Array.isArray(value.plan) ? ` of ${value.plan.length} planned` : ''}`);
    if (Array.isArray(value.payloads)) parts.push(`${value.payloads.length} payload${value.payloads.length === 1 ? '' : 's'}`);
    if (parts.length > 0) return parts.join(', ');
  }
  return compactJson(value);
}

function tokens(input: unknown, output: unknown): string {
  if (typeof input !== 'number' && typeof output !== 'number') return '';
  return `${num(input)}→${num(output)} tok`;
}

function cost(usd: number | null | undefined): string {
  if (usd === null) return 'cost unknown';
  if (typeof usd !== 'number' || !Number.isFinite(usd)) return '';
  return `$${usd.toFixed(usd < 1 ? 4 : 2)}`;
}

function pct(fraction: number): string {
  return `${(Math.max(0, Math.min(1, fraction)) * 100).toFixed(2)}%`;
}

function num(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function compactJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value ?? {}, null, 2) ?? '';
  } catch {
    return String(value);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSpan(value: unknown): value is Span {
  return isRecord(value) && typeof value.kind === 'string' && typeof value.name === 'string';
}
