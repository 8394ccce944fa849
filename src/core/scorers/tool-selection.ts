import type { Trace } from '../agent/trace.js';
import type { GoldenCase } from '../golden/types.js';
import { confusablePairOf } from '../surface/confusable.js';
import type { ConfusablePair } from '../surface/types.js';
import type { ScoreResult, Scorer } from './types.js';

/**
 * `tool_selection`: did the model pick the right tool first?
 *
 * - `expect_tool: <name>`: passes when the run's first tool call is that tool.
 * - `expect_tool: null` (a negative case): passes only when no tool was called at all; a call is
 *   an over-trigger and the reason names the tools called.
 * - no `expect_tool` but a non-empty `expect_sequence`: the first call must be the sequence's
 *   first tool in `strict` mode, and any tool of the sequence in `subsequence` / `set` mode (those
 *   modes allow other calls around the expected ones; the order is the `sequence` scorer's job).
 *
 * details: `expected` (the tool name, `null` for a negative case, or the accepted first tools),
 * `firstTool` (or null), `calledTools` (every call's name, in order), `calledExpected` (whether
 * an expected tool was called at all, first or not), `negative`, and `confusable` (`[expected,
 * called]`) when the wrong first tool and an expected one form a confusable pair of the server's
 * tools (ctx.confusable, from the surface analysis): the reason then names the pair and its shared words.
 */
export const toolSelectionScorer: Scorer = {
  id: 'tool_selection',
  appliesTo: (testCase) => testCase.expect_tool !== undefined || (testCase.expect_sequence?.length ?? 0) > 0,
  score: async (testCase, trace, ctx) => scoreToolSelection(testCase, trace, ctx?.confusable),
};

export function scoreToolSelection(testCase: GoldenCase, trace: Trace, confusable: readonly ConfusablePair[] = []): ScoreResult {
  const calledTools = trace.toolCalls.map((call) => call.name);
  const firstTool = calledTools[0] ?? null;
  const base = { scorer: 'tool_selection' };

  if (testCase.expect_tool === null) {
    const passed = calledTools.length === 0;
    return {
      ...base,
      passed,
      score: passed ? 1 : 0,
      reason: passed ? 'no tool called, as expected' : `over-trigger: expected no tool call, but the model called ${listCalls(calledTools)}`,
      details: { expected: null, firstTool, calledTools, calledExpected: false, negative: true },
    };
  }

  const accepted = acceptedFirstTools(testCase);
  if (accepted.length === 0) {
    return { ...base, passed: null, reason: 'the case sets neither expect_tool nor expect_sequence', details: { expected: null, firstTool, calledTools, calledExpected: false, negative: false } };
  }
  const expectedLabel = accepted.length === 1 ? `\`${accepted[0]}\`` : `one of ${accepted.map((name) => `\`${name}\``).join(', ')}`;
  const calledExpected = calledTools.some((name) => accepted.includes(name));
  const passed = firstTool !== null && accepted.includes(firstTool);
  const pair = !passed && firstTool !== null ? confusablePairOf(confusable, accepted, firstTool) : undefined;
  let reason: string;
  if (passed) reason = `first tool call was \`${firstTool}\``;
  else if (firstTool === null) reason = `no tool was called; expected ${expectedLabel}`;
  else reason = `first tool call was \`${firstTool}\`, expected ${expectedLabel}${calledExpected ? ' (called later)' : ' (never called)'}${pair ? confusableNote(pair, firstTool) : ''}`;
  return {
    ...base,
    passed,
    score: passed ? 1 : 0,
    reason,
    details: {
      expected: typeof testCase.expect_tool === 'string' ? testCase.expect_tool : accepted,
      firstTool,
      calledTools,
      calledExpected,
      negative: false,
      ...(pair ? { confusable: [pair.a === firstTool ? pair.b : pair.a, firstTool] } : {}),
    },
  };
}

/** ` — "expected" and "called" are confusable (shared: …)`: the description fix is the surface finding's. */
function confusableNote(pair: ConfusablePair, called: string): string {
  const expected = pair.a === called ? pair.b : pair.a;
  return ` — "${expected}" and "${called}" are confusable (shared: ${pair.shared.slice(0, 3).join(', ')}; see surface/confusable-tools)`;
}

/** The tool names a correct first call may have (empty when the case asserts none). */
export function acceptedFirstTools(testCase: GoldenCase): string[] {
  if (typeof testCase.expect_tool === 'string') return [testCase.expect_tool];
  const sequence = testCase.expect_sequence ?? [];
  if (sequence.length === 0) return [];
  return (testCase.sequence_mode ?? 'subsequence') === 'strict' ? [sequence[0]] : [...new Set(sequence)];
}

/** `a`, `b` ×2 — each distinct tool once, in first-call order, with a count when repeated. */
export function listCalls(names: string[]): string {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].map(([name, count]) => (count > 1 ? `\`${name}\` ×${count}` : `\`${name}\``)).join(', ');
}
