import type { Trace } from '../agent/trace.js';
import type { GoldenCase } from '../golden/types.js';
import type { ScoreResult, Scorer } from './types.js';

/**
 * `final_answer`: the final answer contains the case's `expected` text, after normalizing both
 * (normalizeAnswer) and stripping punctuation from both ends of the expected text.
 *
 * The match must start and end at word boundaries when the expected text starts / ends with a
 * letter or digit (`12` is not found in `1250`, `paris` not in `comparison`), and a number is not
 * found inside a longer one (`3` is not found in `3.5`). Binary: score 1 or 0.
 * details: `expected` and `answer` as compared.
 */
export const finalAnswerScorer: Scorer = {
  id: 'final_answer',
  appliesTo: (testCase) => testCase.expected !== undefined,
  score: async (testCase, trace) => scoreFinalAnswer(testCase, trace),
};

export function scoreFinalAnswer(testCase: GoldenCase, trace: Trace): ScoreResult {
  const base = { scorer: 'final_answer' };
  const expected = stripEndPunctuation(normalizeAnswer(testCase.expected ?? ''));
  if (expected === '') return { ...base, passed: null, reason: '`expected` is empty after normalization: nothing to look for' };
  const answer = normalizeAnswer(trace.finalAnswer);
  const details = { expected, answer: answer.length > 2000 ? `${answer.slice(0, 2000)}…` : answer };
  if (answer === '') return { ...base, passed: false, score: 0, reason: `no final answer; expected it to contain "${expected}"`, details };
  const passed = containsAt Boundaries(answer, expected);
  return {
    ...base,
    passed,
    score: passed ? 1 : 0,
    reason: passed ? `final answer contains "${expected}"` : `final answer does not contain "${expected}": "${preview(answer)}"`,
    details,
  };
}
