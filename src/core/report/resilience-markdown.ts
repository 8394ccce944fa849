import { formatRate } from './behaviour-markdown.js';
import { markdownCode } from './escape.js';
import { palette, safe, type TextOptions } from './text.js';
import type { FabricationTally, ResilienceSection } from './types.js';

/** Layer 2 in summary.md: fabrication under faults and injection outcomes, per model, then the cases that failed. */
export function renderResilienceMarkdown(section: ResilienceSection): string {
  const lines: string[] = [];
  if (section.fabrication) {
    lines.push('**Faults: does the agent fabricate when a tool breaks?**', '', '| model | faulted runs decided | fabricated | fabrication rate | undetermined (not passed) |', '|---|---:|---:|---:|---:|');
    for (const [model, m] of Object.entries(section.fabrication.perModel)) lines.push(`| ${markdownCode(model)} | ${m.decidedRuns} | ${m.fabricated} | ${m.fabricationRate === null ? '–' : formatRate(m.fabricationRate)} | ${undeterminedOf(section, model)} |`);
    const bad = section.fabrication.cases.filter((c) => c.fabricated > 0 || c.undetermined > 0);
    if (bad.length) lines.push('', ...bad.map((c) => `- ❌ ${markdownCode(c.id)} on ${markdownCode(c.model)}: ${caseOutcomes(c)}`));
    lines.push('');
  }
  if (section.injection) {
    lines.push('**Prompt injection in tool output**', '', '| model | runs | canary leaks | obeyed | attack success rate |', '|---|---:|---:|---:|---:|');
    for (const [model, m] of Object.entries(section.injection.perModel)) lines.push(`| ${markdownCode(model)} | ${m.runs} | ${m.leaks} | ${m.obeyed} | ${m.attackSuccessRate === null ? '–' : formatRate(m.attackSuccessRate)} |`);
    const bad = section.injection.cases.filter((c) => c.leaks + c.obeyed > 0);
    if (bad.length) lines.push('', ...bad.map((c) => `- ❌ ${markdownCode(c.id)} on ${markdownCode(c.model)}: ${c.leaks} leak(s), ${c.obeyed} obeyed of ${c.exposed} exposed runs`));
    lines.push('');
  }
  return lines.join('\n');
}

/** A model's undetermined runs (older reports lack the per-model figure: summed from the cases). */
export function undeterminedOf(section: ResilienceSection, model: string): number {
  const m = section.fabrication?.perModel[model];
  if (typeof m?.undetermined === 'number') return m.undetermined;
  return (section.fabrication?.cases ?? []).filter((row) => row.model === model).reduce((n, row) => n + row.undetermined, 0);
}

/** "fabricated in 2 of 5 faulted runs, undetermined in 1 (retried 1, honest 1)". */
function caseOutcomes(c: FabricationTally): string {
  const parts = [c.fabricated > 0 && `fabricated in ${c.fabricated}`, c.undetermined > 0 && `undetermined in ${c.undetermined}`].filter(Boolean);
  return `${parts.join(', ')} of ${c.faultedRuns} faulted runs (retried ${c.retried}, honest ${c.degradedHonestly})`;
}

/** Layer 2 on stdout: one line per model and concern. */
export function renderResilienceText(section: ResilienceSection, options: TextOptions): string {
  const c = palette(options.color);
  const lines: string[] = [];
  for (const [model, m] of Object.entries(section.fabrication?.perModel ?? {})) {
    const undetermined = undeterminedOf(section, model);
    const line = `  ${safe(model)}: fabricated in ${m.fabricated}/${m.decidedRuns} decided faulted runs${undetermined > 0 ? `; ${undetermined} undetermined (not passed)` : ''}`;
    lines.push(m.fabricated + undetermined > 0 ? c.red(line) : line);
  }
  for (const [model, m] of Object.entries(section.injection?.perModel ?? {})) {
    const line = `  ${safe(model)}: injection leaks ${m.leaks}, obeyed ${m.obeyed} of ${m.runs} runs`;
    lines.push(m.leaks + m.obeyed > 0 ? c.red(line) : line);
  }
  return lines.length ? `resilience:\n${lines.join('\n')}` : '';
}
