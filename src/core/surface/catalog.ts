import { MCPSECBENCH_ATTACKS, OWASP_LLM_2025, type McpSecBenchId, type OwaspLlmId } from '../injection/payloads.js';
import type { FindingLevel, SurfaceFinding } from './types.js';

/**
 * Every surface finding id, declared once: its level, what it means and the class it cites.
 * docs/surface.md explains each with an example; ids are stable (baselines and SARIF name them).
 */
export interface FindingRule {
  id: string;
  level: FindingLevel;
  title: string;
  /** What a maintainer should do, when the finding itself has no more specific hint. */
  fix: string;
  mcpSecBench?: McpSecBenchId;
  owasp?: OwaspLlmId[];
  /** A conformance requirement row it also covers. */
  requirement?: string;
}

const RULES = [
  // Description smells (arXiv:2602.14878's six components, and schema hygiene).
  { id: 'description-missing', level: 'warning', title: 'The tool has no description', fix: 'Say in one sentence what the tool does, then when to use it and what it returns.' },
  { id: 'missing-purpose', level: 'note', title: 'The description does not say what the tool does', fix: 'Start with a verb phrase stating the purpose, e.g. "Searches the issue tracker for …".' },
  { id: 'missing-usage', level: 'note', title: 'The description does not say when to use the tool (or when not to)', fix: 'Add "Use this when …" and, where a neighbour tool fits better, "Do not use it for …; use X instead".' },
  { id: 'missing-returns', level: 'note', title: 'The description does not say what the tool returns', fix: 'Say what comes back ("Returns a list of … with …") or declare an outputSchema.' },
  { id: 'missing-limits', level: 'note', title: 'The description states no limits or side effects', fix: 'State limits (page size, maximum, rate) and side effects (writes, deletes, sends), or annotate readOnlyHint/destructiveHint.' },
  { id: 'missing-errors', level: 'note', title: 'The description does not say how the tool fails', fix: 'Say what happens on bad input or when nothing is found ("Fails with … if …").' },
  { id: 'param-undescribed', level: 'warning', title: 'A parameter is described neither in the schema nor in the tool description', fix: 'Add a `description` to the property: what it means, its unit or format, an example.' },
  { id: 'enum-unexplained', level: 'note', title: 'Enum values are not explained', fix: 'Say in the property\'s description what each value does.' },
  { id: 'required-no-format', level: 'note', title: 'A required string argument has no format hint', fix: 'Add a `pattern`, `format`, `enum` or `examples`, or an example in the description ("e.g. 2026-07-28").' },
  { id: 'name-invalid', level: 'warning', title: 'The tool name is outside the spec\'s 1–128 characters of [A-Za-z0-9_.-]', fix: 'Rename the tool using only letters, digits, `_`, `-` and `.`, at most 128 characters.', requirement: 'TOOL-12' },
  { id: 'name-duplicate', level: 'error', title: 'Two tools share a name', fix: 'Give every tool a unique name: a client keeps only one of them.', requirement: 'TOOL-12' },
  { id: 'description-repeats-schema', level: 'note', title: 'The description only repeats the name and parameter names', fix: 'Say what the tool is for and what it returns, not its signature again.' },
  // Confusable tools.
  { id: 'confusable-tools', level: 'warning', title: 'Two tools are described so alike that a model may pick the wrong one', fix: 'Say in each description when to use it rather than the other, with the words that tell them apart.', mcpSecBench: 2, owasp: ['LLM06:2025'] },
  // Poisoning markers.
  { id: 'hidden-characters', level: 'error', title: 'Invisible characters in text a model reads', fix: 'Remove the invisible characters (Unicode tags, zero-width, bidi controls, stray variation selectors).', mcpSecBench: 15, owasp: ['LLM01:2025', 'LLM04:2025'] },
  { id: 'model-instruction', level: 'error', title: 'Text addressed to the model rather than to the user', fix: 'Describe the tool; never instruct the model to ignore instructions, hide things from the user, or read files first.', mcpSecBench: 15, owasp: ['LLM01:2025'] },
  { id: 'secret-reference', level: 'error', title: 'A request to read, pass or send secrets (key files, credentials, tokens, environment variables)', fix: 'Remove references to keys, credential files and dotfiles from definitions; a tool needing them should read its own configuration.', mcpSecBench: 9, owasp: ['LLM02:2025', 'LLM01:2025'] },
  { id: 'data-request', level: 'error', title: 'A request for data the tool does not need: the conversation, the system prompt, other tools\' output', fix: 'Take only the arguments the tool needs; never ask the model to pass along the conversation or what other tools returned.', mcpSecBench: 15, owasp: ['LLM01:2025', 'LLM02:2025'] },
  { id: 'exfiltration-url', level: 'warning', title: 'A URL that invites data to be appended', fix: 'Do not ask the model to put data into URLs; take the data as a declared argument.', mcpSecBench: 9, owasp: ['LLM02:2025', 'LLM01:2025'] },
  { id: 'tool-shadowing', level: 'warning', title: 'The description tells the model how to use (or avoid) another tool', fix: 'Describe only this tool; a cross-reference may say which tool fits another job, not change how that tool behaves.', mcpSecBench: 8, owasp: ['LLM01:2025', 'LLM06:2025'] },
  { id: 'poisoning-suspected', level: 'warning', title: 'The definition reads like instructions to the model (the poisoning classifier; no listed phrasing matched)', fix: 'Read the words it names: describe the tool for the user; never ask the model to collect, forward or hide anything.', mcpSecBench: 15, owasp: ['LLM01:2025'] },
  { id: 'hidden-parameter', level: 'warning', title: 'A parameter that invites the model to pass along conversation, files or secrets', fix: 'Remove the parameter, or make it a plain, described input the user would expect.', mcpSecBench: 15, owasp: ['LLM01:2025', 'LLM02:2025'] },
  // Bounds.
  { id: 'definition-oversized', level: 'note', title: 'A definition holds strings longer than the analysis reads', fix: 'Keep names, descriptions and schema text short: a model reads them on every turn (a name has at most 128 characters).' },
  // Silent changes.
  { id: 'definition-changed', level: 'warning', title: 'A definition changed since the accepted baseline', fix: 'Review the diff; if the change is intended, accept a new baseline (`mcp-evals baseline accept`).', mcpSecBench: 17, owasp: ['LLM03:2025', 'LLM04:2025'] },
  { id: 'definition-added', level: 'warning', title: 'A definition was added since the accepted baseline', fix: 'Review it (a new tool is new text a model reads); accept a new baseline to pin it.', mcpSecBench: 17, owasp: ['LLM03:2025'] },
  { id: 'definition-removed', level: 'note', title: 'A definition was removed since the accepted baseline', fix: 'Make sure clients no longer need it; accept a new baseline.' },
] as const satisfies readonly FindingRule[];

export type FindingId = (typeof RULES)[number]['id'];

/** The findings that say "poisoned" (the poisoning class; not smells, pins or notes). */
export const POISONING_FINDINGS: ReadonlySet<string> = new Set<FindingId>(['hidden-characters', 'model-instruction', 'secret-reference', 'data-request', 'exfiltration-url', 'tool-shadowing', 'hidden-parameter', 'poisoning-suspected']);

export const FINDING_RULES: readonly FindingRule[] = RULES;
const BY_ID = new Map<string, FindingRule>(RULES.map((rule) => [rule.id, rule]));

export function ruleOf(id: string): FindingRule | undefined {
  return BY_ID.get(id);
}

/** A finding of a declared rule: its level, default fix and class come from the catalog. */
export function finding(id: FindingId, at: Pick<SurfaceFinding, 'kind' | 'name' | 'pointer' | 'message'> & { evidence?: string; fix?: string; level?: FindingLevel }): SurfaceFinding {
  const rule = BY_ID.get(id)!;
  // A rule's level, lowered to a note where a finding's own evidence is weak (param-undescribed on `owner`).
  const out: SurfaceFinding = { id, level: at.level ?? rule.level, kind: at.kind, name: at.name, pointer: at.pointer, message: at.message, fix: at.fix ?? rule.fix };
  if (at.evidence !== undefined) out.evidence = at.evidence;
  if (rule.mcpSecBench !== undefined) {
    out.classes = { mcpSecBench: rule.mcpSecBench, mcpSecBenchAttack: MCPSECBENCH_ATTACKS[rule.mcpSecBench].attack, owasp: [...(rule.owasp ?? [])] };
  }
  return out;
}

/** `LLM01:2025 Prompt Injection`. */
export function owaspLabel(id: string): string {
  return `${id} ${OWASP_LLM_2025[id as OwaspLlmId] ?? ''}`.trim();
}
