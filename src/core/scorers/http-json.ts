import { request } from 'undici';

/** 1 MiB: the most of a judge or embeddings reply that is ever read. */
export const MAX_REPLY_BYTES = 1024 * 1024;

export type PostJsonOutcome = { ok: true; status: number; value: unknown } | { ok: false; problem: string };

export interface PostJsonOptions {
  /** Sent as `Authorization: Bearer <key>` when set; never part of a problem message. */
  apiKey?: string;
  /** Deadline for the whole exchange: connect, headers and body. */
  timeoutMs: number;
  /** Replies longer than this are abandoned unread (default MAX_REPLY_BYTES). */
  maxBytes?: number;
  /** The caller's cancellation (the daemon's client went away); its reason, a string, is the problem. */
  signal?: AbortSignal;
}

/**
 * POSTs a JSON body and reads a JSON reply, never throwing: every failure (unreachable endpoint,
 * deadline, HTTP status ≥ 400, a reply over the byte cap, a body that is not JSON) comes back as
 * `{ ok: false, problem }`, a sentence without the API key in it.
 */
export async function postJson(url: string, body: unknown, options: PostJsonOptions): Promise<PostJsonOutcome> {
  const maxBytes = options.maxBytes ?? MAX_REPLY_BYTES;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  const cancel = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  else options.signal?.addEventListener('abort', cancel, { once: true });
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  try {
    const response = await request(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: controller.signal,
      headersTimeout: options.timeoutMs + 1000,
      bodyTimeout: options.timeoutMs + 1000,
    });
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      response.body.destroy();
      return { ok: false, problem: `the reply (${declared} bytes) is over the ${describeBytes(maxBytes)} cap` };
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      const buffer = chunk as Buffer;
      size += buffer.length;
      if (size > maxBytes) {
        response.body.destroy();
        return { ok: false, problem: `the reply is over the ${describeBytes(maxBytes)} cap` };
      }
      chunks.push(buffer);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    if (response.statusCode >= 400) return { ok: false, problem: `HTTP ${response.statusCode} from the endpoint: ${snippet(text)}` };
    try {
      return { ok: true, status: response.statusCode, value: JSON.parse(text) as unknown };
    } catch {
      return { ok: false, problem: `the reply body is not JSON: ${snippet(text)}` };
    }
  } catch (error) {
    if (options.signal?.aborted) return { ok: false, problem: `cancelled: ${typeof options.signal.reason === 'string' ? options.signal.reason : 'by the caller'}` };
    if (controller.signal.aborted) return { ok: false, problem: `no complete reply within the ${options.timeoutMs} ms deadline` };
    return { ok: false, problem: `the endpoint is unreachable: ${describeError(error)}` };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
}

/** `{endpoint}/{path}` with exactly one slash between them. */
export function joinUrl(endpoint: string, path: string): string {
  return `${endpoint.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const cause = (error as { cause?: unknown }).cause;
  const causeText = cause instanceof Error && cause.message !== error.message ? ` (${cause.message})` : '';
  return `${typeof code === 'string' && !error.message.includes(code) ? `${code}: ` : ''}${error.message}${causeText}`;
}

function describeBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat || '(empty body)';
}
