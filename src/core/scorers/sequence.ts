import type { Trace } from '../agent/trace.js';
import type { GoldenCase, SequenceMode } from '../golden/types.js';
import type { ScoreResult, Scorer } from './types.js';

/**
 * `sequence`: were the expected tools called, in order? Every call counts by its name (errored
 * and invalid calls included: the model did choose them). `sequence_mode`:
 *
 * - `strict`: the called names, with immediate repeats of the same tool collapsed (a retry of
 *   `a` is still one step `a`), equal the expected sequence (collapsed the same way) exactly.
 *   score = length of the common prefix / the longer of the two.
 * - `subsequence` (default): the expected names appear in that order, other calls allowed before,
 *   between and after (greedy, leftmost match). score = expected steps found in order / expected steps.
 * - `set`: every expected tool was called at least once, any order. score = distinct expected tools
 *   called / distinct expected tools.
 *
 * An empty expect_sequence: `strict` passes only when no tool was called; the other modes pass.
 * details: `mode`, `expected`, `called` (the names as compared), `matched`, `missing`.
 */
export const sequenceScorer: Scorer = {
  id: 'sequence',
  appliesTo: (testCase) => testCase.expect_sequence !== undefined,
  score: async (testCase, trace) => scoreSequence(testCase, trace),
};

export function scoreSequence(testCase: GoldenCase, trace: Trace): ScoreResult {
  const mode: SequenceMode = testCase.sequence_mode ?? 'subsequence';
  const names = trace.toolCalls.map((call) => call.name);
  const expected = testCase.expect_sequence ?? [];
  const base = { scorer: 'sequence' };
  const shown = (list: string[]) => (list.length === 0 ? '(none)' : list.join(' → '));

  if (mode === 'strict') {
    const want = collapseRepeats(expected);
    const called = collapseRepeats(names);
    let prefix = 0;
    while (prefix < want.length && prefix < called.length && want[prefix] === called[prefix]) prefix += 1;
    const passed = prefix === want.length && prefix === called.length;
    const longest = Math.max(want.length, called.length);
    return {
      ...base,
      passed,
      score: longest === 0 ? 1 : prefix / longest,
      reason: passed ? `called exactly ${shown(want)}` : `expected exactly ${shown(want)}, called ${shown(called)} (first difference at step ${prefix + 1})`,
      details: { mode, expected: want, called, matched: prefix, missing: want.slice(prefix) },
    };
  }

  if (mode === 'set') {
    const want = [...new Set(expected)];
    const calledSet = new Set(names);
    const missing = want.filter((name) => !calledSet.has(name));
    const matched = want.length - missing.length;
    const passed = missing.length === 0;
    return {
      ...base,
      passed,
      score: want.length === 0 ? 1 : matched / want.length,
      reason: passed ? `called every expected tool (${want.join(', ') || 'none expected'})` : `never called ${missing.map((name) => `\`${name}\``).join(', ')}; called ${shown(names)}`,
      details: { mode, expected: want, called: names, matched, missing },
    };
  }

  let matched = 0;
  for (const name of names) if (matched < expected.length && name === expected[matched]) matched += 1;
  const passed = matched === expected.length;
  return {
    ...base,
    passed,
    score: expected.length === 0 ? 1 : matched / expected.length,
    reason: passed
      ? `called ${shown(expected)} in order${names.length > expected.length ? ` (among ${names.length} calls)` : ''}`
      : `expected ${shown(expected)} in order; found the first ${matched} (next missing: \`${expected[matched]}\`); called ${shown(names)}`,
    details: { mode, expected, called: names, matched, missing: expected.slice(matched) },
  };
}

/** `a a b a` → `a b a`. */
export function collapseRepeats(names: readonly string[]): string[] {
  return names.filter((name, index) => index === 0 || names[index - 1] !== name);
}
