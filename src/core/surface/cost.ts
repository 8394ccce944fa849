import { isObject } from './text.js';

/**
 * Context cost: the tokens tool definitions take in every conversation, as each provider family
 * receives them. OpenAI: the function-tool JSON counted exactly with o200k_base (gpt-tokenizer's
 * ranks and split pattern, bundled, nothing downloaded; counted by tokenizer/o200k.ts). Anthropic
 * publishes no tokenizer: its figure is an estimate, the o200k_base count of the Anthropic tools
 * JSON times ANTHROPIC_RATIO.
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

type CountTokens = (text: string) => number;

/** How the figures are counted: the o200k_base table, or (when it cannot be read) an estimate and why. */
export interface Tokenizer {
  count: CountTokens;
  /** Set when the table could not be read and the counts are characters ÷ 4. */
  problem?: string;
}

let tokenizer: Promise<Tokenizer> | undefined;

/**
 * The o200k_base tokenizer, imported on first use: its ranks are 2 MB that a run without a surface
 * section never reads. A copy of mcp-evals without data/o200k_base.bin still gets its surface
 * section, with token counts marked as an estimate, rather than losing the run to a stack trace.
 */
export function loadTokenizer(): Promise<Tokenizer> {
  tokenizer ??= import('./tokenizer/o200k.js')
    .then((module) => {
      module.countO200kTokens('');
      return { count: module.countO200kTokens };
    })
    .catch((error: unknown) => ({
      count: (text: string) => Math.ceil(text.length / 4),
      problem: `token counts are an estimate (characters ÷ 4): ${error instanceof Error ? error.message : String(error)}`,
    }));
  return tokenizer;
}

/** Schemas deeper than this are counted as if cut there: JSON.stringify recurses, and a hostile schema may be thousands deep. */
const MAX_DEPTH = 64;

function capDepth(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) return value.map((item) => capDepth(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, capDepth(item, depth + 1)]));
}

export function toolCost(tool: Record<string, unknown>, countTokens: CountTokens): ToolCost {
  const parameters = isObject(tool.inputSchema) ? capDepth(tool.inputSchema) : { type: 'object', properties: {} };
  const openai = JSON.stringify({ type: 'function', function: { name: tool.name, description: tool.description, parameters } });
  const anthropic = JSON.stringify({ name: tool.name, description: tool.description, input_schema: parameters });
  return { openai: count(openai, countTokens), anthropic: Math.ceil(count(anthropic, countTokens) * ANTHROPIC_RATIO) };
}

function count(text: string, countTokens: CountTokens): number {
  // Special-token text ("<|endoftext|>") in a description is counted as text (o200k.ts never throws).
  if (text.length <= MAX_COUNT_CHARS) return countTokens(text);
  return Math.ceil((countTokens(text.slice(0, MAX_COUNT_CHARS)) * text.length) / MAX_COUNT_CHARS);
}
