/**
 * Optional OTLP/HTTP export: POSTs the OTLP/JSON of a run (the body traces.otlp.json holds) to
 * `{otlp.endpoint}/v1/traces` with `Content-Type: application/json`, within one deadline.
 *
 * Telemetry is never a reason for a run to fail: every failure (no connection, a deadline, an
 * HTTP error, a partial success) comes back as a warning line. Header values (tokens) and URL
 * credentials never appear in a warning. One attempt, no retry: the traces stay in the file.
 */
import { request, type Dispatcher } from 'undici';
import type { OtlpConfig } from '../config/types.js';
import { redactRun, redactText } from '../mcp/redact.js';
import { spanCount, type OtlpTraceRequest } from './otlp.js';

export type OtlpExportOutcome =
  /** Sent (or nothing to send: spans 0). */
  | { ok: true; spans: number }
  | { ok: false; warning: string };

export interface OtlpExportOptions {
  /** undici dispatcher (default: the global one). */
  dispatcher?: Dispatcher;
  /** What the warning calls the export (default `OTLP export`; `daemon export` for `run --daemon`). */
  label?: string;
}

/** A collector's answer is small; a bigger one is not read further. */
const MAX_ANSWER_BYTES = 64 * 1024;
const SNIPPET_CHARS = 200;

/** `{endpoint}/v1/traces`, unless the endpoint already names that path. */
export function tracesUrl(endpoint: string): string {
  const url = new URL(endpoint);
  if (!/\/v1\/traces\/?$/.test(url.pathname)) url.pathname = `${url.pathname.replace(/\/+$/, '')}/v1/traces`;
  return url.toString();
}

export async function exportOtlp(body: OtlpTraceRequest, config: OtlpConfig, options: OtlpExportOptions = {}): Promise<OtlpExportOutcome> {
  const spans = spanCount(body);
  if (spans === 0) return { ok: true, spans: 0 }; // OTLP: senders SHOULD NOT send empty envelopes
  const label = options.label ?? 'OTLP export';
  let url: string;
  try {
    url = tracesUrl(config.endpoint);
  } catch {
    return { ok: false, warning: `${label} skipped: the endpoint is not a URL` };
  }
  const parsed = new URL(url);
  const where = `${parsed.origin}${parsed.pathname}`;
  const secrets = [...Object.values(config.headers), decoded(parsed.username), decoded(parsed.password)].filter(Boolean);
  const warn = (why: string): OtlpExportOutcome => ({ ok: false, warning: redactText(`${label} of ${spans} spans to ${where} failed: ${why} (the traces are still in traces.otlp.json)`, secrets) });

  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(config.headers)) if (name.toLowerCase() !== 'content-type') headers[name] = value;
  headers['content-type'] = 'application/json';

  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), config.timeout_ms);
  try {
    const response = await request(url, {
      method: 'POST',
      headers,
      // The spans quote servers and models: no secret of the run leaves in them.
      body: redactRun(JSON.stringify(body)),
      signal: deadline.signal,
      dispatcher: options.dispatcher,
      headersTimeout: config.timeout_ms + 1000,
      bodyTimeout: config.timeout_ms + 1000,
    });
    const text = await readCapped(response);
    if (response.statusCode < 200 || response.statusCode >= 300) return warn(`HTTP ${response.statusCode}${text.trim() ? `: ${snippet(text)}` : ''}`);
    const rejected = partialSuccess(text);
    if (rejected) return warn(`the collector rejected ${rejected.count} of them${rejected.message ? `: ${snippet(rejected.message)}` : ''}`);
    return { ok: true, spans };
  } catch (error) {
    if (deadline.signal.aborted) return warn(`no answer within ${config.timeout_ms} ms`);
    return warn(`request failed: ${describeError(error)}`);
  } finally {
    clearTimeout(timer);
  }
}

async function readCapped(response: Dispatcher.ResponseData): Promise<string> {
  response.body.on('error', () => undefined);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    const buffer = chunk as Buffer;
    chunks.push(buffer);
    size += buffer.length;
    if (size >= MAX_ANSWER_BYTES) {
      response.body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** An ExportTraceServiceResponse with partialSuccess.rejectedSpans > 0 (int64: a string or a number). */
function partialSuccess(text: string): { count: number; message?: string } | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined; // an empty or non-JSON 2xx answer is a success
  }
  const partial = (json as { partialSuccess?: { rejectedSpans?: unknown; errorMessage?: unknown } } | null)?.partialSuccess;
  const count = Number(partial?.rejectedSpans ?? 0);
  if (!Number.isFinite(count) || count <= 0) return undefined;
  return { count, message: typeof partial?.errorMessage === 'string' ? partial.errorMessage : undefined };
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function snippet(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > SNIPPET_CHARS ? `${one.slice(0, SNIPPET_CHARS)}…` : one;
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as { cause?: unknown }).cause;
  const code = (error as { code?: unknown }).code ?? (cause as { code?: unknown } | undefined)?.code;
  return `${error.message}${typeof code === 'string' && !error.message.includes(code) ? ` (${code})` : ''}`;
}
