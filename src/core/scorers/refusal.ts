/**
 * The refusal phrasings `not_a_refusal` looks for: a curated list, matched case-insensitively
 * anywhere in the final answer after curly apostrophes become straight ones.
 *
 * Each pattern is a model declining or saying it cannot act ("I can't help with that", "I'm
 * unable to access real-time data", "As an AI, I cannot ..."). An honest report of a result is
 * not a refusal: "I couldn't find an invoice for Acme" and "I'm unable to find ..." do not match,
 * because the verbs after "cannot" / "unable to" are limited to the ones that decline the task
 * itself (help, assist, provide, access, ...).
 */
export interface RefusalPattern {
  id: string;
  pattern: RegExp;
}

/** Verbs that, after "I can't" / "I'm unable to", decline the task rather than report a result. */
const DECLINE_VERBS = '(?:help|assist|comply|fulfil|fulfill|provide|answer|complete|perform|process|do (?:that|this|so)|access|browse|retrieve|look (?:that|this|it) up|check|share|give|support|engage|continue|proceed|carry out|execute)';

/** What follows "I" in a declining sentence: ` cannot`, ` won't`, `'m unable to`, ... */
const CANNOT = "(?: (?:can't|cannot|can not|won't|will not|am not able to|am unable to)|'m (?:not able|unable) to)";

export const REFUSAL_PATTERNS: readonly RefusalPattern[] = [
  { id: 'i-cannot-help', pattern: new RegExp(`\\bI${CANNOT} ${DECLINE_VERBS}\\b`, 'i') },
  { id: 'as-an-ai-i-cannot', pattern: new RegExp(`\\bas an? (?:ai|artificial intelligence|language model|ai language model|ai assistant)\\b[^.!?\\n]{0,60}\\bI${CANNOT}`, 'i') },
  { id: 'no-access', pattern: /\bI (?:don't|do not) have (?:access to|the ability to|real-time|realtime|live|the capability to|any way to)\b/i },
  { id: 'not-permitted', pattern: /\bI(?:'m| am) not (?:allowed|permitted|authori[sz]ed) to\b/i },
  { id: 'must-decline', pattern: /\bI (?:must|have to|need to|will have to) (?:respectfully )?(?:decline|refuse)\b/i },
  { id: 'prefer-not', pattern: /\bI(?:'d| would) (?:rather not|prefer not to) (?:help|assist|answer|provide|do)\b/i },
  { id: 'not-something-i-can', pattern: /\b(?:that's|that is|this is) not something I can (?:help|assist|do)\b/i },
  { id: 'unable-to-help-with', pattern: /\b(?:unable|not able) to (?:help|assist) (?:you )?with (?:that|this|your request)\b/i },
];

/** The first refusal phrasing found in the text, with the words that matched. */
export function findRefusal(text: string): { id: string; match: string } | undefined {
  const straight = text.replace(/[\u2018\u2019\u02bc]/g, "'");
  for (const { id, pattern } of REFUSAL_PATTERNS) {
    const match = pattern.exec(straight);
    if (match) return { id, match: match[0] };
  }
  return undefined;
}
