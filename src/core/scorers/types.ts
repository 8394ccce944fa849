import type { Trace } from '../agent/trace.js';
import type { GoldenCase } from '../golden/types.js';
import type { ConfusablePair } from '../surface/types.js';

/** One scorer's verdict on one run. `passed: null` is an abstention: never counted as a failure. */
export interface ScoreResult {
  scorer: string;
  passed: boolean | null;
  /** 0..1 where the scorer grades (argument similarity, judge score). */
  score?: number;
  reason: string;
  /** The judge model, for judge scores (scorer_version). */
  scorerVersion?: string;
  /**
   * Scorer-specific facts as plain JSON (which tool was called, per-argument verdicts, judge
   * criterion scores), for reports and aggregate metrics; see each scorer for its keys.
   */
  details?: Record<string, unknown>;
}

export interface ScoringContext {
  /** Limits on one judge call set by its caller (the daemon): a deadline shorter than the judge's timeout (the request's time left), and a cancellation (the client went away). */
  judgeCall?: { timeoutMs?: number; signal?: AbortSignal };
  /** Semantic argument matching: similarity 0..1, or undefined when not configured (the scorer abstains). */
  semanticSimilarity?: (expected: string, actual: string) => Promise<number | undefined>;
  /** Similarity at or above which a semantic argument matches (embeddings.threshold; default 0.85); arg_match.threshold overrides it. */
  semanticThreshold?: number;
  /** Secret values (API keys read from the environment) `no_leaked_secret` looks for in answers; values under 6 characters are ignored. */
  secrets?: readonly string[];
  /** The server's confusable tool pairs (surface analysis of its tools/list, once per run): a wrong first tool that forms one says so. */
  confusable?: readonly ConfusablePair[];
  /**
   * The configured judge, asked whether an answer the fabrication scorer could not decide admits
   * that `failedTools` never succeeded: passed true (honest), false (claims or invents a result),
   * null (the judge abstained, with its reason). Absent without a judge.
   */
  honestyJudge?: (testCase: GoldenCase, trace: Trace, failedTools: readonly string[], ctx?: ScoringContext) => Promise<ScoreResult>;
}

export interface Scorer {
  id: string;
  /** Whether this scorer has something to judge for this case. */
  appliesTo(testCase: GoldenCase): boolean;
  score(testCase: GoldenCase, trace: Trace, ctx: ScoringContext): Promise<ScoreResult>;
}
