import { ConfigurationError } from '../errors.js';
import type { GoldenCase } from '../golden/types.js';
import { argumentsScorer } from './arguments.js';
import { finalAnswerScorer } from './final-answer.js';
import { sequenceScorer } from './sequence.js';
import { toolSelectionScorer } from './tool-selection.js';
import type { ScoreResult, Scorer } from './types.js';

export { argumentsScorer } from './arguments.js';
export { createEmbeddingSimilarity, cosineSimilarity } from './embeddings.js';
export { finalAnswerScorer, normalizeAnswer } from './final-answer.js';
export { createJudgeScorer, judgeCriteriaFor, type JudgeOptions, type JudgeScorer } from './judge.js';
export { createJudgeSimilarity } from './judge-similarity.js';
export { sequenceScorer } from './sequence.js';
export { fuzzySimilarity } from './text-similarity.js';
export { toolSelectionScorer } from './tool-selection.js';

/** What the expectations of a case imply, in the order they run (cheap and deterministic first; the judge comes last). */
const BUILTINS: readonly Scorer[] = [toolSelectionScorer, argumentsScorer, sequenceScorer, finalAnswerScorer];

/** The field each built-in scorer needs, for error messages. */
const NEEDS: Record<string, string> = {
  tool_selection: '`expect_tool` or `expect_sequence`',
  arguments: '`expect_args`',
  sequence: '`expect_sequence`',
  final_answer: '`expected`',
};

export const BUILTIN_SCORER_IDS: readonly string[] = BUILTINS.map((scorer) => scorer.id);

/** The deterministic scorers, in run order. */
export function builtinScorers(): Scorer[] {
  return [...BUILTINS];
}

export interface ScorersForOptions {
  /** The judge, when one is configured (createJudgeScorer); its criterion ids are valid `scorers` entries. */
  judge?: Scorer & { readonly criteriaIds?: readonly string[] };
}

/**
 * The scorers that run on a case: every built-in whose expectation the case sets, plus the judge
 * when it applies (a rubric, or configured criteria), plus what `scorers:` names.
 *
 * `scorers:` entries are built-in ids, `judge`, or judge criterion ids (those select the criteria
 * the judge scores for this case). Throws ConfigurationError (exit 2) for an unknown id (listing
 * the built-in ids and the judge criteria), for `judge` or a criterion id when no judge is
 * configured, and for a named scorer the case gives nothing to judge (e.g. `final_answer`
 * without `expected`). Call it once per case before any model call to fail fast.
 */
export function scorersFor(testCase: GoldenCase, options: ScorersForOptions = {}): Scorer[] {
  const judge = options.judge;
  const criteria = judge?.criteriaIds ?? [];
  const location = testCase.location ? { file: testCase.location.file, line: testCase.location.line, column: testCase.location.column } : undefined;
  const fail = (message: string): never => {
    throw new ConfigurationError(`case \`${testCase.id}\`: ${message}`, location);
  };
  const named = new Set(testCase.scorers ?? []);
  let judgeNamed = false;
  for (const id of named) {
    const builtin = BUILTINS.find((scorer) => scorer.id === id);
    if (builtin) {
      if (!builtin.appliesTo(testCase)) fail(`scorer \`${id}\` needs ${NEEDS[id]} in the case`);
      continue;
    }
    if (id === 'judge' || criteria.includes(id)) {
      if (!judge) fail(`scorer \`${id}\` needs a judge, and none is configured (add a \`judge:\` section to the config)`);
      judgeNamed = true;
      continue;
    }
    const known = [...BUILTIN_SCORER_IDS, 'judge'].map((name) => `\`${name}\``).join(', ');
    const criteriaText = judge ? (criteria.length > 0 ? `; judge criteria: ${criteria.map((name) => `\`${name}\``).join(', ')}` : '; the judge has no criteria') : ' (judge: not configured)';
    fail(`unknown scorer \`${id}\`; built-in scorers: ${known}${criteriaText}`);
  }
  const chosen = BUILTINS.filter((scorer) => scorer.appliesTo(testCase));
  if (judge) {
    if (judge.appliesTo(testCase)) chosen.push(judge);
    else if (judgeNamed) fail('scorer `judge` needs a `rubric` in the case or criteria in the judge config');
  }
  return chosen;
}

/**
 * Whether a run passed, from its scorer results: abstentions (`passed: null`) are left out;
 * `false` when any remaining scorer failed, `true` when all passed, and `null` when none is left
 * (every scorer abstained, or none applied): an undecided run, never counted as a failure.
 */
export function runPassed(results: readonly ScoreResult[]): boolean | null {
  const decided = results.filter((result) => result.passed !== null);
  if (decided.length === 0) return null;
  return decided.every((result) => result.passed === true);
}
