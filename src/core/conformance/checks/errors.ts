import { describeOutcome, errorOf } from '../../mcp/answer.js';
import { LEGACY, MODERN, type Exchange, type ReceivedMessage } from '../../mcp/types.js';
import { defineCheck, fromSubResults, pass, skip, warn } from '../check.js';
import { errorProblem, expectError, isObject, methodOf, resultsIn } from '../expect.js';
import { isDualEra, isLegacyShaped } from '../era-model.js';
import type { SubResult } from '../types.js';

const MODERN_ONLY = [MODERN] as Array<typeof MODERN>;
const BOTH = [MODERN, LEGACY] as Array<typeof MODERN | typeof LEGACY>;
const MODERN_DEFINED = new Set([-32020, -32021, -32022]);
const NEVER = new Set([-32002, -32042]);

function observedErrors(log: readonly Exchange[]): Array<{ exchange: Exchange; code: number }> {
  return log.flatMap((exchange) => {
    const error = errorOf(exchange);
    return error ? [{ exchange, code: error.code }] : [];
  });
}

/** Every notification the server sent: inside request exchanges (SSE, stdio lines) and unsolicited. */
function notificationsSeen(log: readonly Exchange[], unsolicited: ReadonlyArray<{ message?: ReceivedMessage }>): ReceivedMessage[] {
  // progress-notifications, log-level-filtering, cancel-stops-request and subscriptions-listen ask for
  // notifications (and judge them themselves): what they asked for is not unrequested.
  const tokens = new Set(log.flatMap((exchange) => {
    const token = requestMetaOf(exchange)?.progressToken;
    return token === undefined ? [] : [JSON.stringify(token)];
  }));
  const solicited = (message: ReceivedMessage, exchange?: Exchange): boolean => {
    if (message.method === 'notifications/progress') return tokens.has(JSON.stringify((message.params as { progressToken?: unknown } | undefined)?.progressToken));
    if (!exchange) return false;
    if (message.method === 'notifications/message') return requestMetaOf(exchange)?.['io.modelcontextprotocol/logLevel'] !== undefined;
    return methodOf(exchange) === 'subscriptions/listen' && /list_changed$|^notifications\/resources\/updated$/.test(String(message.method));
  };
  const isNotification = (m: ReceivedMessage) => typeof m.method === 'string' && m.id === undefined;
  const inline = log.flatMap((exchange) => (exchange.response?.messages ?? []).filter((m) => isNotification(m) && !solicited(m, exchange)));
  const stray = unsolicited.flatMap((record) => (record.message && isNotification(record.message) && !solicited(record.message) ? [record.message] : []));
  return [...inline, ...stray];
}

function requestMetaOf(exchange: Exchange): Record<string, unknown> | undefined {
  try {
    const meta = (JSON.parse(exchange.request.body) as { params?: { _meta?: unknown } }).params?._meta;
    return isObject(meta) ? meta : undefined;
  } catch {
    return undefined;
  }
}

export const errorChecks = [
  defineCheck({
    id: 'error-codes-defined',
    title: 'No error code outside its defined meaning: no -32002, -32042, or unassigned -32020…-32099',
    level: 'MUST',
    requirements: ['ERR-05', 'RSRC-03'],
    assertion: 6,
    eras: MODERN_ONLY,
    late: true,
    async run(ctx) {
      const subs: SubResult[] = observedErrors(ctx.client.log.all()).flatMap(({ exchange, code }) => {
        const bad = NEVER.has(code) || (code <= -32020 && code >= -32099 && !MODERN_DEFINED.has(code));
        return bad ? [{ id: `${methodOf(exchange)}#${exchange.seq}`, status: 'fail' as const, message: `error code ${code} is ${NEVER.has(code) ? 'a legacy code that must never be sent' : 'in the reserved -32020…-32099 range but not defined'}` }] : [];
      });
      return subs.length ? fromSubResults(subs, '', 'error') : pass(`${observedErrors(ctx.client.log.all()).length} errors observed, all with allowed codes`);
    },
  }),
  defineCheck({
    id: 'error-codes-ranges',
    title: 'No legacy -32000…-32019 codes; application codes outside -32768…-32000',
    level: 'SHOULD',
    requirements: ['ERR-06', 'ERR-07'],
    assertion: 6,
    eras: MODERN_ONLY,
    late: true,
    async run(ctx) {
      const standard = new Set([-32700, -32600, -32601, -32602, -32603]);
      // The 2025 revisions let a server use -32000…-32019: on a dual-era server their legacy path may.
      const dualEra = await isDualEra(ctx);
      const subs: SubResult[] = observedErrors(ctx.client.log.all()).flatMap(({ exchange, code }) => {
        if (dualEra && isLegacyShaped(exchange)) return [];
        const id = `${methodOf(exchange)}#${exchange.seq}`;
        if (code <= -32000 && code >= -32019) return [{ id, status: 'fail' as const, message: `legacy-range code ${code}` }];
        // -32020…-32099 is judged by error-codes-defined; below that, only the JSON-RPC standard codes belong.
        if (code >= -32768 && code <= -32100 && !standard.has(code)) return [{ id, status: 'fail' as const, message: `code ${code} is in the range reserved for JSON-RPC; application codes belong outside -32768…-32000` }];
        return [];
      });
      return subs.length ? fromSubResults(subs, '', 'error') : pass('no legacy or reserved codes');
    },
  }),
  defineCheck({
    id: 'unknown-method',
    title: 'An unknown method gets -32601 (HTTP 404 with the JSON-RPC body)',
    level: 'MUST',
    requirements: ['ERR-08', 'HTTP-ST-01'],
    eras: BOTH,
    async run(ctx) {
      const exchange = await ctx.client.request('foo/bar', {});
      const verdict = expectError(exchange, { codes: [-32601], status: ctx.era === MODERN ? 404 : undefined, probe: 'foo/bar' });
      // ERR-08 and HTTP-ST-01 are 2026-07-28 rows; 2025-11-25 names -32601 only as JSON-RPC's code, so there it is advice.
      if (verdict.status === 'fail' && ctx.era !== MODERN) return warn(`${verdict.message} (a warning on ${ctx.era}: ERR-08 is a 2026-07-28 row; JSON-RPC's -32601 is what clients expect)`);
      return verdict;
    },
  }),
  defineCheck({
    id: 'missing-client-capability',
    title: 'A request needing an undeclared client capability gets -32021 with data.requiredCapabilities, never an input request',
    level: 'MUST',
    requirements: ['ERR-02', 'MRTR-04', 'MRTR-05'],
    assertion: 6,
    eras: MODERN_ONLY,
    late: true,
    async run(ctx) {
      // Every request we send declares clientCapabilities {}: no input request may come back, and -32021 must be well-formed.
      const subs: SubResult[] = [];
      for (const { exchange, method, result } of resultsIn(ctx.client.log.all())) {
        if (result.resultType === 'input_required' && isObject(result.inputRequests) && Object.keys(result.inputRequests).length > 0) {
          subs.push({ id: `${method}#${exchange.seq}`, status: 'fail', message: `input requests (${Object.values(result.inputRequests).map((r) => (isObject(r) ? String(r.method) : '?')).join(', ')}) sent to a client that declared no capabilities; expected -32021`, evidence: [exchange] });
        }
      }
      for (const { exchange, code } of observedErrors(ctx.client.log.all())) {
        if (code !== -32021) continue;
        const problem = errorProblem(exchange, { codes: [-32021], status: 400, probe: methodOf(exchange) });
        const data = errorOf(exchange)?.data;
        const dataOk = isObject(data) && isObject(data.requiredCapabilities);
        subs.push({ id: `${methodOf(exchange)}#${exchange.seq}`, status: problem || !dataOk ? 'fail' : 'pass', message: problem ?? (dataOk ? 'well-formed -32021' : '-32021 without data.requiredCapabilities'), evidence: [exchange] });
      }
      return subs.length ? fromSubResults(subs, 'missing capabilities are reported with -32021', 'request') : skip('no request observed needed a client capability (testable only when a tool, prompt or resource needs one)');
    },
  }),
  defineCheck({
    id: 'no-unrequested-notifications',
    title: 'No progress or log notifications the client did not ask for, and no list_changed outside a listen stream',
    level: 'MUST',
    requirements: ['HTTP-SSE-02', 'PROG-01', 'LOG-01', 'LOG-05'],
    eras: MODERN_ONLY,
    late: true,
    async run(ctx) {
      // Outside the checks that ask for them (see notificationsSeen), the checker never sends a progressToken or a logLevel.
      const subs: SubResult[] = notificationsSeen(ctx.client.log.all(), ctx.client.connection.unsolicited()).flatMap((message, index) => {
        const method = String(message.method);
        if (method === 'notifications/progress') return [{ id: `${method}#${index}`, status: 'fail' as const, message: 'progress for a request that sent no progressToken' }];
        if (method === 'notifications/message') return [{ id: `${method}#${index}`, status: 'fail' as const, message: 'a log message although no request set io.modelcontextprotocol/logLevel' }];
        if (/list_changed$|^notifications\/resources\/updated$/.test(method)) return [{ id: `${method}#${index}`, status: 'fail' as const, message: `${method} outside a subscriptions/listen stream` }];
        return [];
      });
      return subs.length ? fromSubResults(subs, '', 'notification') : pass('no unrequested notifications');
    },
  }),
  defineCheck({
    id: 'parse-error',
    title: 'Bytes that are not JSON get -32700 (id null or absent)',
    level: 'SHOULD',
    requirements: ['RT-07'],
    eras: BOTH,
    async run(ctx) {
      const headers = ctx.transport === 'http' ? { ...ctx.client.standardHeaders('tools/list', {}) } : undefined;
      // Many servers drop an unparseable line silently: a fence (stdio) or a short deadline keeps the run fast.
      const exchange = await ctx.client.raw('(invalid json)', '{"jsonrpc": "2.0", "id": 1, "method": ', { headers, answerId: null, timeoutMs: Math.min(ctx.options.timeoutMs, 1000), fenced: true });
      const error = errorOf(exchange);
      if (!error) return { status: 'fail', message: `invalid JSON → ${describeOutcome(exchange)}` };
      const id = exchange.response?.answer?.id;
      if (error.code !== -32700) return { status: 'fail', message: `invalid JSON → error ${error.code}, expected -32700` };
      return id === null || id === undefined ? pass('-32700') : { status: 'fail', message: `-32700 with id ${JSON.stringify(id)}; expected null or no id` };
    },
  }),
];
