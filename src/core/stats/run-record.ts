import type { Trace } from '../agent/trace.js';
import type { CaseKind, GoldenCase, Tier } from '../golden/types.js';
import { runPassed } from '../scorers/index.js';
import type { ScoreResult } from '../scorers/types.js';

/** One scored repeat of one case on one model: the input of the aggregate metrics. */
export interface RunRecord {
  caseId: string;
  /** The model's config id (report column). */
  model: string;
  tier?: Tier;
  kind?: CaseKind;
  /** 0-based repeat index. */
  repeat: number;
  trace: Trace;
  scores: ScoreResult[];
  /** runPassed(scores): null when every scorer abstained (or the run was not scored). */
  passed: boolean | null;
  /** A negative case (`expect_tool: null`): the model must call no tool. */
  negative: boolean;
}

/** Builds the record for a scored run; `passed` defaults to runPassed(scores). */
export function toRunRecord(testCase: GoldenCase, trace: Trace, scores: ScoreResult[], passed: boolean | null = runPassed(scores)): RunRecord {
  return {
    caseId: testCase.id,
    model: trace.model,
    ...(testCase.tier ? { tier: testCase.tier } : {}),
    ...(testCase.kind ? { kind: testCase.kind } : {}),
    repeat: trace.repeat,
    trace,
    scores,
    passed,
    negative: testCase.expect_tool === null,
  };
}
