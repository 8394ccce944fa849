import { abstain, preview, stopDescription, verdict, type DeterministicScorerDefinition } from './deterministic-types.js';
import { isNumberText, normalizeAnswer, scoreFinalAnswer, stripEndPunctuation } from './final-answer.js';
import { findRefusal } from './refusal.js';
import { findSecrets } from './secrets.js';

/** The deterministic scorers that read the final answer. */

/** `answered`: the final answer has some non-whitespace text. */
export const answered: DeterministicScorerDefinition = {
  id: 'answered',
  summary: 'the run ended with a non-empty final answer',
  config: '',
  needsConfig: false,
  score(_testCase, trace) {
    const text = trace.finalAnswer.trim();
    if (text !== '') return verdict(true, `answered (${text.length} characters)`, { length: text.length });
    return verdict(false, `no final answer: ${stopDescription(trace)}`, { length: 0, stopReason: trace.stopReason });
  },
};

/**
 * `exact_match`: the final answer equals `expected` once both are normalized the way
 * `final_answer` normalizes them (NFKC, lowercase, numbers by value, whitespace collapsed) and
 * punctuation is stripped from both ends (`Paris.` equals `paris`).
 */
export const exactMatch: DeterministicScorerDefinition = {
  id: 'exact_match',
  summary: 'the final answer equals `expected` (normalized: case, spacing, numbers, end punctuation)',
  config: '`expected` in the case',
  needsConfig: true,
  score(testCase, trace) {
    if (testCase.expected === undefined) return abstain('exact_match needs `expected` in the case');
    const numbers = isNumberText(testCase.expected);
    const expected = stripEndPunctuation(normalizeAnswer(testCase.expected, numbers));
    const answer = stripEndPunctuation(normalizeAnswer(trace.finalAnswer, numbers));
    if (expected === '') return abstain('`expected` is empty after normalization: nothing to compare with');
    const details = { expected, answer: preview(answer, 2000) };
    if (answer === expected) return verdict(true, `final answer equals "${preview(expected, 120)}"`, details);
    if (answer === '') return verdict(false, `no final answer; expected exactly "${preview(expected, 120)}"`, details);
    return verdict(false, `final answer "${preview(answer)}" does not equal "${preview(expected, 120)}"`, details);
  },
};

/** `contains`: the final answer contains `expected`: the `final_answer` rule (word boundaries, numbers by value). */
export const contains: DeterministicScorerDefinition = {
  id: 'contains',
  summary: 'the final answer contains `expected` (the final_answer rule, as an opt-in scorer)',
  config: '`expected` in the case',
  needsConfig: true,
  score(testCase, trace) {
    if (testCase.expected === undefined) return abstain('contains needs `expected` in the case');
    const { scorer: _scorer, ...result } = scoreFinalAnswer(testCase, trace);
    return result;
  },
};

/**
 * `json_valid`: the whole final answer (trimmed) parses as JSON. An answer that wraps valid JSON
 * in a Markdown code fence fails, and the reason says so: a consumer parsing the answer would fail too.
 */
export const jsonValid: DeterministicScorerDefinition = {
  id: 'json_valid',
  summary: 'the final answer (trimmed) is valid JSON',
  config: '',
  needsConfig: false,
  score(_testCase, trace) {
    const text = trace.finalAnswer.trim();
    if (text === '') return verdict(false, `no final answer to parse: ${stopDescription(trace)}`);
    try {
      const value: unknown = JSON.parse(text);
      const type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
      return verdict(true, `the final answer is valid JSON (${type})`, { type });
    } catch (error) {
      const fenced = /^```[a-z]*\s*\n([\s\S]*?)\n\s*```$/i.exec(text);
      if (fenced && isJson(fenced[1])) return verdict(false, 'the final answer wraps valid JSON in a ``` code fence; the answer itself is not JSON', { fenced: true });
      const message = error instanceof Error ? error.message : String(error);
      return verdict(false, `the final answer is not valid JSON (${preview(message, 100)}): "${preview(text, 100)}"`);
    }
  },
};

/** `not_a_refusal`: no refusal phrasing (see refusal.ts) in the final answer. */
export const notARefusal: DeterministicScorerDefinition = {
  id: 'not_a_refusal',
  summary: 'the final answer is not a refusal ("I can\'t help with that", "I don\'t have access to ...")',
  config: '',
  needsConfig: false,
  score(_testCase, trace) {
    if (trace.finalAnswer.trim() === '') return abstain(`no final answer to check (${stopDescription(trace)}; the \`answered\` scorer fails such runs)`);
    const refusal = findRefusal(trace.finalAnswer);
    if (!refusal) return verdict(true, 'no refusal phrasing in the final answer');
    return verdict(false, `the final answer reads as a refusal: "${preview(refusal.match, 120)}"`, { pattern: refusal.id, match: refusal.match });
  },
};

/**
 * `no_leaked_secret`: no credential-looking string (secrets.ts) and no configured secret value
 * (ScoringContext.secrets) in the final answer. The reason names the kind and position of each
 * finding, never its text.
 */
export const noLeakedSecret: DeterministicScorerDefinition = {
  id: 'no_leaked_secret',
  summary: 'no API key, token, private key or configured secret value in the final answer',
  config: '',
  needsConfig: false,
  score(_testCase, trace, ctx) {
    const findings = findSecrets(trace.finalAnswer, ctx.secrets ?? []);
    if (findings.length === 0) return verdict(true, 'no credential in the final answer');
    const listed = findings.slice(0, 5).map((f) => `${f.label} (${f.length} characters at character ${f.index + 1})`);
    const more = findings.length > 5 ? `, and ${findings.length - 5} more` : '';
    return verdict(false, `the final answer contains ${listed.join(', ')}${more}`, { findings });
  },
};

export const ANSWER_SCORERS: readonly DeterministicScorerDefinition[] = [answered, exactMatch, contains, jsonValid, notARefusal, noLeakedSecret];

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
