/**
 * One JSON POST to a model API, with the failure handling every provider needs: a deadline per
 * attempt, a cap on the response size, bounded retries with backoff on 408/429/5xx and network
 * errors, and error messages that can never carry the API key.
 */
import { request, type Dispatcher } from 'undici';
import type { ModelConfig } from '../config/types.js';
import { redactText } from '../mcp/redact.js';
import { ModelError } from './types.js';

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** Knobs a provider passes through from its caller; tests inject `sleep` (and `random`) so they never wait. */
export interface RetryOptions {
  /** Waits between attempts; resolves early (or rejects) when the signal aborts. Default: a real timer. */
  sleep?: Sleep;
  /** Source of jitter in [0, 1); default Math.random. */
  random?: () => number;
  /** Clock for HTTP-date Retry-After values; default Date.now. */
  now?: () => number;
  /** Total attempts, first one included (default 4). */
  maxAttempts?: number;
  /** First backoff step (default 500 ms), doubled per attempt. */
  baseDelayMs?: number;
  /** No single wait is longer than this, Retry-After included (default 30 s). */
  maxDelayMs?: number;
  /** Larger responses are a `malformed` error (default 8 MiB). */
  maxResponseBytes?: number;
  /** undici dispatcher (default: the global one). */
  dispatcher?: Dispatcher;
}

/** What tests and the runner may tune on a provider: waits (injectable sleep), attempts, size cap, dispatcher. */
export type ProviderOptions = RetryOptions;

export interface PostJsonRequest extends RetryOptions {
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** Deadline of each attempt, from sending the request to the last byte of the answer. */
  timeoutMs: number;
  /** The caller's cancellation (an agent run that is being stopped). */
  signal?: AbortSignal;
  /** Values that must never appear in an error message (the API key). */
  secrets: readonly string[];
  /** Prefix of every error message, e.g. `gpt-4o (https://api.openai.com/v1/chat/completions)`. */
  label: string;
  /** Appended to 401/403 messages, e.g. `check the key in OPENAI_API_KEY`. */
  authHint?: string;
  /** Asked before each retry (the budget counts every attempt); false: the last failure is final. */
  mayRetry?: () => boolean;
}

export interface PostJsonResponse {
  status: number;
  /** The parsed body of the successful (2xx) answer. */
  json: unknown;
  attempts: number;
  /** Wall time of the whole call: every attempt and every wait between them. */
  latencyMs: number;
}

export const DEFAULT_MAX_ATTEMPTS = 4;
export const DEFAULT_BASE_DELAY_MS = 500;
export const DEFAULT_MAX_DELAY_MS = 30_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
/** Provider error messages are cut to this many characters. */
const MAX_ERROR_MESSAGE = 500;

export const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

/** Thrown inside one attempt: whether the next attempt may be tried, and after how long at least. */
class AttemptFailure {
  constructor(
    readonly error: ModelError,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
  ) {}
}

/** POSTs `body` as JSON and returns the parsed 2xx answer; every failure is a ModelError with a redacted message. */
export async function postJson(req: PostJsonRequest): Promise<PostJsonResponse> {
  const started = Date.now();
  const maxAttempts = Math.max(1, req.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
  const sleep = req.sleep ?? realSleep;
  const random = req.random ?? Math.random;
  const maxDelay = req.maxDelayMs ?? DEFAULT_MAX_DELAY_MS;
  const base = req.baseDelayMs ?? DEFAULT_BASE_DELAY_MS;
  const payload = JSON.stringify(req.body);
  const redact = (text: string) => redactText(text, req.secrets);
  const fail = (message: string, kind: ModelError['kind'], status?: number, code?: string) => new ModelError(redact(`${req.label}: ${message}`), kind, status, code);

  for (let attempt = 1; ; attempt++) {
    if (req.signal?.aborted) throw cancelled(req.signal, fail);
    try {
      const { status, json } = await attemptOnce(req, payload, fail);
      return { status, json, attempts: attempt, latencyMs: Date.now() - started };
    } catch (thrown) {
      if (!(thrown instanceof AttemptFailure)) throw thrown;
      const final = (error: ModelError) => Object.assign(error, { attempts: attempt });
      if (!thrown.retryable || attempt >= maxAttempts) {
        if (!thrown.retryable || attempt === 1) throw final(thrown.error);
        throw final(new ModelError(`${thrown.error.message} (gave up after ${attempt} attempts)`, thrown.error.kind, thrown.error.status, thrown.error.code));
      }
      if (req.mayRetry && !req.mayRetry()) {
        throw final(new ModelError(`${thrown.error.message} (not retried: the budget of model calls was reached after ${attempt} attempt${attempt === 1 ? '' : 's'})`, thrown.error.kind, thrown.error.status, thrown.error.code));
      }
      const backoff = base * 2 ** (attempt - 1);
      const jittered = backoff / 2 + random() * (backoff / 2);
      const wait = Math.round(Math.min(maxDelay, thrown.retryAfterMs ?? jittered));
      await sleep(wait, req.signal);
    }
  }
}

async function attemptOnce(req: PostJsonRequest, payload: string, fail: (message: string, kind: ModelError['kind'], status?: number, code?: string) => ModelError): Promise<{ status: number; json: unknown }> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new DeadlineReached()), req.timeoutMs);
  const signal = req.signal ? AbortSignal.any([deadline.signal, req.signal]) : deadline.signal;
  const maxBytes = req.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const whyAborted = (): AttemptFailure => {
    if (req.signal?.aborted) return new AttemptFailure(cancelled(req.signal, fail), false);
    return new AttemptFailure(fail(`no complete answer within ${req.timeoutMs} ms`, 'timeout'), false);
  };
  try {
    let response: Dispatcher.ResponseData;
    try {
      response = await request(req.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...req.headers },
        body: payload,
        signal,
        dispatcher: req.dispatcher,
        // Our own timer is the precise deadline; undici's (coarse) timers are only a backstop.
        headersTimeout: req.timeoutMs + 1000,
        bodyTimeout: req.timeoutMs + 1000,
      });
    } catch (error) {
      if (signal.aborted) throw whyAborted();
      if (isUndiciTimeout(error)) throw new AttemptFailure(fail(`no complete answer within ${req.timeoutMs} ms`, 'timeout'), false);
      throw new AttemptFailure(fail(`request failed: ${describeError(error)}`, 'network', undefined, codeOf(error)), true);
    }

    const status = response.statusCode;
    let text: string;
    try {
      text = await readCapped(response, maxBytes);
    } catch (error) {
      if (error instanceof TooLarge) throw new AttemptFailure(fail(`HTTP ${status} answer larger than ${maxBytes} bytes`, 'malformed', status), false);
      if (signal.aborted) throw whyAborted();
      if (isUndiciTimeout(error)) throw new AttemptFailure(fail(`no complete answer within ${req.timeoutMs} ms`, 'timeout'), false);
      throw new AttemptFailure(fail(`answer interrupted: ${describeError(error)}`, 'network', undefined, codeOf(error)), true);
    }

    if (status >= 200 && status < 300) {
      try {
        return { status, json: JSON.parse(text) as unknown };
      } catch {
        throw new AttemptFailure(fail(`HTTP ${status} answer is not JSON: ${truncate(text.trim() || '(empty body)')}`, 'malformed', status), false);
      }
    }

    const detail = providerMessage(text);
    if (status === 401 || status === 403) {
      const hint = req.authHint ? ` (${req.authHint})` : '';
      throw new AttemptFailure(fail(`HTTP ${status}: ${detail}${hint}`, 'auth', status), false);
    }
    const retryable = status === 408 || status === 429 || status >= 500;
    const retryAfterMs = retryable ? parseRetryAfter(response.headers, (req.now ?? Date.now)()) : undefined;
    throw new AttemptFailure(fail(`HTTP ${status}: ${detail}`, 'http', status), retryable, retryAfterMs);
  } finally {
    clearTimeout(timer);
  }
}

class DeadlineReached extends Error {
  override name = 'DeadlineReached';
}

class TooLarge extends Error {}

function cancelled(signal: AbortSignal, fail: (message: string, kind: ModelError['kind']) => ModelError): ModelError {
  const reason = signal.reason as unknown;
  const isTimeout = reason instanceof Error && reason.name === 'TimeoutError';
  return isTimeout ? fail("cancelled: the caller's deadline passed", 'timeout') : fail('cancelled by the caller', 'network');
}

async function readCapped(response: Dispatcher.ResponseData, maxBytes: number): Promise<string> {
  // Destroying an unfinished undici body emits an AbortError; we stop reading on purpose.
  response.body.on('error', () => undefined);
  const declared = Number(headerValue(response.headers, 'content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.body.destroy();
    throw new TooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body) {
      const buffer = chunk as Buffer;
      size += buffer.length;
      if (size > maxBytes) throw new TooLarge();
      chunks.push(buffer);
    }
  } finally {
    response.body.destroy();
  }
  return Buffer.concat(chunks).toString('utf8');
}

function headerValue(headers: Dispatcher.ResponseData['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * How long the server asked us to wait: `retry-after-ms` (OpenAI), then `Retry-After` as
 * seconds or as an HTTP-date. Undefined when absent or unreadable (backoff applies).
 */
export function parseRetryAfter(headers: Record<string, string | string[] | undefined>, now: number): number | undefined {
  const get = (name: string) => {
    const value = headers[name];
    return (Array.isArray(value) ? value[0] : value)?.trim();
  };
  const ms = get('retry-after-ms');
  if (ms && /^\d+(\.\d+)?$/.test(ms)) return Number(ms);
  const value = get('retry-after');
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** The human part of a provider's error body: OpenAI `{error: {message}}`, Anthropic `{type: 'error', error: {type, message}}`, or the raw text. */
export function providerMessage(text: string): string {
  let message = text.trim();
  try {
    const parsed = JSON.parse(text) as unknown;
    if (isRecord(parsed)) {
      const error = parsed.error;
      if (isRecord(error) && typeof error.message === 'string') {
        message = typeof error.type === 'string' && error.type !== '' ? `${error.type}: ${error.message}` : error.message;
      } else if (typeof error === 'string') message = error;
      else if (typeof parsed.message === 'string') message = parsed.message;
      else if (typeof parsed.detail === 'string') message = parsed.detail;
    }
  } catch {
    // not JSON: keep the text
  }
  return truncate(message || '(empty body)');
}

export function truncate(text: string, max = MAX_ERROR_MESSAGE): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** Runs a parser over an answer; a ModelError it throws gets its message redacted (the body may echo the key). */
export function withRedaction<T>(secrets: readonly string[], parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof ModelError) throw new ModelError(redactText(error.message, secrets), error.kind, error.status, error.code);
    throw error;
  }
}

/** The answering model and the completion's id, when the provider sent them (gen_ai.response.*). */
export function responseIdentity(json: Record<string, unknown>): { responseModel?: string; responseId?: string } {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value.slice(0, 256) : undefined);
  const model = text(json.model);
  const id = text(json.id);
  return { ...(model ? { responseModel: model } : {}), ...(id ? { responseId: id } : {}) };
}

/** A token count from a usage object: a finite non-negative number, else 0. */
export function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isUndiciTimeout(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
}

/** A network error's code (its own, or its cause's), for error.type. */
function codeOf(error: unknown): string | undefined {
  const own = (error as { code?: unknown } | null)?.code;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  const code = typeof own === 'string' ? own : cause;
  return typeof code === 'string' && code !== '' ? code : undefined;
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const cause = (error as { cause?: unknown }).cause;
  const causeText = cause instanceof Error && cause.message !== error.message ? ` (${cause.message})` : '';
  return `${typeof code === 'string' ? `${code}: ` : ''}${error.message}${causeText}`;
}

/** What one provider call needs beyond its wire format: who it is, where it goes, and its key. */
export interface ProviderCall<Parsed> {
  config: ModelConfig;
  apiKey: string | undefined;
  options: ProviderOptions;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  signal?: AbortSignal;
  mayRetry?: () => boolean;
  parse: (json: unknown, label: string) => Parsed;
}

/**
 * One model call, the same for every wire format: POST with retries and the deadline, parse the
 * answer, and keep the key out of every error either step can raise.
 */
export async function callProvider<Parsed extends object>(call: ProviderCall<Parsed>): Promise<Parsed & { attempts: number; latencyMs: number }> {
  const label = `${call.config.id} (${call.url})`;
  const secrets = call.apiKey ? [call.apiKey] : [];
  const answer = await postJson({
    ...call.options,
    url: call.url,
    headers: call.headers,
    body: call.body,
    timeoutMs: call.config.timeout_ms,
    signal: call.signal,
    mayRetry: call.mayRetry,
    secrets,
    label,
    authHint: call.config.api_key_env ? `check the key in ${call.config.api_key_env}` : undefined,
  });
  const parsed = withRedaction(secrets, () => call.parse(answer.json, label));
  return { ...parsed, attempts: answer.attempts, latencyMs: answer.latencyMs };
}
