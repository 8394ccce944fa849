import { describe, expect, it } from 'vitest';
import { scoreToolSelection, toolSelectionScorer } from '../../src/core/scorers/tool-selection.js';
import { makeCase, makeTrace } from './trace-helper.js';

describe('tool_selection', () => {
  it('applies to expect_tool (string or null) and expect_sequence only', () => {
    expect(toolSelectionScorer.appliesTo(makeCase({ expect_tool: 'get_weather' }))).toBe(true);
    expect(toolSelectionScorer.appliesTo(makeCase({ expect_tool: null }))).toBe(true);
    expect(toolSelectionScorer.appliesTo(makeCase({ expect_sequence: ['a', 'b'] }))).toBe(true);
    expect(toolSelectionScorer.appliesTo(makeCase({ expected: 'x' }))).toBe(false);
  });

  it('passes when the first call is the expected tool', () => {
    const result = scoreToolSelection(makeCase({ expect_tool: 'get_weather' }), makeTrace([{ name: 'get_weather' }, { name: 'search' }]));
    expect(result).toMatchObject({ scorer: 'tool_selection', passed: true, score: 1, reason: 'first tool call was `get_weather`' });
    expect(result.details).toEqual({ expected: 'get_weather', firstTool: 'get_weather', calledTools: ['get_weather', 'search'], calledExpected: true, negative: false });
  });

  it('fails on a wrong first tool, and says whether the expected one was called later', () => {
    const later = scoreToolSelection(makeCase({ expect_tool: 'get_weather' }), makeTrace([{ name: 'search' }, { name: 'get_weather' }]));
    expect(later).toMatchObject({ passed: false, score: 0, reason: 'first tool call was `search`, expected `get_weather` (called later)' });
    expect(later.details).toMatchObject({ firstTool: 'search', calledExpected: true });
    const never = scoreToolSelection(makeCase({ expect_tool: 'get_weather' }), makeTrace([{ name: 'search' }]));
    expect(never).toMatchObject({ passed: false, reason: 'first tool call was `search`, expected `get_weather` (never called)' });
    expect(never.details).toMatchObject({ calledExpected: false });
  });

  it('fails when no tool was called', () => {
    const result = scoreToolSelection(makeCase({ expect_tool: 'get_weather' }), makeTrace([], 'It is sunny.'));
    expect(result).toMatchObject({ passed: false, score: 0, reason: 'no tool was called; expected `get_weather`' });
    expect(result.details).toMatchObject({ firstTool: null, calledTools: [], calledExpected: false });
  });

  it('negative case: passes with no call, fails (over-trigger) naming the tools called', () => {
    expect(scoreToolSelection(makeCase({ expect_tool: null }), makeTrace([], 'Hello!'))).toMatchObject({ passed: true, score: 1, reason: 'no tool called, as expected' });
    const result = scoreToolSelection(makeCase({ expect_tool: null }), makeTrace([{ name: 'search' }, { name: 'search' }, { name: 'get_weather' }]));
    expect(result).toMatchObject({ passed: false, score: 0, reason: 'over-trigger: expected no tool call, but the model called `search` ×2, `get_weather`' });
    expect(result.details).toMatchObject({ negative: true, expected: null });
  });

  it('sequence-only cases: strict needs the first step first, subsequence / set any expected tool', () => {
    const trace = makeTrace([{ name: 'b' }, { name: 'a' }]);
    expect(scoreToolSelection(makeCase({ expect_sequence: ['a', 'b'], sequence_mode: 'strict' }), trace).passed).toBe(false);
    expect(scoreToolSelection(makeCase({ expect_sequence: ['a', 'b'] }), trace).passed).toBe(true);
    expect(scoreToolSelection(makeCase({ expect_sequence: ['a', 'b'], sequence_mode: 'set' }), trace).passed).toBe(true);
    expect(scoreToolSelection(makeCase({ expect_sequence: ['a', 'b'] }), makeTrace([{ name: 'c' }, { name: 'a' }]))).toMatchObject({
      passed: false,
      reason: 'first tool call was `c`, expected one of `a`, `b` (called later)',
    });
  });

  it('a wrong first tool that forms a confusable pair with an expected one names the pair (either order; sequence cases too)', () => {
    const pairs = [{ a: 'search_docs', b: 'search_files', cosine: 0.7, nameOverlap: 0.33, shared: ['search', 'query', 'text', 'match'], onlyA: [], onlyB: [] }];
    const wrong = scoreToolSelection(makeCase({ expect_tool: 'search_files' }), makeTrace([{ name: 'search_docs' }]), pairs);
    expect(wrong.reason).toBe('first tool call was `search_docs`, expected `search_files` (never called) — "search_files" and "search_docs" are confusable (shared: search, query, text; see surface/confusable-tools)');
    expect(wrong.details).toMatchObject({ confusable: ['search_files', 'search_docs'] });
    const inSequence = scoreToolSelection(makeCase({ expect_sequence: ['search_docs', 'open'], sequence_mode: 'set' }), makeTrace([{ name: 'search_files' }]), pairs);
    expect(inSequence.reason).toContain('— "search_docs" and "search_files" are confusable');
    // Right tool, no tool, or a wrong tool outside every pair: no note.
    expect(scoreToolSelection(makeCase({ expect_tool: 'search_files' }), makeTrace([{ name: 'search_files' }]), pairs).reason).toBe('first tool call was `search_files`');
    expect(scoreToolSelection(makeCase({ expect_tool: 'search_files' }), makeTrace([]), pairs).reason).toBe('no tool was called; expected `search_files`');
    const unrelated = scoreToolSelection(makeCase({ expect_tool: 'search_files' }), makeTrace([{ name: 'get_weather' }]), pairs);
    expect(unrelated.reason).toBe('first tool call was `get_weather`, expected `search_files` (never called)');
    expect(unrelated.details).not.toHaveProperty('confusable');
  });
});
