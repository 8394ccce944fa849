import protobuf from 'protobufjs';
import { MAX_JSON_DEPTH, textNestsDeeperThan } from '../mcp/json-depth.js';
import type { StoredSpan } from './store.js';

/**
 * OTLP/HTTP trace requests (ExportTraceServiceRequest) in either encoding, JSON or protobuf,
 * turned into StoredSpan rows. Hostile input is a problem string, never a throw: the daemon
 * answers 400 with it. Spans whose ids are not valid W3C ids are rejected one by one (OTLP
 * partial success), the rest are kept.
 */

export type DecodeOutcome = { ok: true; spans: StoredSpan[]; rejected: number; rejectReasons: string[] } | { ok: false; problem: string };

/**
 * opentelemetry-proto's trace and common messages (field numbers from
 * opentelemetry/proto/{trace,common,resource}/v1/*.proto), the fields the daemon reads; unknown
 * fields (events, links, dropped counts) are skipped by the decoder.
 */
const OTLP_PROTO = {
  nested: {
    ExportTraceServiceRequest: { fields: { resourceSpans: { rule: 'repeated', type: 'ResourceSpans', id: 1 } } },
    ResourceSpans: { fields: { resource: { type: 'Resource', id: 1 }, scopeSpans: { rule: 'repeated', type: 'ScopeSpans', id: 2 }, schemaUrl: { type: 'string', id: 3 } } },
    Resource: { fields: { attributes: { rule: 'repeated', type: 'KeyValue', id: 1 } } },
    ScopeSpans: { fields: { scope: { type: 'InstrumentationScope', id: 1 }, spans: { rule: 'repeated', type: 'Span', id: 2 }, schemaUrl: { type: 'string', id: 3 } } },
    InstrumentationScope: { fields: { name: { type: 'string', id: 1 }, version: { type: 'string', id: 2 }, attributes: { rule: 'repeated', type: 'KeyValue', id: 3 } } },
    Span: {
      fields: {
        traceId: { type: 'bytes', id: 1 },
        spanId: { type: 'bytes', id: 2 },
        traceState: { type: 'string', id: 3 },
        parentSpanId: { type: 'bytes', id: 4 },
        flags: { type: 'fixed32', id: 16 },
        name: { type: 'string', id: 5 },
        kind: { type: 'int32', id: 6 },
        startTimeUnixNano: { type: 'fixed64', id: 7 },
        endTimeUnixNano: { type: 'fixed64', id: 8 },
        attributes: { rule: 'repeated', type: 'KeyValue', id: 9 },
        status: { type: 'Status', id: 15 },
      },
    },
    Status: { fields: { message: { type: 'string', id: 2 }, code: { type: 'int32', id: 3 } } },
    KeyValue: { fields: { key: { type: 'string', id: 1 }, value: { type: 'AnyValue', id: 2 } } },
    AnyValue: {
      oneofs: { value: { oneof: ['stringValue', 'boolValue', 'intValue', 'doubleValue', 'arrayValue', 'kvlistValue', 'bytesValue'] } },
      fields: {
        stringValue: { type: 'string', id: 1 },
        boolValue: { type: 'bool', id: 2 },
        intValue: { type: 'int64', id: 3 },
        doubleValue: { type: 'double', id: 4 },
        arrayValue: { type: 'ArrayValue', id: 5 },
        kvlistValue: { type: 'KeyValueList', id: 6 },
        bytesValue: { type: 'bytes', id: 7 },
      },
    },
    ArrayValue: { fields: { values: { rule: 'repeated', type: 'AnyValue', id: 1 } } },
    KeyValueList: { fields: { values: { rule: 'repeated', type: 'KeyValue', id: 1 } } },
  },
};

const REQUEST_TYPE = protobuf.Root.fromJSON(OTLP_PROTO).lookupType('ExportTraceServiceRequest');
/** Values nested deeper than this (arrays of kvlists of ...) are cut: a hostile body cannot recurse without bound. */
const MAX_DEPTH = 8;
const HEX32 = /^[0-9a-f]{32}$/;
const HEX16 = /^[0-9a-f]{16}$/;
const NANOS = /^\d{1,20}$/;

/** Decodes a protobuf body. */
export function decodeOtlpProtobuf(body: Uint8Array): DecodeOutcome {
  let object: unknown;
  try {
    const message = REQUEST_TYPE.decode(body);
    // bytes as base64 strings, 64-bit integers as decimal strings: one shape for both encodings below.
    object = REQUEST_TYPE.toObject(message, { longs: String, bytes: String, enums: Number });
  } catch (error) {
    return { ok: false, problem: `not an OTLP ExportTraceServiceRequest in protobuf: ${error instanceof Error ? error.message : String(error)}` };
  }
  return fromRequest(object, 'base64');
}

/** Decodes a JSON body (OTLP/JSON: ids in hex, 64-bit integers as strings or numbers). */
export function decodeOtlpJson(text: string): DecodeOutcome {
  if (textNestsDeeperThan(text)) return { ok: false, problem: `the JSON nests deeper than ${MAX_JSON_DEPTH} levels (an OTLP export needs a few dozen); not parsed` };
  let object: unknown;
  try {
    // Epoch nanoseconds are above 2^53: a JSON number there is read from its source text, exactly.
    object = NUMERIC_NANOS.test(text) ? JSON.parse(text, exactIntegers as Reviver) : JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: `malformed JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  return fromRequest(object, 'hex');
}

type Reviver = (this: unknown, key: string, value: unknown) => unknown;
/** A timestamp or integer attribute written as a JSON number (OTLP/JSON allows either form). */
const NUMERIC_NANOS = /"(?:startTimeUnixNano|endTimeUnixNano|intValue)"\s*:\s*\d/;
const EXACT_KEYS = new Set(['startTimeUnixNano', 'endTimeUnixNano', 'intValue']);

/** JSON.parse's reviver with the source text (Node 22+): those keys' integers kept as decimal strings. */
function exactIntegers(key: string, value: unknown, context?: { source?: string }): unknown {
  return typeof value === 'number' && EXACT_KEYS.has(key) && context?.source !== undefined && /^\d+$/.test(context.source) ? context.source : value;
}

function fromRequest(object: unknown, ids: 'hex' | 'base64'): DecodeOutcome {
  if (!isRecord(object)) return { ok: false, problem: 'an OTLP trace request is a JSON object with `resourceSpans`' };
  const resourceSpans = object.resourceSpans ?? [];
  if (!Array.isArray(resourceSpans)) return { ok: false, problem: '`resourceSpans` must be an array' };
  const spans: StoredSpan[] = [];
  const rejectReasons = new Set<string>();
  let rejected = 0;
  for (const rs of resourceSpans) {
    if (!isRecord(rs)) return { ok: false, problem: 'each `resourceSpans` item must be an object' };
    const resource = attributeMap(isRecord(rs.resource) ? rs.resource.attributes : undefined);
    const scopeSpans = rs.scopeSpans ?? [];
    if (!Array.isArray(scopeSpans)) return { ok: false, problem: '`scopeSpans` must be an array' };
    for (const ss of scopeSpans) {
      if (!isRecord(ss)) return { ok: false, problem: 'each `scopeSpans` item must be an object' };
      const scope = isRecord(ss.scope) && typeof ss.scope.name === 'string' ? ss.scope.name : undefined;
      const list = ss.spans ?? [];
      if (!Array.isArray(list)) return { ok: false, problem: '`spans` must be an array' };
      for (const raw of list) {
        const span = toSpan(raw, ids, resource, scope);
        if (typeof span === 'string') {
          rejected += 1;
          rejectReasons.add(span);
        } else spans.push(span);
      }
    }
  }
  return { ok: true, spans, rejected, rejectReasons: [...rejectReasons] };
}

function toSpan(raw: unknown, ids: 'hex' | 'base64', resource: Record<string, unknown>, scope: string | undefined): StoredSpan | string {
  if (!isRecord(raw)) return 'a span that is not an object';
  const traceId = id(raw.traceId, ids);
  const spanId = id(raw.spanId, ids);
  if (!HEX32.test(traceId) || /^0+$/.test(traceId)) return 'a span without a valid traceId (32 hex digits, not all zero)';
  if (!HEX16.test(spanId) || /^0+$/.test(spanId)) return 'a span without a valid spanId (16 hex digits, not all zero)';
  const parent = id(raw.parentSpanId, ids);
  const startNs = nanos(raw.startTimeUnixNano);
  const endNs = nanos(raw.endTimeUnixNano);
  if (startNs === undefined || endNs === undefined) return 'a span without startTimeUnixNano / endTimeUnixNano';
  const status = isRecord(raw.status) ? raw.status : {};
  const kind = typeof raw.kind === 'number' ? raw.kind : KIND_NAMES.indexOf(String(raw.kind));
  const code = typeof status.code === 'number' ? status.code : STATUS_NAMES.indexOf(String(status.code));
  return {
    traceId,
    spanId,
    ...(HEX16.test(parent) && !/^0+$/.test(parent) ? { parentSpanId: parent } : {}),
    name: typeof raw.name === 'string' ? raw.name.slice(0, 1024) : '',
    kind: kind >= 0 && kind <= 5 ? kind : 0,
    startNs,
    endNs: BigInt(endNs) < BigInt(startNs) ? startNs : endNs,
    statusCode: code >= 0 && code <= 2 ? code : 0,
    ...(typeof status.message === 'string' && status.message !== '' ? { statusMessage: status.message } : {}),
    ...(typeof raw.traceState === 'string' && raw.traceState !== '' ? { traceState: raw.traceState } : {}),
    attributes: attributeMap(raw.attributes),
    resource,
    ...(scope ? { scope } : {}),
  };
}

const KIND_NAMES = ['SPAN_KIND_UNSPECIFIED', 'SPAN_KIND_INTERNAL', 'SPAN_KIND_SERVER', 'SPAN_KIND_CLIENT', 'SPAN_KIND_PRODUCER', 'SPAN_KIND_CONSUMER'];
const STATUS_NAMES = ['STATUS_CODE_UNSET', 'STATUS_CODE_OK', 'STATUS_CODE_ERROR'];

function id(value: unknown, encoding: 'hex' | 'base64'): string {
  if (typeof value !== 'string' || value === '') return '';
  return encoding === 'hex' ? value.toLowerCase() : Buffer.from(value, 'base64').toString('hex');
}

function nanos(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === 'string' && NANOS.test(value)) return BigInt(value).toString();
  return undefined;
}

/** OTLP KeyValue list → a plain object (later keys win). */
export function attributeMap(list: unknown, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!Array.isArray(list)) return out;
  for (const item of list) {
    if (!isRecord(item) || typeof item.key !== 'string') continue;
    const value = anyValue(item.value, depth + 1);
    if (value !== undefined) out[item.key] = value;
  }
  return out;
}

function anyValue(value: unknown, depth: number): unknown {
  if (!isRecord(value) || depth > MAX_DEPTH) return undefined;
  if (typeof value.stringValue === 'string') return value.stringValue;
  if (typeof value.boolValue === 'boolean') return value.boolValue;
  if (value.intValue !== undefined) {
    const n = Number(value.intValue);
    return Number.isSafeInteger(n) ? n : String(value.intValue);
  }
  if (value.doubleValue !== undefined) {
    const n = Number(value.doubleValue);
    return Number.isFinite(n) ? n : undefined;
  }
  if (isRecord(value.arrayValue)) return Array.isArray(value.arrayValue.values) ? value.arrayValue.values.map((item) => anyValue(item, depth + 1) ?? null) : [];
  if (isRecord(value.kvlistValue)) return attributeMap(value.kvlistValue.values, depth + 1);
  if (typeof value.bytesValue === 'string') return value.bytesValue;
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
