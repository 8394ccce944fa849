import type { IncomingMessage, ServerResponse } from 'node:http';
import { gunzip } from 'node:zlib';
import { MAX_JSON_DEPTH, textNestsDeeperThan } from '../mcp/json-depth.js';

/**
 * The daemon's HTTP plumbing: bodies read under a size limit (before and after gzip), and every
 * error answered as JSON `{"error": {"status", "message"}}`. An HttpError is a refusal the
 * client can act on; anything else thrown is a bug, answered 500 without its stack.
 */

export class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = 'HttpError';
  }
}

/** The request body, gunzipped when `Content-Encoding: gzip`; 413 past `limit` bytes either way. */
export async function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    request.resume();
    throw new HttpError(413, `the body is ${declared} bytes; the limit is ${limit}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      request.resume();
      throw new HttpError(413, `the body is over the ${limit}-byte limit`);
    }
    chunks.push(chunk);
  }
  const raw = Buffer.concat(chunks);
  const encoding = String(request.headers['content-encoding'] ?? 'identity').toLowerCase();
  if (encoding === 'identity' || encoding === '') return raw;
  if (encoding !== 'gzip') throw new HttpError(415, `Content-Encoding ${encoding} is not supported (gzip or none)`);
  return new Promise((resolve, reject) => {
    gunzip(raw, { maxOutputLength: limit }, (error, result) => {
      if (!error) return resolve(result);
      reject((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ? new HttpError(413, `the body is over the ${limit}-byte limit once decompressed`) : new HttpError(400, `the gzip body does not decompress: ${error.message}`));
    });
  });
}

/** A JSON body: 400 with the parser's message when it is not JSON, or not an object. */
export async function readJson(request: IncomingMessage, limit: number): Promise<Record<string, unknown>> {
  const body = await readBody(request, limit);
  const text = body.toString('utf8');
  if (textNestsDeeperThan(text)) throw new HttpError(400, `the JSON nests deeper than ${MAX_JSON_DEPTH} levels; not parsed`);
  let value: unknown;
  try {
    value = body.length === 0 ? {} : JSON.parse(text);
  } catch (error) {
    throw new HttpError(400, `malformed JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new HttpError(400, 'the body must be a JSON object');
  return value as Record<string, unknown>;
}

export function sendJson(response: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store' });
  response.end(body);
}

export function sendError(response: ServerResponse, status: number, message: string): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  sendJson(response, status, { error: { status, message } });
}
