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

/** Optional OTLP/HTTP export of the run's traces (layer 3). */
export interface OtlpConfig {
  /** Collector base URL; traces go to `{endpoint}/v1/traces` (an endpoint ending in /v1/traces is used as is). */
  endpoint: string;
  /** Sent with the export; `${VAR}` is replaced by the environment variable VAR (tokens stay out of the file). */
  headers: Record<string, string>;
  timeout_ms: number;
}

/**
 * Where the server comes from: a stdio command, or an HTTP URL (optionally started by us). `env`:
 * what the process we start gets on top of the minimal environment (see mcp/process-group).
 */
export type ServerConfig = (
  | { command: string; cwd?: string; env?: Record<string, string> }
  | { url: string; headers?: Record<string, string>; start?: string; ready_url?: string; env?: Record<string, string> }
) & {
  /** How long the server may take to start (ms; default 30000), apart from each request's deadline. */
  startup_timeout_ms?: number;
  /** Names in `env` whose values are not secrets (a mode, a log level): every other value handed to the server is redacted. */
  env_public?: string[];
};

export interface EvalConfig {
  /** The config file (for messages and annotations). */
  file: string;
  server: ServerConfig;
  /** Path of tasks.yaml, resolved against the config file's folder. */
  golden: string;
  models: ModelConfig[];
  runs: number;
  /** Runs of a case that must be evaluated (not errored, not cut by the budget) for it to have a verdict; default every run. */
  min_evaluated?: number;
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
  /**
   * Layer 2: tools a fault or injection case may call for real although annotated destructive (or
   * not read-only). Every other such tool gets a synthetic `{"simulated": true}` answer there.
   */
  allow_destructive_tools?: string[];
  /** Export traces to an OpenTelemetry collector (OTLP/HTTP JSON) after the run. */
  otlp?: OtlpConfig;
  /** W3C tracestate sent with traceparent in the `_meta` of every MCP request the agent makes. */
  tracestate?: string;
  /** Send the run's traces to an `mcp-evals serve` daemon too (OTLP/HTTP JSON to `{url}/v1/traces`). */
  daemon?: DaemonConfig;
}

export interface DaemonConfig {
  /** The daemon's base URL (`run --daemon URL`). */
  url: string;
  /** The environment variable holding its bearer token (`--daemon-token-env`); never the token itself. */
  token_env?: string;
  timeout_ms: number;
}
