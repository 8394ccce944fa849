import type { AgentHooks } from '../agent/loop.js';
import { walkList } from '../conformance/context.js';
import type { GoldenCase } from '../golden/types.js';
import { McpClient, type RequestTracer } from '../mcp/client.js';
import type { Connection } from '../mcp/connection.js';
import { ExchangeLog } from '../mcp/exchange-log.js';
import { HttpConnection } from '../mcp/http-transport.js';
import type { Target } from '../mcp/target.js';
import { LEGACY, type Era, type JsonObject } from '../mcp/types.js';
import type { ToolSpec } from '../models/types.js';
import { resolveInjections } from '../injection/resolve.js';
import { FaultProxy } from './http-proxy.js';
import { Layer2Session } from './session.js';
import { FaultyStdioConnection } from './stdio-wrapper.js';

/** The agent's tool deadline in a case with a `timeout` fault: short, so a hang costs seconds, not minutes. */
export const FAULT_TOOL_TIMEOUT_MS = 2000;

/** Whether a case runs through the layer 2 wrapper (it has faults or injections). */
export function needsLayer2(testCase: GoldenCase): boolean {
  return (testCase.faults?.length ?? 0) > 0 || (testCase.inject?.length ?? 0) > 0;
}

/**
 * Tools a layer 2 case never calls for real: annotated `destructiveHint: true`, or not annotated
 * `readOnlyHint: true`, unless `allow_destructive_tools` names them. Their calls get a synthetic
 * `{"simulated": true}` answer.
 */
export function guardedTools(tools: readonly JsonObject[], allow: readonly string[]): string[] {
  return tools.flatMap((tool) => {
    const name = typeof tool.name === 'string' ? tool.name : undefined;
    if (name === undefined || allow.includes(name)) return [];
    const hints = tool.annotations !== null && typeof tool.annotations === 'object' ? (tool.annotations as Record<string, unknown>) : {};
    return hints.destructiveHint === true || hints.readOnlyHint !== true ? [name] : [];
  });
}

export interface Layer2RunOptions {
  target: Target;
  era: Era;
  timeoutMs: number;
  testCase: GoldenCase;
  repeat: number;
  /** The server's tools/list items (names, annotations). */
  tools: readonly JsonObject[];
  allowDestructiveTools: readonly string[];
  /** The run's trace context: the run's own setup requests carry it too. */
  tracer?: RequestTracer;
}

/** A run's own client behind the fault proxy (HTTP) or the pipe wrapper (stdio). */
export interface Layer2Run {
  client: McpClient;
  session: Layer2Session;
  hooks: AgentHooks;
  /** The tools as the model must see them, when a payload rewrote their descriptions. */
  tools?: ToolSpec[];
  toolTimeoutMs?: number;
  close(): Promise<void>;
}

/**
 * Opens the wrapped connection for one run of a layer 2 case: a fresh FaultProxy in front of the
 * HTTP server, or a fresh server process behind a FaultyStdioConnection (so a withheld answer
 * never reaches another run). A 2025-11-25 server gets its own initialize through the wrapper.
 */
export async function openLayer2Run(options: Layer2RunOptions): Promise<Layer2Run> {
  const { target, testCase } = options;
  const session = new Layer2Session({
    caseId: testCase.id,
    repeat: options.repeat,
    faults: testCase.faults,
    inject: testCase.inject,
    transport: target.kind,
    guardedTools: guardedTools(options.tools, options.allowDestructiveTools),
    knownTools: options.tools.flatMap((tool) => (typeof tool.name === 'string' ? [tool.name] : [])),
  });
  let proxy: FaultProxy | undefined;
  let connection: Connection;
  if (target.spec.kind === 'http') {
    proxy = await FaultProxy.start({ upstream: target.spec.url, session });
    connection = new HttpConnection({ url: proxy.url, headers: target.spec.headers });
  } else {
    connection = new FaultyStdioConnection(target.connect(), session);
  }
  const close = async () => {
    await connection.close().catch(() => undefined);
    await proxy?.close().catch(() => undefined);
  };
  try {
    const client = new McpClient(connection, { era: options.era, timeoutMs: options.timeoutMs, log: new ExchangeLog(0), tracer: options.tracer });
    if (options.era === LEGACY) await client.initialize();
    let tools: ToolSpec[] | undefined;
    if (session.rewritesToolsList) {
      const listing = await walkList(client, 'tools/list');
      if (!listing.error) tools = listing.items.map(toToolSpec);
    }
    const timeoutFault = (testCase.faults ?? []).some((fault) => fault.type === 'timeout');
    return { client, session, hooks: session.hooks, tools, toolTimeoutMs: timeoutFault ? FAULT_TOOL_TIMEOUT_MS : undefined, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** What the cache key must add for a layer 2 case: the allowlist and the payload texts it resolves to. */
export function layer2CacheKey(testCase: GoldenCase, allowDestructiveTools: readonly string[]): unknown {
  if (!needsLayer2(testCase)) return undefined;
  return { allowDestructiveTools: [...allowDestructiveTools].sort(), payloads: resolveInjections(testCase.inject).map((injection) => injection.text) };
}

function toToolSpec(tool: JsonObject): ToolSpec {
  return {
    name: String(tool.name),
    description: typeof tool.description === 'string' ? tool.description : undefined,
    inputSchema: (tool.inputSchema as Record<string, unknown>) ?? { type: 'object' },
  };
}
