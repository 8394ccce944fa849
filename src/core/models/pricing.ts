/**
 * What model calls cost. Prices are list prices in US dollars per million tokens (standard tier,
 * no batch or cache discounts), as the providers published them in 2025; a config `pricing:`
 * entry overrides any of them. An unknown model costs `null` (reported as unknown), never 0.
 */
import type { PricingEntry } from '../config/types.js';
import type { Usage } from './types.js';

export const DEFAULT_PRICING: Readonly<Record<string, PricingEntry>> = {
  // OpenAI
  'gpt-4o': { input_per_mtok: 2.5, output_per_mtok: 10 },
  'gpt-4o-mini': { input_per_mtok: 0.15, output_per_mtok: 0.6 },
  'gpt-4.1': { input_per_mtok: 2, output_per_mtok: 8 },
  'gpt-4.1-mini': { input_per_mtok: 0.4, output_per_mtok: 1.6 },
  'gpt-4.1-nano': { input_per_mtok: 0.1, output_per_mtok: 0.4 },
  'gpt-5': { input_per_mtok: 1.25, output_per_mtok: 10 },
  'gpt-5-mini': { input_per_mtok: 0.25, output_per_mtok: 2 },
  'gpt-5-nano': { input_per_mtok: 0.05, output_per_mtok: 0.4 },
  o1: { input_per_mtok: 15, output_per_mtok: 60 },
  o3: { input_per_mtok: 2, output_per_mtok: 8 },
  'o3-mini': { input_per_mtok: 1.1, output_per_mtok: 4.4 },
  'o4-mini': { input_per_mtok: 1.1, output_per_mtok: 4.4 },
  // Anthropic
  'claude-3-haiku': { input_per_mtok: 0.25, output_per_mtok: 1.25 },
  'claude-3-opus': { input_per_mtok: 15, output_per_mtok: 75 },
  'claude-3-5-haiku': { input_per_mtok: 0.8, output_per_mtok: 4 },
  'claude-3-5-sonnet': { input_per_mtok: 3, output_per_mtok: 15 },
  'claude-3-7-sonnet': { input_per_mtok: 3, output_per_mtok: 15 },
  'claude-sonnet-4': { input_per_mtok: 3, output_per_mtok: 15 },
  'claude-sonnet-4-0': { input_per_mtok: 3, output_per_mtok: 15 },
  'claude-sonnet-4-5': { input_per_mtok: 3, output_per_mtok: 15 },
  'claude-opus-4': { input_per_mtok: 15, output_per_mtok: 75 },
  'claude-opus-4-0': { input_per_mtok: 15, output_per_mtok: 75 },
  'claude-opus-4-1': { input_per_mtok: 15, output_per_mtok: 75 },
  'claude-opus-4-5': { input_per_mtok: 5, output_per_mtok: 25 },
  'claude-haiku-4-5': { input_per_mtok: 1, output_per_mtok: 5 },
};

/**
 * After a table key, a model id may only add a release tag: `-20241022`, `-2024-08-06`,
 * `-latest` (so `claude-opus-4-5` never falls back to `claude-opus-4`'s price, nor `gpt-4o-audio-preview` to `gpt-4o`'s).
 */
const RELEASE_SUFFIX = /^[-@](\d{8}|\d{4}-\d{2}-\d{2}|latest)$/;

export interface PriceMatch {
  /** The table key that matched. */
  key: string;
  source: 'config' | 'default';
  price: PricingEntry;
}

/** The price of a model id: config overrides first, then the defaults; exact ids before dated ones. */
export function priceOf(model: string, overrides: Readonly<Record<string, PricingEntry>> = {}): PriceMatch | null {
  const id = model.trim().toLowerCase();
  for (const [source, table] of [['config', overrides], ['default', DEFAULT_PRICING]] as const) {
    const entries = Object.entries(table).map(([key, price]) => [key.trim().toLowerCase(), key, price] as const);
    const exact = entries.find(([normal]) => normal === id);
    if (exact) return { key: exact[1], source, price: exact[2] };
    const dated = entries.find(([normal]) => id.startsWith(normal) && RELEASE_SUFFIX.test(id.slice(normal.length)));
    if (dated) return { key: dated[1], source, price: dated[2] };
  }
  return null;
}

/** US dollars for one call (or a sum of usages); null when the model's price is unknown. */
export function costOf(model: string, usage: Usage, overrides: Readonly<Record<string, PricingEntry>> = {}): number | null {
  const match = priceOf(model, overrides);
  if (!match) return null;
  return (usage.inputTokens * match.price.input_per_mtok + usage.outputTokens * match.price.output_per_mtok) / 1_000_000;
}
