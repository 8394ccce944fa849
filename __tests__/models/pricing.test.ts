import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING, costOf, priceOf } from '../../src/core/models/pricing.js';

const usage = { inputTokens: 1_000_000, outputTokens: 100_000 };

describe('pricing', () => {
  it('prices a known model from the default table', () => {
    expect(costOf('gpt-4o', usage)).toBeCloseTo(2.5 + 1.0, 10);
    expect(costOf('gpt-4o-mini', { inputTokens: 100, outputTokens: 20 })).toBeCloseTo((100 * 0.15 + 20 * 0.6) / 1e6, 15);
    expect(costOf('claude-3-5-haiku', usage)).toBeCloseTo(0.8 + 0.4, 10);
  });

  it('matches dated and -latest ids to their base model', () => {
    expect(priceOf('claude-3-5-sonnet-20241022')).toMatchObject({ key: 'claude-3-5-sonnet', source: 'default' });
    expect(priceOf('claude-sonnet-4-20250514')?.key).toBe('claude-sonnet-4');
    expect(priceOf('claude-opus-4-1-20250805')?.key).toBe('claude-opus-4-1');
    expect(priceOf('gpt-4o-2024-08-06')?.key).toBe('gpt-4o');
    expect(priceOf('o3-mini-2025-01-31')?.key).toBe('o3-mini');
    expect(priceOf('claude-3-5-haiku-latest')?.key).toBe('claude-3-5-haiku');
    expect(priceOf('GPT-4.1-Mini')?.key).toBe('gpt-4.1-mini');
  });

  it('never lends a base model’s price to a different model', () => {
    expect(priceOf('gpt-4o-mini-2024-07-18')?.key).toBe('gpt-4o-mini');
    expect(priceOf('claude-opus-4-5-20251101')?.price).toEqual({ input_per_mtok: 5, output_per_mtok: 25 });
    expect(priceOf('gpt-4o-audio-preview')).toBeNull();
    expect(priceOf('claude-opus-4-7')).toBeNull();
    expect(priceOf('gpt-4.1-nano-ft')).toBeNull();
  });

  it('lets config pricing override the defaults and add models', () => {
    const overrides = { 'gpt-4o': { input_per_mtok: 1, output_per_mtok: 2 }, 'llama3.1:8b': { input_per_mtok: 0, output_per_mtok: 0 } };
    expect(costOf('gpt-4o', usage, overrides)).toBeCloseTo(1 + 0.2, 10);
    expect(costOf('gpt-4o-2024-11-20', usage, overrides)).toBeCloseTo(1.2, 10);
    expect(priceOf('gpt-4o', overrides)?.source).toBe('config');
    expect(costOf('llama3.1:8b', usage, overrides)).toBe(0);
    expect(costOf('gpt-4.1', usage, overrides)).toBeCloseTo(2 + 0.8, 10);
  });

  it('returns null (never 0) for an unknown model', () => {
    expect(costOf('llama3.1:8b', usage)).toBeNull();
    expect(costOf('scripted-openai', { inputTokens: 0, outputTokens: 0 })).toBeNull();
  });

  it('covers the common models the design names', () => {
    for (const name of ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'gpt-4.1-mini', 'gpt-4.1-nano', 'o3-mini', 'claude-3-5-haiku', 'claude-3-5-sonnet', 'claude-3-7-sonnet', 'claude-sonnet-4', 'claude-opus-4']) {
      expect(DEFAULT_PRICING[name], name).toBeDefined();
    }
  });
});
