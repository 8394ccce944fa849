import type { ArgMatch, ArgMatchMode } from '../golden/types.js';
import { jsonEqual, renderValue } from './json-equal.js';
import { fuzzySimilarity } from './text-similarity.js';
import type { ScoringContext } from './types.js';

/** The outcome for one expected argument. `abstain`: could not be decided (semantic matching unavailable). */
export interface ArgVerdict {
  name: string;
  mode: ArgMatchMode;
  status: 'match' | 'mismatch' | 'abstain' | 'ignored';
  reason: string;
  /** fuzzy / semantic: the similarity that was compared with the threshold. */
  similarity?: number;
  /** semantic abstentions: true when no similarity function was configured at all. */
  notConfigured?: boolean;
}

export const DEFAULT_FUZZY_THRESHOLD = 0.8;
export const DEFAULT_SEMANTIC_THRESHOLD = 0.85;

/**
 * Compares one argument the model sent with what the case expects, in the given mode:
 *
 * - exact: JSON deep equality (see jsonEqual; strings compare exactly).
 * - fuzzy: fuzzySimilarity(text(expected), text(actual)) ≥ threshold (default 0.8).
 * - regex: `pattern` (default: the expected value) must match the whole of text(actual): `^(?:pattern)$`, no flags.
 * - number: |actual − expected| ≤ tolerance (default 0), plus 1e-9·max(1, |expected|) for float rounding;
 *   numbers or numeric strings (`"12.5"`, `"1e3"`, `"1,250"`) on either side.
 * - any_of: actual JSON-equals one of `values` (default: the expected value's items when it is an array, else the value).
 * - present: the key was sent with a value other than null.
 * - ignore: not checked and not counted.
 * - semantic: identical after trim + lowercase → match without asking; otherwise
 *   ctx.semanticSimilarity(text(expected), text(actual)) ≥ threshold (arg_match threshold, else
 *   ctx.semanticThreshold, else 0.85); no function, an undefined answer or a thrown error → abstain.
 *
 * text(v) is v itself for a string, JSON otherwise. An absent key is a mismatch in every mode but ignore.
 */
export async function matchArgument(
  name: string,
  expected: unknown,
  args: Record<string, unknown>,
  match: ArgMatch,
  ctx: ScoringContext,
): Promise<ArgVerdict> {
  const mode = match.mode;
  const verdict = (status: ArgVerdict['status'], reason: string, extra: Partial<ArgVerdict> = {}): ArgVerdict => ({ name, mode, status, reason, ...extra });
  if (mode === 'ignore') return verdict('ignored', 'ignored');
  const present = Object.hasOwn(args, name) && args[name] !== undefined;
  const actual = present ? args[name] : undefined;
  if (!present) return verdict('mismatch', 'not sent');
  const got = `got ${renderValue(actual)}`;

  switch (mode) {
    case 'present':
      return actual === null ? verdict('mismatch', 'sent as null') : verdict('match', `present (${renderValue(actual)})`);
    case 'exact':
      return jsonEqual(expected, actual) ? verdict('match', `equals ${renderValue(expected)}`) : verdict('mismatch', `expected ${renderValue(expected)}, ${got}`);
    case 'any_of': {
      const values = match.values ?? (Array.isArray(expected) ? expected : [expected]);
      return values.some((value) => jsonEqual(value, actual))
        ? verdict('match', `${renderValue(actual)} is one of the accepted values`)
        : verdict('mismatch', `expected one of ${renderValue(values)}, ${got}`);
    }
    case 'fuzzy': {
      const threshold = match.threshold ?? DEFAULT_FUZZY_THRESHOLD;
      const similarity = fuzzySimilarity(asText(expected), asText(actual));
      const status = similarity >= threshold ? 'match' : 'mismatch';
      return verdict(status, `fuzzy similarity ${round(similarity)} ${status === 'match' ? '≥' : '<'} ${threshold} (expected ${renderValue(expected)}, ${got})`, { similarity: round(similarity) });
    }
    case 'regex': {
      const pattern = match.pattern ?? asText(expected);
      let regex: RegExp;
      try {
        regex = new RegExp(`^(?:${pattern})$`);
      } catch (error) {
        return verdict('mismatch', `invalid regex /${pattern}/: ${(error as Error).message}`);
      }
      return regex.test(asText(actual)) ? verdict('match', `matches /${pattern}/`) : verdict('mismatch', `does not match /${pattern}/, ${got}`);
    }
    case 'number': {
      const tolerance = match.tolerance ?? 0;
      const want = toNumber(expected);
      const have = toNumber(actual);
      if (want === undefined) return verdict('mismatch', `the expected value ${renderValue(expected)} is not a number`);
      if (have === undefined) return verdict('mismatch', `expected a number near ${want}, ${got}`);
      const difference = Math.abs(have - want);
      return difference <= tolerance + 1e-9 * Math.max(1, Math.abs(want))
        ? verdict('match', `${have} is within ${tolerance} of ${want}`)
        : verdict('mismatch', `${have} differs from ${want} by ${round(difference)} (tolerance ${tolerance})`);
    }
    case 'semantic': {
      const expectedText = asText(expected);
      const actualText = asText(actual);
      if (expectedText.trim().toLowerCase() === actualText.trim().toLowerCase()) return verdict('match', 'identical text', { similarity: 1 });
      if (!ctx.semanticSimilarity) return verdict('abstain', 'semantic matching not configured', { notConfigured: true });
      let similarity: number | undefined;
      try {
        similarity = await ctx.semanticSimilarity(expectedText, actualText);
      } catch {
        similarity = undefined;
      }
      if (similarity === undefined || !Number.isFinite(similarity)) return verdict('abstain', 'the similarity service gave no answer', { notConfigured: false });
      const threshold = match.threshold ?? ctx.semanticThreshold ?? DEFAULT_SEMANTIC_THRESHOLD;
      const status = similarity >= threshold ? 'match' : 'mismatch';
      return verdict(status, `semantic similarity ${round(similarity)} ${status === 'match' ? '≥' : '<'} ${threshold} (expected ${renderValue(expected)}, ${got})`, { similarity: round(similarity) });
    }
    default: {
      const unknown: never = mode;
      return verdict('mismatch', `unknown match mode ${String(unknown)}`);
    }
  }
}

/** A number, or a string that spells one (`"12.5"`, `"-3"`, `"1e3"`, `"1,250.5"`); anything else: undefined. */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (/^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(text)) return Number(text.replaceAll(',', ''));
  if (!/^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i.test(text)) return undefined;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : undefined;
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}

function round(value: number): number {
  return Math.round(value * 1e4) / 1e4;
}
