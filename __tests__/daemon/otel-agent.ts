import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtoExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';

/**
 * An agent instrumented the way the OpenTelemetry GenAI and MCP semantic conventions describe,
 * with the official JS SDK and its OTLP/HTTP exporters (JSON or protobuf): what a production
 * agent sends the daemon. No mcp-evals code makes these spans.
 */

export interface AgentRunSpec {
  agent: string;
  model: string;
  prompt: string;
  answer?: string;
  tools?: Array<{ name: string; args: Record<string, unknown>; result?: string; error?: string }>;
  /** The agent span ends with an error status. */
  fail?: boolean;
  inputTokens?: number;
  outputTokens?: number;
}

export async function emitRuns(endpoint: string, protocol: 'json' | 'protobuf', project: string, runs: AgentRunSpec[], headers: Record<string, string> = {}): Promise<string[]> {
  const url = `${endpoint}/v1/traces`;
  const exporter = protocol === 'json' ? new JsonExporter({ url, headers }) : new ProtoExporter({ url, headers });
  const provider = new TracerProvider({ resource: resourceFromAttributes({ 'service.name': project }), spanProcessors: [new BatchSpanProcessor({ exporter, maxExportBatchSize: 64, scheduledDelayMillis: 10 })] });
  const tracer = provider.getTracer('test-agent', '1.0.0');
  const ids: string[] = [];
  for (const run of runs) {
    const agent = tracer.startSpan(`invoke_agent ${run.agent}`, {
      kind: SpanKind.INTERNAL,
      attributes: {
        'gen_ai.operation.name': 'invoke_agent',
        'gen_ai.agent.name': run.agent,
        'gen_ai.provider.name': 'openai',
        'gen_ai.request.model': run.model,
        'gen_ai.input.messages': JSON.stringify([{ role: 'user', parts: [{ type: 'text', content: run.prompt }] }]),
        ...(run.answer !== undefined ? { 'gen_ai.output.messages': JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: run.answer }] }]) } : {}),
      },
    });
    ids.push(agent.spanContext().traceId);
    const inside = trace.setSpan(context.active(), agent);
    const chat = tracer.startSpan(`chat ${run.model}`, { kind: SpanKind.CLIENT, attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': 'openai', 'gen_ai.request.model': run.model, 'gen_ai.usage.input_tokens': run.inputTokens ?? 100, 'gen_ai.usage.output_tokens': run.outputTokens ?? 20 } }, inside);
    chat.end();
    for (const [index, tool] of (run.tools ?? []).entries()) {
      const span = tracer.startSpan(`execute_tool ${tool.name}`, {
        kind: SpanKind.INTERNAL,
        attributes: { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': tool.name, 'gen_ai.tool.call.id': `call_${index}`, 'gen_ai.tool.call.arguments': JSON.stringify(tool.args), ...(tool.result !== undefined ? { 'gen_ai.tool.call.result': tool.result } : {}) },
      }, inside);
      // The MCP client span of the same call: not a second tool call.
      const mcp = tracer.startSpan(`tools/call ${tool.name}`, { kind: SpanKind.CLIENT, attributes: { 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': tool.name, 'jsonrpc.request.id': String(index + 1), 'mcp.protocol.version': '2025-11-25', 'network.transport': 'pipe' } }, trace.setSpan(inside, span));
      if (tool.error) {
        mcp.setStatus({ code: SpanStatusCode.ERROR, message: tool.error });
        mcp.setAttribute('error.type', 'tool_error');
        span.setStatus({ code: SpanStatusCode.ERROR, message: tool.error });
        span.setAttribute('error.type', 'tool_error');
      }
      mcp.end();
      span.end();
    }
    const final = tracer.startSpan(`chat ${run.model}`, { kind: SpanKind.CLIENT, attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.provider.name': 'openai', 'gen_ai.request.model': run.model, 'gen_ai.usage.input_tokens': run.inputTokens ?? 100, 'gen_ai.usage.output_tokens': run.outputTokens ?? 20 } }, inside);
    final.end();
    if (run.fail) agent.setStatus({ code: SpanStatusCode.ERROR, message: 'the agent gave up' });
    agent.end();
  }
  await provider.forceFlush();
  await provider.shutdown();
  return ids;
}
