import { markdownCode, markdownInline } from './escape.js';
import { palette, safe, type TextOptions } from './text.js';
import type { LatencyStats, TelemetrySection } from './types.js';

/** Tables longer than this are cut (the summary has a size budget). */
const MAX_ROWS = 40;

/** 0.4ms, 12.5ms, 1.25s; – when nothing was measured. */
export function formatLatency(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '–';
  if (ms < 1000) return `${Math.round(ms * 10) / 10}ms`;
  return `${(ms / 1000).toFixed(2)}s`;
}

function percentiles(latency: LatencyStats): string {
  return `${formatLatency(latency.p50)} / ${formatLatency(latency.p95)} / ${formatLatency(latency.p99)}`;
}

/** $0.0123, or "unknown" (never $0 for a model without a price). */
function usd(value: number | null, unpriced = 0): string {
  if (value === null) return unpriced > 0 ? `unknown (${unpriced} unpriced call${unpriced === 1 ? '' : 's'})` : 'unknown';
  return `$${value.toFixed(value < 1 ? 4 : 2)}`;
}

function tokens(value: number | null): string {
  return value === null ? '–' : String(Math.round(value));
}

function cacheNote(t: TelemetrySection): string {
  if (t.cachedRuns === 0) return '';
  return `${t.cachedRuns} of ${t.runs} runs came from the cache: their latencies were measured when they first ran.`;
}

function totalCost(t: TelemetrySection): string {
  if (t.costUsd !== null) return `Total cost ${usd(t.costUsd)}.`;
  return `Total cost unknown: ${t.unpricedCalls} model call${t.unpricedCalls === 1 ? '' : 's'} had no price (add the model under \`pricing:\` in the config).`;
}

/** The telemetry block of summary.md: latency, tokens and cost per model, latency per tool. */
export function renderTelemetryMarkdown(t: TelemetrySection): string {
  const lines: string[] = ['<details><summary>Telemetry: latency, tokens and cost</summary>', ''];
  const models = Object.entries(t.perModel);
  if (models.length > 0) {
    lines.push('| model | calls | errors | latency p50 / p95 / p99 | tokens in / out per call | cost | cost per run |', '|---|---:|---:|---|---|---:|---:|');
    for (const [id, m] of models.slice(0, MAX_ROWS)) {
      lines.push(`| ${markdownCode(id)} | ${m.calls} | ${m.errors} | ${percentiles(m.latencyMs)} | ${tokens(m.tokens.inputMean)} / ${tokens(m.tokens.outputMean)} | ${usd(m.costUsd, m.unpricedCalls)} | ${usd(m.costPerRunUsd)} |`);
    }
    if (models.length > MAX_ROWS) lines.push(`| … ${models.length - MAX_ROWS} more in report.json | | | | | | |`);
    lines.push('');
  }
  const tools = Object.entries(t.perTool);
  if (tools.length > 0) {
    lines.push('| tool | calls | errors | latency p50 / p95 / p99 | max |', '|---|---:|---:|---|---:|');
    for (const [name, tool] of tools.slice(0, MAX_ROWS)) {
      lines.push(`| ${markdownCode(name)} | ${tool.calls} | ${tool.errors} | ${percentiles(tool.latencyMs)} | ${formatLatency(tool.latencyMs.max)} |`);
    }
    if (tools.length > MAX_ROWS) lines.push(`| … ${tools.length - MAX_ROWS} more in report.json | | | | |`);
    lines.push('');
  }
  const notes = [totalCost(t), t.invalidToolCalls ? `${t.invalidToolCalls} made-up tool call${t.invalidToolCalls === 1 ? '' : 's'} never reached the server.` : '', cacheNote(t)].filter(Boolean);
  lines.push(markdownInlineKeepCode(notes.join(' ')), '', '</details>', '');
  return lines.join('\n');
}

/** Our own sentence: only the `pricing:` code span is Markdown; nothing in it is untrusted. */
function markdownInlineKeepCode(text: string): string {
  return text
    .split('`')
    .map((part, i) => (i % 2 === 1 ? `\`${part}\`` : markdownInline(part)))
    .join('');
}

/** The telemetry lines of the CLI summary: one per model, one per tool, then cost and cache. */
export function renderTelemetryText(t: TelemetrySection, options: TextOptions): string {
  const c = palette(options.color);
  const lines: string[] = [c.dim('  latency p50 / p95 / p99, tokens in / out per call, cost')];
  for (const [id, m] of Object.entries(t.perModel)) {
    const errors = m.errors ? c.yellow(`, ${m.errors} failed`) : '';
    lines.push(`  model ${safe(id)}: ${m.calls} calls${errors}, ${percentiles(m.latencyMs)}, ${tokens(m.tokens.inputMean)} / ${tokens(m.tokens.outputMean)} tokens, ${usd(m.costUsd, m.unpricedCalls)}${m.costPerRunUsd !== null ? ` (${usd(m.costPerRunUsd)} per run)` : ''}`);
  }
  for (const [name, tool] of Object.entries(t.perTool)) {
    const errors = tool.errors ? c.yellow(`, ${tool.errors} error${tool.errors === 1 ? '' : 's'}`) : '';
    lines.push(`  tool ${safe(name)}: ${tool.calls} calls${errors}, ${percentiles(tool.latencyMs)}`);
  }
  const cost = t.costUsd === null ? `cost unknown (${t.unpricedCalls} unpriced calls)` : `cost ${usd(t.costUsd)}`;
  lines.push(`  ${cost}${t.cachedRuns ? c.dim(`; ${t.cachedRuns} of ${t.runs} runs from cache (latencies as first measured)`) : ''}`);
  return lines.join('\n');
}
