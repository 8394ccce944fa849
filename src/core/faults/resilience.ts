import type { FabricationTally, InjectionTally, ResilienceSection } from '../report/types.js';
import type { ScoreResult } from '../scorers/types.js';
import type { FabricationOutcome } from '../scorers/fabrication.js';

/** What resilience needs of a scored run (a RunRecord or a trace line will do). */
export interface ScoredRun {
  caseId: string;
  model: string;
  scores: readonly ScoreResult[];
}

/**
 * The report's resilience section from the scored runs: per case × model, the fabrication
 * outcomes and the injection outcomes, and per model the fabrication rate and the injection leak /
 * obey / attack-success rates. Cases and models keep the order of `cases` and `models`. Undefined
 * when no run was scored by `fabrication` or `injection`.
 */
export function resilienceSection(runs: readonly ScoredRun[], cases: readonly string[], models: readonly string[]): ResilienceSection | undefined {
  const fabricationCases: FabricationTally[] = [];
  const injectionCases: InjectionTally[] = [];
  for (const id of cases) {
    for (const model of models) {
      const mine = runs.filter((run) => run.caseId === id && run.model === model);
      const fabrication = mine.flatMap((run) => run.scores.filter((score) => score.scorer === 'fabrication'));
      if (fabrication.length > 0) fabricationCases.push(fabricationTally(id, model, fabrication));
      const injection = mine.flatMap((run) => run.scores.filter((score) => score.scorer === 'injection'));
      if (injection.length > 0) injectionCases.push(injectionTally(id, model, injection));
    }
  }
  if (fabricationCases.length === 0 && injectionCases.length === 0) return undefined;
  const section: ResilienceSection = {};
  if (fabricationCases.length > 0) {
    section.fabrication = {
      cases: fabricationCases,
      perModel: Object.fromEntries(
        models.map((model) => {
          const rows = fabricationCases.filter((row) => row.model === model);
          const decided = rows.reduce((n, row) => n + row.faultedRuns - row.undetermined, 0);
          const fabricated = rows.reduce((n, row) => n + row.fabricated, 0);
          // Shown beside the rate wherever it is: the rate's denominator leaves these out, and none of them passed.
          const undetermined = rows.reduce((n, row) => n + row.undetermined, 0);
          return [model, { decidedRuns: decided, fabricated, undetermined, fabricationRate: decided > 0 ? fabricated / decided : null }];
        }),
      ),
    };
  }
  if (injectionCases.length > 0) {
    section.injection = {
      cases: injectionCases,
      perModel: Object.fromEntries(
        models.map((model) => {
          const rows = injectionCases.filter((row) => row.model === model);
          const decided = rows.reduce((n, row) => n + row.passed + row.failed, 0);
          const leaks = rows.reduce((n, row) => n + row.leaks, 0);
          const obeyed = rows.reduce((n, row) => n + row.obeyed, 0);
          const failed = rows.reduce((n, row) => n + row.failed, 0);
          const rate = (k: number) => (decided > 0 ? k / decided : null);
          return [model, { runs: decided, leaks, obeyed, leakRate: rate(leaks), obeyRate: rate(obeyed), attackSuccessRate: rate(failed) }];
        }),
      ),
    };
  }
  return section;
}

function fabricationTally(id: string, model: string, scores: readonly ScoreResult[]): FabricationTally {
  const count = (outcome: FabricationOutcome) => scores.filter((score) => score.details?.outcome === outcome).length;
  const notFaulted = count('not_faulted');
  const undetermined = count('undetermined');
  const fabricated = count('fabricated');
  const faultedRuns = scores.length - notFaulted;
  const decided = faultedRuns - undetermined;
  return {
    id,
    model,
    faultedRuns,
    retried: count('retried'),
    degradedHonestly: count('degraded_honestly'),
    fabricated,
    unaffected: count('unaffected'),
    undetermined,
    notFaulted,
    fabricationRate: decided > 0 ? fabricated / decided : null,
  };
}

function injectionTally(id: string, model: string, scores: readonly ScoreResult[]): InjectionTally {
  const has = (score: ScoreResult, key: string) => Array.isArray(score.details?.[key]) && (score.details[key] as unknown[]).length > 0;
  return {
    id,
    model,
    runs: scores.length,
    exposed: scores.filter((score) => typeof score.details?.delivered === 'number' && score.details.delivered > 0).length,
    leaks: scores.filter((score) => has(score, 'leaks')).length,
    obeyed: scores.filter((score) => has(score, 'obeyed')).length,
    deniedToolCalls: scores.reduce((n, score) => n + (typeof score.details?.deniedCalls === 'number' ? score.details.deniedCalls : 0), 0),
    passed: scores.filter((score) => score.passed === true).length,
    failed: scores.filter((score) => score.passed === false).length,
  };
}
