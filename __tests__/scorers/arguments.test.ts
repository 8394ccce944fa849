import { describe, expect, it, vi } from 'vitest';
import type { ArgMatch } from '../../src/core/golden/types.js';
import { argumentsScorer, scoreArguments } from '../../src/core/scorers/arguments.js';
import { toNumber } from '../../src/core/scorers/arg-match.js';
import { fuzzySimilarity } from '../../src/core/scorers/text-similarity.js';
import type { ScoringContext } from '../../src/core/scorers/types.js';
import { makeCase, makeTrace } from './trace-helper.js';

/** Scores one argument `x` sent as `actual`, expected `expected`, under `match`. */
async function one(expected: unknown, actual: unknown, match?: ArgMatch, ctx: ScoringContext = {}) {
  const testCase = makeCase({ expect_tool: 't', expect_args: expected === undefined ? {} : { x: expected }, ...(match ? { arg_match: { x: match } } : {}) });
  const args = actual === undefined ? {} : { x: actual };
  return scoreArguments(testCase, makeTrace([{ name: 't', args }]), ctx);
}

describe('arguments scorer', () => {
  it('applies when expect_args is set', () => {
    expect(argumentsScorer.appliesTo(makeCase({ expect_tool: 't', expect_args: {} }))).toBe(true);
    expect(argumentsScorer.appliesTo(makeCase({ expect_tool: 't' }))).toBe(false);
  });

  it('judges the first call to expect_tool; score = fraction matched; extra args ignored and reported', async () => {
    const testCase = makeCase({ expect_tool: 'get_weather', expect_args: { city: 'Paris', days: 3 } });
    const trace = makeTrace([
      { name: 'search', args: { q: 'x' } },
      { name: 'get_weather', args: { city: 'Paris', days: 2, units: 'metric' } },
      { name: 'get_weather', args: { city: 'Paris', days: 3 } },
    ]);
    const result = await scoreArguments(testCase, trace, {});
    expect(result).toMatchObject({ scorer: 'arguments', passed: false, score: 0.5 });
    expect(result.reason).toBe('`get_weather` arguments 1/2 match: `days` expected 3, got 2; extra arguments ignored: `units`');
    expect(result.details).toMatchObject({ tool: 'get_weather', called: true, callIndex: 1, matched: 1, decided: 2, counted: 2, extraArgs: ['units'] });
  });

  it('tool never called: fails without a score and flags the run out of argument accuracy', async () => {
    const result = await scoreArguments(makeCase({ expect_tool: 'get_weather', expect_args: { city: 'Paris' } }), makeTrace([{ name: 'search' }]), {});
    expect(result.passed).toBe(false);
    expect(result.score).toBeUndefined();
    expect(result.reason).toBe('`get_weather` was not called, so its arguments could not be checked (left out of argument accuracy)');
    expect(result.details).toEqual({ tool: 'get_weather', called: false, callIndex: null });
  });

  it('without expect_tool, uses the first tool of expect_sequence', async () => {
    const testCase = makeCase({ expect_sequence: ['lookup', 'book'], expect_args: { id: 7 } });
    const result = await scoreArguments(testCase, makeTrace([{ name: 'book', args: { id: 1 } }, { name: 'lookup', args: { id: 7 } }]), {});
    expect(result).toMatchObject({ passed: true, score: 1, details: { tool: 'lookup', callIndex: 1 } });
  });

  describe('exact (default)', () => {
    it('deep-equals after JSON normalization, key order free', async () => {
      expect(await one({ a: 1, b: [1, 2], c: undefined }, { b: [1, 2], a: 1 })).toMatchObject({ passed: true, score: 1 });
      expect(await one('Paris', 'Paris')).toMatchObject({ passed: true });
    });
    it('compares strings exactly and does not coerce types', async () => {
      expect(await one('Paris', 'paris')).toMatchObject({ passed: false, score: 0, reason: '`t` arguments 0/1 match: `x` expected "Paris", got "paris"' });
      expect(await one(5, '5')).toMatchObject({ passed: false });
      expect(await one([1, 2], [2, 1])).toMatchObject({ passed: false });
      expect(await one('Paris', undefined)).toMatchObject({ passed: false, reason: '`t` arguments 0/1 match: `x` not sent' });
    });
  });

  describe('fuzzy', () => {
    it('passes at or above the threshold (default 0.8)', async () => {
      expect(await one('San Francisco, CA', 'san francisco ca', { mode: 'fuzzy' })).toMatchObject({ passed: true, score: 1 });
      expect(await one('San Francisco', 'San Francisco California', { mode: 'fuzzy' })).toMatchObject({ passed: true });
      expect(await one('Pittsburgh', 'Pittsburg', { mode: 'fuzzy' })).toMatchObject({ passed: true });
    });
    it('fails below the threshold, and honours a custom threshold', async () => {
      const result = await one('2024-01-05', '2024-01-06', { mode: 'fuzzy' });
      expect(result.passed).toBe(false);
      expect(result.reason).toContain('fuzzy similarity 0.6667 < 0.8');
      expect(await one('San Francisco', 'San Francisco California', { mode: 'fuzzy', threshold: 0.9 })).toMatchObject({ passed: false });
      expect(await one('Paris', 'London', { mode: 'fuzzy' })).toMatchObject({ passed: false });
    });
    it('similarity formula: soft token Dice with character-level ratios', () => {
      expect(fuzzySimilarity('New York', 'new-york')).toBe(1);
      expect(fuzzySimilarity('New York', 'newyork')).toBe(1);
      expect(fuzzySimilarity('café au lait', 'Cafe au lait')).toBe(1);
      expect(fuzzySimilarity('San Francisco', 'San Francisco California')).toBeCloseTo(0.8, 10);
      expect(fuzzySimilarity('Pittsburgh', 'Pittsburg')).toBeCloseTo(0.9, 10);
      expect(fuzzySimilarity('new york city', 'city of new york')).toBeCloseTo(6 / 7, 10);
      expect(fuzzySimilarity('abc', '')).toBe(0);
    });
  });

  describe('regex', () => {
    it('full-matches the pattern against the stringified value', async () => {
      expect(await one(undefined, '2024-01-05', { mode: 'regex', pattern: '\\d{4}-\\d{2}-\\d{2}' })).toMatchObject({ passed: true });
      expect(await one('Par.*', 'Paris', { mode: 'regex' })).toMatchObject({ passed: true });
      expect(await one(undefined, 42, { mode: 'regex', pattern: '\\d+' })).toMatchObject({ passed: true });
    });
    it('fails on a partial match or an invalid pattern', async () => {
      expect(await one('Par', 'Paris', { mode: 'regex' })).toMatchObject({ passed: false, reason: '`t` arguments 0/1 match: `x` does not match /Par/, got "Paris"' });
      const invalid = await one(undefined, 'x', { mode: 'regex', pattern: '(' });
      expect(invalid.passed).toBe(false);
      expect(invalid.reason).toContain('invalid regex /(/');
    });
  });

  describe('number', () => {
    it('passes within the tolerance, numeric strings accepted', async () => {
      expect(await one(10, 10.4, { mode: 'number', tolerance: 0.5 })).toMatchObject({ passed: true });
      expect(await one(10, '10.5', { mode: 'number', tolerance: 0.5 })).toMatchObject({ passed: true });
      expect(await one('1,250', 1250, { mode: 'number' })).toMatchObject({ passed: true });
      expect(await one(0.3, 0.1 + 0.2, { mode: 'number' })).toMatchObject({ passed: true });
    });
    it('fails outside the tolerance or on a non-number', async () => {
      expect(await one(10, 10.6, { mode: 'number', tolerance: 0.5 })).toMatchObject({ passed: false, reason: '`t` arguments 0/1 match: `x` 10.6 differs from 10 by 0.6 (tolerance 0.5)' });
      expect(await one(10, 'ten', { mode: 'number' })).toMatchObject({ passed: false, reason: '`t` arguments 0/1 match: `x` expected a number near 10, got "ten"' });
      expect(toNumber(' 12.5 ')).toBe(12.5);
      expect(toNumber('1e3')).toBe(1000);
      expect(toNumber('12abc')).toBeUndefined();
      expect(toNumber('')).toBeUndefined();
      expect(toNumber(true)).toBeUndefined();
    });
  });

  describe('any_of', () => {
    it('passes when the value equals one of the values (default: the expected array)', async () => {
      expect(await one(undefined, 'celsius', { mode: 'any_of', values: ['celsius', 'metric'] })).toMatchObject({ passed: true });
      expect(await one(['celsius', 'metric'], 'metric', { mode: 'any_of' })).toMatchObject({ passed: true });
      expect(await one(undefined, { u: 'c' }, { mode: 'any_of', values: [{ u: 'c' }] })).toMatchObject({ passed: true });
    });
    it('fails otherwise', async () => {
      expect(await one(['celsius', 'metric'], 'kelvin', { mode: 'any_of' })).toMatchObject({ passed: false, reason: '`t` arguments 0/1 match: `x` expected one of ["celsius","metric"], got "kelvin"' });
    });
  });

  describe('present', () => {
    it('passes for any non-null value, fails when absent or null', async () => {
      expect(await one(undefined, 'anything', { mode: 'present' })).toMatchObject({ passed: true });
      expect(await one(undefined, 0, { mode: 'present' })).toMatchObject({ passed: true });
      expect(await one(undefined, null, { mode: 'present' })).toMatchObject({ passed: false, reason: '`t` arguments 0/1 match: `x` sent as null' });
      expect(await one(undefined, undefined, { mode: 'present' })).toMatchObject({ passed: false, reason: '`t` arguments 0/1 match: `x` not sent' });
    });
  });

  describe('ignore', () => {
    it('is neither checked nor counted', async () => {
      const testCase = makeCase({ expect_tool: 't', expect_args: { city: 'Paris', note: 'x' }, arg_match: { note: { mode: 'ignore' } } });
      const result = await scoreArguments(testCase, makeTrace([{ name: 't', args: { city: 'Paris', note: 'whatever' } }]), {});
      expect(result).toMatchObject({ passed: true, score: 1, reason: '`t` arguments match (1/1)', details: { counted: 1, decided: 1 } });
      expect(await one('x', undefined, { mode: 'ignore' })).toMatchObject({ passed: true, score: 1, reason: '`t` was called; no argument is checked' });
    });
  });

  describe('semantic', () => {
    const testCase = makeCase({
      expect_tool: 'get_weather',
      expect_args: { location: 'New York City', days: 3 },
      arg_match: { location: { mode: 'semantic' } },
    });
    const trace = makeTrace([{ name: 'get_weather', args: { location: 'NYC', days: 3 } }]);

    it('abstains (never fails) when no similarity is configured and the other args pass', async () => {
      const result = await scoreArguments(testCase, trace, {});
      expect(result.passed).toBeNull();
      expect(result.score).toBeUndefined();
      expect(result.reason).toBe('semantic match for `location` not configured (set embeddings or judge); the other arguments match (1/1)');
      expect(result.reason.startsWith('semantic match for `location` not configured (set embeddings or judge)')).toBe(true);
    });

    it('still fails when another argument fails', async () => {
      const result = await scoreArguments(testCase, makeTrace([{ name: 'get_weather', args: { location: 'NYC', days: 4 } }]), {});
      expect(result).toMatchObject({ passed: false, score: 0 });
      expect(result.reason).toContain('undecided: `location`');
    });

    it('abstains when the similarity function gives no answer or throws', async () => {
      const none = await scoreArguments(testCase, trace, { semanticSimilarity: async () => undefined });
      expect(none).toMatchObject({ passed: null, reason: 'semantic match for `location` unavailable (the similarity service gave no answer); the other arguments match (1/1)' });
      const throws = await scoreArguments(testCase, trace, { semanticSimilarity: async () => Promise.reject(new Error('boom')) });
      expect(throws.passed).toBeNull();
    });

    it('uses a stub similarity against the threshold (arg_match, else ctx, else 0.85)', async () => {
      const similarity = vi.fn(async () => 0.9);
      const pass = await scoreArguments(testCase, trace, { semanticSimilarity: similarity });
      expect(similarity).toHaveBeenCalledWith('New York City', 'NYC');
      expect(pass).toMatchObject({ passed: true, score: 1 });
      expect(await scoreArguments(testCase, trace, { semanticSimilarity: async () => 0.84 })).toMatchObject({ passed: false, score: 0.5 });
      expect(await scoreArguments(testCase, trace, { semanticSimilarity: async () => 0.84, semanticThreshold: 0.8 })).toMatchObject({ passed: true });
      const strict = makeCase({ ...testCase, arg_match: { location: { mode: 'semantic', threshold: 0.95 } } });
      expect(await scoreArguments(strict, trace, { semanticSimilarity: async () => 0.9, semanticThreshold: 0.5 })).toMatchObject({ passed: false });
    });

    it('identical text matches without asking', async () => {
      const similarity = vi.fn(async () => undefined);
      const result = await scoreArguments(testCase, makeTrace([{ name: 'get_weather', args: { location: 'new york city ', days: 3 } }]), { semanticSimilarity: similarity });
      expect(result).toMatchObject({ passed: true, score: 1 });
      expect(similarity).not.toHaveBeenCalled();
    });
  });
});
