import { boundDefinition, MAX_DEFINITION_CHARS, MAX_STRING_CHARS } from './bound.js';
import { finding } from './catalog.js';
import { findConfusable } from './confusable.js';
import { COST_METHOD, loadTokenizer, toolCost, WINDOW_TOKENS, type ToolCost } from './cost.js';
import { comparePins, pinKey, pinOf } from './pins.js';
import { poisoningModel } from './classifier.js';
import { findPoisoning, type NamedDefinition } from './poisoning.js';
import { weighPoisoning } from './suspicion.js';
import { assessTools, toolName } from './smells.js';
import { stringField } from './text.js';
import { COMPONENTS, type DefinitionKind, type FindingLevel, type SurfaceDefinitions, type SurfaceFailOn, type SurfaceFinding, type SurfacePin, type SurfaceSection } from './types.js';

/**
 * The surface section of Layer 0: every analysis over the listed definitions, pure and
 * deterministic (no language model, no network; the poisoning classifier is a file of weights). `durationMs` is the analysis with the tokenizer's
 * loading. Baseline pins are compared afterwards, where the
 * baseline is known (withBaseline).
 */

/** Findings kept in report.json at most (worst first); a hostile list of a million tools is cut. */
const MAX_FINDINGS = 2000;
const LEVEL_ORDER: Record<FindingLevel, number> = { error: 0, warning: 1, note: 2 };

/** Tools counted between two breaths: about a millisecond each, cold. */
const COST_SLICE = 20;

/**
 * `breathe` is awaited between the phases (each tens of milliseconds for 100 tools, cold): a
 * conformance run that analyses while its checks wait on the server passes one that yields to
 * the event loop, so that no check's I/O waits behind the whole analysis.
 */
export async function analyzeSurface(listed: SurfaceDefinitions, breathe: () => Promise<void> = async () => {}): Promise<SurfaceSection> {
  const started = performance.now();
  const { count: countTokens, problem: tokenizerProblem } = await loadTokenizer();
  // Every analysis reads a bounded copy of each definition (bound.ts); the pins are of the definitions as listed.
  const oversized: SurfaceFinding[] = [];
  const cutChars = new Map<Record<string, unknown>, number>();
  const bound = (kind: DefinitionKind, list: Record<string, unknown>[], nameOf: (value: Record<string, unknown>, index: number) => string) =>
    list.map((value, index) => {
      const read = boundDefinition(value);
      if (read.cutChars === 0) return value;
      cutChars.set(read.value, read.cutChars);
      const at = read.longest!;
      oversized.push(
        finding('definition-oversized', {
          kind,
          name: nameOf(read.value, index),
          pointer: at.pointer,
          message: `a string of ${at.chars.toLocaleString('en-US')} characters at ${at.pointer || 'the top'}: the analysis read the first ${MAX_STRING_CHARS.toLocaleString('en-US')} characters of each string and ${MAX_DEFINITION_CHARS.toLocaleString('en-US')} of the definition (${read.cutChars.toLocaleString('en-US')} left unread); its pin covers all of it`,
          evidence: `${at.chars} characters at ${at.pointer || '/'}`,
        }),
      );
      return read.value;
    });
  const definitions: SurfaceDefinitions = {
    tools: bound('tool', listed.tools, toolName),
    prompts: bound('prompt', listed.prompts, (value, index) => stringField(value, 'name') ?? `#${index}`),
    resources: bound('resource', listed.resources, (value, index) => stringField(value, 'uri') ?? stringField(value, 'name') ?? `#${index}`),
    resourceTemplates: bound('resourceTemplate', listed.resourceTemplates, (value, index) => stringField(value, 'uriTemplate') ?? `#${index}`),
    problems: listed.problems,
  };
  const { tools } = definitions;
  await breathe();
  const assessments = assessTools(tools);
  const costs: ToolCost[] = [];
  for (let index = 0; index < tools.length; index++) {
    if (index % COST_SLICE === 0) await breathe();
    costs.push(scaledCost(tools[index]!, cutChars.get(tools[index]!) ?? 0, countTokens));
  }
  await breathe();
  const confusable = findConfusable(tools);
  await breathe();
  const named: NamedDefinition[] = [
    ...tools.map((value, index) => ({ kind: 'tool' as const, name: toolName(value, index), value })),
    ...definitions.prompts.map((value, index) => ({ kind: 'prompt' as const, name: stringField(value, 'name') ?? `#${index}`, value })),
    ...definitions.resources.map((value, index) => ({ kind: 'resource' as const, name: stringField(value, 'uri') ?? stringField(value, 'name') ?? `#${index}`, value })),
    ...definitions.resourceTemplates.map((value, index) => ({ kind: 'resourceTemplate' as const, name: stringField(value, 'uriTemplate') ?? `#${index}`, value })),
  ];
  const lexicons = findPoisoning(named, tools.map(toolName));
  const { model: classifier, problem: classifierProblem } = tools.length > 0 ? poisoningModel() : {};
  const poisoning = classifier ? weighPoisoning(classifier, named.filter((definition) => definition.kind === 'tool'), lexicons) : lexicons;

  const pins: Record<string, SurfacePin> = {};
  const kinds: Array<[DefinitionKind, Record<string, unknown>[]]> = [['tool', listed.tools], ['prompt', listed.prompts], ['resource', listed.resources], ['resourceTemplate', listed.resourceTemplates]];
  for (const [kind, list] of kinds) list.forEach((value, index) => (pins[pinKey(kind, value, index)] ??= pinOf(value)));

  const toolSurfaces = assessments.map((assessment, index) => ({ name: assessment.name, score: assessment.score, components: assessment.components, tokens: costs[index] }));
  const openai = costs.reduce((sum, cost) => sum + cost.openai, 0);
  const anthropic = costs.reduce((sum, cost) => sum + cost.anthropic, 0);
  const section: SurfaceSection = {
    counts: { tools: tools.length, prompts: definitions.prompts.length, resources: definitions.resources.length, resourceTemplates: definitions.resourceTemplates.length },
    score: toolSurfaces.length > 0 ? Math.round(toolSurfaces.reduce((sum, tool) => sum + tool.score, 0) / toolSurfaces.length) : null,
    tools: toolSurfaces,
    topGains: [...toolSurfaces]
      .filter((tool) => tool.score < 100)
      .sort((a, b) => a.score - b.score || b.tokens.openai - a.tokens.openai || a.name.localeCompare(b.name))
      .slice(0, 3)
      .map((tool) => ({ name: tool.name, score: tool.score, missing: COMPONENTS.filter((component) => !tool.components[component].present) })),
    confusable: confusable.pairs,
    cost: { openai, anthropic, windowShare: Math.round((openai / WINDOW_TOKENS) * 10000) / 10000, method: tokenizerProblem ? { openai: tokenizerProblem, anthropic: tokenizerProblem } : COST_METHOD },
    findings: [],
    summary: { error: 0, warning: 0, note: 0 },
    pins,
    problems: [...definitions.problems, ...[tokenizerProblem, classifierProblem].filter((problem) => problem !== undefined)],
    durationMs: 0,
  };
  setFindings(section, [...assessments.flatMap((assessment) => assessment.findings), ...confusable.findings, ...poisoning, ...oversized]);
  section.durationMs = Math.round((performance.now() - started) * 10) / 10;
  return section;
}

/** A tool's cost from its bounded copy, the characters left unread counted at the same characters per token. */
function scaledCost(tool: Record<string, unknown>, cut: number, countTokens: Parameters<typeof toolCost>[1]): ToolCost {
  const cost = toolCost(tool, countTokens);
  if (cut === 0) return cost;
  const factor = 1 + cut / Math.max(1, JSON.stringify(tool).length);
  return { openai: Math.ceil(cost.openai * factor), anthropic: Math.ceil(cost.anthropic * factor) };
}

/** The pins and token total a baseline keeps of a surface section. */
export interface SurfaceBaseline {
  pins: Record<string, SurfacePin>;
  tokens?: number;
}

/** Adds what changed since the baseline (findings and the changes block). */
export function withBaseline(section: SurfaceSection, baseline: SurfaceBaseline, label: string): SurfaceSection {
  const { changes, findings } = comparePins(baseline.pins, section, { label, tokens: baseline.tokens });
  const next = { ...section, changes };
  setFindings(next, [...section.findings, ...findings]);
  return next;
}

function setFindings(section: SurfaceSection, findings: SurfaceFinding[]): void {
  const sorted = findings
    .map((item, order) => ({ item, order }))
    .sort((a, b) => LEVEL_ORDER[a.item.level] - LEVEL_ORDER[b.item.level] || a.order - b.order)
    .map(({ item }) => item)
    .slice(0, MAX_FINDINGS);
  section.findings = sorted;
  section.summary = { error: 0, warning: 0, note: 0 };
  for (const item of sorted) section.summary[item.level] += 1;
}

/** The findings that fail the run under `failOn`. */
export function failingFindings(section: SurfaceSection | undefined, failOn: SurfaceFailOn): SurfaceFinding[] {
  if (!section || failOn === 'never') return [];
  if (failOn === 'changed') {
    // Relative to the baseline: what an unchanged definition had when it was accepted does not fail again.
    if (!section.changes) return section.findings.filter((item) => item.level === 'error');
    const touched = new Set(section.changes.items.filter((item) => item.change !== 'removed').map((item) => item.key));
    return section.findings.filter((item) => item.level !== 'note' && (item.id === 'definition-added' || item.id === 'definition-changed' || touched.has(`${item.kind}:${item.name}`)));
  }
  return section.findings.filter((item) => item.level === 'error' || (failOn === 'warning' && item.level === 'warning'));
}

export { DEFAULT_SURFACE_FAIL_ON, SURFACE_FAIL_ON } from './fail-on.js';
