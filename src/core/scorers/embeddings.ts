import type { EmbeddingsConfig } from '../config/types.js';
import { joinUrl, postJson } from './http-json.js';
import { memoizeSimilarity } from './memo-similarity.js';
import type { ScoringContext } from './types.js';

/** Embedding replies are larger than judge replies (two vectors of a few thousand floats). */
const MAX_EMBEDDINGS_REPLY_BYTES = 8 * 1024 * 1024;

/**
 * Semantic similarity from an OpenAI-compatible `POST {endpoint}/embeddings`
 * (`{model, input: [expected, actual]}` → `{data: [{index, embedding}]}`):
 *
 *     similarity = max(0, cos(e₁, e₂)) = max(0, e₁·e₂ / (‖e₁‖ ‖e₂‖))
 *
 * Any failure (missing key, unreachable, HTTP error, deadline, malformed reply, vectors of
 * different lengths or zero norm) gives `undefined`, so the arguments scorer abstains for that
 * argument. Answers (not failures) are memoized per (expected, actual) pair.
 * The caller sets ScoringContext.semanticThreshold = config.threshold alongside it.
 */
export function createEmbeddingSimilarity(config: EmbeddingsConfig, apiKey: string | undefined): ScoringContext['semanticSimilarity'] {
  const compute = async (expected: string, actual: string): Promise<number | undefined> => {
    if (config.api_key_env && !apiKey) return undefined;
    const outcome = await postJson(
      joinUrl(config.endpoint, 'embeddings'),
      { model: config.model, input: [expected, actual] },
      { apiKey, timeoutMs: config.timeout_ms, maxBytes: MAX_EMBEDDINGS_REPLY_BYTES },
    );
    if (!outcome.ok) return undefined;
    const vectors = embeddingsOf(outcome.value);
    return vectors ? cosineSimilarity(vectors[0], vectors[1]) : undefined;
  };
  return memoizeSimilarity(compute);
}

/** max(0, cosine) of two vectors; undefined when their lengths differ, one is empty or has zero norm. */
export function cosineSimilarity(a: readonly number[], b: readonly number[]): number | undefined {
  if (a.length === 0 || a.length !== b.length) return undefined;
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i += 1) {
    dot += a[i] * b[i];
    normA += a[i] * a[i];
    normB += b[i] * b[i];
  }
  if (normA === 0 || normB === 0 || !Number.isFinite(dot)) return undefined;
  const cosine = dot / Math.sqrt(normA * normB);
  return Math.min(1, Math.max(0, cosine));
}

function embeddingsOf(reply: unknown): [number[], number[]] | undefined {
  if (typeof reply !== 'object' || reply === null || !Array.isArray((reply as { data?: unknown }).data)) return undefined;
  const data = (reply as { data: unknown[] }).data;
  const byIndex = new Map<number, number[]>();
  data.forEach((item, position) => {
    if (typeof item !== 'object' || item === null) return;
    const { index, embedding } = item as { index?: unknown; embedding?: unknown };
    if (!Array.isArray(embedding) || !embedding.every((x) => typeof x === 'number' && Number.isFinite(x))) return;
    byIndex.set(typeof index === 'number' ? index : position, embedding as number[]);
  });
  const first = byIndex.get(0);
  const second = byIndex.get(1);
  return first && second ? [first, second] : undefined;
}
