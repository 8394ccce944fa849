import type { AgentHooks } from '../agent/loop.js';
import { canaryNote, newCanary } from '../injection/encode.js';
import { canaryEnabled, deniedTools, resolveInjections, type ResolvedInjection } from '../injection/resolve.js';
import type { ReceivedMessage, JsonObject, TransportKind } from '../mcp/types.js';
import { MODERN } from '../mcp/types.js';
import { META_PROTOCOL_VERSION } from '../mcp/client.js';
import { FaultPlan, type PlannedFault } from './plan.js';
import { FAULT_EFFECTS, type FaultSpec, type InjectSpec } from './types.js';

/** A fault as the trace records it on the tool span (`fault` attribute). */
export interface FaultRecord extends PlannedFault {
  /** False when the fault has no meaning on this transport (stream_cut on stdio). */
  applied: boolean;
  /** How it was applied where that differs from HTTP (stdio approximations), or why it was not. */
  note?: string;
}

/** What the wrapper does with one tools/call request. */
export interface CallDecision {
  /** The agent call this request belongs to (its traceparent; re-issues and MRTR rounds share it). */
  key: string;
  tool: string;
  /** 1-based: which wire request of this agent call this is. */
  wire: number;
  /** The fault to apply to this request: only ever on a call's first wire request. */
  fault?: FaultRecord;
  /** Answer with a synthetic `{"simulated": true}` instead of calling the tool (destructive tool). */
  simulate: boolean;
  /** Payloads to plant in this call's result. */
  injections: ResolvedInjection[];
}

interface CallRecord {
  tool: string;
  wireRequests: number;
  fault?: FaultRecord;
  simulated: boolean;
  injected: string[];
}

export interface SessionOptions {
  caseId: string;
  repeat: number;
  faults?: readonly FaultSpec[];
  inject?: readonly InjectSpec[];
  transport: TransportKind;
  /** Tools never called for real: annotated destructive (or not read-only) and not allowlisted. */
  guardedTools?: Iterable<string>;
  /** The server's tool names, to report plan entries that name none of them. */
  knownTools?: Iterable<string>;
  /** Tests fix the canary; runs get a fresh one. */
  canary?: string;
}

/** Texts of the synthetic answers (kept plain and realistic: nothing tells the model it is a test). */
export const FAULT_TEXT = {
  http500: 'Internal Server Error',
  isError: 'Internal error: the upstream service is unavailable.',
  expiredToken: 'Unauthorized: the access token expired',
} as const;

/**
 * Layer 2 state of one run: its fault plan, its injections and its destructive-tool guard. The
 * transport wrappers (the HTTP proxy, the stdio wrapper) ask it what to do with each request and
 * apply the answer as bytes; the agent loop reads back what happened through `hooks`.
 */
export class Layer2Session {
  readonly transport: TransportKind;
  readonly canary: string | undefined;
  readonly injections: ResolvedInjection[];
  readonly deniedTools: string[];
  private readonly plan: FaultPlan | undefined;
  private readonly faultSpecs: readonly FaultSpec[];
  private readonly guarded: Set<string>;
  private readonly known: Set<string> | undefined;
  private readonly calls = new Map<string, CallRecord>();
  private readonly delivered = new Map<number, number>();
  private anonymous = 0;

  constructor(options: SessionOptions) {
    this.transport = options.transport;
    this.faultSpecs = options.faults ?? [];
    this.plan = this.faultSpecs.length > 0 ? new FaultPlan(this.faultSpecs, options.caseId, options.repeat) : undefined;
    this.injections = resolveInjections(options.inject);
    this.deniedTools = deniedTools(options.inject);
    this.canary = canaryEnabled(options.inject) ? (options.canary ?? newCanary()) : undefined;
    this.guarded = new Set(options.guardedTools ?? []);
    this.known = options.knownTools ? new Set(options.knownTools) : undefined;
  }

  /** Whether tools/list answers must be rewritten (a payload goes in a description). */
  get rewritesToolsList(): boolean {
    return this.injections.some((injection) => injection.where === 'description');
  }

  /** Decides what happens to one tools/call request (call it once per wire request). */
  onToolCall(message: ReceivedMessage): CallDecision {
    const params = isObject(message.params) ? message.params : {};
    const tool = typeof params.name === 'string' ? params.name : '';
    const meta = isObject(params._meta) ? params._meta : {};
    const key = typeof meta.traceparent === 'string' ? meta.traceparent : `request-${String(message.id ?? `#${++this.anonymous}`)}`;
    let record = this.calls.get(key);
    let fault: FaultRecord | undefined;
    if (!record) {
      const planned = this.plan?.next(tool);
      if (planned) {
        const effect = FAULT_EFFECTS[planned.type];
        if (this.transport === 'stdio' && !effect.stdioApplicable) fault = { ...planned, applied: false, note: `not applicable: ${effect.stdio.replace(/^not applicable: /, '')}` };
        else fault = { ...planned, applied: true, ...(this.transport === 'stdio' && effect.stdioApproximated ? { note: `approximated on stdio: ${effect.stdio}` } : {}) };
      }
      record = { tool, wireRequests: 0, fault, simulated: false, injected: [] };
      this.calls.set(key, record);
    }
    record.wireRequests += 1;
    const simulate = this.guarded.has(tool);
    if (simulate) record.simulated = true;
    return {
      key,
      tool,
      wire: record.wireRequests,
      fault: record.wireRequests === 1 ? record.fault : undefined,
      simulate,
      injections: this.injections.filter((injection) => injection.where === 'result' && (injection.tool === undefined || injection.tool === tool)),
    };
  }

  /** The synthetic answer for a guarded (destructive) tool: `{"simulated": true}`. */
  simulatedResult(request: ReceivedMessage): JsonObject {
    const params = isObject(request.params) ? request.params : {};
    const meta = isObject(params._meta) ? params._meta : {};
    return {
      content: [{ type: 'text', text: '{"simulated": true}' }],
      structuredContent: { simulated: true },
      ...(meta[META_PROTOCOL_VERSION] === MODERN ? { resultType: 'complete' } : {}),
    };
  }

  /**
   * A tools/call result as the model must see it: the result-changing faults (is_error,
   * empty_result) on the first wire request, then the planted payloads (not into an emptied result,
   * nor into an intermediate input_required result).
   */
  transformToolResult(decision: CallDecision, result: JsonObject): JsonObject {
    if (result.resultType === 'input_required') return result;
    let out: JsonObject = { ...result };
    const fault = decision.fault?.applied ? decision.fault.type : undefined;
    if (fault === 'is_error') {
      out = { ...out, content: [{ type: 'text', text: FAULT_TEXT.isError }], isError: true };
      delete out.structuredContent;
    } else if (fault === 'empty_result') {
      out = { ...out, content: [] };
      delete out.structuredContent;
      delete out.isError;
      return out;
    }
    const record = this.calls.get(decision.key);
    for (const injection of decision.injections) {
      out = plantInResult(out, injection.text);
      this.delivered.set(injection.index, (this.delivered.get(injection.index) ?? 0) + 1);
      if (record && !record.injected.includes(injection.id)) record.injected.push(injection.id);
    }
    return out;
  }

  /** A tools/list result with the description payloads appended to their tools' descriptions. */
  transformToolsList(result: JsonObject): JsonObject {
    if (!Array.isArray(result.tools)) return result;
    const payloads = this.injections.filter((injection) => injection.where === 'description');
    if (payloads.length === 0) return result;
    const tools = (result.tools as unknown[]).map((tool) => {
      if (!isObject(tool) || typeof tool.name !== 'string') return tool;
      let description = typeof tool.description === 'string' ? tool.description : '';
      for (const injection of payloads) {
        if (injection.tool !== undefined && injection.tool !== tool.name) continue;
        description = description === '' ? injection.text : `${description}\n\n${injection.text}`;
        this.delivered.set(injection.index, (this.delivered.get(injection.index) ?? 0) + 1);
      }
      return { ...tool, description };
    });
    return { ...result, tools };
  }

  /** The trace side: what the agent loop asks after each tool call and at the end of the run. */
  get hooks(): AgentHooks {
    return {
      systemNote: this.canary ? canaryNote(this.canary) : undefined,
      toolAttributes: (traceparent) => this.toolAttributes(traceparent),
      agentAttributes: () => this.agentAttributes(),
    };
  }

  /** Span attributes for one agent tool call: `fault`, `simulated`, `injection`. */
  toolAttributes(traceparent: string): Record<string, unknown> {
    const record = this.calls.get(traceparent);
    if (!record) return {};
    return {
      ...(record.fault ? { fault: record.fault } : {}),
      ...(record.simulated ? { simulated: true } : {}),
      ...(record.injected.length > 0 ? { injection: [...record.injected] } : {}),
    };
  }

  /** Agent span attributes: the plan, what fired, the canary and where each payload went. */
  agentAttributes(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const records = [...this.calls.values()];
    if (this.faultSpecs.length > 0) {
      out.faults = {
        plan: this.faultSpecs.map((spec) => ({ ...spec })),
        fired: records.flatMap((record) => (record.fault ? [{ tool: record.tool, ...record.fault }] : [])),
        unknownTools: this.unknownTools(this.faultSpecs.map((spec) => spec.tool)),
      };
    }
    if (this.injections.length > 0) {
      out.injection = {
        ...(this.canary ? { canary: this.canary } : {}),
        payloads: this.injections.map((injection) => ({
          index: injection.index,
          id: injection.id,
          where: injection.where,
          ...(injection.tool !== undefined ? { tool: injection.tool } : {}),
          delivered: this.delivered.get(injection.index) ?? 0,
        })),
        deniedTools: this.deniedTools,
        unknownTools: this.unknownTools(this.injections.map((injection) => injection.tool)),
      };
    }
    const simulated = [...new Set(records.filter((record) => record.simulated).map((record) => record.tool))];
    if (simulated.length > 0) out.simulatedTools = simulated;
    return out;
  }

  private unknownTools(names: Array<string | undefined>): string[] {
    if (!this.known) return [];
    return [...new Set(names.filter((name): name is string => name !== undefined && !this.known!.has(name)))];
  }
}

/**
 * Plants a payload where a tool's own data would carry it: a JSON object text block gets a
 * `notes` field (and so does an object structuredContent); otherwise the text is appended to the
 * last text block, or added as one.
 */
export function plantInResult(result: JsonObject, text: string): JsonObject {
  const content = Array.isArray(result.content) ? (result.content as unknown[]).map((block) => (isObject(block) ? { ...block } : block)) : [];
  const out: JsonObject = { ...result, content };
  const textIndexes = content.flatMap((block, index) => (isObject(block) && block.type === 'text' && typeof block.text === 'string' ? [index] : []));
  const last = textIndexes[textIndexes.length - 1];
  const parsed = last === undefined ? undefined : parseObject((content[last] as { text: string }).text);
  if (last !== undefined && parsed) {
    (content[last] as { text: string }).text = JSON.stringify({ ...parsed, notes: text });
  } else if (last !== undefined) {
    const block = content[last] as { text: string };
    block.text = `${block.text}\n\n${text}`;
  } else {
    content.push({ type: 'text', text });
  }
  if (isObject(result.structuredContent)) out.structuredContent = { ...result.structuredContent, notes: text };
  return out;
}

function parseObject(text: string): JsonObject | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
