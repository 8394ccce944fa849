import { Agent, request } from 'undici';
import {
  isIdlessError,
  isResponse,
  missFailure,
  parseJsonMessage,
  sameId,
  type CloseInfo,
  type Connection,
  type OutgoingMessage,
  type StreamCapture,
  type StreamOptions,
  type TimedMessage,
  type TransportExchange,
  type UnsolicitedRecord,
} from './connection.js';
import { BUFFER_BOUNDS, droppedNote, type DropTally } from './bounds.js';
import { isPrimingEvent, parseSse, SseParser, type SseEvent } from './sse.js';
import type { ReceivedMessage } from './types.js';
import { redactHeaders } from './redact.js';
import { thousands } from '../thousands.js';
import { Utf8Text } from './utf8-text.js';
import { LARGE_BODY_BYTES, largeBodyTurn } from './large-body-turns.js';

export interface HttpOptions {
  url: string;
  /** Extra headers on every request (e.g. Authorization); redacted in every record. */
  headers?: Record<string, string>;
  /** A larger body is cut off and reported. */
  maxBodyBytes?: number;
  /** Where what the bounds drop is counted (the run's tally). */
  drops?: DropTally;
}

const DEFAULT_MAX_BODY = 16 * 1024 * 1024;
/**
 * After the answer on an SSE stream, how long to wait to see the stream close (HTTP-SSE-03). It
 * counts from the answer, and a correct server closes at once, so the wait costs only the servers
 * that keep the stream open: long enough that a loaded machine does not make a correct one fail.
 */
const SSE_CLOSE_GRACE_MS = 1500;
/** A stream keeps at most this many events with their arrival times; the rest are counted. */
const MAX_STREAM_EVENTS = BUFFER_BOUNDS.streamEvents;

/** Streamable HTTP over undici: one POST per message, JSON or SSE answers, every byte kept. */
export class HttpConnection implements Connection {
  readonly kind = 'http' as const;
  readonly target: string;
  private readonly agent = new Agent({ connect: { timeout: 5000 }, keepAliveTimeout: 2000 });
  private readonly maxBody: number;
  private readonly extraHeaders: Record<string, string>;
  private stray: UnsolicitedRecord[] = [];
  private readonly drops: DropTally | undefined;

  constructor(options: HttpOptions) {
    this.target = options.url;
    this.drops = options.drops;
    this.maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
    this.extraHeaders = options.headers ?? {};
  }

  unsolicited(): UnsolicitedRecord[] {
    return [...this.stray];
  }

  stderrTail(): string {
    return '';
  }

  /**
   * A request whose connection closed before any answer is sent once more, on a fresh connection:
   * on a loaded machine the server may close an idle keep-alive socket just as the client reuses it
   * (a race, not the server's fault). A server that really drops the request drops it again, and
   * the first failure stands, saying so; `observed.retriedAfterClose` says so either way.
   */
  async send(message: OutgoingMessage): Promise<TransportExchange> {
    const first = await this.sendOnce(message);
    if (first.response || !CLOSED_BEFORE_ANSWER.test(first.failure ?? '')) return first;
    const second = await this.sendOnce({ ...message, timeoutMs: Math.max(1, message.timeoutMs - first.durationMs) });
    const secondOutcome = second.failure ?? `HTTP ${second.response?.status}`;
    const retriedAfterClose = { firstFailure: first.failure ?? '', secondOutcome };
    if (second.response && !second.failure) return { ...second, startedAt: first.startedAt, durationMs: Date.now() - first.startedAt, observed: { ...second.observed, retriedAfterClose } };
    return { ...first, failure: `${first.failure} (sent again on a fresh connection: ${secondOutcome})`, durationMs: Date.now() - first.startedAt, observed: { ...first.observed, retriedAfterClose } };
  }

  private async sendOnce(message: OutgoingMessage): Promise<TransportExchange> {
    const startedAt = Date.now();
    const headers = { ...this.extraHeaders, ...(message.headers ?? {}) };
    const httpMethod = message.httpMethod ?? 'POST';
    const recorded = { method: message.method, httpMethod, headers: redactHeaders(headers), body: message.body };
    const abort = new AbortController();
    // Past the deadline, the overtime (connection.ts): the answer is waited for a grace more, unless the server is shown stuck.
    const overtime = message.overtime;
    const late: { missedAt?: number; stopped?: string; answered?: boolean; lastByteAt: number; grace?: NodeJS.Timeout } = { lastByteAt: 0 };
    const deadline = new Deadline(message.timeoutMs, () => {
      if (!overtime || late.answered) return abort.abort();
      const missedAt = (late.missedAt = Date.now());
      late.grace = setTimeout(() => abort.abort(), overtime.graceMs);
      void overtime.missed().then((reason) => {
        // Bytes of this response that came since the deadline: the answer is arriving, not stuck.
        if (reason === undefined || abort.signal.aborted || late.answered || late.lastByteAt > missedAt) return;
        late.stopped = reason;
        abort.abort();
      });
    });
    const missed = (what: string) => missFailure(what, message.timeoutMs, late.missedAt === undefined ? undefined : overtime, late.stopped);
    let endTurn: (() => void) | undefined;
    try {
      const response = await request(this.target, {
        method: httpMethod as 'POST',
        headers,
        body: httpMethod === 'POST' ? message.body : undefined,
        signal: abort.signal,
        dispatcher: this.agent,
        headersTimeout: message.timeoutMs + (overtime?.graceMs ?? 0),
        bodyTimeout: message.timeoutMs + (overtime?.graceMs ?? 0),
      });
      const responseHeaders = flattenHeaders(response.headers);
      const contentType = responseHeaders['content-type'] ?? '';
      const isSse = contentType.toLowerCase().startsWith('text/event-stream');
      const sseHead: Buffer[] = [];
      let size = 0;
      let failure: string | undefined;
      let answer: ReceivedMessage | undefined;
      let closedAfterAnswer: boolean | undefined;
      let answeredAt: number | undefined;
      const body = response.body;
      const iterator = body[Symbol.asyncIterator]();
      // Each chunk is parsed once, as it arrives (a 15 MB stream re-parsed per chunk was quadratic).
      const sse = new SseParser();
      const decoder = new TextDecoder('utf-8');
      const sampled = new SseSample();
      let headBytes = 0;
      const bodyText = new Utf8Text(false);
      let tooLarge = false;
      try {
        for (;;) {
          const next = await iterator.next();
          if (next.done) break;
          const buffer = next.value as Buffer;
          size += buffer.length;
          late.lastByteAt = Date.now();
          if (size > this.maxBody) {
            failure = `response body exceeds ${this.maxBody} bytes; read stopped`;
            tooLarge = true;
            break;
          }
          if (size >= LARGE_BODY_BYTES && !endTurn) {
            // Waiting for another server answer to be read is not this answer's time (see large-body-turns.ts).
            deadline.pause();
            endTurn = await largeBodyTurn();
            deadline.resume();
          }
          if (!isSse) {
            // Decoded as it arrives (see utf8-text.ts): no chunk outlives its turn, and the bytes are never joined.
            bodyText.append(buffer);
            continue;
          }
          // SSE: a head of the body is kept as evidence, and the events are sampled as they arrive.
          if (headBytes < BUFFER_BOUNDS.exchangeBodyBytes) sseHead.push(buffer);
          headBytes += buffer.length;
          const events = sse.push(decoder.decode(buffer, { stream: true }));
          sampled.add(events);
          if (!answer) {
            answer = events.length > 0 ? findAnswerIn(events, message.id) : undefined;
            if (answer) {
              late.answered = true;
              answeredAt = Date.now();
              closedAfterAnswer = await endsWithin(iterator, SSE_CLOSE_GRACE_MS, (late) => {
                if (headBytes < BUFFER_BOUNDS.exchangeBodyBytes) sseHead.push(late);
                headBytes += late.length;
                sampled.add(sse.push(decoder.decode(late, { stream: true })));
              });
              break;
            }
          }
        }
      } catch (error) {
        // Layer 2 (SSE cut → re-issue): a stream that breaks before its answer is marked STREAM_CUT (see isStreamCut).
        const cut = isSse && !answer ? `${STREAM_CUT}: ` : '';
        failure = abort.signal.aborted ? missed('response body not complete') : `${cut}response stream failed: ${describe(error)}`;
      } finally {
        body.destroy();
      }
      if (!isSse && !failure) {
        late.answered = true;
        answeredAt = Date.now();
      }
      if (isSse) sampled.add(sse.end());
      // A body over the limit is not parsed (it is cut anyway): only its head is kept, as evidence.
      const head = isSse ? Buffer.concat(sseHead).toString('utf8') : (bodyText.finish(tooLarge ? BUFFER_BOUNDS.exchangeBodyBytes : undefined) ?? '');
      const readBytes = isSse ? headBytes : size;
      const cutBytes = isSse || tooLarge ? readBytes - Buffer.byteLength(head) : 0;
      const text = cutBytes > 0 ? `${head}\n(${droppedNote(cutBytes, 'bytes of the body')})` : head;
      this.drops?.add('bodyBytes', cutBytes);
      this.drops?.add('evidenceMessages', sampled.dropped);
      const { messages, garbage, priming } = isSse ? sampled.decode() : tooLarge ? { messages: [], garbage: [], priming: [] } : decodeBody(text, contentType, isSse);
      answer ??= findAnswer(messages, message.id);
      if (!answer && !failure && message.expectAnswer && response.statusCode !== 202) {
        if (text.trim() === '') failure = `HTTP ${response.statusCode} with an empty body`;
        else if (messages.length === 0) failure = `HTTP ${response.statusCode} with a body that is not JSON-RPC: ${text.slice(0, 200)}`;
      }
      // The run's own observations, not headers the server sent.
      const observed = {
        ...(closedAfterAnswer === undefined ? {} : { streamClosedAfterAnswer: closedAfterAnswer }),
        ...(answer && answeredAt !== undefined && late.missedAt !== undefined && answeredAt >= late.missedAt ? { answeredLate: { afterMs: answeredAt - startedAt, timeoutMs: message.timeoutMs } } : {}),
      };
      return {
        transport: 'http',
        request: recorded,
        response: { status: response.statusCode, headers: responseHeaders, body: text, messages, answer, garbage, ...primed(priming), contentType },
        failure,
        ...(Object.keys(observed).length > 0 ? { observed } : {}),
        startedAt,
        durationMs: Date.now() - startedAt,
      };
    } catch (error) {
      const failure = abort.signal.aborted ? missed('no response') : `request failed: ${describe(error)}`;
      return { transport: 'http', request: recorded, failure, startedAt, durationMs: Date.now() - startedAt };
    } finally {
      deadline.clear();
      clearTimeout(late.grace);
      endTurn?.();
    }
  }

  /**
   * POST a request and read its response for a bounded time: every SSE event with its arrival
   * time, until `collectMs` has passed (from the start), `afterAnswerMs` after the answer
   * (`afterMatchMs` after the first message `until` accepts), or the
   * server ends the response. Then the response is aborted (for subscriptions/listen, that is how
   * a client ends the subscription).
   */
  async stream(message: OutgoingMessage, options: StreamOptions): Promise<StreamCapture> {
    const startedAt = Date.now();
    const headers = { ...this.extraHeaders, ...(message.headers ?? {}) };
    const httpMethod = message.httpMethod ?? 'POST';
    const recorded = { method: message.method, httpMethod, headers: redactHeaders(headers), body: message.body };
    const received: TimedMessage[] = [];
    const abort = new AbortController();
    const headerTimer = setTimeout(() => abort.abort(), Math.max(message.timeoutMs, options.collectMs));
    let response: Awaited<ReturnType<typeof request>>;
    try {
      response = await request(this.target, {
        method: httpMethod as 'POST',
        headers,
        body: httpMethod === 'POST' ? message.body : undefined,
        signal: abort.signal,
        dispatcher: this.agent,
        headersTimeout: message.timeoutMs,
        bodyTimeout: 0,
      });
    } catch (error) {
      clearTimeout(headerTimer);
      const failure = abort.signal.aborted ? `no response within ${message.timeoutMs} ms` : `request failed: ${describe(error)}`;
      return { exchange: { transport: 'http', request: recorded, failure, startedAt, durationMs: Date.now() - startedAt }, received, endedByServer: true };
    }
    clearTimeout(headerTimer);
    const responseHeaders = flattenHeaders(response.headers);
    const contentType = responseHeaders['content-type'] ?? '';
    const isSse = contentType.toLowerCase().startsWith('text/event-stream');
    const decoder = new TextDecoder('utf-8');
    const sse = new SseParser();
    const textParts: string[] = [];
    let droppedEvents = 0;
    let size = 0;
    let failure: string | undefined;
    let answer: ReceivedMessage | undefined;
    let endedByServer = false;
    let matched = false;
    let deadline = startedAt + options.collectMs;
    const iterator = response.body[Symbol.asyncIterator]();
    try {
      for (;;) {
        const left = deadline - Date.now();
        if (left <= 0) break;
        let timer: NodeJS.Timeout | undefined;
        const next = await Promise.race([
          iterator.next(),
          new Promise<'deadline'>((resolve) => {
            timer = setTimeout(() => resolve('deadline'), left);
          }),
        ]).finally(() => clearTimeout(timer));
        if (next === 'deadline') break;
        if (next.done) {
          endedByServer = true;
          break;
        }
        const buffer = next.value as Buffer;
        size += buffer.length;
        if (size > this.maxBody) {
          failure = `response body exceeds ${this.maxBody} bytes; read stopped`;
          break;
        }
        const chunk = decoder.decode(buffer, { stream: true });
        textParts.push(chunk);
        if (!isSse) continue;
        const at = Date.now();
        for (const event of sse.push(chunk)) {
          if (isPrimingEvent(event)) continue;
          const parsedMessage = parseJsonMessage(event.data);
          if (received.length < MAX_STREAM_EVENTS) received.push({ at, raw: event.data, message: parsedMessage });
          else droppedEvents += 1;
          if (!answer && parsedMessage && (isResponse(parsedMessage) || isIdlessError(parsedMessage)) && sameId(parsedMessage.id ?? null, message.id ?? null)) {
            answer = parsedMessage;
            deadline = Math.min(deadline, at + (options.afterAnswerMs ?? 0));
          } else if (!matched && parsedMessage && options.until?.(parsedMessage)) {
            // The server showed it is serving this stream: the rest of the watch counts from here.
            matched = true;
            deadline = Math.min(deadline, at + (options.afterMatchMs ?? 0));
          }
        }
      }
    } catch (error) {
      endedByServer = true;
      failure = `response stream failed: ${describe(error)}`;
    } finally {
      response.body.destroy();
    }
    textParts.push(decoder.decode());
    const text = textParts.join('');
    this.drops?.add('streamEvents', droppedEvents);
    if (droppedEvents > 0) failure ??= `${thousands(droppedEvents)} more SSE events dropped (the first ${thousands(MAX_STREAM_EVENTS)} were kept)`;
    const { messages, garbage, priming } = decodeBody(text, contentType, isSse);
    if (!isSse && text.trim() !== '') {
      const parsedMessage = messages[0];
      received.push({ at: Date.now(), raw: text, message: parsedMessage });
      if (parsedMessage && (isResponse(parsedMessage) || isIdlessError(parsedMessage))) answer = parsedMessage;
    }
    return {
      exchange: {
        transport: 'http',
        request: recorded,
        response: { status: response.statusCode, headers: responseHeaders, body: text, messages, answer, garbage, ...primed(priming), contentType },
        failure,
        startedAt,
        durationMs: Date.now() - startedAt,
      },
      received,
      endedByServer,
    };
  }

  async close(): Promise<CloseInfo> {
    await this.agent.destroy().catch(() => undefined);
    return {};
  }
}

/** Prefix of the failure of an SSE response that ended before it carried the answer. */
export const STREAM_CUT = 'SSE stream ended before the answer';

/**
 * Layer 2: an HTTP exchange whose SSE response stream ended (cut, or closed) before the answer
 * came. 2026-07-28 says such a request is lost: the client re-issues it as a new request with a
 * new id (callTool does, once).
 */
export function isStreamCut(exchange: TransportExchange): boolean {
  const response = exchange.response;
  if (exchange.transport !== 'http' || !response || response.answer) return false;
  if (!(response.contentType ?? '').toLowerCase().startsWith('text/event-stream') || response.status !== 200) return false;
  return exchange.failure === undefined || exchange.failure.startsWith(STREAM_CUT);
}

/** The events of one SSE answer as evidence: the first ones, and past them only possible answers. */
class SseSample {
  private readonly kept: SseEvent[] = [];
  private seen = 0;
  /** Events seen and not kept. */
  dropped = 0;

  add(events: SseEvent[]): void {
    for (const event of events) {
      this.seen += 1;
      if (this.seen <= BUFFER_BOUNDS.exchangeMessages || event.data.includes('"result"') || event.data.includes('"error"')) this.kept.push(event);
      else this.dropped += 1;
    }
  }

  decode(): Decoded {
    const messages: ReceivedMessage[] = [];
    const garbage: string[] = [];
    const priming: string[] = [];
    for (const event of this.kept) {
      if (isPrimingEvent(event)) {
        priming.push(event.id ?? '');
        continue;
      }
      const message = parseJsonMessage(event.data);
      if (message) messages.push(message);
      else if (garbage.length < BUFFER_BOUNDS.exchangeMessages) garbage.push(`SSE data is not one JSON-RPC message: ${event.data.slice(0, 200)}`);
    }
    return { messages, garbage, priming };
  }
}

/** The response's `priming` field: present only when the stream had priming events. */
function primed(priming: string[]): { priming?: string[] } {
  return priming.length > 0 ? { priming } : {};
}

/** A body as messages, lines that are not messages, and SSE priming events (ids). */
interface Decoded {
  messages: ReceivedMessage[];
  garbage: string[];
  priming: string[];
}

function findAnswerIn(events: Array<{ data: string }>, id: OutgoingMessage['id']): ReceivedMessage | undefined {
  // Only a complete event can carry the answer; parse just the ones that could be it.
  const candidates = events.filter((event) => event.data.includes('"result"') || event.data.includes('"error"'));
  return candidates.length > 0 ? findAnswer(candidates.map((event) => parseJsonMessage(event.data)), id) : undefined;
}

function findAnswer(messages: Array<ReceivedMessage | undefined>, id: OutgoingMessage['id']): ReceivedMessage | undefined {
  const responses = messages.filter((m): m is ReceivedMessage => m !== undefined && (isResponse(m) || isIdlessError(m)));
  return responses.find((m) => sameId(m.id ?? null, id ?? null)) ?? (responses.length === 1 ? responses[0] : undefined);
}

function decodeBody(text: string, contentType: string, isSse: boolean): Decoded {
  const messages: ReceivedMessage[] = [];
  const garbage: string[] = [];
  const priming: string[] = [];
  if (text.trim() === '') return { messages, garbage, priming };
  if (isSse) {
    // The first events are evidence; past them only a possible answer is parsed (see bounds.ts).
    const sample = new SseSample();
    sample.add(parseSse(text).events);
    return sample.decode();
  }
  const message = parseJsonMessage(text);
  if (message) messages.push(message);
  else garbage.push(`${contentType || 'no content-type'} body is not a JSON-RPC message: ${text.slice(0, 200)}`);
  return { messages, garbage, priming };
}

async function endsWithin(iterator: AsyncIterator<unknown>, ms: number, onChunk: (chunk: Buffer) => void): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'open'>((resolve) => {
    timer = setTimeout(() => resolve('open'), ms);
  });
  try {
    for (;;) {
      const next = await Promise.race([iterator.next(), deadline]);
      if (next === 'open') return false;
      if (next.done) return true;
      onChunk(next.value as Buffer);
    }
  } catch {
    return true;
  } finally {
    clearTimeout(timer);
  }
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

export function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: string }).code;
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `${code ? `${code} ` : ''}${error.message}${cause}`;
  }
  return String(error);
}

/** The connection closed or was reset before any response header came. */
const CLOSED_BEFORE_ANSWER = /^request failed: (UND_ERR_SOCKET|ECONNRESET|EPIPE)\b/;

/** A timer that can stop counting for a while. */
class Deadline {
  private left: number;
  private armedAt = Date.now();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    ms: number,
    private readonly onExpiry: () => void,
  ) {
    this.left = ms;
    this.timer = setTimeout(onExpiry, ms);
  }

  pause(): void {
    if (this.timer === undefined) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.left -= Date.now() - this.armedAt;
  }

  resume(): void {
    if (this.timer !== undefined) return;
    this.armedAt = Date.now();
    this.timer = setTimeout(this.onExpiry, Math.max(0, this.left));
  }

  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
