import type { McpClient } from '../mcp/client.js';
import type { GoldenCase } from '../golden/types.js';
import { ModelError, type ChatMessage, type ModelProvider, type ToolSpec, type Usage } from '../models/types.js';
import { newSpanId as spanId, TraceContext } from '../telemetry/trace-context.js';
import { callTool } from './call-tool.js';
import type { Span, StopReason, ToolCallRecord, Trace } from './trace.js';

export interface AgentRun {
  provider: ModelProvider;
  client: McpClient;
  tools: ToolSpec[];
  testCase: GoldenCase;
  repeat: number;
  maxSteps: number;
  temperature: number;
  maxTokens: number;
  seed?: number;
  systemPrompt?: string;
  /** Cost of one model call in USD, or null when the model's price is unknown. */
  costOf: (usage: Usage) => number | null;
  /** Asked before every model call (it reserves the call): a spent budget ends the run cleanly. */
  mayCallModel?: () => boolean;
  /** Told after every answered model call, for budget and progress accounting. */
  onModelCall?: (usage: Usage, costUsd: number | null) => void;
  /** Asked before a failed attempt is retried inside one model call (it reserves the retry): false ends the call with its failure. */
  mayRetryModel?: () => boolean;
  /** Told when a model call failed (it counts as made, and against the budget). */
  onModelError?: () => void;
  toolTimeoutMs?: number;
  /** W3C tracestate sent with traceparent in the _meta of every MCP request (config `tracestate`). */
  tracestate?: string;
  /**
   * The run's trace, when it began before the loop (a layer 2 run's own client traced its setup
   * requests into it); default a new one with `tracestate`.
   */
  trace?: TraceContext;
  /** Layer 2 (faults / injection): what the run's wrapper adds to the prompt and the trace. */
  hooks?: AgentHooks;
}

/** Layer 2 hooks (src/core/faults/session.ts implements them). */
export interface AgentHooks {
  /** Appended to the system prompt (the canary line of an injection case). */
  systemNote?: string;
  /** Extra attributes of a tool span (`fault`, `simulated`, `injection`), by the traceparent its requests carried. */
  toolAttributes?: (traceparent: string) => Record<string, unknown>;
  /** Extra attributes of the agent span, asked when the run ends (the fault plan, the canary, ...). */
  agentAttributes?: () => Record<string, unknown>;
}

const DEFAULT_SYSTEM_PROMPT = 'You are a helpful assistant. Use the available tools when they help with the user\'s request; answer directly when no tool is needed.';

/** One agent run: model ⇄ MCP tools until a final answer, max_steps, a model error or the budget. */
export async function runAgent(run: AgentRun): Promise<Trace> {
  const context = run.trace ?? TraceContext.start(run.tracestate);
  const { traceId, startedAt: started, spanId: agentSpanId } = context;
  const spans: Span[] = [];
  const toolCalls: ToolCallRecord[] = [];
  const usage = { inputTokens: 0, outputTokens: 0 };
  let cost: number | null = 0;
  const known = new Set(run.tools.map((tool) => tool.name));
  const messages: ChatMessage[] = [
    { role: 'system', content: withNote(run.systemPrompt ?? DEFAULT_SYSTEM_PROMPT, run.hooks?.systemNote) },
    { role: 'user', content: run.testCase.prompt },
  ];
  let finalAnswer = '';
  let stopReason: StopReason = 'max_steps';
  let error: string | undefined;
  let steps = 0;

  for (; steps < run.maxSteps; steps += 1) {
    if (run.mayCallModel && !run.mayCallModel()) {
      stopReason = 'budget';
      break;
    }
    const modelStart = Date.now();
    let response;
    try {
      response = await run.provider.complete({ messages, tools: run.tools, temperature: run.temperature, maxTokens: run.maxTokens, seed: run.seed, ...(run.mayRetryModel ? { mayRetry: run.mayRetryModel } : {}) });
    } catch (caught) {
      error = caught instanceof ModelError ? caught.message : `model call failed: ${caught instanceof Error ? caught.message : String(caught)}`;
      spans.push({ spanId: spanId(), parentSpanId: agentSpanId, kind: 'model', name: run.provider.id, startMs: modelStart - started, durationMs: Date.now() - modelStart, error, attributes: { model: run.provider.model, errorType: modelErrorType(caught), attempts: caught instanceof ModelError ? caught.attempts : 1 } });
      run.onModelError?.();
      stopReason = 'model_error';
      break;
    }
    const callCost = run.costOf(response.usage);
    usage.inputTokens += response.usage.inputTokens;
    usage.outputTokens += response.usage.outputTokens;
    cost = cost === null || callCost === null ? null : cost + callCost;
    run.onModelCall?.(response.usage, callCost);
    spans.push({
      spanId: spanId(),
      parentSpanId: agentSpanId,
      kind: 'model',
      name: run.provider.id,
      startMs: modelStart - started,
      durationMs: Date.now() - modelStart,
      attributes: {
        model: run.provider.model,
        ...(response.responseModel ? { responseModel: response.responseModel } : {}),
        ...(response.responseId ? { responseId: response.responseId } : {}),
        inputTokens: response.usage.inputTokens,
        outputTokens: response.usage.outputTokens,
        costUsd: callCost,
        stopReason: response.stopReason,
        attempts: response.attempts,
        toolCalls: response.toolCalls.map((call) => call.name),
      },
    });
    if (response.toolCalls.length === 0) {
      finalAnswer = response.text;
      stopReason = 'answer';
      steps += 1;
      break;
    }
    messages.push({ role: 'assistant', content: response.text, toolCalls: response.toolCalls });
    for (const call of response.toolCalls) {
      const toolSpanId = spanId();
      const toolStart = Date.now();
      let record: ToolCallRecord;
      let exchanges = 0;
      let inputRounds = 0;
      let layer2: Record<string, unknown> = {};
      let wire: Record<string, unknown> = {};
      if (!known.has(call.name) || call.parseError) {
        const why = !known.has(call.name) ? `Error: there is no tool named "${call.name}"` : `Error: the arguments are not valid JSON (${call.parseError})`;
        record = { name: call.name, arguments: call.arguments, resultText: why, isError: true, empty: false, invalid: true, latencyMs: 0 };
      } else {
        // The tool span is the MCP client span of this call: its id is the parent the server sees.
        const traceparent = context.traceparent(toolSpanId);
        const outcome = await callTool(run.client, call.name, call.arguments, {
          traceparent,
          tracestate: context.tracestate,
          inputResponses: run.testCase.input_responses,
          timeoutMs: run.toolTimeoutMs,
        });
        exchanges = outcome.exchanges.length;
        inputRounds = outcome.inputRounds;
        wire = { ...(outcome.requestId !== undefined ? { requestId: outcome.requestId } : {}), ...(outcome.errorType ? { errorType: outcome.errorType } : {}) };
        // Layer 2 span attributes: the re-issue of a cut SSE stream (both ids), and fault / simulated / injection.
        layer2 = { ...(outcome.reissued ? { reissued: true, requestIds: outcome.reissued.requestIds } : {}), ...(run.hooks?.toolAttributes?.(traceparent) ?? {}) };
        record = { name: call.name, arguments: call.arguments, resultText: outcome.text, isError: outcome.isError, empty: outcome.empty, invalid: false, latencyMs: Date.now() - toolStart };
      }
      toolCalls.push(record);
      spans.push({
        spanId: toolSpanId,
        parentSpanId: agentSpanId,
        kind: 'tool',
        name: call.name,
        startMs: toolStart - started,
        durationMs: Date.now() - toolStart,
        error: record.isError ? record.resultText.slice(0, 500) : undefined,
        attributes: {
          callId: call.id,
          ...wire,
          ...(record.invalid ? { errorType: 'invalid_tool_call' } : {}),
          arguments: call.arguments,
          result: record.resultText.slice(0, 2000),
          invalid: record.invalid,
          empty: record.empty,
          exchanges,
          inputRounds,
          ...layer2,
        },
      });
      messages.push({ role: 'tool', toolCallId: call.id, name: call.name, content: record.resultText, isError: record.isError });
    }
  }

  const durationMs = Date.now() - started;
  // The run's own MCP requests besides tool calls (a layer 2 client's initialize, tools/list) come first.
  spans.unshift(...context.spans);
  spans.unshift({
    spanId: agentSpanId,
    kind: 'agent',
    name: 'agent',
    startMs: 0,
    durationMs,
    error,
    attributes: { caseId: run.testCase.id, prompt: run.testCase.prompt, repeat: run.repeat, stopReason, steps, ...(run.hooks?.agentAttributes?.() ?? {}) },
  });
  return {
    traceId,
    ...(context.tracestate ? { traceState: context.tracestate } : {}),
    caseId: run.testCase.id,
    model: run.provider.id,
    repeat: run.repeat,
    startedAt: new Date(started).toISOString(),
    durationMs,
    spans,
    toolCalls,
    finalAnswer,
    stopReason,
    error,
    steps,
    usage,
    costUsd: cost,
  };
}

function withNote(prompt: string, note: string | undefined): string {
  return note ? `${prompt}\n\n${note}` : prompt;
}

/**
 * error.type of a failed model call (GenAI conventions): `timeout`, the HTTP status as a string,
 * a network error's code, `malformed_response`, or the exception's type name.
 */
function modelErrorType(error: unknown): string {
  if (!(error instanceof ModelError)) return error instanceof Error ? error.constructor.name : '_OTHER';
  if (error.kind === 'timeout') return 'timeout';
  if (error.status !== undefined && (error.status < 200 || error.status >= 300)) return String(error.status);
  if (error.kind === 'malformed') return 'malformed_response';
  return error.code ?? error.name;
}
