import { isEvaluated, notEvaluatedLine } from '../evals/evaluated.js';
import { caseCell, formatCost, modelCallsText, taskSuccessText } from './behaviour-markdown.js';
import { truncate } from './escape.js';
import { formatDuration } from './outcome.js';
import { palette, safe, type TextOptions } from './text.js';
import { renderResilienceText } from './resilience-markdown.js';
import { renderTelemetryText } from './telemetry-markdown.js';
import type { BehaviourSection, TelemetrySection } from './types.js';

// As long as the PR comment's: a wrong-tool reason may name a confusable pair after the tools.
const REASON_CHARS = 240;

/** The behaviour summary on stdout: one line per model, then every case below its floor, with why. */
export function renderBehaviourText(section: BehaviourSection, options: TextOptions, telemetry?: TelemetrySection): string {
  const c = palette(options.color);
  const lines: string[] = [];
  const failing = section.results.filter((result) => result.meetsFloor === false);
  const caseCount = new Set(section.results.map((result) => result.id)).size;
  const unevaluated = section.results.filter((result) => !isEvaluated(result)).length;
  const mark = unevaluated > 0 || section.partial ? c.red('!') : failing.length === 0 ? c.green('✓') : c.red('✗');
  const what = unevaluated > 0 || section.partial ? 'behaviour could not be evaluated' : 'behaviour';
  const head = `${mark} ${what}: ${caseCount} cases × ${section.models.length} model(s) × ${section.runsPerCase} runs, ${modelCallsText(section)}, ${formatCost(section.costUsd)}, ${section.cachedRuns} cached, ${formatDuration(section.durationMs)}`;
  lines.push(head, '');
  for (const model of section.models) {
    const results = section.results.filter((result) => result.model === model.id);
    const meeting = results.filter((result) => result.meetsFloor === true).length;
    const flaky = results.filter((result) => result.flaky).length;
    const notEvaluated = results.filter((result) => !isEvaluated(result)).length;
    lines.push(`  ${safe(model.id)}: ${meeting}/${results.length} cases meet their floor${notEvaluated ? c.red(`, ${notEvaluated} not evaluated`) : ''}, ${taskSuccessText(section, model.id)}${flaky ? c.yellow(`, ${flaky} flaky`) : ''}`);
  }
  if (section.notEvaluated && section.notEvaluated.runs > 0) lines.push('', c.red(`! ${safe(notEvaluatedLine(section.notEvaluated))}`));
  if (section.partial) {
    const cut = section.partial.notReached?.map((entry) => `${entry.id} [${entry.model}]`) ?? [];
    lines.push(c.yellow(`! partial run: ${safe(section.partial.reason)}; ${section.partial.notRun} runs not made${cut.length ? `; not reached: ${safe(truncate(cut.join(', '), REASON_CHARS))}` : ''}`));
  }
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
