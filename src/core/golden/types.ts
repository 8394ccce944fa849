import type { FaultSpec, InjectSpec } from '../faults/types.js';

/** A position in a user's file, for error messages and check annotations (1-based). */
export interface SourceLocation {
  file: string;
  line: number;
  column: number;
}

export type ArgMatchMode = 'exact' | 'fuzzy' | 'regex' | 'number' | 'any_of' | 'present' | 'ignore' | 'semantic';

/** How one expected argument is compared; `arg_match: {location: semantic}` is shorthand for `{mode: semantic}`. */
export interface ArgMatch {
  mode: ArgMatchMode;
  /** fuzzy: normalized token similarity needed (0..1, default 0.8). */
  threshold?: number;
  /** number: absolute tolerance (default 0). */
  tolerance?: number;
  /** regex: the pattern (default: the expected value as a pattern). */
  pattern?: string;
  /** any_of: the accepted values (default: the expected value when it is an array). */
  values?: unknown[];
}

/** `budgets:` of a case: each limit is checked only by the scorer that names it (opt-in). */
export interface CaseBudgets {
  /** latency_budget: the run's wall time (trace.durationMs) must not exceed this. */
  latency_ms?: number;
  /** cost_budget: the run's cost in US dollars must not exceed this (unknown cost: abstain). */
  cost_usd?: number;
  /** tool_efficiency: at most this many tool calls. */
  tool_calls?: number;
}

export type SequenceMode = 'strict' | 'subsequence' | 'set';
export type Tier = 'basic' | 'chain' | 'conditional' | 'exception' | 'parallel';
export type CaseKind = 'hard' | 'soft';

/** One golden case, as written in tasks.yaml (snake_case kept, so errors can quote the user's field names). */
export interface GoldenCase {
  id: string;
  prompt: string;
  /** A tool name, or null: the model must call no tool (a negative case). Undefined: not asserted. */
  expect_tool?: string | null;
  expect_args?: Record<string, unknown>;
  arg_match?: Record<string, ArgMatch>;
  /** Tools that must be called, in this order (see sequence_mode). */
  expect_sequence?: string[];
  sequence_mode?: SequenceMode;
  /** The final answer must contain this (normalized, case-insensitive). */
  expected?: string;
  max_steps?: number;
  tier?: Tier;
  kind?: CaseKind;
  /** Judge rubric for this case: inline text, or a path relative to tasks.yaml. */
  rubric?: string;
  /** Layer 2: faults injected into this case's tool calls (src/core/faults/types.ts). */
  faults?: FaultSpec[];
  /** Layer 2: prompt-injection payloads planted in tool results or descriptions. */
  inject?: InjectSpec[];
  /** Scorer ids to run in addition to those implied by the expectations: `id`, or `id:parameter` (span_present:tool; see scorers/deterministic.ts). */
  scorers?: string[];
  runs?: number;
  /** MRTR: answers to `input_required` requests, keyed by the server's input request key. */
  input_responses?: Record<string, unknown>;
  /** Set by `mcp-evals capture`: the trace this case was made from. */
  source_trace_id?: string;
  /** Limits the opt-in scorers latency_budget, cost_budget and tool_efficiency hold a run to. */
  budgets?: CaseBudgets;
  /** Where the case starts in tasks.yaml (not written by users). */
  location: SourceLocation;
}

export interface GoldenSet {
  file: string;
  cases: GoldenCase[];
  /** sha256 of the file's canonical content (cases without locations). */
  hash: string;
}
