import type { Trace } from '../agent/trace.js';
import type { GoldenCase } from '../golden/types.js';
import type { ScoreResult, Scorer } from './types.js';

/**
 * `final_answer`: the final answer contains the case's `expected` text, after normalizing both
 * (normalizeAnswer) and stripping punctuation from both ends of the expected text. Numbers are
 * compared by value only when `expected` is a number (`1,250.00`, `$3.50`, `14 °C`); otherwise
 * digits are literal, so a version (`1.1.0` is not `1.10.0`), a date, an id or a code must appear
 * as written.
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
  const numbers = isNumberText(testCase.expected ?? '');
  const expected = stripEndPunctuation(normalizeAnswer(testCase.expected ?? '', numbers));
  if (expected === '') return { ...base, passed: null, reason: '`expected` is empty after normalization: nothing to look for' };
  const answer = normalizeAnswer(trace.finalAnswer, numbers);
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
 * Unicode NFKC, lowercase, whitespace runs collapsed to one space, trimmed; with `numbers`, every
 * number rewritten by value (thousands separators dropped, trailing decimal zeros dropped:
 * `1,250.00` → `1250`, `3.50` → `3.5`, `007` → `7`; numbers of more than 15 significant digits only
 * lose their separators). A number that is part of a dotted chain (`1.10.0`, `192.168.0.1`) is
 * never rewritten.
 */
export function normalizeAnswer(text: string, numbers = true): string {
  const base = text.normalize('NFKC').toLowerCase();
  return (numbers ? base.replace(NUMBER, (literal) => canonicalNumber(literal)) : base).replace(/\s+/gu, ' ').trim();
}

/**
 * Whether the numbers of an expected text are quantities, to be matched by value (`1,250.00 USD`,
 * `$3.50`, `14 °C`, `Total: 1,250`): it has a number, and nothing in it is written the way versions,
 * dates, ids and codes are (`1.1.0`, `2026-07-01`, `12:30`, `INV-007`, `v2`, `0042`), which must
 * match digit for digit.
 */
export function isNumberText(text: string): boolean {
  const plain = text.normalize('NFKC');
  return /\p{N}/u.test(plain) && !LITERAL_DIGITS.test(plain);
}

/** Digits that are an identifier, not a quantity: a chain of 3+ parts, a date or time, a letter-joined code, a leading zero. */
const LITERAL_DIGITS = /\p{N}+(?:[.\-/:]\p{N}+){2,}|\p{N}+[-/:]\p{N}+|\p{L}[-_#]?\p{N}|\p{N}[-_]\p{L}|(?<![\p{N}.,])0\p{N}/u;

/** A digit run not inside a longer number or a dotted chain: `1,250`-style groups or plain digits, optional decimals. */
const NUMBER = /(?<![\p{N}]|\p{N}[.,])(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?(?![\p{N}]|[.,]\p{N})/gu;

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
