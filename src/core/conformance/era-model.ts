// Eras are per request path (DESIGN.md): a 2026-07-28 server may also serve 2025-era clients (both
// official SDKs do by default). This module says whether it does, and which exchanges of a run the
// spec lets such a server treat as legacy, so that a check judges each exchange by its own era.
import { resultOf } from '../mcp/answer.js';
import { LEGACY, MODERN, type Exchange } from '../mcp/types.js';
import type { CheckContext } from './context.js';
import { clientInfo } from '../version.js';

/** Revisions before 2026-07-28 that a dual-era server may implement on its legacy path. */
export const OLDER_REVISIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'];

/** How the report names the era model of a run. */
export type EraModel = 'modern-only' | 'dual-era' | 'legacy-only';

/** Why a SHOULD the spec scopes to modern-only servers is not applied (COMPAT-01: dual-era is a MAY). */
export const MODERN_ONLY_RULE = 'not applicable: the spec scopes this to a server that supports only modern versions, and this server is dual-era (it serves a 2025-11-25 initialize, COMPAT-01)';

/** The headers a 2025-11-25 client sends on `initialize`: no Mcp-Method, no MCP-Protocol-Version. */
export const LEGACY_INIT_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

/**
 * A 2025-11-25 `initialize` on a fresh connection, exactly as an old client sends it, once per run
 * (shared by every check that asks): its answer tells a dual-era server from a modern-only one.
 */
export function legacyInitialize(ctx: CheckContext): Promise<Exchange> {
  return ctx.once('legacy-initialize', async () => {
    const id = 1;
    const body = JSON.stringify({ jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: clientInfo() } });
    if (ctx.transport === 'stdio') {
      // The process's first message, as an old client sends it: a pooled process has answered a modern
      // readiness probe, after which a dual-era stdio entry (the Python SDK's) serves only 2026-07-28.
      const client = ctx.untouched(LEGACY);
      const exchange = await client.raw('initialize (legacy-shaped)', body, { answerId: id });
      ctx.release(client);
      const result = resultOf(exchange);
      ctx.discovery.dualEra = result !== undefined && typeof result.protocolVersion === 'string';
      return exchange;
    }
    const client = await ctx.fresh();
    const exchange = await client.raw('initialize (legacy-shaped)', body, { headers: LEGACY_INIT_HEADERS, answerId: id });
    const result = resultOf(exchange);
    ctx.discovery.dualEra = result !== undefined && typeof result.protocolVersion === 'string';
    return exchange;
  });
}

/** Whether this 2026-07-28 server also serves a 2025-11-25 `initialize` (asked once per run). */
export async function isDualEra(ctx: CheckContext): Promise<boolean> {
  if (ctx.era !== MODERN) return false;
  if (ctx.discovery.dualEra === undefined) await legacyInitialize(ctx);
  return ctx.discovery.dualEra === true;
}

/**
 * Whether the spec lets a dual-era server handle this request by legacy rules: GET or DELETE on
 * the endpoint (2025 transports use both), a request without MCP-Protocol-Version (HTTP-HDR-01's
 * MAY: treat it as 2025-03-26), a request whose header names an older revision, or (stdio) one
 * with no `_meta` protocol version or an older one (a 2025 client's request). Anything else is
 * modern-shaped and judged by 2026-07-28 rules.
 */
export function isLegacyShaped(exchange: Exchange): boolean {
  const httpMethod = exchange.request.httpMethod?.toUpperCase();
  if (httpMethod === 'GET' || httpMethod === 'DELETE') return true;
  if (exchange.transport === 'stdio') {
    const metaVersion = bodyVersion(exchange.request.body);
    return metaVersion === undefined || OLDER_REVISIONS.includes(metaVersion);
  }
  const header = headerOf(exchange, 'mcp-protocol-version');
  // A header naming an older revision: dual-era SDKs differ on whether the header or a modern _meta
  // decides (the Python SDK routes on the header); both readings are stated by http-protocol-version-header-mismatch.
  return header === undefined || OLDER_REVISIONS.includes(header);
}

function headerOf(exchange: Exchange, name: string): string | undefined {
  const headers = exchange.request.headers ?? {};
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

/** The `_meta` protocol version of a request body, or undefined (no body, no _meta, not JSON). */
function bodyVersion(body: string): string | undefined {
  if (!body.includes('protocolVersion')) return undefined;
  try {
    const parsed = JSON.parse(body) as { params?: { _meta?: Record<string, unknown> } };
    const version = parsed.params?._meta?.['io.modelcontextprotocol/protocolVersion'];
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}
