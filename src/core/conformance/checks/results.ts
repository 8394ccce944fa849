import { errorOf } from '../../mcp/answer.js';
import { META_SERVER_INFO } from '../../mcp/client.js';
import { LEGACY, MODERN, type Exchange, type JsonObject, type ReceivedMessage } from '../../mcp/types.js';
import { defineCheck, fromSubResults, pass, skip } from '../check.js';
import { isIntegerAtLeast0, isObject, methodOf, resultsIn } from '../expect.js';
import { isDualEra, isLegacyShaped } from '../era-model.js';
import type { SubResult } from '../types.js';

const MODERN_ONLY = [MODERN] as Array<typeof MODERN>;
const BOTH = [MODERN, LEGACY] as Array<typeof MODERN | typeof LEGACY>;
const KNOWN_RESULT_TYPES = ['complete', 'input_required'];
const CACHEABLE = ['server/discover', 'tools/list', 'prompts/list', 'resources/list', 'resources/templates/list', 'resources/read'];
const INPUT_REQUIRED_ALLOWED = ['tools/call', 'resources/read', 'prompts/get'];
/** The `_meta` key grammar of 2026-07-28 §_meta (optional dotted-label prefix ending in `/`, then a name). */
const META_KEY =
  /^(?:[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\/)?(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?$/;
const UNPREFIXED_ALLOWED = new Set(['traceparent', 'tracestate', 'baggage', 'progressToken']);

/** One sub-result per offending exchange, named `method#seq` so expected-failures can pin one. */
function perResult(ctx: { client: { log: { all(): readonly Exchange[] } } }, judge: (method: string, result: JsonObject, exchange: Exchange) => string | undefined): SubResult[] {
  return resultsIn(ctx.client.log.all()).map(({ exchange, method, result }) => {
    const problem = judge(method, result, exchange);
    return { id: `${method}#${exchange.seq}`, status: problem ? 'fail' : 'pass', message: problem ?? 'ok' };
  });
}

export const resultChecks = [
  defineCheck({
    id: 'result-type-present',
    title: 'Every result carries a string resultType',
    level: 'MUST',
    requirements: ['RT-01', 'RT-03', 'DISC-02'],
    assertion: 4,
    eras: MODERN_ONLY,
    late: true,
    async run(ctx) {
      await ctx.ensureInventory();
      const subs = perResult(ctx, (_method, result) => (typeof result.resultType === 'string' ? undefined : `no string resultType (got ${JSON.stringify(result.resultType)}); only pre-2026 servers may omit it`));
      return fromSubResults(subs, `all ${subs.length} results carry resultType`, 'result');
    },
  }),
  defineCheck({
    id: 'result-type-known',
    title: 'resultType is "complete" or "input_required" (an unknown value is invalid, not complete)',
    level: 'MUST',
    requirements: ['RT-02', 'MRTR-01'],
    assertion: 4,
    eras: MODERN_ONLY,
    late: true,
    async run(ctx) {
      await ctx.ensureInventory();
      const subs = perResult(ctx, (method, result) => {
        if (typeof result.resultType !== 'string') return undefined; // result-type-present reports it
        if (!KNOWN_RESULT_TYPES.includes(result.resultType)) return `unknown resultType ${JSON.stringify(result.resultType)}: clients must treat it as invalid`;
        if (result.resultType === 'input_required' && !INPUT_REQUIRED_ALLOWED.includes(method)) return `input_required is not allowed on ${method}`;
        return undefined;
      });
      return fromSubResults(subs, 'every resultType is known and allowed for its method', 'result');
    },
  }),
  defineCheck({
    id: 'result-server-info',
    title: 'Every result carries _meta serverInfo {name, version}',
    level: 'SHOULD',
    requirements: ['RT-04'],
    eras: MODERN_ONLY,
    late: true,
    async run(ctx) {
      await ctx.ensureInventory();
      const subs = perResult(ctx, (_method, result) => {
        const info = isObject(result._meta) ? result._meta[META_SERVER_INFO] : undefined;
        return isObject(info) && typeof info.name === 'string' && typeof info.version === 'string' ? undefined : `no _meta["${META_SERVER_INFO}"] with name and version`;
      });
      return fromSubResults(subs, 'every result names the server', 'result');
    },
  }),
  defineCheck({
    id: 'cache-hints',
    title: 'Lists, server/discover and resources/read carry ttlMs (integer ≥ 0) and cacheScope (public|private)',
    level: 'MUST',
    requirements: ['CACHE-01', 'CACHE-02', 'CACHE-03', 'DISC-03', 'RSRC-05', 'RSRC-06', 'PRMT-01'],
    assertion: 3,
    eras: MODERN_ONLY,
    late: true,
    async run(ctx) {
      await ctx.ensureInventory();
      const subs = perResult(ctx, (method, result) => {
        if (!CACHEABLE.includes(method) || result.resultType === 'input_required') return undefined;
        const problems: string[] = [];
        if (!isIntegerAtLeast0(result.ttlMs)) problems.push(`ttlMs is ${JSON.stringify(result.ttlMs)}, not an integer ≥ 0`);
        if (result.cacheScope !== 'public' && result.cacheScope !== 'private') problems.push(`cacheScope is ${JSON.stringify(result.cacheScope)}, not "public" or "private"`);
        return problems.length ? problems.join('; ') : undefined;
      }).filter((sub) => CACHEABLE.includes(sub.id.split('#')[0]));
      return fromSubResults(subs, `all ${subs.length} cacheable results carry valid hints`, 'result');
    },
  }),
  defineCheck({
    id: 'cache-scope-consistent',
    title: 'Every page of one list has the same cacheScope',
    level: 'MUST',
    requirements: ['CACHE-04', 'CACHE-06'],
    assertion: 3,
    eras: MODERN_ONLY,
    async run(ctx) {
      const subs: SubResult[] = [];
      for (const method of ['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list']) {
        const capability = method.split('/')[0] === 'resources' ? 'resources' : (method.split('/')[0] as 'tools' | 'prompts');
        if (!ctx.declares(capability)) continue;
        const walk = await ctx.list(method);
        const scopes = walk.pages.map((page) => (isObject(page.response?.answer?.result) ? (page.response.answer.result as JsonObject).cacheScope : undefined)).filter((s) => s !== undefined);
        if (scopes.length < 2) continue; // one page: nothing to compare (different ttlMs per page is allowed)
        const distinct = [...new Set(scopes.map((s) => JSON.stringify(s)))];
        subs.push({ id: method, status: distinct.length === 1 ? 'pass' : 'fail', message: distinct.length === 1 ? `${scopes.length} pages, all ${distinct[0]}` : `pages disagree: ${distinct.join(' vs ')}` });
      }
      return subs.length ? fromSubResults(subs, 'every paginated list keeps one cacheScope', 'list') : skip('no list has more than one page');
    },
  }),
  defineCheck({
    id: 'input-required-no-cache-hints',
    title: 'input_required results carry neither ttlMs nor cacheScope',
    level: 'SHOULD',
    requirements: ['CACHE-05', 'MRTR-02'],
    eras: MODERN_ONLY,
    late: true,
    async run(ctx) {
      const subs = perResult(ctx, (_method, result) => {
        if (result.resultType !== 'input_required') return undefined;
        const problems: string[] = [];
        if ('ttlMs' in result || 'cacheScope' in result) problems.push('carries caching hints');
        if (!isObject(result.inputRequests) && typeof result.requestState !== 'string') problems.push('has neither inputRequests nor requestState');
        return problems.length ? problems.join('; ') : undefined;
      }).filter((sub) => sub.status === 'fail' || false);
      const seen = resultsIn(ctx.client.log.all()).filter(({ result }) => result.resultType === 'input_required').length;
      if (seen === 0) return skip('no input_required result was observed');
      return subs.length ? fromSubResults(subs, '', 'result') : pass(`${seen} input_required results, all well-formed`);
    },
  }),
  defineCheck({
    id: 'result-meta-keys',
    title: '_meta keys the server emits follow the key grammar and avoid reserved prefixes',
    level: 'MUST',
    requirements: ['META-07', 'META-08', 'META-10'],
    eras: MODERN_ONLY,
    late: true,
    async run(ctx) {
      await ctx.ensureInventory();
      const subs = perResult(ctx, (method, result) => {
        const problems: string[] = [];
        const meta = isObject(result._meta) ? result._meta : {};
        for (const key of Object.keys(meta)) if (!META_KEY.test(key)) problems.push(`_meta key ${JSON.stringify(key)} breaks the key grammar`);
        if (method === 'server/discover' && isObject(result.capabilities) && isObject(result.capabilities.extensions)) {
          for (const key of Object.keys(result.capabilities.extensions)) {
            if (!META_KEY.test(key) || !key.includes('/')) problems.push(`extension id ${JSON.stringify(key)} must be a prefixed key`);
          }
        }
        return problems.length ? problems.join('; ') : undefined;
      });
      // META-08 (reserved prefixes) is advice: invented keys under modelcontextprotocol/mcp second labels.
      const reserved = resultsIn(ctx.client.log.all()).flatMap(({ result }) =>
        Object.keys(isObject(result._meta) ? result._meta : {}).filter((key) => /^[^/]*\.(modelcontextprotocol|mcp)(\.[^/]*)?\//.test(key) && !key.startsWith('io.modelcontextprotocol/') && !UNPREFIXED_ALLOWED.has(key)),
      );
      const reservedSubs: SubResult[] = [...new Set(reserved)].map((key) => ({ id: key, status: 'warn', message: 'uses a prefix reserved for MCP' }));
      return fromSubResults([...subs, ...reservedSubs], 'every _meta key is well-formed', 'result');
    },
  }),
  defineCheck({
    id: 'messages-match-schema',
    title: "Every result validates against its method's definition in the spec schema",
    level: 'MUST',
    requirements: ['RT-08', 'DISC-05', 'RSRC-05', 'PRMT-01'],
    eras: BOTH,
    late: true,
    async run(ctx) {
      await ctx.ensureInventory();
      const subs: SubResult[] = [];
      for (const { exchange, method, result } of resultsIn(ctx.client.log.all())) {
        const definition = ctx.schemas.resultDefinition(ctx.era, method, result);
        if (!definition) continue;
        const errors = ctx.schemas.validate(ctx.era, definition, result);
        subs.push({ id: `${method}#${exchange.seq}`, status: errors.length ? 'fail' : 'pass', message: errors.length ? `not a valid ${definition}: ${errors.join('; ')}` : definition, evidence: [exchange] });
      }
      return fromSubResults(subs, `all ${subs.length} results match the ${ctx.era} schema`, 'result');
    },
  }),
  defineCheck({
    id: 'response-envelope',
    title: 'Each response echoes the request id (same value and type) and holds result xor a well-formed error',
    level: 'MUST',
    requirements: ['RT-05'],
    // A 2025-11-25 server is held to its own transport's envelope: legacy-response-envelope.
    eras: MODERN_ONLY,
    late: true,
    async run(ctx) {
      await ctx.ensureInventory();
      // An id-less error is allowed where the request was refused before it was read (403 Origin, parse error);
      // on a dual-era server, a legacy-shaped request is held to the 2025 transport, which refuses one without
      // a session (4xx) before reading it, with id null (as legacy-response-envelope allows).
      const dualEra = await isDualEra(ctx);
      const subs = envelopeSubResults(ctx.client.log.all(), (answer, exchange) => {
        if (dualEra && isLegacyShaped(exchange) && (exchange.response?.status ?? 0) >= 400 && (answer.id === null || answer.id === undefined)) return true;
        // JSON-RPC writes "no id" as id null in an error: both are the id-less body HTTP-ORG-01 allows.
        return (answer.id === undefined || answer.id === null) && (exchange.response?.status === 403 || errorOf(exchange)?.code === -32700);
      });
      return fromSubResults(subs, `all ${subs.length} responses are well-formed`, 'response');
    },
  }),
  defineCheck({
    id: 'error-message-short',
    title: 'Error messages are one short sentence',
    level: 'SHOULD',
    requirements: ['RT-09'],
    eras: BOTH,
    late: true,
    async run(ctx) {
      const subs: SubResult[] = [];
      for (const exchange of ctx.client.log.all()) {
        const error = errorOf(exchange);
        if (!error) continue;
        const long = error.message.length > 300 || error.message.includes('\n');
        if (long) subs.push({ id: `${methodOf(exchange)}#${exchange.seq}`, status: 'fail', message: `message is ${error.message.length} chars${error.message.includes('\n') ? ' over several lines' : ''}`, evidence: [exchange] });
      }
      return subs.length ? fromSubResults(subs, '', 'error') : pass('every error message is short');
    },
  }),
];

/**
 * One sub-result per answered exchange: jsonrpc "2.0", the request id echoed (unless `idless` excuses
 * an error that was refused before its id was read), exactly one of result and error, a well-formed error.
 */
export function envelopeSubResults(log: readonly Exchange[], idless: (answer: ReceivedMessage, exchange: Exchange) => boolean): SubResult[] {
  const subs: SubResult[] = [];
  for (const exchange of log) {
    const answer = exchange.response?.answer;
    if (!answer) continue;
    const sent = requestId(exchange);
    const problems: string[] = [];
    if (answer.jsonrpc !== '2.0') problems.push(`jsonrpc is ${JSON.stringify(answer.jsonrpc)}`);
    const excused = answer.error !== undefined && idless(answer, exchange);
    if (sent !== undefined && sent !== null && answer.id !== sent && !excused) problems.push(`id ${JSON.stringify(answer.id)} does not echo the request id ${JSON.stringify(sent)}`);
    if ((answer.result === undefined) === (answer.error === undefined)) problems.push('must hold exactly one of result and error');
    if (answer.error !== undefined) {
      const error = answer.error as { code?: unknown; message?: unknown };
      if (!isObject(answer.error) || !Number.isInteger(error.code) || typeof error.message !== 'string') problems.push(`error ${JSON.stringify(answer.error)} needs an integer code and a string message`);
    }
    subs.push({ id: `${methodOf(exchange)}#${exchange.seq}`, status: problems.length ? 'fail' : 'pass', message: problems.join('; ') || 'ok', evidence: [exchange] });
  }
  return subs;
}

function requestId(exchange: Exchange): unknown {
  try {
    const body = JSON.parse(exchange.request.body) as { id?: unknown };
    return body.id;
  } catch {
    return undefined;
  }
}
