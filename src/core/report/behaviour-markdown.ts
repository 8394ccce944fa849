import { isEvaluated, notEvaluatedLine } from '../evals/evaluated.js';
import { markdownCode, markdownInline, truncate } from './escape.js';
import { formatDuration } from './outcome.js';
import { renderResilienceMarkdown } from './resilience-markdown.js';
import { renderTelemetryMarkdown } from './telemetry-markdown.js';
import type { BehaviourSection, CaseResult, TelemetrySection } from './types.js';

const METRIC_LABELS: Record<string, string> = {
  taskSuccessRate: 'task success',
  completion: 'completion (weighted)',
  toolSelectionAccuracy: 'tool selection',
  argumentAccuracy: 'argument accuracy',
  overTriggerRate: 'over-trigger rate (negatives)',
  invalidCallRate: 'invalid call rate',
  errorRecoveryRate: 'error recovery',
  finalAnswerHitRate: 'final answer hit rate',
  avgToolCalls: 'tool calls per run',
};

/** One cell of the matrix: ✅ 5/5, ❌ 3/5 (flaky), with errored and not-run runs made visible. */
export function caseCell(result: CaseResult | undefined): string {
  if (!result) return '–';
  const decided = result.passed + result.failed;
  const mark = !isEvaluated(result) ? '⚠️ not evaluated' : result.meetsFloor === null ? '⏸' : result.meetsFloor ? '✅' : '❌';
  const extras = [
    result.flaky ? 'flaky' : '',
    result.abstained ? `${result.abstained} abstained` : '',
    result.errored ? `${result.errored} errored` : '',
    result.notRun ? `${result.notRun} not run` : '',
  ].filter(Boolean);
  return `${mark} ${result.passed}/${decided}${extras.length ? ` (${extras.join(', ')})` : ''}`;
}

export function formatRate(value: number | null | undefined, digits = 0): string {
  if (value === null || value === undefined) return '–';
  return `${(value * 100).toFixed(digits)}%`;
}

/** "10 model calls" or "10 model calls (10 failed)": never a bare count that hides failures. */
export function modelCallsText(section: Pick<BehaviourSection, 'modelCalls' | 'failedModelCalls'>): string {
  const failed = section.failedModelCalls ?? 0;
  return `${section.modelCalls} model call${section.modelCalls === 1 ? '' : 's'}${failed > 0 ? ` (${failed} failed)` : ''}`;
}

/**
 * "task success 100%", and when runs of the model were not evaluated (errored, cut by the budget)
 * what the rate stands on: "task success 100% of 1 decided run (4 not evaluated)", never a bare
 * 100% beside "4 not evaluated".
 */
export function taskSuccessText(section: Pick<BehaviourSection, 'results' | 'metrics'>, model: string): string {
  const rate = `task success ${formatRate(section.metrics.perModel[model]?.taskSuccessRate)}`;
  const results = section.results.filter((result) => result.model === model);
  const notEvaluated = results.reduce((n, result) => n + result.errored + result.notRun, 0);
  if (notEvaluated === 0) return rate;
  const decided = results.reduce((n, result) => n + result.passed + result.failed, 0);
  return `${rate} of ${decided} decided run${decided === 1 ? '' : 's'} (${notEvaluated} not evaluated)`;
}

export function formatCost(usd: number | null): string {
  return usd === null ? 'unknown (a model has no price)' : `$${usd.toFixed(usd < 1 ? 4 : 2)}`;
}

/** The behaviour part of summary.md: a headline per model, the case × model matrix, then metrics. */
export function renderBehaviourMarkdown(section: BehaviourSection, telemetry?: TelemetrySection): string {
  const models = section.models.map((model) => model.id);
  const byKey = new Map(section.results.map((result) => [`${result.id}\u0000${result.model}`, result]));
  const caseIds = [...new Set(section.results.map((result) => result.id))];
  const lines: string[] = [];
  const failing = section.results.filter((result) => result.meetsFloor === false);
  const unevaluated = section.results.filter((result) => !isEvaluated(result)).length;
  const couldNot = unevaluated > 0 || section.partial !== undefined;
  lines.push(`### ${couldNot ? '⚠️' : failing.length === 0 ? '✅' : '❌'} Behaviour${couldNot ? ' could not be evaluated' : ''}: ${caseIds.length} cases × ${models.length} model${models.length === 1 ? '' : 's'}, ${section.runsPerCase} runs each`);
  lines.push('');
  if (section.notEvaluated && section.notEvaluated.runs > 0) {
    lines.push(`> [!CAUTION]\n> ${unevaluated} case × model pair${unevaluated === 1 ? '' : 's'} could not be evaluated; ${markdownInline(truncate(notEvaluatedLine(section.notEvaluated, 5), 1500))}. A run that errored is neither a pass nor a fail.`, '');
  }
  for (const model of models) {
    const results = section.results.filter((result) => result.model === model);
    const meeting = results.filter((result) => result.meetsFloor === true).length;
    const flaky = results.filter((result) => result.flaky).length;
    const notEvaluated = results.filter((result) => !isEvaluated(result)).length;
    lines.push(`- ${markdownCode(model)}: ${meeting}/${results.length} cases meet their floor${notEvaluated ? `, ${notEvaluated} not evaluated` : ''}${flaky ? `, ${flaky} flaky` : ''}; ${taskSuccessText(section, model)}`);
  }
  const cached = section.cachedRuns + section.executedRuns > 0 ? Math.round((100 * section.cachedRuns) / (section.cachedRuns + section.executedRuns)) : 0;
  lines.push(`- ${modelCallsText(section)}, cost ${formatCost(section.costUsd)}, ${cached}% of runs from cache, ${formatDuration(section.durationMs)}`);
  if (section.partial) {
    const cut = section.partial.notReached?.map((entry) => `${entry.id} on ${entry.model}`) ?? [];
    lines.push(`- ⚠️ **Partial run:** ${markdownInline(section.partial.reason)}; ${section.partial.notRun} runs were not made${cut.length ? `; not reached: ${markdownInline(truncate(cut.join(', '), 600))}` : ''}.`);
  }
  if (section.shard) lines.push(`- Shard ${section.shard.index}/${section.shard.total}.`);
  lines.push('');
  lines.push(`| case | tier | kind | ${models.map((model) => markdownInline(model)).join(' | ')} |`);
  lines.push(`|---|---|---|${models.map(() => '---').join('|')}|`);
  const worstFirst = [...caseIds].sort((a, b) => worst(a) - worst(b));
  for (const id of worstFirst) {
    const first = section.results.find((result) => result.id === id)!;
    lines.push(`| ${markdownCode(id)} | ${first.tier ?? ''} | ${first.kind} | ${models.map((model) => caseCell(byKey.get(`${id}\u0000${model}`))).join(' | ')} |`);
  }
  lines.push('');
  const metricNames = Object.keys(METRIC_LABELS).filter((name) => name in section.metrics.overall);
  if (metricNames.length > 0) {
    lines.push('<details><summary>Metrics per model</summary>', '', `| metric | ${models.map((model) => markdownInline(model)).join(' | ')} |`, `|---|${models.map(() => '---:').join('|')}|`);
    for (const name of metricNames) {
      const format = (value: number | null | undefined) => (name === 'avgToolCalls' ? (value ?? null) === null ? '–' : (value as number).toFixed(2) : formatRate(value));
      lines.push(`| ${METRIC_LABELS[name]} | ${models.map((model) => format(section.metrics.perModel[model]?.[name])).join(' | ')} |`);
    }
    lines.push('', '</details>', '');
  }
  if (section.resilience) lines.push(renderResilienceMarkdown(section.resilience));
  if (telemetry) lines.push(renderTelemetryMarkdown(telemetry));
  return `${lines.join('\n')}\n`;

  function worst(id: string): number {
    const rates = section.results.filter((result) => result.id === id).map((result) => (!isEvaluated(result) ? -2 : result.meetsFloor === false ? -1 : (result.passRate ?? 2)));
    return Math.min(...rates);
  }
}
