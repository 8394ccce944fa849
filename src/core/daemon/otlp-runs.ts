import type { Span, SpanKind, StopReason, ToolCallRecord, Trace } from '../agent/trace.js';
import type { PricingEntry } from '../config/types.js';
import { costOf } from '../models/pricing.js';
import type { StoredRun, StoredSpan } from './store.js';

type Pricing = Readonly<Record<string, PricingEntry>>;

/**
 * Spans → runs, following the OpenTelemetry GenAI and MCP semantic conventions: one run per
 * top-level `invoke_agent` span (an agent span inside another agent's run belongs to that run),
 * or one run per trace when it has no agent span. A run's model spans are the `chat` /
 * `text_completion` / `generate_content` operations under it, its tool spans the `execute_tool`
 * operations and MCP `tools/call` client spans not already under an `execute_tool` span. Input
 * and answer come from `gen_ai.input.messages` / `gen_ai.output.messages` (the agent span's,
 * else the first / last model span's); tokens from `gen_ai.usage.*` (the agent's, else the sum
 * over its model spans). The result is the agent/trace.ts shape every scorer reads, so a run
 * is a run whichever way it arrived.
 */

const MODEL_OPERATIONS = new Set(['chat', 'text_completion', 'generate_content']);
const OPERATIONS = new Set(['invoke_agent', 'create_agent', 'execute_tool', 'embeddings', ...MODEL_OPERATIONS]);
const STOP_REASONS: readonly StopReason[] = ['answer', 'max_steps', 'model_error', 'budget'];

/** The GenAI operation of a span: `gen_ai.operation.name`, else the first word of its name. */
export function operationOf(span: StoredSpan): string | undefined {
  const named = span.attributes['gen_ai.operation.name'];
  if (typeof named === 'string' && named !== '') return named;
  const first = span.name.split(' ')[0];
  return OPERATIONS.has(first) ? first : undefined;
}

/** A run builder that prices model spans from the CLI's table with these overrides (a config's `pricing:`). */
export function runBuilder(pricing: Pricing = {}): (spans: StoredSpan[]) => StoredRun[] {
  return (spans) => buildRuns(spans, pricing);
}

/** The runs of one trace (all its stored spans). */
export function buildRuns(spans: StoredSpan[], pricing: Pricing = {}): StoredRun[] {
  if (spans.length === 0) return [];
  const byId = new Map(spans.map((span) => [span.spanId, span]));
  const children = new Map<string, StoredSpan[]>();
  for (const span of spans) {
    if (span.parentSpanId && byId.has(span.parentSpanId)) {
      const list = children.get(span.parentSpanId) ?? [];
      list.push(span);
      children.set(span.parentSpanId, list);
    }
  }
  const isAgent = (span: StoredSpan) => operationOf(span) === 'invoke_agent';
  // Whether a span has an agent span above it, memoized: linear in the spans even for a deep chain
  // (a hostile trace), and a parent cycle ends the walk.
  const agentAbove = new Map<string, boolean>();
  const hasAgentAncestor = (span: StoredSpan): boolean => {
    const path = new Set<string>();
    let answer = false;
    for (let parent = span.parentSpanId ? byId.get(span.parentSpanId) : undefined; parent; parent = parent.parentSpanId ? byId.get(parent.parentSpanId) : undefined) {
      const known = agentAbove.get(parent.spanId);
      if (known !== undefined) {
        answer = known || isAgent(parent);
        break;
      }
      if (isAgent(parent)) {
        answer = true;
        break;
      }
      if (path.has(parent.spanId)) break;
      path.add(parent.spanId);
    }
    // Every span on the walked path has the same answer above it (none of them is an agent).
    for (const id of path) agentAbove.set(id, answer);
    return answer;
  };
  const roots = spans.filter((span) => isAgent(span) && !hasAgentAncestor(span));
  if (roots.length === 0) {
    // mcp-evals' own setup trace (discovery and tools/list, once before the runs, which link to it)
    // is not a run of its own.
    if (spans.some((span) => span.attributes['mcp-evals.phase'] === 'setup')) return [];
    const sorted = [...spans].sort(byStart);
    return [toRun(sorted[0].traceId, undefined, sorted, pricing)];
  }
  return roots.sort(byStart).map((root) => toRun(roots.length === 1 ? root.traceId : `${root.traceId}:${root.spanId}`, root, [root, ...descendants(root, children)], pricing));
}

function descendants(root: StoredSpan, children: Map<string, StoredSpan[]>): StoredSpan[] {
  const out: StoredSpan[] = [];
  const seen = new Set<string>([root.spanId]);
  const queue = [...(children.get(root.spanId) ?? [])];
  for (let next = 0; next < queue.length; next += 1) {
    const span = queue[next];
    if (seen.has(span.spanId)) continue;
    seen.add(span.spanId);
    out.push(span);
    queue.push(...(children.get(span.spanId) ?? []));
  }
  return out.sort(byStart);
}

function toRun(runId: string, root: StoredSpan | undefined, members: StoredSpan[], pricing: Pricing): StoredRun {
  const first = root ?? members[0];
  const startNs = BigInt(members.reduce((min, span) => (BigInt(span.startNs) < BigInt(min) ? span.startNs : min), first.startNs));
  const endNs = members.reduce((max, span) => (BigInt(span.endNs) > max ? BigInt(span.endNs) : max), BigInt(first.endNs));
  const ms = (ns: bigint) => Number(ns / 1000n) / 1000;
  const byId = new Set(members.map((span) => span.spanId));
  const toolParents = new Set(members.filter((span) => operationOf(span) === 'execute_tool').map((span) => span.spanId));
  const modelSpans = members.filter((span) => MODEL_OPERATIONS.has(operationOf(span) ?? ''));
  const toolSpans = members.filter((span) => operationOf(span) === 'execute_tool' || (span.attributes['mcp.method.name'] === 'tools/call' && !(span.parentSpanId && toolParents.has(span.parentSpanId))));
  const modelSet = new Set(modelSpans);
  const toolSet = new Set(toolSpans);
  const a = first.attributes;

  const traceSpans: Span[] = [];
  for (const span of members) {
    const kind: SpanKind | undefined = span === root || operationOf(span) === 'invoke_agent' ? 'agent' : modelSet.has(span) ? 'model' : toolSet.has(span) ? 'tool' : undefined;
    if (!kind) continue;
    const start = ms(BigInt(span.startNs) - startNs);
    traceSpans.push({
      spanId: span.spanId,
      ...(span.parentSpanId && byId.has(span.parentSpanId) ? { parentSpanId: span.parentSpanId } : {}),
      kind,
      name: kind === 'agent' ? 'agent' : kind === 'model' ? modelOf(span) ?? span.name : toolName(span),
      startMs: start,
      durationMs: ms(BigInt(span.endNs) - BigInt(span.startNs)),
      ...(errorOf(span) ? { error: errorOf(span) } : {}),
      attributes: spanAttributes(kind, span, pricing),
    });
  }
  const toolCalls: ToolCallRecord[] = toolSpans.map((span) => {
    const result = str(span.attributes['gen_ai.tool.call.result']) ?? '';
    return {
      name: toolName(span),
      arguments: argumentsOf(span.attributes['gen_ai.tool.call.arguments']),
      resultText: result,
      isError: errorOf(span) !== undefined,
      empty: result === '',
      invalid: span.attributes['error.type'] === 'invalid_tool_call' || span.attributes['mcp-evals.tool.invalid'] === true,
      latencyMs: ms(BigInt(span.endNs) - BigInt(span.startNs)),
    };
  });

  const sum = (key: string) => modelSpans.reduce((total, span) => total + (num(span.attributes[key]) ?? 0), 0);
  const inputTokens = (root && num(a['gen_ai.usage.input_tokens'])) ?? sum('gen_ai.usage.input_tokens');
  const outputTokens = (root && num(a['gen_ai.usage.output_tokens'])) ?? sum('gen_ai.usage.output_tokens');
  const costs = modelSpans.map((span) => spanCost(span, pricing));
  const model = str(a['mcp-evals.model.id']) ?? str(a['gen_ai.request.model']) ?? (modelSpans[0] ? modelOf(modelSpans[0]) : undefined) ?? 'unknown';
  // Stated, else every model span's (stated or priced), else (no model spans) the agent's tokens priced: unknown stays null, never 0.
  const costUsd =
    num(a['mcp-evals.cost_usd']) ??
    (costs.length > 0 ? (costs.every((cost) => cost !== undefined) ? costs.reduce((t, c) => t! + c!, 0)! : null) : root && (num(a['gen_ai.usage.input_tokens']) !== undefined || num(a['gen_ai.usage.output_tokens']) !== undefined) ? costOf(model, { inputTokens, outputTokens }, pricing) : null);
  const caseId = str(a['mcp-evals.case.id']) ?? str(a['gen_ai.agent.name']) ?? (root ? root.name.replace(/^invoke_agent\s*/, '') : '') ?? '';
  const input = messageText(a['gen_ai.input.messages'], 'user') ?? str(a['mcp-evals.case.prompt']) ?? (modelSpans[0] ? messageText(modelSpans[0].attributes['gen_ai.input.messages'], 'user') : undefined) ?? '';
  const answer = messageText(a['gen_ai.output.messages'], 'assistant') ?? (modelSpans.length > 0 ? messageText(modelSpans[modelSpans.length - 1].attributes['gen_ai.output.messages'], 'assistant') : undefined) ?? '';
  const failed = root ? errorOf(root) !== undefined : members.some((span) => span.statusCode === 2);
  // A stop reason the agent named (ours, else its `error.type`: `max_steps` is a limit reached, not a failed model call).
  const named = (str(a['mcp-evals.run.stop_reason']) ?? (root ? str(root.attributes['error.type']) : undefined)) as StopReason | undefined;
  const stopReason: StopReason = named && STOP_REASONS.includes(named) ? named : failed && answer === '' ? 'model_error' : 'answer';
  const resource = first.resource;
  const project = str(resource['mcp-evals.project']) ?? str(resource['service.namespace']) ?? str(resource['service.name']) ?? 'default';
  const trace: Trace = {
    traceId: first.traceId,
    caseId: caseId || 'trace',
    model,
    repeat: num(a['mcp-evals.repeat']) ?? 0,
    startedAt: new Date(ms(startNs)).toISOString(),
    durationMs: ms(endNs - startNs),
    spans: traceSpans,
    toolCalls,
    finalAnswer: answer,
    stopReason,
    ...(failed ? { error: (root ? errorOf(root) : undefined) ?? 'a span ended with an error' } : {}),
    steps: num(a['mcp-evals.run.steps']) ?? modelSpans.length,
    usage: { inputTokens, outputTokens },
    costUsd,
  };
  return {
    runId,
    traceId: first.traceId,
    project,
    status: failed ? 'error' : 'ok',
    startMs: ms(startNs),
    durationMs: trace.durationMs,
    model,
    caseId: trace.caseId,
    input,
    answer,
    inputTokens,
    outputTokens,
    costUsd,
    toolCalls: toolCalls.length,
    trace,
  };
}

/** A model span's cost: `mcp-evals.cost_usd`, else its tokens at its model's price (the CLI's table); undefined when unknown. */
function spanCost(span: StoredSpan, pricing: Pricing): number | undefined {
  const stated = num(span.attributes['mcp-evals.cost_usd']);
  if (stated !== undefined) return stated;
  const model = modelOf(span);
  const input = num(span.attributes['gen_ai.usage.input_tokens']);
  const output = num(span.attributes['gen_ai.usage.output_tokens']);
  if (!model || (input === undefined && output === undefined)) return undefined;
  return costOf(model, { inputTokens: input ?? 0, outputTokens: output ?? 0 }, pricing) ?? undefined;
}

function spanAttributes(kind: SpanKind, span: StoredSpan, pricing: Pricing): Record<string, unknown> {
  const a = span.attributes;
  if (kind === 'model') return { model: modelOf(span), inputTokens: num(a['gen_ai.usage.input_tokens']), outputTokens: num(a['gen_ai.usage.output_tokens']), costUsd: spanCost(span, pricing), toolCalls: requestedTools(span) };
  if (kind === 'tool') return { arguments: argumentsOf(a['gen_ai.tool.call.arguments']), result: str(a['gen_ai.tool.call.result']), 'mcp.method.name': str(a['mcp.method.name']), 'jsonrpc.request.id': a['jsonrpc.request.id'] };
  return { otelName: span.name };
}

function modelOf(span: StoredSpan): string | undefined {
  return str(span.attributes['gen_ai.request.model']) ?? str(span.attributes['gen_ai.response.model']);
}

function toolName(span: StoredSpan): string {
  return str(span.attributes['gen_ai.tool.name']) ?? span.name.replace(/^(execute_tool|tools\/call)\s*/, '') ?? span.name;
}

/** A span's error: its status message, else `error.type`, else "error" for an error status. */
function errorOf(span: StoredSpan): string | undefined {
  if (span.statusCode === 2) return span.statusMessage || str(span.attributes['error.type']) || 'error';
  const type = str(span.attributes['error.type']);
  return type;
}

function argumentsOf(value: unknown): Record<string, unknown> {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  if (typeof value !== 'string') return {};
  try {
    const parsed = JSON.parse(value) as unknown;
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The tools a model call asked for: `tool_call` parts of its `gen_ai.output.messages` (or
 * OpenAI-shaped `tool_calls`), else one unnamed call per `tool_calls` finish reason. The page
 * labels a model span "→ get_weather" with them, and "→ text" only when there are none.
 */
function requestedTools(span: StoredSpan): string[] {
  let messages: unknown = span.attributes['gen_ai.output.messages'];
  if (typeof messages === 'string') {
    try {
      messages = JSON.parse(messages);
    } catch {
      messages = undefined;
    }
  }
  const names: string[] = [];
  for (const message of Array.isArray(messages) ? messages : []) {
    if (typeof message !== 'object' || message === null) continue;
    const { parts, tool_calls: toolCalls } = message as { parts?: unknown; tool_calls?: unknown };
    for (const part of Array.isArray(parts) ? parts : []) {
      if (typeof part === 'object' && part !== null && (part as { type?: unknown }).type === 'tool_call') names.push(str((part as { name?: unknown }).name) ?? 'tool');
    }
    for (const call of Array.isArray(toolCalls) ? toolCalls : []) {
      const fn = typeof call === 'object' && call !== null ? (call as { function?: { name?: unknown } }).function : undefined;
      names.push(str(fn?.name) ?? 'tool');
    }
  }
  if (names.length > 0) return names;
  const reasons = span.attributes['gen_ai.response.finish_reasons'];
  const list = Array.isArray(reasons) ? reasons : typeof reasons === 'string' ? [reasons] : [];
  return list.filter((reason) => reason === 'tool_calls' || reason === 'tool_call' || reason === 'tool_use').map(() => 'tool call');
}

/**
 * The text of the last message with `role` in a GenAI messages attribute: a JSON string or an
 * array of `{role, parts: [{type: 'text', content}]}` (the current conventions) or `{role, content}`.
 */
export function messageText(value: unknown, role: string): string | undefined {
  let messages = value;
  if (typeof messages === 'string') {
    try {
      messages = JSON.parse(messages);
    } catch {
      return role === 'user' ? messages as string : undefined;
    }
  }
  if (!Array.isArray(messages)) return undefined;
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i] as Record<string, unknown> | null;
    if (!message || typeof message !== 'object' || message.role !== role) continue;
    if (typeof message.content === 'string') return message.content;
    if (Array.isArray(message.parts)) {
      const texts = message.parts.filter((part): part is { type: string; content: string } => typeof part === 'object' && part !== null && (part as { type?: unknown }).type === 'text' && typeof (part as { content?: unknown }).content === 'string');
      if (texts.length > 0) return texts.map((part) => part.content).join('\n');
    }
  }
  return undefined;
}

function byStart(a: StoredSpan, b: StoredSpan): number {
  const d = BigInt(a.startNs) - BigInt(b.startNs);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
