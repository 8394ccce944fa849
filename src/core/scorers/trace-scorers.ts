import type { GoldenCase } from '../golden/types.js';
import { canonicalJson } from '../golden/hash.js';
import { abstain, preview, verdict, type DeterministicScorerDefinition } from './deterministic-types.js';

/** The deterministic scorers that read the trace: spans, tool calls, duration and cost. */

/** `no_errors`: no span carries an error (a failed tool call, a failed model call), and the run has no error. */
export const noErrors: DeterministicScorerDefinition = {
  id: 'no_errors',
  summary: 'no span failed (no tool error, no model error)',
  config: '',
  needsConfig: false,
  score(_testCase, trace) {
    const failed = trace.spans.filter((span) => typeof span.error === 'string' && span.error !== '');
    const problems = failed.map((span) => ({ kind: span.kind, name: span.name, error: preview(span.error ?? '', 200) }));
    // An error recorded on the run with no span to carry it (a hand-made or older trace).
    if (trace.error && !failed.some((span) => span.error === trace.error)) problems.push({ kind: 'agent', name: 'agent', error: preview(trace.error, 200) });
    if (problems.length === 0) return verdict(true, `no span failed (${trace.spans.length} span(s))`, { failed: [] });
    const listed = problems.slice(0, 3).map((p) => `${p.kind} \`${p.name}\`: ${preview(p.error, 100)}`);
    const more = problems.length > 3 ? `; and ${problems.length - 3} more` : '';
    return verdict(false, `${problems.length} span(s) failed: ${listed.join('; ')}${more}`, { failed: problems });
  },
};

/**
 * `latency_budget[:MS]`: the run's wall time (trace.durationMs) is at most the budget: the
 * parameter (`latency_budget:5000`, `latency_budget:5s`), else the case's `budgets.latency_ms`.
 */
export const latencyBudget: DeterministicScorerDefinition = {
  id: 'latency_budget',
  summary: 'the run took at most the latency budget (trace.durationMs ≤ budget)',
  config: '`budgets.latency_ms` in the case, or latency_budget:<ms>',
  needsConfig: true,
  parameter: { label: 'milliseconds (5000, 5000ms or 5s)', parse: parseMilliseconds },
  score(testCase, trace, _ctx, parameter) {
    const budget = (parameter as number | undefined) ?? testCase.budgets?.latency_ms;
    if (budget === undefined) return abstain('latency_budget needs `budgets.latency_ms` in the case (or write latency_budget:<ms>)');
    const details = { budgetMs: budget, durationMs: trace.durationMs };
    return trace.durationMs <= budget
      ? verdict(true, `took ${trace.durationMs}ms, within the ${budget}ms budget`, details)
      : verdict(false, `took ${trace.durationMs}ms, over the ${budget}ms budget`, details);
  },
};

/**
 * `cost_budget[:USD]`: the run's cost is at most the budget: the parameter (`cost_budget:0.01`),
 * else `budgets.cost_usd`. A run whose cost is unknown (no price for the model) abstains: an
 * unknown cost is never $0.
 */
export const costBudget: DeterministicScorerDefinition = {
  id: 'cost_budget',
  summary: 'the run cost at most the cost budget in USD (unknown cost: abstains)',
  config: '`budgets.cost_usd` in the case, or cost_budget:<usd>',
  needsConfig: true,
  parameter: { label: 'US dollars (0.01 or $0.01)', parse: parseDollars },
  score(testCase, trace, _ctx, parameter) {
    const budget = (parameter as number | undefined) ?? testCase.budgets?.cost_usd;
    if (budget === undefined) return abstain('cost_budget needs `budgets.cost_usd` in the case (or write cost_budget:<usd>)');
    if (trace.costUsd === null || trace.costUsd === undefined) return abstain(`the cost of this run is unknown (no price for model \`${trace.model}\`; add it under pricing:)`, { budgetUsd: budget, costUsd: null });
    const details = { budgetUsd: budget, costUsd: trace.costUsd };
    const cost = formatDollars(trace.costUsd);
    return trace.costUsd <= budget + 1e-12
      ? verdict(true, `cost ${cost}, within the ${formatDollars(budget)} budget`, details)
      : verdict(false, `cost ${cost}, over the ${formatDollars(budget)} budget`, details);
  },
};

/**
 * `no_tool_loop`: no tool was called twice with the same input (same name, and arguments equal
 * as canonical JSON, key order ignored). Every repeat counts, a retry after an error included:
 * retrying an identical call is what a loop looks like from outside.
 */
export const noToolLoop: DeterministicScorerDefinition = {
  id: 'no_tool_loop',
  summary: 'no tool was called twice with the same arguments',
  config: '',
  needsConfig: false,
  score(_testCase, trace) {
    const seen = new Map<string, { name: string; count: number; first: number }>();
    trace.toolCalls.forEach((call, index) => {
      const key = `${call.name}\u0000${canonicalJson(call.arguments ?? {})}`;
      const entry = seen.get(key);
      if (entry) entry.count += 1;
      else seen.set(key, { name: call.name, count: 1, first: index });
    });
    const repeated = [...seen.values()].filter((entry) => entry.count > 1);
    if (repeated.length === 0) return verdict(true, `no repeated call among ${trace.toolCalls.length} tool call(s)`, { repeated: [] });
    const listed = repeated.map((entry) => `\`${entry.name}\` ×${entry.count} with the same arguments`);
    return verdict(false, `tool loop: ${listed.join(', ')}`, { repeated: repeated.map(({ name, count, first }) => ({ name, count, firstCall: first })) });
  },
};

/**
 * `tool_efficiency[:N]`: at most N tool calls, every call counted (errored and invalid ones too).
 * N is the parameter, else `budgets.tool_calls`, else derived from the expectations: the length of
 * `expect_sequence` + 1, or 1 + 1 for `expect_tool: <name>` (one extra call allowed: a lookup or a
 * retry), or 0 for `expect_tool: null`. With none of these it abstains.
 * score = 1 within the budget, else budget / calls.
 */
export const toolEfficiency: DeterministicScorerDefinition = {
  id: 'tool_efficiency',
  summary: 'at most N tool calls (budgets.tool_calls; default: the expected calls + 1)',
  config: '`budgets.tool_calls`, tool_efficiency:<n>, or an expectation to derive it from',
  needsConfig: true,
  parameter: { label: 'a whole number of calls', parse: parseCount },
  score(testCase, trace, _ctx, parameter) {
    const explicit = (parameter as number | undefined) ?? testCase.budgets?.tool_calls;
    const derived = explicit === undefined ? derivedToolBudget(testCase) : undefined;
    const budget = explicit ?? derived?.budget;
    if (budget === undefined) return abstain('tool_efficiency needs `budgets.tool_calls` in the case, tool_efficiency:<n>, or expect_tool / expect_sequence to derive a budget from');
    const calls = trace.toolCalls.length;
    const source = derived ? derived.source : parameter !== undefined ? 'tool_efficiency parameter' : 'budgets.tool_calls';
    const details = { budget, calls, source };
    const score = calls <= budget ? 1 : budget / calls;
    return calls <= budget
      ? verdict(true, `${calls} tool call(s), within the budget of ${budget} (${source})`, details, score)
      : verdict(false, `${calls} tool call(s), over the budget of ${budget} (${source})`, details, score);
  },
};

/**
 * `span_present:<kind or name>`: the trace has a span of that kind (`agent`, `model`, `tool`) or,
 * for any other value, a span with that name (a tool name, a model id). Without a parameter it
 * abstains.
 */
export const spanPresent: DeterministicScorerDefinition = {
  id: 'span_present',
  summary: 'the trace has a span of a kind (agent, model, tool) or with a name',
  config: 'a parameter: span_present:<kind> or span_present:<name>',
  needsConfig: true,
  parameter: { label: 'a span kind (agent, model, tool) or a span name', parse: parseName },
  score(_testCase, trace, _ctx, parameter) {
    const wanted = parameter as string | undefined;
    if (wanted === undefined) return abstain('span_present needs a span kind or name: write span_present:tool, span_present:model or span_present:<tool name>');
    const byKind = SPAN_KINDS.has(wanted);
    const matching = trace.spans.filter((span) => (byKind ? span.kind === wanted : span.name === wanted));
    const what = byKind ? `a ${wanted} span` : `a span named \`${wanted}\``;
    const details = { wanted, by: byKind ? 'kind' : 'name', count: matching.length };
    if (matching.length > 0) return verdict(true, `found ${what} (${matching.length})`, details);
    const names = [...new Set(trace.spans.map((span) => `${span.kind} \`${span.name}\``))];
    return verdict(false, `no ${what.replace(/^an? /, '')}; the trace has ${names.length > 0 ? names.slice(0, 6).join(', ') : 'no spans'}`, details);
  },
};

/**
 * `tool_succeeded[:TOOL]`: the required tool ran and at least one of its calls ended normally
 * (no error, not invalid; an empty result still counts as ended). The tool is the parameter, else
 * `expect_tool`, else the first tool of `expect_sequence`; with none (or `expect_tool: null`) it
 * abstains.
 */
export const toolSucceeded: DeterministicScorerDefinition = {
  id: 'tool_succeeded',
  summary: 'the required tool ran and at least one call ended without an error',
  config: '`expect_tool` or `expect_sequence` in the case, or tool_succeeded:<tool>',
  needsConfig: true,
  parameter: { label: 'a tool name', parse: parseName },
  score(testCase, trace, _ctx, parameter) {
    const tool = (parameter as string | undefined) ?? (typeof testCase.expect_tool === 'string' ? testCase.expect_tool : testCase.expect_sequence?.[0]);
    if (tool === undefined) {
      const why = testCase.expect_tool === null ? 'the case expects no tool call (expect_tool: null)' : 'the case sets neither expect_tool nor expect_sequence';
      return abstain(`tool_succeeded has no required tool: ${why} (write tool_succeeded:<tool> to name one)`);
    }
    const calls = trace.toolCalls.filter((call) => call.name === tool);
    const succeeded = calls.filter((call) => !call.isError && !call.invalid);
    const details = { tool, calls: calls.length, succeeded: succeeded.length };
    if (calls.length === 0) return verdict(false, `\`${tool}\` was never called`, details);
    if (succeeded.length > 0) return verdict(true, `\`${tool}\` ran: ${succeeded.length} of ${calls.length} call(s) ended without an error`, details);
    const last = calls[calls.length - 1];
    return verdict(false, `\`${tool}\` was called ${calls.length} time(s) and every call failed${last.resultText ? `: ${preview(last.resultText, 120)}` : ''}`, details);
  },
};

export const TRACE_SCORERS: readonly DeterministicScorerDefinition[] = [noErrors, latencyBudget, costBudget, noToolLoop, toolEfficiency, spanPresent, toolSucceeded];

const SPAN_KINDS: ReadonlySet<string> = new Set(['agent', 'model', 'tool']);

/** The tool budget the expectations imply (see toolEfficiency). */
export function derivedToolBudget(testCase: GoldenCase): { budget: number; source: string } | undefined {
  if (testCase.expect_tool === null) return { budget: 0, source: 'expect_tool: null' };
  if (testCase.expect_sequence && testCase.expect_sequence.length > 0) return { budget: testCase.expect_sequence.length + 1, source: `expect_sequence of ${testCase.expect_sequence.length} + 1` };
  if (typeof testCase.expect_tool === 'string') return { budget: 2, source: 'expect_tool + 1' };
  return undefined;
}

function parseMilliseconds(text: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s)?$/i.exec(text.trim());
  if (!match) throw new Error(`expected milliseconds (5000, 5000ms or 5s), got "${text}"`);
  const value = Number(match[1]) * (match[2]?.toLowerCase() === 's' ? 1000 : 1);
  if (!(value > 0)) throw new Error(`the budget must be more than 0ms, got "${text}"`);
  return value;
}

function parseDollars(text: string): number {
  const match = /^\$?(\d+(?:\.\d+)?|\.\d+)$/.exec(text.trim());
  if (!match) throw new Error(`expected US dollars (0.01 or $0.01), got "${text}"`);
  return Number(match[1]);
}

function parseCount(text: string): number {
  if (!/^\d+$/.test(text.trim())) throw new Error(`expected a whole number of tool calls, got "${text}"`);
  return Number(text.trim());
}

function parseName(text: string): string {
  const name = text.trim();
  if (name === '') throw new Error('the name is empty');
  return name;
}

function formatDollars(value: number): string {
  return `$${value < 0.01 ? value.toPrecision(3).replace(/\.?0+$/, '') : value.toFixed(4).replace(/0+$/, '').replace(/\.$/, '')}`;
}
