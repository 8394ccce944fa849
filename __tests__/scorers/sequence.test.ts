import { describe, expect, it } from 'vitest';
import { collapseRepeats, scoreSequence, sequenceScorer } from '../../src/core/scorers/sequence.js';
import { makeCase, makeTrace } from './trace-helper.js';

const calls = (...names: string[]) => makeTrace(names.map((name) => ({ name })));

describe('sequence', () => {
  it('applies when expect_sequence is set', () => {
    expect(sequenceScorer.appliesTo(makeCase({ expect_sequence: ['a'] }))).toBe(true);
    expect(sequenceScorer.appliesTo(makeCase({ expect_tool: 'a' }))).toBe(false);
  });

  it('collapses immediate repeats only', () => {
    expect(collapseRepeats(['a', 'a', 'b', 'a', 'a'])).toEqual(['a', 'b', 'a']);
  });

  describe('strict', () => {
    const testCase = makeCase({ expect_sequence: ['search', 'get', 'update'], sequence_mode: 'strict' });
    it('passes on the exact sequence, retries of one step collapsed', () => {
      expect(scoreSequence(testCase, calls('search', 'get', 'get', 'update'))).toMatchObject({ passed: true, score: 1, reason: 'called exactly search → get → update' });
    });
    it('fails on an extra, missing or reordered call', () => {
      expect(scoreSequence(testCase, calls('search', 'list', 'get', 'update'))).toMatchObject({
        passed: false,
        score: 0.25,
        reason: 'expected exactly search → get → update, called search → list → get → update (first difference at step 2)',
      });
      expect(scoreSequence(testCase, calls('search', 'get'))).toMatchObject({ passed: false, score: 2 / 3 });
      expect(scoreSequence(testCase, calls('get', 'search', 'update'))).toMatchObject({ passed: false, score: 0 });
    });
  });

  describe('subsequence (default)', () => {
    const testCase = makeCase({ expect_sequence: ['search', 'get', 'update'] });
    it('passes with other calls before, between and after', () => {
      const result = scoreSequence(testCase, calls('list', 'search', 'list', 'get', 'update', 'list'));
      expect(result).toMatchObject({ passed: true, score: 1, reason: 'called search → get → update in order (among 6 calls)' });
      expect(result.details).toMatchObject({ mode: 'subsequence', matched: 3, missing: [] });
    });
    it('fails when out of order or missing, scoring the in-order prefix found', () => {
      const result = scoreSequence(testCase, calls('search', 'update', 'get'));
      expect(result).toMatchObject({ passed: false, score: 2 / 3 });
      expect(result.reason).toBe('expected search → get → update in order; found the first 2 (next missing: `update`); called search → update → get');
      expect(scoreSequence(testCase, calls())).toMatchObject({ passed: false, score: 0 });
    });
  });

  describe('set', () => {
    const testCase = makeCase({ expect_sequence: ['a', 'b', 'c'], sequence_mode: 'set' });
    it('passes when every tool was called, any order', () => {
      expect(scoreSequence(testCase, calls('c', 'x', 'b', 'a'))).toMatchObject({ passed: true, score: 1 });
    });
    it('fails naming the missing tools', () => {
      expect(scoreSequence(testCase, calls('c', 'c'))).toMatchObject({ passed: false, score: 1 / 3, reason: 'never called `a`, `b`; called c → c' });
    });
  });

  it('empty sequence: strict requires no call, the other modes pass', () => {
    expect(scoreSequence(makeCase({ expect_sequence: [], sequence_mode: 'strict' }), calls('a')).passed).toBe(false);
    expect(scoreSequence(makeCase({ expect_sequence: [], sequence_mode: 'strict' }), calls()).passed).toBe(true);
    expect(scoreSequence(makeCase({ expect_sequence: [] }), calls('a')).passed).toBe(true);
  });
});
