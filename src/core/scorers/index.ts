import { ConfigurationError } from '../errors.js';
import type { GoldenCase } from '../golden/types.js';
import { argumentsScorer } from './arguments.js';
import { DETERMINISTIC_SCORERS, deterministicScorer } from './deterministic.js';
import { fabricationScorer } from './fabrication.js';
import { finalAnswerScorer } from './final-answer.js';
import { injectionScorer } from './injection.js';
import { sequenceScorer } from './sequence.js';
import { toolSelectionScorer } from './tool-selection.js';
import { levenshteinRatio } from './text-similarity.js';
import type { ScoreResult, Scorer } from './types.js';

export { argumentsScorer } from './arguments.js';
export { DETERMINISTIC_SCORERS, DETERMINISTIC_SCORER_IDS, deterministicScorer, splitScorerEntry } from './deterministic.js';
export type { DeterministicScorerDefinition } from './deterministic-types.js';
export { REFUSAL_PATTERNS, findRefusal } from './refusal.js';
export { SECRET_PATTERNS, findSecrets, secretsFromEnv, type SecretFinding } from './secrets.js';
export { createEmbeddingSimilarity, cosineSimilarity } from './embeddings.js';
export { finalAnswerScorer, normalizeAnswer } from './final-answer.js';
export { fabricationScorer, scoreFabrication, scoreFabricationByRules, type FabricationOutcome } from './fabrication.js';
export { injectionScorer, scoreInjection } from './injection.js';
export { createJudgeScorer, judgeCriteriaFor, type JudgeOptions, type JudgeScorer } from './judge.js';
export { createJudgeSimilarity } from './judge-similarity.js';
export { sequenceScorer } from './sequence.js';
export { fuzzySimilarity } from './text-similarity.js';
export { toolSelectionScorer } from './tool-selection.js';

/** What the expectations of a case imply, in the order they run (cheap and deterministic first; the judge comes last). */
const BUILTINS: readonly Scorer[] = [toolSelectionScorer, argumentsScorer, sequenceScorer, finalAnswerScorer];

/**
 * Layer 2 scorers, implied by a case's `faults:` / `inject:` (they run after the four above). Kept
 * apart from BUILTINS so BUILTIN_SCORER_IDS keeps its documented shape (4 implied + 13 opt-in).
 */
const LAYER2: readonly Scorer[] = [fabricationScorer, injectionScorer];

/** The field each implied scorer needs, for error messages and the catalog. */
export const IMPLIED_SCORER_NEEDS: Readonly<Record<string, string>> = {
  tool_selection: '`expect_tool` or `expect_sequence`',
  arguments: '`expect_args`',
  sequence: '`expect_sequence`',
  final_answer: '`expected`',
  fabrication: '`faults`',
  injection: '`inject`',
};

const SUMMARIES: Record<string, string> = {
  tool_selection: 'the first tool call is the expected tool (expect_tool: null: no tool call at all)',
  arguments: 'the expected tool\'s arguments match expect_args (per arg_match mode)',
  sequence: 'the expected tools were called in order (sequence_mode)',
  final_answer: 'the final answer contains `expected` (normalized)',
  fabrication: 'after an injected fault, the agent retried or admitted the failure instead of inventing a result',
  injection: 'the canary never left and no planted instruction was obeyed (no denied tool, no planted address or URL)',
};

/** Every built-in scorer id: the four the expectations imply, then the 13 opt-in deterministic ones. */
export const BUILTIN_SCORER_IDS: readonly string[] = [...BUILTINS.map((scorer) => scorer.id), ...DETERMINISTIC_SCORERS.map((definition) => definition.id)];

/** The implied scorers: they run whenever the case sets their expectation. */
export const IMPLIED_SCORER_IDS: readonly string[] = BUILTINS.map((scorer) => scorer.id);

/** Every built-in scorer (the opt-in ones without a parameter), implied ones first. */
export function builtinScorers(): Scorer[] {
  return [...BUILTINS, ...DETERMINISTIC_SCORERS.map((definition) => (deterministicScorer(definition.id) as { scorer: Scorer }).scorer)];
}

/** One row of `mcp-evals scorers`. */
export interface ScorerInfo {
  id: string;
  summary: string;
  /** True when the scorer needs something from the case, a parameter or the config to decide. */
  needsConfig: boolean;
  /** What it needs ('' when nothing). */
  config: string;
  /** Runs without being named, whenever the case sets its expectation. */
  implied: boolean;
  /** What `id:<parameter>` takes, when a parameter is accepted. */
  parameter?: string;
  /** Asks a model (only the judge). */
  model: boolean;
}

/** Every built-in scorer with what it needs, then `judge`. */
export function scorerCatalog(): ScorerInfo[] {
  return [
    ...[...BUILTINS, ...LAYER2].map((scorer) => ({ id: scorer.id, summary: SUMMARIES[scorer.id], needsConfig: true, config: `${IMPLIED_SCORER_NEEDS[scorer.id]} in the case`, implied: true, model: false })),
    ...DETERMINISTIC_SCORERS.map((definition) => ({
      id: definition.id,
      summary: definition.summary,
      needsConfig: definition.needsConfig,
      config: definition.config,
      implied: false,
      ...(definition.parameter ? { parameter: definition.parameter.label } : {}),
      model: false,
    })),
    {
      id: 'judge',
      summary: 'an LLM grades the run against the configured criteria and the case rubric',
      needsConfig: true,
      config: 'a `judge:` section in the config (and criteria, or a `rubric` in the case)',
      implied: true,
      model: true,
    },
  ];
}

export interface ScorersForOptions {
  /** The judge, when one is configured (createJudgeScorer); its criterion ids are valid `scorers` entries. */
  judge?: Scorer & { readonly criteriaIds?: readonly string[] };
}

/**
 * The scorers that run on a case: every implied built-in whose expectation the case sets, then the
 * opt-in deterministic scorers `scorers:` names (in the order named), then the judge when it
 * applies (a rubric, or configured criteria).
 *
 * `scorers:` entries are built-in ids (opt-in ones may carry a parameter, `span_present:tool`:
 * see deterministic.ts for the grammar), `judge`, or judge criterion ids (those select the
 * criteria the judge scores for this case). Throws ConfigurationError (exit 2) for an unknown id
 * (listing the built-in ids and the judge criteria), a bad parameter, `judge` or a criterion id
 * when no judge is configured, and an implied scorer named when the case gives it nothing to
 * judge (e.g. `final_answer` without `expected`). An opt-in scorer that lacks what it needs is
 * not an error: it abstains and says why. Call it once per case before any model call to fail fast.
 */
export function scorersFor(testCase: GoldenCase, options: ScorersForOptions = {}): Scorer[] {
  const judge = options.judge;
  const location = testCase.location ? { file: testCase.location.file, line: testCase.location.line, column: testCase.location.column } : undefined;
  const fail = (message: string): never => {
    throw new ConfigurationError(`case \`${testCase.id}\`: ${message}`, location);
  };
  const named = new Set(testCase.scorers ?? []);
  let judgeNamed = false;
  const optIn: Scorer[] = [];
  for (const id of named) {
    const resolved = resolveScorerEntry(id, { judge });
    if (resolved.kind === 'implied') {
      if (!resolved.scorer.appliesTo(testCase)) fail(`scorer \`${id}\` needs ${IMPLIED_SCORER_NEEDS[id]} in the case`);
    } else if (resolved.kind === 'deterministic') {
      if (!optIn.some((scorer) => scorer.id === resolved.scorer.id)) optIn.push(resolved.scorer);
    } else if (resolved.kind === 'judge') {
      judgeNamed = true;
    } else {
      fail(resolved.problem);
    }
  }
  const chosen = [...BUILTINS.filter((scorer) => scorer.appliesTo(testCase)), ...LAYER2.filter((scorer) => scorer.appliesTo(testCase)), ...optIn];
  if (judge) {
    if (judge.appliesTo(testCase)) chosen.push(judge);
    else if (judgeNamed) fail('scorer `judge` needs a `rubric` in the case or criteria in the judge config');
  }
  return chosen;
}

/** What one `scorers:` entry (or a `--scorers` item) names. */
export type ResolvedScorerEntry =
  | { kind: 'implied'; scorer: Scorer }
  | { kind: 'deterministic'; scorer: Scorer }
  | { kind: 'judge'; scorer: Scorer }
  | { kind: 'error'; problem: string };

/**
 * Resolves one scorer entry: an implied built-in, an opt-in deterministic scorer (with its
 * parameter), `judge` or a judge criterion, or an error message (unknown id, bad parameter, judge
 * named without a judge configured). Shared by scorersFor and `mcp-evals score --scorers`.
 */
export function resolveScorerEntry(entry: string, options: ScorersForOptions = {}): ResolvedScorerEntry {
  const judge = options.judge;
  const criteria = judge?.criteriaIds ?? [];
  const implied = BUILTINS.find((scorer) => scorer.id === entry) ?? LAYER2.find((scorer) => scorer.id === entry);
  if (implied) return { kind: 'implied', scorer: implied };
  if (entry === 'judge' || criteria.includes(entry)) {
    if (!judge) return { kind: 'error', problem: `scorer \`${entry}\` needs a judge, and none is configured (add a \`judge:\` section to the config)` };
    return { kind: 'judge', scorer: judge };
  }
  const deterministic = deterministicScorer(entry);
  if (deterministic && 'scorer' in deterministic) return { kind: 'deterministic', scorer: deterministic.scorer };
  if (deterministic) return { kind: 'error', problem: deterministic.problem };
  return { kind: 'error', problem: unknownScorerMessage(entry, judge ? criteria : undefined) };
}

/**
 * "unknown scorer `x` (did you mean …?); built-in scorers: …; judge criteria: …". `criteria`
 * undefined: no judge is configured.
 */
export function unknownScorerMessage(entry: string, criteria: readonly string[] | undefined): string {
  const known = [...BUILTIN_SCORER_IDS, ...LAYER2.map((scorer) => scorer.id), 'judge'];
  const closest = closestName(entry, [...known, ...(criteria ?? [])]);
  const hint = closest ? ` (did you mean \`${closest}\`?)` : '';
  const criteriaText = criteria ? (criteria.length > 0 ? `; judge criteria: ${criteria.map((name) => `\`${name}\``).join(', ')}` : '; the judge has no criteria') : ' (judge: not configured)';
  return `unknown scorer \`${entry}\`${hint}; built-in scorers: ${known.map((name) => `\`${name}\``).join(', ')}${criteriaText}`;
}

function closestName(entry: string, names: readonly string[]): string | undefined {
  const word = entry.toLowerCase();
  let best: { name: string; ratio: number } | undefined;
  for (const name of names) {
    const ratio = levenshteinRatio(word, name.toLowerCase());
    if (ratio >= 0.7 && (!best || ratio > best.ratio)) best = { name, ratio };
  }
  return best?.name;
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
