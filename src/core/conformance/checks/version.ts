import { describeOutcome, errorOf, resultOf } from '../../mcp/answer.js';
import type { CheckContext } from '../context.js';
import { META_CLIENT_CAPABILITIES, META_CLIENT_INFO, META_PROTOCOL_VERSION } from '../../mcp/client.js';
import { MODERN } from '../../mcp/types.js';
import { defineCheck, fail, pass, skip, warn } from '../check.js';
import { isDualEra } from '../era-model.js';
import { errorProblem, expectError, isObject, resultProblem } from '../expect.js';

const MODERN_ONLY = [MODERN] as Array<typeof MODERN>;
/** The clientInfo of META-05's later request: another client than the process's first request named. */
const OTHER_CLIENT = { name: 'mcp-evals-second-client', version: '0.0.1' };
/** Codes only a 2026-07-28 path answers with; a 4xx carrying another (or none) is the 2025 transport's refusal. */
const MODERN_CODES = [-32020, -32021, -32022, -32602];

/**
 * stdio, after a failed version probe: the same request as the first request of a fresh process. A
 * server that rejects it there but served it on a used process checks the version of a process's
 * first request only (a bug of a published SDK's stdio entry); the failure says so.
 */
export async function firstRequestOnly(ctx: CheckContext, method: string, version: string): Promise<string> {
  if (ctx.transport !== 'stdio') return '';
  // Not ctx.fresh(): a pooled process has answered a readiness probe, so the probe would not be its first request.
  const fresh = ctx.untouched();
  const first = await fresh.request(method, {}, { version, label: `version ${version}, first request of a fresh process` });
  ctx.release(fresh);
  if (errorOf(first)?.code !== -32022) return '';
  return `; a fresh process rejects ${version} as its first request (-32022) but accepts it after any earlier request: the version is checked on a process's first request only`;
}

export const versionChecks = [
  defineCheck({
    id: 'unsupported-version',
    title: 'An unknown protocol version gets -32022 with data.supported and data.requested (HTTP 400)',
    level: 'MUST',
    requirements: ['VER-01', 'ERR-03'],
    assertion: 6,
    eras: MODERN_ONLY,
    async run(ctx) {
      const exchange = await ctx.client.request('tools/list', {}, { version: '1900-01-01', label: 'version 1900-01-01' });
      const problem = errorProblem(exchange, { codes: [-32022], status: 400, probe: 'tools/list with version 1900-01-01 in _meta and header' });
      if (problem) return fail(problem + (await firstRequestOnly(ctx, 'tools/list', '1900-01-01')));
      const data = errorOf(exchange)?.data;
      if (!isObject(data)) return fail('-32022 carries no data object; it needs data.supported (string[]) and data.requested');
      const problems: string[] = [];
      if (!Array.isArray(data.supported) || !data.supported.every((v) => typeof v === 'string')) problems.push(`data.supported is ${JSON.stringify(data.supported)}, not a string[]`);
      if (data.requested !== '1900-01-01') problems.push(`data.requested is ${JSON.stringify(data.requested)}, not "1900-01-01"`);
      return problems.length ? fail(problems.join('; ')) : pass(`-32022 with supported ${JSON.stringify(data.supported)}`);
    },
  }),
  defineCheck({
    id: 'unsupported-real-version',
    title: 'A real version the server does not support (2024-11-05) gets the same -32022',
    level: 'MUST',
    requirements: ['VER-02'],
    assertion: 6,
    eras: MODERN_ONLY,
    async run(ctx) {
      if (ctx.discovery.supportedVersions.includes('2024-11-05')) return pass('the server lists 2024-11-05 as supported; nothing to test');
      const exchange = await ctx.client.request('tools/list', {}, { version: '2024-11-05', label: 'version 2024-11-05' });
      const verdict = expectError(exchange, { codes: [-32022], status: 400, probe: 'tools/list with version 2024-11-05' });
      if (verdict.status === 'pass') return verdict;
      const answer = errorOf(exchange);
      // The legacy path's answers: the request served as 2024-11-05, or refused by the 2025 transport (4xx, no modern code).
      const legacyAnswer = resultOf(exchange) !== undefined || (ctx.transport === 'http' && (exchange.response?.status ?? 0) >= 400 && !MODERN_CODES.includes(answer?.code ?? 0));
      if (!legacyAnswer || !(await isDualEra(ctx))) return fail(verdict.message + (await firstRequestOnly(ctx, 'tools/list', '2024-11-05')));
      // A dual-era server may implement 2024-11-05 on its legacy path. It still checks versions if an
      // unknown one gets -32022; then the spec reads both ways, and the answer is at most advice.
      const unknown = await ctx.client.request('tools/list', {}, { version: '1900-01-01', label: 'version 1900-01-01' });
      if (errorOf(unknown)?.code !== -32022) return fail(verdict.message + (await firstRequestOnly(ctx, 'tools/list', '2024-11-05')));
      return warn(`${verdict.message}. Ambiguous on a dual-era server, which answered on its legacy path (and rejects an unknown version with -32022): VER-02 says "A real version the server does not list (e.g. 2024-11-05) gets the same -32022 as an unknown version", but COMPAT-01 lets "a dual-era server serve both eras on one endpoint or process", and this one implements 2024-11-05 there`);
    },
  }),
  defineCheck({
    id: 'supported-versions-consistent',
    title: 'data.supported of -32022 equals supportedVersions of server/discover',
    level: 'SHOULD',
    requirements: ['VER-03'],
    assertion: 1,
    eras: MODERN_ONLY,
    async run(ctx) {
      const exchange = await ctx.client.request('server/discover', {}, { version: '1900-01-01', label: 'version 1900-01-01' });
      const data = errorOf(exchange)?.data;
      const supported = isObject(data) && Array.isArray(data.supported) ? (data.supported as unknown[]) : undefined;
      if (!supported) {
        if (errorOf(exchange)?.code !== -32022) return skip(`not applicable: no -32022 came back to compare (${describeOutcome(exchange)}; unsupported-version judges that)`);
        return warn(`-32022 carries no data.supported to compare (${describeOutcome(exchange)})`);
      }
      const discovered = ctx.discovery.supportedVersions;
      const same = supported.length === discovered.length && discovered.every((v) => supported.includes(v));
      return same ? pass(`both say ${JSON.stringify(discovered)}`) : fail(`-32022 says ${JSON.stringify(supported)} but server/discover says ${JSON.stringify(discovered)}`);
    },
  }),
];

export const metaChecks = [
  defineCheck({
    id: 'meta-missing-client-capabilities',
    title: 'A request without _meta clientCapabilities gets -32602 (HTTP 400)',
    level: 'MUST',
    requirements: ['META-01', 'ERR-04'],
    assertion: 6,
    eras: MODERN_ONLY,
    async run(ctx) {
      const exchange = await ctx.client.request('tools/list', {}, { metaPatch: { [META_CLIENT_CAPABILITIES]: undefined }, label: 'no clientCapabilities' });
      return expectError(exchange, { codes: [-32602], status: 400, probe: 'tools/list without clientCapabilities' });
    },
  }),
  defineCheck({
    id: 'meta-missing-protocol-version',
    title: 'A request without _meta protocolVersion gets -32602 (or -32020 on HTTP), with HTTP 400',
    level: 'MUST',
    requirements: ['META-02'],
    assertion: 6,
    eras: MODERN_ONLY,
    async run(ctx) {
      const exchange = await ctx.client.request('tools/list', {}, { metaPatch: { [META_PROTOCOL_VERSION]: undefined }, label: 'no protocolVersion' });
      // On HTTP the header no longer matches anything in the body, so -32020 is defensible too (§21).
      const codes = ctx.transport === 'http' ? [-32602, -32020] : [-32602];
      return expectError(exchange, { codes, status: 400, probe: 'tools/list without protocolVersion in _meta' });
    },
  }),
  defineCheck({
    id: 'meta-missing',
    title: 'A request with no params or no _meta gets -32602 (HTTP 400)',
    level: 'MUST',
    requirements: ['META-03'],
    assertion: 6,
    eras: MODERN_ONLY,
    async run(ctx) {
      const noParams = await ctx.client.request('server/discover', {}, { noParams: true, label: 'no params' });
      const noMeta = await ctx.client.request('tools/list', {}, { meta: null, label: 'no _meta' });
      const problems = [
        errorProblem(noParams, { codes: [-32602], status: 400, probe: 'server/discover with no params' }),
        errorProblem(noMeta, { codes: [-32602], status: 400, probe: 'tools/list with params but no _meta' }),
      ].filter((p): p is string => p !== undefined);
      return problems.length ? fail(problems.join('; ')) : pass('both rejected with -32602');
    },
  }),
  defineCheck({
    id: 'meta-client-info-optional',
    title: 'A request without the optional clientInfo is processed normally',
    level: 'SHOULD',
    requirements: ['META-04'],
    eras: MODERN_ONLY,
    async run(ctx) {
      const exchange = await ctx.client.request('tools/list', {}, { metaPatch: { [META_CLIENT_INFO]: undefined } });
      const problem = resultProblem(exchange, 'tools/list without clientInfo');
      return problem ? fail(problem) : pass('processed normally');
    },
  }),
  defineCheck({
    id: 'stateless-first-request',
    title: 'On a fresh connection, tools/list without server/discover first gets a normal result',
    level: 'MUST',
    requirements: ['META-05'],
    eras: MODERN_ONLY,
    freshProcesses: 1,
    ownProcess: true,
    async run(ctx) {
      const where = `a fresh ${ctx.transport === 'stdio' ? 'process' : 'connection'}`;
      // stdio: a process sent nothing before (a pooled one has answered a readiness probe).
      const fresh = ctx.transport === 'stdio' ? ctx.untouched() : await ctx.fresh();
      const method = ctx.declares('tools') ? 'tools/list' : 'server/discover';
      const first = await fresh.request(method, {});
      const problem = resultProblem(first, `${method} as the first request of ${where}`);
      if (problem) {
        ctx.release(fresh);
        return fail(problem);
      }
      // A later request on the same process, from another client: a server that kept state from the
      // first (bound the process to that client, as an implicit initialize would) refuses it.
      const later = await fresh.request(method, {}, { metaPatch: { [META_CLIENT_INFO]: OTHER_CLIENT }, timeoutMs: ctx.options.timeoutMs, label: 'later request, another clientInfo' });
      ctx.release(fresh);
      const laterProblem = resultProblem(later, `${method} as a later request on the same process from another client (clientInfo ${OTHER_CLIENT.name})`);
      if (laterProblem) return fail(`${laterProblem}: the answer depends on an earlier request`);
      return pass(`no prior request needed: the first request of ${where} and a later request from another client on it both got results`);
    },
  }),
  defineCheck({
    id: 'meta-trace-context-accepted',
    title: 'traceparent, tracestate, baggage and vendor keys in _meta are accepted',
    level: 'SHOULD',
    requirements: ['META-09'],
    eras: MODERN_ONLY,
    async run(ctx) {
      const exchange = await ctx.client.request('server/discover', {}, {
        metaPatch: {
          traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
          tracestate: 'mcpevals=1',
          baggage: 'suite=conformance',
          'com.example/x': { any: 'value' },
        },
      });
      const problem = resultProblem(exchange, 'server/discover with trace context and a vendor key');
      return problem ? fail(problem) : pass('processed normally');
    },
  }),
  defineCheck({
    id: 'log-level-invalid',
    title: 'An undefined _meta logLevel ("verbose") gets -32602',
    level: 'SHOULD',
    requirements: ['LOG-04'],
    eras: MODERN_ONLY,
    async run(ctx) {
      const exchange = await ctx.client.request('server/discover', {}, { metaPatch: { 'io.modelcontextprotocol/logLevel': 'verbose' }, label: 'logLevel verbose' });
      return expectError(exchange, { codes: [-32602], probe: 'server/discover with logLevel "verbose"' });
    },
  }),
];
