import type { SourceLocation } from '../golden/types.js';

export type ProviderKind = 'openai' | 'anthropic';

export interface ModelConfig {
  /** The name reports use (a column of the matrix); defaults to `model`. */
  id: string;
  provider: ProviderKind;
  model: string;
  /** Base URL: https://api.openai.com/v1, http://127.0.0.1:11434/v1 (Ollama), https://api.anthropic.com ... */
  endpoint: string;
  /** Name of the environment variable that holds the key (never the key itself). */
  api_key_env?: string;
  temperature: number;
  max_tokens: number;
  seed?: number;
  /** Per-call deadline. */
  timeout_ms: number;
  location?: SourceLocation;
}

export interface JudgeConfig {
  provider: 'openai';
  model: string;
  endpoint: string;
  api_key_env?: string;
  /** Named criteria the judge scores (each 0..1); kept in the repo, never per request. */
  criteria: Array<{ id: string; description: string }>;
  /** Rubric text (a path in the YAML is read at load time). */
  rubric: string;
  /** Score at or above which a criterion passes (default 0.7). */
  pass_threshold: number;
  timeout_ms: number;
}

export interface EmbeddingsConfig {
  endpoint: string;
  model: string;
  api_key_env?: string;
  /** Cosine similarity needed for a semantic argument match (default 0.85). */
  threshold: number;
  timeout_ms: number;
}

export interface PricingEntry {
  /** US dollars per million input / output tokens. */
  input_per_mtok: number;
  output_per_mtok: number;
}

/** Where the server comes from: a stdio command, or an HTTP URL (optionally started by us). */
export type ServerConfig =
  | { command: string; cwd?: string; env?: Record<string, string> }
  | { url: string; headers?: Record<string, string>; start?: string; ready_url?: string };

export interface EvalConfig {
  /** The config file (for messages and annotations). */
  file: string;
  server: ServerConfig;
  /** Path of tasks.yaml, resolved against the config file's folder. */
  golden: string;
  models: ModelConfig[];
  runs: number;
  floors: { hard: number; soft: number };
  judge?: JudgeConfig;
  embeddings?: EmbeddingsConfig;
  concurrency: number;
  budget: { max_cost_usd?: number; max_model_calls?: number };
  pricing: Record<string, PricingEntry>;
  cache: { dir: string; enabled: boolean };
  /** Default agent step limit for cases that set none. */
  max_steps: number;
  system_prompt?: string;
}
