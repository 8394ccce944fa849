import { isObject } from './text.js';
import type { CountTokens } from './token-counter.js';

/**
 * Context cost: the tokens tool definitions take in every conversation, as each provider family
 * receives them. OpenAI: the function-tool JSON counted exactly with o200k_base (gpt-tokenizer,
 * encoding bundled, nothing downloaded). Anthropic publishes no tokenizer: its figure is an
 * estimate, the o200k_base count of the Anthropic tools JSON times ANTHROPIC_RATIO.
 */

export const WINDOW_TOKENS = 200_000;
/** Claude's tokenizer splits English and JSON finer than o200k_base; an assumed ratio, not a measurement. */
export const ANTHROPIC_RATIO = 1.2;
/** Text counted per definition at most; a larger one is extrapolated from this much. */
const MAX_COUNT_CHARS = 200_000;

export const COST_METHOD = {
  openai: 'o200k_base tokens of {"type":"function","function":{name,description,parameters}} per tool (gpt-tokenizer)',
  anthropic: `estimate: o200k_base tokens of {name,description,input_schema} per tool × ${ANTHROPIC_RATIO}; Anthropic's own tool-use system prompt is not included`,
};

export interface ToolCost {
  openai: number;
  anthropic: number;
}

/** Characters sent to the counter in one message at most: a hostile list is counted in slices, not copied whole. */
const BATCH_CHARS = 2_000_000;

/** Schemas deeper than this are counted as if cut there: JSON.stringify recurses, and a hostile schema may be thousands deep. */
const MAX_DEPTH = 64;

function capDepth(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) return value.map((item) => capDepth(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, capDepth(item, depth + 1)]));
}

/** Each tool's cost, in order: both texts of every tool counted in a few round trips to the counter (token-counter.ts). */
export async function toolCosts(tools: Record<string, unknown>[], countTokens: CountTokens): Promise<ToolCost[]> {
  const texts = tools.flatMap((tool) => {
    const parameters = isObject(tool.inputSchema) ? capDepth(tool.inputSchema) : { type: 'object', properties: {} };
    return [
      JSON.stringify({ type: 'function', function: { name: tool.name, description: tool.description, parameters } }),
      JSON.stringify({ name: tool.name, description: tool.description, input_schema: parameters }),
    ];
  });
  const counts: number[] = [];
  for (let start = 0; start < texts.length; ) {
    let end = start;
    let chars = 0;
    while (end < texts.length && (end === start || chars + Math.min(texts[end].length, MAX_COUNT_CHARS) <= BATCH_CHARS)) chars += Math.min(texts[end++].length, MAX_COUNT_CHARS);
    counts.push(...(await countTokens(texts.slice(start, end).map((text) => text.slice(0, MAX_COUNT_CHARS)))));
    start = end;
  }
  // A text longer than MAX_COUNT_CHARS is extrapolated from its counted start.
  const scaled = (index: number) => (texts[index].length <= MAX_COUNT_CHARS ? counts[index] : Math.ceil((counts[index] * texts[index].length) / MAX_COUNT_CHARS));
  return tools.map((_, index) => ({ openai: scaled(2 * index), anthropic: Math.ceil(scaled(2 * index + 1) * ANTHROPIC_RATIO) }));
}
