import type { Trace } from '../agent/trace.js';
import type { GoldenCase } from '../golden/types.js';
import { IMPLIED_SCORER_NEEDS, type ResolvedScorerEntry } from '../scorers/index.js';
import type { ScoreResult, ScoringContext } from '../scorers/types.js';

/**
 * One stored run scored with named scorer entries, after the fact: the step `mcp-evals score`
 * (rescore.ts) and the daemon's POST /v1/api/score (daemon/score.ts) share, so a run gets the
 * same scores and the same "not applicable" reasons whichever way it is scored. The judge is
 * not called here: its call is budgeted by the caller (judgeCap), so this says only whether it
 * applies and on which case (the criteria named select the judge's criteria).
 */

export interface NamedEntry {
  name: string;
  resolved: ResolvedScorerEntry;
}

export interface RunScoring {
  /** The deterministic scores, in the order named. */
  results: ScoreResult[];
  notApplicable: Array<{ scorer: string; reason: string }>;
  /** Set when a judge entry applies: the case to send it (with the named criteria as `scorers`). */
  judge?: { testCase: GoldenCase; criteria: string[] };
}

export const JUDGE_NOT_APPLICABLE = 'the judge needs a `rubric` in the case or criteria in the judge config';

export async function scoreRun(testCase: GoldenCase, trace: Trace, entries: readonly NamedEntry[], context: ScoringContext): Promise<RunScoring> {
  const results: ScoreResult[] = [];
  const notApplicable: RunScoring['notApplicable'] = [];
  let criteria: string[] | undefined;
  for (const { name, resolved } of entries) {
    if (resolved.kind === 'error') continue; // the caller refused these before scoring
    if (resolved.kind === 'judge') {
      if (!resolved.scorer.appliesTo(testCase)) {
        notApplicable.push({ scorer: name, reason: JUDGE_NOT_APPLICABLE });
        continue;
      }
      criteria ??= [];
      if (name !== 'judge') criteria.push(name);
      continue;
    }
    if (!resolved.scorer.appliesTo(testCase)) {
      notApplicable.push({ scorer: name, reason: `the case has no ${IMPLIED_SCORER_NEEDS[name] ?? 'expectation for it'}` });
      continue;
    }
    results.push(await resolved.scorer.score(testCase, trace, context));
  }
  if (criteria === undefined) return { results, notApplicable };
  // A case's own `scorers:` select its criteria unless the entries named some.
  return { results, notApplicable, judge: { testCase: criteria.length > 0 ? { ...testCase, scorers: criteria } : testCase, criteria } };
}
