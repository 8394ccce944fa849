import type { ToolCallRecord, Trace } from '../agent/trace.js';
import type { ArgMatch, GoldenCase } from '../golden/types.js';
import { matchArgument, type ArgVerdict } from './arg-match.js';
import type { ScoreResult, Scorer, ScoringContext } from './types.js';

/**
 * `arguments`: the arguments of the first call to the expected tool, one expected argument at a
 * time (modes: see matchArgument). The tool is `expect_tool`; without one, the first tool of
 * `expect_sequence`; without either, whatever tool was called first.
 *
 * - The tool was never called: `passed: false`, no score, `details.called: false`. The argument
 *   accuracy metric ("on correctly selected calls") leaves such runs out; tool_selection already
 *   counts them.
 * - Arguments checked: the keys of `expect_args` plus any key only `arg_match` names (a
 *   `present` or `regex` rule needs no expected value). `ignore` arguments are not counted.
 * - score = matched / decided arguments (1 when none is counted).
 * - Any mismatch → failed. Otherwise, any semantic argument that could not be decided → the
 *   whole scorer abstains (`passed: null`, no score) and says which argument and why.
 * - Arguments the model sent that the case does not mention are ignored and reported.
 *
 * details: `tool`, `called`, `callIndex` (position in trace.toolCalls), `matched`, `decided`,
 * `counted`, `args` (one ArgVerdict each), `extraArgs`.
 */
export const argumentsScorer: Scorer = {
  id: 'arguments',
  appliesTo: (testCase) => testCase.expect_args !== undefined,
  score: (testCase, trace, ctx) => scoreArguments(testCase, trace, ctx),
};

export async function scoreArguments(testCase: GoldenCase, trace: Trace, ctx: ScoringContext): Promise<ScoreResult> {
  const base = { scorer: 'arguments' };
  if (testCase.expect_tool === null) {
    return { ...base, passed: null, reason: 'expect_args has no tool to apply to: the case expects no tool call (expect_tool: null)' };
  }
  const tool = targetTool(testCase);
  const callIndex = trace.toolCalls.findIndex((call) => tool === undefined || call.name === tool);
  if (callIndex < 0) {
    const what = tool === undefined ? 'no tool was called' : `\`${tool}\` was not called`;
    return {
      ...base,
      passed: false,
      reason: `${what}, so its arguments could not be checked (left out of argument accuracy)`,
      details: { tool: tool ?? null, called: false, callIndex: null },
    };
  }
  const call: ToolCallRecord = trace.toolCalls[callIndex];
  const expectArgs = testCase.expect_args ?? {};
  const rules = testCase.arg_match ?? {};
  const names = [...new Set([...Object.keys(expectArgs), ...Object.keys(rules)])];
  const verdicts: ArgVerdict[] = [];
  for (const name of names) {
    const rule: ArgMatch = rules[name] ?? { mode: 'exact' };
    verdicts.push(await matchArgument(name, expectArgs[name], call.arguments, rule, ctx));
  }
  const extraArgs = Object.keys(call.arguments).filter((name) => !names.includes(name));
  const counted = verdicts.filter((verdict) => verdict.status !== 'ignored');
  const decided = counted.filter((verdict) => verdict.status === 'match' || verdict.status === 'mismatch');
  const matched = decided.filter((verdict) => verdict.status === 'match');
  const mismatched = decided.filter((verdict) => verdict.status === 'mismatch');
  const abstained = counted.filter((verdict) => verdict.status === 'abstain');
  const details = {
    tool: call.name,
    called: true,
    callIndex,
    matched: matched.length,
    decided: decided.length,
    counted: counted.length,
    args: verdicts,
    extraArgs,
  };
  const extraNote = extraArgs.length > 0 ? `; extra arguments ignored: ${extraArgs.map((name) => `\`${name}\``).join(', ')}` : '';
  const ratio = `${matched.length}/${decided.length}`;

  if (mismatched.length > 0) {
    const problems = mismatched.map((verdict) => `\`${verdict.name}\` ${verdict.reason}`).join('; ');
    const pending = abstained.length > 0 ? `; undecided: ${abstained.map((verdict) => `\`${verdict.name}\``).join(', ')}` : '';
    return { ...base, passed: false, score: matched.length / decided.length, reason: `\`${call.name}\` arguments ${ratio} match: ${problems}${pending}${extraNote}`, details };
  }
  if (abstained.length > 0) {
    return { ...base, passed: null, reason: `${abstentionReason(abstained)}${decided.length > 0 ? `; the other arguments match (${ratio})` : ''}${extraNote}`, details };
  }
  return {
    ...base,
    passed: true,
    score: decided.length === 0 ? 1 : matched.length / decided.length,
    reason: decided.length === 0 ? `\`${call.name}\` was called; no argument is checked${extraNote}` : `\`${call.name}\` arguments match (${ratio})${extraNote}`,
    details,
  };
}

/** The tool whose first call the arguments are judged on (undefined: whichever tool came first). */
export function targetTool(testCase: GoldenCase): string | undefined {
  if (typeof testCase.expect_tool === 'string') return testCase.expect_tool;
  return testCase.expect_sequence?.[0];
}

function abstentionReason(abstained: ArgVerdict[]): string {
  const quote = (verdicts: ArgVerdict[]) => verdicts.map((verdict) => `\`${verdict.name}\``).join(', ');
  const notConfigured = abstained.filter((verdict) => verdict.notConfigured);
  const noAnswer = abstained.filter((verdict) => !verdict.notConfigured);
  const parts: string[] = [];
  if (notConfigured.length > 0) parts.push(`semantic match for ${quote(notConfigured)} not configured (set embeddings or judge)`);
  if (noAnswer.length > 0) parts.push(`semantic match for ${quote(noAnswer)} unavailable (the similarity service gave no answer)`);
  return parts.join('; ');
}
