import { ANSWER_SCORERS } from './answer-scorers.js';
import type { DeterministicScorerDefinition } from './deterministic-types.js';
import { TRACE_SCORERS } from './trace-scorers.js';
import type { Scorer } from './types.js';

/**
 * The 13 opt-in deterministic scorers. They run when a case names them in `scorers:` (or
 * `mcp-evals score --scorers` does); none is implied by an expectation, so adding them changed no
 * existing report.
 *
 * Grammar of a `scorers:` entry: `<id>` or `<id>:<parameter>`, no spaces around the colon
 * (in YAML write `- span_present:tool`, or quote it). Scorers that accept a parameter:
 *
 *   latency_budget:<ms>        5000, 5000ms or 5s (overrides budgets.latency_ms)
 *   cost_budget:<usd>          0.01 or $0.01 (overrides budgets.cost_usd)
 *   tool_efficiency:<n>        a whole number of calls (overrides budgets.tool_calls)
 *   span_present:<kind|name>   agent, model or tool is a span kind; anything else a span name
 *   tool_succeeded:<tool>      overrides expect_tool / the first tool of expect_sequence
 *
 * A parameter on any other scorer, or one that does not parse, is a configuration error. The
 * score's `scorer` field is the entry as normalized (`span_present:tool`), so differently
 * parameterized instances are tallied apart.
 */
export const DETERMINISTIC_SCORERS: readonly DeterministicScorerDefinition[] = [...ANSWER_SCORERS, ...TRACE_SCORERS];

export const DETERMINISTIC_SCORER_IDS: readonly string[] = DETERMINISTIC_SCORERS.map((definition) => definition.id);

/** `span_present:tool` → {id: 'span_present', parameter: 'tool'}; `answered` → {id: 'answered'}. */
export function splitScorerEntry(entry: string): { id: string; parameter?: string } {
  const colon = entry.indexOf(':');
  if (colon < 0) return { id: entry.trim() };
  return { id: entry.slice(0, colon).trim(), parameter: entry.slice(colon + 1) };
}

export function deterministicDefinition(id: string): DeterministicScorerDefinition | undefined {
  return DETERMINISTIC_SCORERS.find((definition) => definition.id === id);
}

/**
 * The scorer a `scorers:` entry names, when it is one of the deterministic scorers:
 * `{scorer}`; `{problem}` when the id is known but the parameter is not accepted or does not
 * parse; undefined when the id is not one of them.
 */
export function deterministicScorer(entry: string): { scorer: Scorer } | { problem: string } | undefined {
  const { id, parameter } = splitScorerEntry(entry);
  const definition = deterministicDefinition(id);
  if (!definition) return undefined;
  if (parameter === undefined) return { scorer: instance(definition, id, undefined) };
  if (!definition.parameter) return { problem: `scorer \`${id}\` takes no parameter (got \`${entry}\`)` };
  let parsed: unknown;
  try {
    parsed = definition.parameter.parse(parameter);
  } catch (error) {
    return { problem: `scorer \`${entry}\`: the parameter must be ${definition.parameter.label}: ${error instanceof Error ? error.message : String(error)}` };
  }
  return { scorer: instance(definition, `${id}:${parameter.trim()}`, parsed) };
}

function instance(definition: DeterministicScorerDefinition, id: string, parameter: unknown): Scorer {
  return {
    id,
    appliesTo: () => true,
    score: async (testCase, trace, ctx) => ({ scorer: id, ...definition.score(testCase, trace, ctx, parameter) }),
  };
}
