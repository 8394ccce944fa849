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
  const details = { expected, answer: preview(answer, 2000) };
  if (answer === '') return { ...base, passed: false, score: 0, reason: `no final answer; expected it to contain "${expected}"`, details };
  const passed = containsAtBoundaries(answer, expected);
  return {
    ...base,
    passed,
    score: passed ? 1 : 0,
    reason: passed ? `final answer contains "${expected}"` : `final answer does not contain "${expected}": "${preview(answer, 200)}"`,
    details,
  };
}

/**
 * Unicode NFKC, lowercase, every number rewritten by value (thousands separators dropped,
 * trailing decimal zeros dropped: `1,250.00` → `1250`, `3.50` → `3.5`, `007` → `7`; numbers of
 * more than 15 significant digits only lose their separators), whitespace runs collapsed to
 * one space, trimmed.
 */
export function normalizeAnswer(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(NUMBER, (literal) => canonicalNumber(literal))
    .replace(/\s+/gu, ' ')
    .trim();
}

/** A digit run not inside a longer number: `1,250`-style groups or plain digits, optional decimals. */
const NUMBER = /(?<![\p{N}])(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?(?![\p{N}])/gu;

function canonicalNumber(literal: string): string {
  const plain = literal.replaceAll(',', '');
  if (plain.replace(/^0+/, '').replace('.', '').length > 15) return plain;
  return String(Number(plain));
}

/** Drops Unicode punctuation (`\p{P}`: . , ; : ! ? quotes brackets …) from both ends; symbols such as `$` or `%` stay. */
export function stripEndPunctuation(text: string): string {
  return text.replace(/^[\p{P}\s]+|[\p{P}\s]+$/gu, '');
}

const WORD = /[\p{L}\p{N}]/u;
const DIGIT = /\p{N}/u;

function containsAtBoundaries(haystack: string, needle: string): boolean {
  const checkStart = WORD.test(needle[0]);
  const checkEnd = WORD.test(needle[needle.length - 1]);
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    const end = at + needle.length;
    const before = haystack[at - 1] ?? '';
    const after = haystack[end] ?? '';
    if (checkStart && before !== '') {
      if (WORD.test(before)) continue;
      // `.5` of `3.5`: a decimal point or separator between two digits joins them into one number.
      if ((before === '.' || before === ',') && DIGIT.test(haystack[at - 2] ?? '') && DIGIT.test(needle[0])) continue;
    }
    if (checkEnd && after !== '') {
      if (WORD.test(after)) continue;
      if ((after === '.' || after === ',') && DIGIT.test(haystack[end + 1] ?? '') && DIGIT.test(needle[needle.length - 1])) continue;
    }
    return true;
  }
  return false;
}

function preview(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
