import { describeOutcome, errorOf, resultOf } from '../../mcp/answer.js';
import { rawPost } from '../../mcp/raw-http.js';
import { MODERN, type Exchange } from '../../mcp/types.js';
import { defineCheck, fail, fromSubResults, pass, skip, warn, type Verdict } from '../check.js';
import type { CheckContext } from '../context.js';
import { errorProblem, expectError } from '../expect.js';
import type { SubResult } from '../types.js';
import { isDualEra, isLegacyShaped, MODERN_ONLY_RULE } from '../era-model.js';

const MODERN_ONLY = [MODERN] as Array<typeof MODERN>;
/** A tool name no server has: header probes must be rejected before the tool lookup could run. */
const PROBE_TOOL = '__mcp_evals_header_probe__';
const HEADER_MISMATCH = { codes: [-32020], status: 400 };

function headerCheck(options: {
  id: string;
  title: string;
  requirements: string[];
  assertion?: number;
  level?: 'MUST' | 'SHOULD';
  late?: boolean;
  run: (ctx: CheckContext) => Promise<Verdict>;
}) {
  return defineCheck({ level: 'MUST', ...options, eras: MODERN_ONLY, transport: 'http' });
}

/** The body names one thing and the headers say what `headers` says. */
function probeCall(ctx: CheckContext, headers: Record<string, string | null>, label: string, name = PROBE_TOOL): Promise<Exchange> {
  return ctx.client.request('tools/call', { name, arguments: {} }, { headers, label });
}

/** The three methods that carry Mcp-Name, each sent with `mcpName` (null: left out); all must get 400/-32020. */
async function probeNamedMethods(ctx: CheckContext, mcpName: string | null, probe: string, passMessage: string): Promise<Verdict> {
  const probes: Array<[string, Record<string, string>]> = [
    ['tools/call', { name: PROBE_TOOL }],
    ['prompts/get', { name: PROBE_TOOL }],
    ['resources/read', { uri: `file:///${PROBE_TOOL}` }],
  ];
  const subs: SubResult[] = [];
  for (const [method, params] of probes) {
    const exchange = await ctx.client.request(method, params, { headers: { 'Mcp-Name': mcpName }, label: mcpName === null ? 'no Mcp-Name' : 'Mcp-Name mismatch' });
    const problem = errorProblem(exchange, { ...HEADER_MISMATCH, probe: `${method} ${probe}` });
    subs.push({ id: method, status: problem ? 'fail' : 'pass', message: problem ?? 'rejected with -32020' });
  }
  return fromSubResults(subs, passMessage, 'method');
}

function isLocal(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '::1' || host === '[::1]' || host.startsWith('127.');
}

export const httpChecks = [
  headerCheck({
    id: 'http-protocol-version-header-missing',
    title: 'A request without MCP-Protocol-Version gets 400 and -32020',
    requirements: ['HTTP-HDR-01', 'COMPAT-04'],
    assertion: 6,
    async run(ctx) {
      const exchange = await ctx.client.request('tools/list', {}, { headers: { 'MCP-Protocol-Version': null }, label: 'no MCP-Protocol-Version' });
      const error = errorOf(exchange);
      if (exchange.response?.status !== undefined && error?.code !== -32020 && (await isDualEra(ctx))) {
        // HTTP-HDR-01's MAY: a server that supports older clients treats the request as 2025-03-26, whose
        // rules then apply (it may serve it, or ask for the session that revision's transport has).
        return pass(`dual-era server: handled as a 2025-03-26 request (the MAY of HTTP-HDR-01), judged by that revision's rules → ${describeOutcome(exchange)}`);
      }
      if (resultOf(exchange)) return warn('served without MCP-Protocol-Version: allowed only for a server that supports pre-2025-06-18 clients (treating it as 2025-03-26)');
      return expectError(exchange, { ...HEADER_MISMATCH, probe: 'tools/list without MCP-Protocol-Version' });
    },
  }),
  headerCheck({
    id: 'http-protocol-version-header-mismatch',
    title: 'MCP-Protocol-Version disagreeing with _meta gets 400 and -32020',
    requirements: ['HTTP-HDR-02', 'ERR-01'],
    assertion: 6,
    async run(ctx) {
      const exchange = await ctx.client.request('tools/list', {}, { headers: { 'MCP-Protocol-Version': '2025-11-25' }, label: 'header 2025-11-25, _meta 2026-07-28' });
      const verdict = expectError(exchange, { ...HEADER_MISMATCH, probe: 'MCP-Protocol-Version 2025-11-25 with _meta 2026-07-28' });
      const error = errorOf(exchange);
      const refused = (exchange.response?.status ?? 0) >= 400 && (error === undefined || ![-32020, -32021, -32022, -32602].includes(error.code));
      if (verdict.status === 'pass' || !refused || !(await isDualEra(ctx))) return verdict;
      // A dual-era server that routes on the header took its 2025-11-25 path, where _meta is opaque, and refused the request there.
      return warn(`${verdict.message}. Ambiguous on a dual-era server that routes on the header: HTTP-HDR-02 says "MCP-Protocol-Version: 2025-11-25 while _meta says 2026-07-28 → 400/-32020", but HTTP-HDR-01 lets a server that supports older clients handle a request by the revision its header names, and this one refused it on that path (no modern error, so a dual-era client falls back)`);
    },
  }),
  headerCheck({
    id: 'http-mcp-method-missing',
    title: 'A request without Mcp-Method gets 400 and -32020',
    requirements: ['HTTP-HDR-03', 'ERR-01'],
    assertion: 7,
    async run(ctx) {
      const exchange = await ctx.client.request('tools/list', {}, { headers: { 'Mcp-Method': null }, label: 'no Mcp-Method' });
      return expectError(exchange, { ...HEADER_MISMATCH, probe: 'tools/list without Mcp-Method' });
    },
  }),
  headerCheck({
    id: 'http-mcp-method-mismatch',
    title: 'Mcp-Method disagreeing with the body gets 400 and -32020',
    requirements: ['HTTP-HDR-04', 'ERR-01'],
    assertion: 7,
    async run(ctx) {
      const exchange = await ctx.client.request('server/discover', {}, { headers: { 'Mcp-Method': 'tools/list' }, label: 'Mcp-Method tools/list' });
      return expectError(exchange, { ...HEADER_MISMATCH, probe: 'server/discover with Mcp-Method: tools/list' });
    },
  }),
  headerCheck({
    id: 'http-mcp-method-case-sensitive',
    title: 'Header values are case-sensitive: Mcp-Method: Tools/List gets 400 and -32020',
    requirements: ['HTTP-HDR-09'],
    assertion: 7,
    async run(ctx) {
      const exchange = await ctx.client.request('tools/list', {}, { headers: { 'Mcp-Method': 'Tools/List' }, label: 'Mcp-Method Tools/List' });
      return expectError(exchange, { ...HEADER_MISMATCH, probe: 'tools/list with Mcp-Method: Tools/List' });
    },
  }),
  headerCheck({
    id: 'http-mcp-name-missing',
    title: 'tools/call, resources/read and prompts/get without Mcp-Name get 400 and -32020',
    requirements: ['HTTP-HDR-05', 'ERR-01'],
    assertion: 7,
    run: (ctx) => probeNamedMethods(ctx, null, 'without Mcp-Name', 'Mcp-Name is required on all three methods'),
  }),
  headerCheck({
    id: 'http-mcp-name-mismatch',
    title: 'Mcp-Name disagreeing with params.name / params.uri gets 400 and -32020',
    requirements: ['HTTP-HDR-06', 'ERR-01'],
    assertion: 7,
    run: (ctx) => probeNamedMethods(ctx, 'something-else', 'with Mcp-Name: something-else', 'a mismatched Mcp-Name is rejected on all three methods'),
  }),
  headerCheck({
    id: 'http-mcp-name-base64',
    title: 'A base64-sentinel Mcp-Name that decodes to the body value is accepted',
    requirements: ['HTTP-HDR-07'],
    assertion: 7,
    async run(ctx) {
      const encoded = `=?base64?${Buffer.from(PROBE_TOOL, 'utf8').toString('base64')}?=`;
      const exchange = await probeCall(ctx, { 'Mcp-Name': encoded }, 'base64 Mcp-Name');
      const error = errorOf(exchange);
      if (error?.code === -32020 || exchange.response?.status === 400 && error?.code !== -32602) return fail(`${encoded} was not decoded before comparing: ${describeOutcome(exchange)}`);
      if (exchange.failure) return fail(exchange.failure);
      return pass(`the header was decoded (the call then went on: ${describeOutcome(exchange)})`);
    },
  }),
  headerCheck({
    id: 'http-header-names-case-insensitive',
    title: 'Header names in other casing are accepted',
    requirements: ['HTTP-HDR-08'],
    assertion: 7,
    async run(ctx) {
      const headers = { 'MCP-Protocol-Version': null, 'Mcp-Method': null, 'mcp-protocol-version': ctx.era, 'mcp-method': 'tools/list' } as Record<string, string | null>;
      const exchange = await ctx.client.request(ctx.declares('tools') ? 'tools/list' : 'server/discover', {}, { headers: ctx.declares('tools') ? headers : { ...headers, 'mcp-method': 'server/discover' } });
      return resultOf(exchange) ? pass('lower-case header names accepted') : fail(`lower-case mcp-method / mcp-protocol-version → ${describeOutcome(exchange)}`);
    },
  }),
  headerCheck({
    id: 'http-header-invalid-characters',
    title: 'A standard header carrying raw non-ASCII bytes gets 400 and -32020',
    requirements: ['HTTP-HDR-10', 'ERR-01'],
    async run(ctx) {
      // The header carries the UTF-8 bytes of "café"; the body carries what a lenient (latin1) reader of
      // those bytes sees, so a server that skips the character check finds a match and lets the call through.
      const name = 'café_probe';
      const lenientReading = Buffer.from(name, 'utf8').toString('latin1');
      const body = JSON.stringify({ jsonrpc: '2.0', id: 'raw-1', method: 'tools/call', params: { name: lenientReading, arguments: {}, _meta: ctx.client.defaultMeta() } });
      const lines = [
        Buffer.from('Content-Type: application/json'),
        Buffer.from('Accept: application/json, text/event-stream'),
        Buffer.from(`MCP-Protocol-Version: ${ctx.era}`),
        Buffer.from('Mcp-Method: tools/call'),
        Buffer.concat([Buffer.from('Mcp-Name: '), Buffer.from(name, 'utf8')]), // raw UTF-8: must have been base64-encoded
      ];
      const exchange = ctx.client.log.add(await rawPost(ctx.target.description, lines, body, ctx.options.timeoutMs), ctx.era);
      return expectError(exchange, { ...HEADER_MISMATCH, probe: 'Mcp-Name with raw UTF-8 bytes' });
    },
  }),
  headerCheck({
    id: 'http-no-session-id',
    level: 'SHOULD',
    title: 'No response carries Mcp-Session-Id, and a request sending one is served as if it were absent',
    requirements: ['HTTP-HDR-16', 'COMPAT-03'],
    async run(ctx) {
      if (await isDualEra(ctx)) return skip(MODERN_ONLY_RULE);
      const exchange = await ctx.client.request('server/discover', {}, { headers: { 'Mcp-Session-Id': 'mcp-evals-stale-session' } });
      const issued = ctx.client.log.all().filter((ex) => ex.response?.headers?.['mcp-session-id'] !== undefined);
      if (issued.length > 0) return fail(`${issued.length} response(s) carried Mcp-Session-Id (first: ${issued[0].request.method})`);
      return resultOf(exchange) ? pass('no session ids issued; a stale one is ignored') : fail(`a request with Mcp-Session-Id → ${describeOutcome(exchange)}`);
    },
  }),
  headerCheck({
    id: 'http-last-event-id-ignored',
    level: 'SHOULD',
    title: 'A request carrying Last-Event-ID is processed normally',
    requirements: ['HTTP-HDR-17'],
    async run(ctx) {
      const exchange = await ctx.client.request('server/discover', {}, { headers: { 'Last-Event-ID': '42' } });
      return resultOf(exchange) ? pass('processed normally') : fail(`with Last-Event-ID → ${describeOutcome(exchange)}`);
    },
  }),
  headerCheck({
    id: 'http-content-type',
    title: 'Responses are application/json or text/event-stream',
    requirements: ['HTTP-CT-01', 'HTTP-SSE-05'],
    async run(ctx) {
      // A 2025-11-25 stream opens with a priming event (its spec's SHOULD): expected on a dual-era
      // server's legacy path; a 2026-07-28 stream is not resumable and every data payload is a message.
      const dualEra = await isDualEra(ctx);
      const subs: SubResult[] = ctx.client.log
        .all()
        .filter((ex) => ex.response?.answer !== undefined || (ex.response?.body ?? '') !== '')
        .filter((ex) => ex.response?.status !== 202 && ex.response?.status !== 405 && ex.response?.status !== 403)
        .map((ex) => {
          const type = (ex.response?.contentType ?? '').toLowerCase();
          const ok = type.startsWith('application/json') || type.startsWith('text/event-stream');
          const garbage = ex.response?.garbage ?? [];
          const priming = dualEra && isLegacyShaped(ex) ? [] : (ex.response?.priming ?? []);
          const problem = !ok
            ? `Content-Type ${JSON.stringify(type || '(none)')}`
            : garbage.length
              ? garbage[0]
              : priming.length
                ? `SSE event with id ${JSON.stringify(priming[0])} and empty data (a 2025-11-25 priming event) on a 2026-07-28 stream, where every data payload is one JSON-RPC message`
                : undefined;
          return { id: `${ex.request.method}#${ex.seq}`, status: problem ? ('fail' as const) : ('pass' as const), message: problem ?? type, evidence: problem ? [ex] : undefined };
        });
      return fromSubResults(subs, 'every response has a JSON or SSE content type and parses', 'response');
    },
  }),
  headerCheck({
    id: 'http-sse-framing',
    level: 'SHOULD',
    title: 'SSE responses carry X-Accel-Buffering: no and close after the final response',
    requirements: ['HTTP-SSE-03', 'HTTP-SSE-04'],
    // Judges every stream of the run (the listen check's among them): after the other checks, so
    // that what it sees does not depend on which checks happened to run before it.
    late: true,
    async run(ctx) {
      // Ask for a stream the way a client that prefers SSE does; many servers answer JSON, which is fine.
      await ctx.client.request('tools/list', {}, { headers: { Accept: 'text/event-stream, application/json' } });
      const streams = ctx.client.log.all().filter((ex) => (ex.response?.contentType ?? '').startsWith('text/event-stream'));
      if (streams.length === 0) return skip('the server answered every request with application/json');
      const subs: SubResult[] = streams.map((ex) => {
        const problems: string[] = [];
        if ((ex.response?.headers?.['x-accel-buffering'] ?? '').toLowerCase() !== 'no') problems.push('no X-Accel-Buffering: no header');
        if (ex.observed?.streamClosedAfterAnswer === false) problems.push('the stream stayed open after the final response');
        return { id: `${ex.request.method}#${ex.seq}`, status: problems.length ? 'fail' : 'pass', message: problems.join('; ') || 'ok', evidence: [ex] };
      });
      return fromSubResults(subs, 'SSE streams are framed as the spec asks', 'stream');
    },
  }),
  headerCheck({
    id: 'http-sse-no-requests',
    title: 'No response stream carries a JSON-RPC request from the server',
    requirements: ['HTTP-SSE-01', 'MRTR-10'],
    late: true,
    async run(ctx) {
      const requests = ctx.client.log.all().flatMap((ex) => (ex.response?.messages ?? []).filter((m) => m.method !== undefined && m.id !== undefined).map((m) => `${String(m.method)} in ${ex.request.method}#${ex.seq}`));
      return requests.length ? fail(`server-to-client requests: ${requests.slice(0, 3).join(', ')}`) : pass('none');
    },
  }),
  headerCheck({
    id: 'http-modern-errors-400',
    title: 'Every -32020, -32021, -32022 comes with HTTP 400, and every 400 carries a modern JSON-RPC error',
    requirements: ['HTTP-ST-02', 'COMPAT-02'],
    assertion: 6,
    late: true,
    async run(ctx) {
      const subs: SubResult[] = [];
      // COMPAT-02 is about modern-shaped requests: on a dual-era server, what took the legacy path is judged by legacy rules.
      const dualEra = await isDualEra(ctx);
      for (const ex of ctx.client.log.all()) {
        if (dualEra && isLegacyShaped(ex)) continue;
        const error = errorOf(ex);
        const status = ex.response?.status;
        if (error && [-32020, -32021, -32022].includes(error.code) && status !== 400) subs.push({ id: `${ex.request.method}#${ex.seq}`, status: 'fail', message: `error ${error.code} with HTTP ${status}`, evidence: [ex] });
        if (status === 400 && (!error || ![-32020, -32021, -32022, -32602, -32700].includes(error.code))) {
          subs.push({ id: `${ex.request.method}#${ex.seq}`, status: 'fail', message: `HTTP 400 without a modern JSON-RPC error (${describeOutcome(ex)}): dual-era clients will fall back`, evidence: [ex] });
        }
      }
      return subs.length ? fromSubResults(subs, '', 'response') : pass('status codes and error codes agree');
    },
  }),
  headerCheck({
    id: 'http-notification-accepted',
    title: 'A POSTed notification gets 202 with an empty body, or a 4xx',
    requirements: ['HTTP-CT-02'],
    async run(ctx) {
      const exchange = await ctx.client.notify('notifications/cancelled', { requestId: 'mcp-evals-unknown', reason: 'conformance probe' });
      const status = exchange.response?.status ?? 0;
      if (status === 202 && (exchange.response?.body ?? '') === '') return pass('202, empty body');
      if (status >= 400 && status < 500) return pass(`HTTP ${status}`);
      return fail(`notification → ${exchange.failure ?? `HTTP ${status}${exchange.response?.body ? ` with body ${exchange.response.body.slice(0, 120)}` : ''}`}`);
    },
  }),
  headerCheck({
    id: 'http-get-delete-405',
    level: 'SHOULD',
    title: 'GET and DELETE on the MCP endpoint get 405',
    requirements: ['HTTP-ST-03', 'COMPAT-03'],
    async run(ctx) {
      if (await isDualEra(ctx)) return skip(MODERN_ONLY_RULE);
      const subs: SubResult[] = [];
      for (const httpMethod of ['GET', 'DELETE']) {
        const exchange = await ctx.client.raw(`${httpMethod} endpoint`, '', { httpMethod, headers: { Accept: 'text/event-stream' }, expectAnswer: false, timeoutMs: Math.min(ctx.options.timeoutMs, 3000) });
        const status = exchange.response?.status;
        subs.push({ id: httpMethod, status: status === 405 ? 'pass' : 'fail', message: status === 405 ? '405' : `got ${exchange.failure ?? `HTTP ${status}`}` });
      }
      return fromSubResults(subs, 'GET and DELETE are 405', 'method');
    },
  }),
  headerCheck({
    id: 'http-foreign-origin',
    title: 'A request with a foreign Origin gets 403',
    requirements: ['HTTP-ORG-01'],
    run: (ctx) => foreignOrigin(ctx, 'server/discover'),
  }),
];

/**
 * Sends `method` with a foreign Origin: both eras' transports require 403 (DNS rebinding). Which
 * origins are valid is server policy, so it binds local servers and is advice for public ones.
 */
export async function foreignOrigin(ctx: CheckContext, method: string): Promise<Verdict> {
  const origin = 'https://evil.example';
  if (ctx.options.allowedOrigin === origin) return skip(`${origin} is configured as allowed`);
  const exchange = await ctx.client.request(method, {}, { headers: { Origin: origin }, label: 'foreign Origin' });
  const status = exchange.response?.status;
  if (status === 403) return pass(`${method} with Origin: ${origin} → 403`);
  const message = `${method} with Origin: ${origin} → ${describeOutcome(exchange)}; a server must reject foreign origins with 403 (DNS rebinding)`;
  return isLocal(ctx.target.description) ? fail(message) : warn(`${message} (a public server may allow it by policy)`);
}
