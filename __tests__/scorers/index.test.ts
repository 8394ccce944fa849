import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/core/errors.js';
import { BUILTIN_SCORER_IDS, builtinScorers, createJudgeScorer, runPassed, scorersFor } from '../../src/core/scorers/index.js';
import type { ScoreResult } from '../../src/core/scorers/types.js';
import { makeCase } from './trace-helper.js';

const judge = createJudgeScorer(
  { provider: 'openai', model: 'judge-1', endpoint: 'http://127.0.0.1:9', criteria: [{ id: 'helpful', description: 'Helpful' }, { id: 'honest', description: 'Honest' }], rubric: '', pass_threshold: 0.7, timeout_ms: 1000 },
  undefined,
);
const judgeNoCriteria = createJudgeScorer({ provider: 'openai', model: 'judge-1', endpoint: 'http://127.0.0.1:9', criteria: [], rubric: '', pass_threshold: 0.7, timeout_ms: 1000 }, undefined);
const ids = (list: Array<{ id: string }>) => list.map((scorer) => scorer.id);

describe('scorersFor', () => {
  it('lists the built-ins in run order', () => {
    expect(BUILTIN_SCORER_IDS.slice(0, 4)).toEqual(['tool_selection', 'arguments', 'sequence', 'final_answer']);
    expect(BUILTIN_SCORER_IDS).toHaveLength(4 + 13);
    expect(ids(builtinScorers())).toEqual(BUILTIN_SCORER_IDS);
  });

  it('picks the scorers the expectations imply, judge last', () => {
    expect(ids(scorersFor(makeCase({ expect_tool: 't', expect_args: { a: 1 }, expected: 'x' })))).toEqual(['tool_selection', 'arguments', 'final_answer']);
    expect(ids(scorersFor(makeCase({ expect_sequence: ['a'] })))).toEqual(['tool_selection', 'sequence']);
    expect(ids(scorersFor(makeCase({ expect_tool: null }), { judge }))).toEqual(['tool_selection', 'judge']);
    expect(ids(scorersFor(makeCase({ expected: 'x' }), { judge: judgeNoCriteria }))).toEqual(['final_answer']);
    expect(ids(scorersFor(makeCase({ expected: 'x', rubric: 'Be precise.' }), { judge: judgeNoCriteria }))).toEqual(['final_answer', 'judge']);
    expect(ids(scorersFor(makeCase({ expected: 'x', scorers: ['helpful', 'final_answer'] }), { judge }))).toEqual(['final_answer', 'judge']);
  });

  it('throws ConfigurationError for an unknown id, listing built-ins and judge criteria, with the case location', () => {
    const call = () => scorersFor(makeCase({ scorers: ['tone'] }), { judge });
    expect(call).toThrow(ConfigurationError);
    expect(call).toThrow(/^tasks\.yaml:3:3: case `case`: unknown scorer `tone`; built-in scorers: `tool_selection`, `arguments`, `sequence`, `final_answer`, `answered`, .*, `tool_succeeded`, `fabrication`, `injection`, `judge`; judge criteria: `helpful`, `honest`$/);
    expect(() => scorersFor(makeCase({ scorers: ['tone'] }))).toThrow('(judge: not configured)');
  });

  it('throws when a named scorer cannot run', () => {
    expect(() => scorersFor(makeCase({ scorers: ['judge'] }))).toThrow('scorer `judge` needs a judge, and none is configured');
    expect(() => scorersFor(makeCase({ scorers: ['final_answer'] }))).toThrow('scorer `final_answer` needs `expected` in the case');
    expect(() => scorersFor(makeCase({ scorers: ['judge'] }), { judge: judgeNoCriteria })).toThrow('needs a `rubric`');
  });
});

describe('runPassed', () => {
  const r = (passed: boolean | null): ScoreResult => ({ scorer: 's', passed, reason: '' });
  it('passes when every deciding scorer passed; abstentions are left out', () => {
    expect(runPassed([r(true), r(null), r(true)])).toBe(true);
    expect(runPassed([r(true), r(false), r(null)])).toBe(false);
  });
  it('is null when nothing decided', () => {
    expect(runPassed([r(null), r(null)])).toBeNull();
    expect(runPassed([])).toBeNull();
  });
});
