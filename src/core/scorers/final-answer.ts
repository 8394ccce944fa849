import type { Trace } from '../agent/trace.js';
import type { GoldenCase } from '../golden/types.js';
import type { ScoreResult, Scorer } from './types.js';

/**
 * `final_answer`: the final answer contains the case's `expected` text, after normalizing both
 * (normalizeAnswer) and stripping punctuation from both ends of the expected text. Numbers are
 * compared by value only when `expected` is a number (`1,250.00`, `$3.50`, `14 °C`); otherwise
 * digits are literal, so a date, an id or a code must appear as written. An `expected` that is a
 * version (`1.1.0`, `v2.3`, `2.0.0-rc.1`) matches as a version: `v1.1.0` meets `1.1.0`,
 * `1.1.0-beta.2` and `1.10.0` do not (scoreVersion).
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
  const version = versionOf(stripEndPunctuation((testCase.expected ?? '').normalize('NFKC').trim()));
  if (version) return scoreVersion(base, version, trace.finalAnswer);
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

/** A version as written: `1.1.0`, `v2.3`, `1.1.0-beta.2`, `2.0.0+build.5` (core parts, pre-release, build). */
interface Version {
  core: string;
  pre: string;
}

/**
 * A letter that would make a version part of a longer token ("x1.1.0"); the scripts written without
 * spaces (Han, kana, Thai) and Hangul, whose particles attach to a number, only stand beside it
 * ("版本1.1.0。", "1.1.0으로").
 */
const TOKEN_LETTER = '(?:(?![\\p{scx=Han}\\p{scx=Hiragana}\\p{scx=Katakana}\\p{scx=Hangul}\\p{scx=Thai}])\\p{L})';

/** A version in running text: an optional `v`, 2+ dotted numbers, an optional `-pre.release` and `+build`, not inside a longer token. */
const VERSION_IN_TEXT = new RegExp(
  `(?<!${TOKEN_LETTER}|[\\p{N}._-])v?(\\d+(?:\\.\\d+)+)(?:-([0-9a-z]+(?:[.-][0-9a-z]+)*))?(?:\\+[0-9a-z]+(?:[.-][0-9a-z]+)*)?(?!${TOKEN_LETTER}|[\\p{N}_-]|\\.\\p{N})`,
  'giu',
);

/** `expected` as a version, when it is one and nothing else: 3+ dotted numbers, or a `v` and 2+ (`1.5` alone is a quantity). */
function versionOf(text: string): Version | undefined {
  const match = /^(v)?(\d+(?:\.\d+)+)(?:-([0-9a-z]+(?:[.-][0-9a-z]+)*))?(?:\+[0-9a-z]+(?:[.-][0-9a-z]+)*)?$/iu.exec(text);
  if (!match || (!match[1] && match[2].split('.').length < 3)) return undefined;
  return { core: match[2], pre: (match[3] ?? '').toLowerCase() };
}

/**
 * A version matches as a version: the same numbers and the same pre-release, whatever the `v`
 * prefix or build metadata (`1.1.0` is met by `v1.1.0` and `1.1.0+build.5`, never by
 * `1.1.0-beta.2`, `1.1.0.1` or `11.1.0`).
 */
function scoreVersion(base: { scorer: string }, version: Version, answerText: string): ScoreResult {
  const expected = `${version.core}${version.pre ? `-${version.pre}` : ''}`;
  const answer = answerText.normalize('NFKC');
  const found = [...answer.matchAll(VERSION_IN_TEXT)].map((match) => ({ core: match[1], pre: (match[2] ?? '').toLowerCase(), text: match[0] }));
  const details = { expected, answer: preview(answer, 2000), versions: found.map((v) => v.text) };
  if (answer.trim() === '') return { ...base, passed: false, score: 0, reason: `no final answer; expected version ${expected}`, details };
  const passed = found.some((v) => v.core === version.core && v.pre === version.pre);
  const seen = found.length > 0 ? `; versions in the answer: ${found.map((v) => v.text).join(', ')}` : '';
  return { ...base, passed, score: passed ? 1 : 0, reason: passed ? `final answer contains version ${expected}` : `final answer does not contain version ${expected}${seen}: "${preview(answer, 200)}"`, details };
}

function preview(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
