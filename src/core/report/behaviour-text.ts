import { caseCell, formatCost, formatRate } from './behaviour-markdown.js';
import { truncate } from './escape.js';
import { formatDuration } from './outcome.js';
import { palette, safe, type TextOptions } from './text.js';
import { renderResilienceText } from './resilience-markdown.js';
import { renderTelemetryText } from './telemetry-markdown.js';
import type { BehaviourSection, TelemetrySection } from './types.js';

const REASON_CHARS = 160;

/** The behaviour summary on stdout: one line per model, then every case below its floor, with why. */
export function renderBehaviourText(section: BehaviourSection, options: TextOptions, telemetry?: TelemetrySection): string {
  const c = palette(options.color);
  const lines: string[] = [];
  const failing = section.results.filter((result) => result.meetsFloor === false);
  const caseCount = new Set(section.results.map((result) => result.id)).size;
  const head = `${failing.length === 0 ? c.green('✓') : c.red('✗')} behaviour: ${caseCount} cases × ${section.models.length} model(s) × ${section.runsPerCase} runs, ${section.modelCalls} model calls, ${formatCost(section.costUsd)}, ${section.cachedRuns} cached, ${formatDuration(section.durationMs)}`;
  lines.push(head, '');
  for (const model of section.models) {
    const results = section.results.filter((result) => result.model === model.id);
    const meeting = results.filter((result) => result.meetsFloor === true).length;
    const flaky = results.filter((result) => result.flaky).length;
    lines.push(`  ${safe(model.id)}: ${meeting}/${results.length} cases meet their floor, task success ${formatRate(section.metrics.perModel[model.id]?.taskSuccessRate)}${flaky ? c.yellow(`, ${flaky} flaky`) : ''}`);
  }
  if (section.partial) lines.push('', c.yellow(`! partial run: ${safe(section.partial.reason)}; ${section.partial.notRun} runs not made`));
  if (failing.length > 0) lines.push('');
  for (const result of failing) {
    const why = Object.entries(result.scorers)
      .filter(([, tally]) => tally.failed > 0)
      .map(([id, tally]) => `${id}: ${tally.reasons[0] ?? `${tally.failed} failed`}`)
      .join('; ');
    lines.push(`${c.red('✗')} ${safe(result.id)} [${safe(result.model)}, ${result.kind}] ${caseCell(result)} ${c.dim(`${result.location.file}:${result.location.line}`)} ${safe(truncate(why, REASON_CHARS))}`);
  }
  const resilience = section.resilience ? renderResilienceText(section.resilience, options) : '';
  if (resilience) lines.push('', resilience);
  if (telemetry) lines.push('', renderTelemetryText(telemetry, options));
  return lines.join('\n');
}
