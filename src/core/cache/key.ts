import { createHash } from 'node:crypto';
import { canonicalJson } from '../golden/hash.js';

/**
 * Everything that can change a run's outcome. The repeat index is part of it: five repeats are
 * five samples, not one sample looked up five times.
 */
export interface CacheKeyParts {
  toolVersion: string;
  caseHash: string;
  /** Hash of the server's tool list: names, descriptions, schemas. */
  toolsHash: string;
  model: { id: string; provider: string; model: string; endpoint: string; temperature: number; maxTokens: number; seed?: number };
  maxSteps: number;
  systemPrompt?: string;
  /** Scoring setup (judge model and criteria, embeddings): a new judge re-scores. */
  scoring: unknown;
  repeat: number;
}

export function cacheKey(parts: CacheKeyParts): string {
  return createHash('sha256').update(canonicalJson(parts)).digest('hex');
}

export function toolsHash(tools: ReadonlyArray<{ name: string; description?: string; inputSchema?: unknown; outputSchema?: unknown }>): string {
  const relevant = tools.map((tool) => ({ name: tool.name, description: tool.description ?? null, inputSchema: tool.inputSchema ?? null, outputSchema: tool.outputSchema ?? null }));
  return createHash('sha256').update(canonicalJson(relevant)).digest('hex');
}
