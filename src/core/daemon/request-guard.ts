import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { isLoopback } from '../models/factory.js';
import { HttpError } from './http.js';

/**
 * What keeps a web page from driving a daemon on loopback: the rules the MCP spec asks of local
 * HTTP servers, applied to every endpoint before anything else runs.
 *
 * - `Host` must name the address the daemon is bound to (on loopback: `localhost`, `127.x.x.x` or
 *   `[::1]`, with the daemon's port). A page on `evil.example` whose name was re-pointed at
 *   127.0.0.1 (DNS rebinding) sends `Host: evil.example` and is refused.
 * - An `Origin`, when sent, must be the daemon's own (`http://` + an allowed host); `null` and
 *   every other origin are refused. Tools (curl, SDK exporters, the CLI) send none.
 * - Bodies must be `application/json` (or OTLP protobuf on `/v1/traces`): a cross-site page can
 *   POST `text/plain` or a form without a CORS preflight, never `application/json`.
 *
 * A daemon bound to a non-loopback address needs a bearer token (the CLI enforces it), which a
 * page cannot know; there, `Host` is checked only when the bind address is one IP literal.
 */

export interface GuardOptions {
  /** The address the daemon is bound to (`--host`). */
  host: string;
  /** The port it listens on. */
  port: number;
}

/** `name` and `port` of a Host header or an origin's authority; undefined when it does not parse. */
function authority(text: string): { name: string; port: string } | undefined {
  const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]/]+)(?::(\d{1,5}))?$/.exec(text.trim());
  if (!match) return undefined;
  return { name: match[1].toLowerCase(), port: match[2] ?? '80' };
}

/** A throwing check of Host and Origin (403), for every request. */
export function checkHostAndOrigin(request: IncomingMessage, options: GuardOptions): void {
  const bound = options.host.replace(/^\[|\]$/g, '').toLowerCase();
  const wildcard = bound === '0.0.0.0' || bound === '::' || bound === '';
  const allowed = (name: string, port: string) => {
    if (port !== String(options.port)) return false;
    if (isLoopback(bound)) return isLoopback(name);
    if (wildcard || isIP(bound) === 0) return true; // token-protected; the names it is reached by are not known here
    return name.replace(/^\[|\]$/g, '') === bound;
  };
  const hostHeader = request.headers.host;
  const host = hostHeader === undefined ? undefined : authority(hostHeader);
  if (!host || !allowed(host.name, host.port)) {
    throw new HttpError(403, `the Host header ${hostHeader === undefined ? '(none)' : `"${hostHeader.slice(0, 100)}"`} does not name this daemon (${options.host}:${options.port}); a request through another name (DNS rebinding) is refused`);
  }
  const origin = request.headers.origin;
  if (origin === undefined) return;
  const parsed = /^http:\/\/(.+)$/i.exec(origin);
  const from = parsed ? authority(parsed[1]) : undefined;
  if (!from || !allowed(from.name, from.port)) {
    throw new HttpError(403, `requests from the web origin "${origin.slice(0, 100)}" are refused: only the daemon's own pages and clients that send no Origin (curl, SDKs, the CLI) may call it`);
  }
}

/** 415 unless the body is declared as one of `types` (parameters such as charset allowed). */
export function requireContentType(request: IncomingMessage, types: readonly string[]): void {
  const declared = request.headers['content-type'];
  const type = (declared ?? '').split(';')[0].trim().toLowerCase();
  if (!types.includes(type)) {
    throw new HttpError(415, `Content-Type must be ${types.join(' or ')}, got ${declared ? `"${declared.slice(0, 100)}"` : 'none'}`);
  }
}
