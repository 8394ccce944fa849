import { describeOutcome, errorOf, resultOf, truncate } from '../../mcp/answer.js';
import { isIdlessError, isResponse } from '../../mcp/connection.js';
import { LEGACY, MODERN, type Exchange, type JsonObject } from '../../mcp/types.js';
import { defineCheck, fail, fromSubResults, pass, skip, warn } from '../check.js';
import type { CheckContext } from '../context.js';
import { errorProblem, isObject } from '../expect.js';
import type { SubResult } from '../types.js';
import { isDualEra, LEGACY_INIT_HEADERS, legacyInitialize, MODERN_ONLY_RULE } from '../era-model.js';
import { clientInfo } from '../../version.js';

const MODERN_ONLY = [MODERN] as Array<typeof MODERN>;

const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
/** Codes a modern server may use to refuse a legacy-shaped HTTP request (order of its checks is unspecified, §21.5). */
const MODERN_REFUSALS = [-32020, -32602, -32022];
const UNKNOWN_REQUEST_ID = 987654321;

/** Undefined when a notification was handled as one: no answer on stdio, 202 with an empty body or a 4xx on HTTP. */
export function notificationProblem(exchange: Exchange): string | undefined {
  if (exchange.transport === 'stdio') {
    if (exchange.failure) return exchange.failure;
    const answers = (exchange.response?.messages ?? []).filter((message) => isResponse(message) || isIdlessError(message));
    return answers.length ? `the server wrote a response to a notification: ${truncate(JSON.stringify(answers[0]), 200)}` : undefined;
  }
  const status = exchange.response?.status;
  if (status === undefined) return exchange.failure ?? 'no HTTP response';
  if (status === 202) return exchange.response?.body.trim() ? `HTTP 202 with a non-empty body (${truncate(exchange.response.body, 120)})` : undefined;
  if (status >= 400 && status < 500) return undefined;
  return `expected 202 with an empty body or a 4xx, got ${describeOutcome(exchange)}`;
}

/** The supported versions the server listed, or at least 2026-07-28. */
function supportedVersions(ctx: CheckContext): string[] {
  return ctx.discovery.supportedVersions.length ? ctx.discovery.supportedVersions : [MODERN];
}

/**
 * Whether an error names one of `versions` as supported: anywhere in `data` (e.g. `data.supported`), or in a
 * sentence of the message that says so ("supports 2026-07-28"), not merely in passing ("every 2026-07-28 request must...").
 */
export function namesVersions(exchange: Exchange, versions: string[]): boolean {
  const error = errorOf(exchange);
  if (!error) return false;
  const data = JSON.stringify(error.data ?? null);
  if (versions.some((version) => data.includes(version))) return true;
  const sentences = error.message.split(/[.;!?]\s|\(|\)/);
  return sentences.some((sentence) => /support|accept|expect|only|speak|use /i.test(sentence) && versions.some((version) => sentence.includes(version)));
}

/** Sends `requests` as modern-shaped requests and expects -32601 (HTTP 404) for each. */
async function expectMethodsNotFound(ctx: CheckContext, requests: Array<[method: string, params: JsonObject]>): Promise<SubResult[]> {
  const subResults: SubResult[] = [];
  for (const [method, params] of requests) {
    // The tasks extension mirrors params.taskId in Mcp-Name; sending it is harmless elsewhere (§21.9), and without it
    // a server that knows the extension's header rules answers -32020 before it looks the method up.
    const headers = typeof params.taskId === 'string' ? { 'Mcp-Name': params.taskId } : undefined;
    const exchange = await ctx.client.request(method, params, { headers });
    const problem = errorProblem(exchange, { codes: [-32601], status: 404, probe: method });
    // The sub-result id already names the method.
    const message = problem?.startsWith(`${method}: `) ? problem.slice(method.length + 2) : problem;
    subResults.push(message ? { id: method, status: 'fail', message } : { id: method, status: 'pass', message: `→ ${describeOutcome(exchange)}` });
  }
  return subResults;
}

export const removedChecks = [
  defineCheck({
    id: 'removed-methods',
    title: 'Removed methods (ping, logging/setLevel, resources/subscribe, resources/unsubscribe) get -32601 (HTTP 404)',
    level: 'MUST',
    requirements: ['RM-01'],
    eras: MODERN_ONLY,
    async run(ctx) {
      const subResults = await expectMethodsNotFound(ctx, [
        ['ping', {}],
        ['logging/setLevel', { level: 'info' }],
        ['resources/subscribe', { uri: 'file:///__mcp_evals_subscribe__' }],
        ['resources/unsubscribe', { uri: 'file:///__mcp_evals_subscribe__' }],
      ]);
      return fromSubResults(subResults, 'every removed method gets -32601', 'method');
    },
  }),
  defineCheck({
    id: 'removed-tasks-methods',
    title: 'tasks/* methods get -32601 (HTTP 404) unless the tasks extension is advertised',
    level: 'SHOULD',
    requirements: ['RM-02'],
    eras: MODERN_ONLY,
    async run(ctx) {
      const extensions = ctx.discovery.capabilities.extensions;
      if (isObject(extensions) && extensions[TASKS_EXTENSION] !== undefined) return skip(`the server advertises the ${TASKS_EXTENSION} extension`);
      const taskId = '__mcp_evals_no_such_task__';
      const subResults = await expectMethodsNotFound(ctx, [
        ['tasks/get', { taskId }],
        ['tasks/list', {}],
        ['tasks/result', { taskId }],
        ['tasks/cancel', { taskId }],
      ]);
      return fromSubResults(subResults, 'every tasks/* method gets -32601', 'method');
    },
  }),
  defineCheck({
    id: 'modern-initialize-rejected',
    title: 'A modern-shaped initialize gets -32601 (HTTP 404) naming the supported versions',
    level: 'SHOULD',
    requirements: ['RM-03'],
    eras: MODERN_ONLY,
    awaitsEraProbe: true,
    async run(ctx) {
      if (await isDualEra(ctx)) return skip(MODERN_ONLY_RULE);
      const exchange = await ctx.client.request(
        'initialize',
        { protocolVersion: MODERN, capabilities: {}, clientInfo: clientInfo() },
        { label: 'modern-shaped' },
      );
      const problem = errorProblem(exchange, { codes: [-32601], status: 404, probe: 'initialize with 2026-07-28 _meta and headers' });
      if (problem) return fail(problem);
      const versions = supportedVersions(ctx);
      return namesVersions(exchange, versions)
        ? pass(`initialize → ${describeOutcome(exchange)}, naming the supported versions`)
        : warn(`initialize → ${describeOutcome(exchange)}, but neither its data nor its message names the supported versions (${versions.join(', ')})`);
    },
  }),
  defineCheck({
    id: 'legacy-initialize-rejected',
    title: 'A 2025-11-25 initialize gets a modern error naming the supported versions, or a dual-era InitializeResult',
    level: 'MUST',
    requirements: ['RM-04', 'RM-05', 'COMPAT-06', 'RM-07', 'COMPAT-01'],
    eras: MODERN_ONLY,
    // The era probe (legacyInitialize): its own untouched process, whichever check asks first. Over
    // stdio it runs beside the checks on the first process, so the probe is under way (or answered)
    // by the time one of them asks whether the server is dual-era.
    freshProcesses: 1,
    ownProcess: true,
    async run(ctx) {
      const exchange = await legacyInitialize(ctx);
      const result = resultOf(exchange);
      if (result && typeof result.protocolVersion === 'string') {
        return pass(`dual-era server (MAY): a 2025-11-25 initialize → InitializeResult with protocolVersion ${JSON.stringify(result.protocolVersion)}`);
      }
      const subResults: SubResult[] = [];
      const probe = 'a 2025-11-25 initialize (no _meta, no Mcp-Method, no MCP-Protocol-Version)';
      const problem =
        ctx.transport === 'http'
          ? errorProblem(exchange, { codes: MODERN_REFUSALS, status: 400, probe })
          : errorOf(exchange)
            ? undefined
            : `${probe}: expected a JSON-RPC error, got ${describeOutcome(exchange)}`;
      subResults.push(problem ? { id: 'refused', status: 'fail', message: problem } : { id: 'refused', status: 'pass', message: `→ ${describeOutcome(exchange)}` });
      if (errorOf(exchange)) {
        subResults.push(
          namesVersions(exchange, [MODERN])
            ? { id: 'names-versions', status: 'pass', message: `the error names ${MODERN}` }
            : { id: 'names-versions', status: 'warn', message: `the error should name the supported versions: neither its data nor its message says ${MODERN} is supported` },
        );
      }
      return fromSubResults(subResults, `${probe} → ${describeOutcome(exchange)}, naming the supported versions`, 'finding');
    },
  }),
  defineCheck({
    id: 'removed-notifications',
    title: 'notifications/initialized and notifications/roots/list_changed get no response (HTTP: 202 or 4xx)',
    level: 'MUST',
    requirements: ['RM-06'],
    eras: MODERN_ONLY,
    async run(ctx) {
      const subResults: SubResult[] = [];
      for (const method of ['notifications/initialized', 'notifications/roots/list_changed']) {
        const exchange = await ctx.client.notify(method, {}, {});
        const problem = notificationProblem(exchange);
        subResults.push(problem ? { id: method, status: 'fail', message: problem } : { id: method, status: 'pass', message: exchange.transport === 'http' ? `HTTP ${exchange.response?.status}` : 'no response' });
      }
      return fromSubResults(subResults, 'removed notifications get no response', 'notification');
    },
  }),
  defineCheck({
    id: 'cancel-unknown-ignored',
    title: 'notifications/cancelled for an unknown or finished request, or with malformed params, is ignored, and the server keeps serving',
    level: 'MUST',
    requirements: ['CANC-03', 'CANC-05'],
    eras: MODERN_ONLY,
    async run(ctx) {
      const subResults: SubResult[] = [];
      const cancel = async (id: string, params: JsonObject) => {
        const exchange = await ctx.client.notify('notifications/cancelled', params, {});
        const died = (ctx.client.connection as { alive?: boolean }).alive === false;
        const problem = died ? `the server process exited after it (${describeOutcome(exchange)})` : notificationProblem(exchange);
        subResults.push(problem ? { id, status: 'fail', message: problem } : { id, status: 'pass', message: exchange.transport === 'http' ? `HTTP ${exchange.response?.status}` : 'no response' });
      };
      await cancel('unknown-id', { requestId: UNKNOWN_REQUEST_ID, reason: 'mcp-evals: no such request' });
      // CANC-05: a cancel that arrives just after the request it names has been answered.
      const finishedId = UNKNOWN_REQUEST_ID + 1;
      const finished = await ctx.client.request('server/discover', {}, { id: finishedId });
      if (resultOf(finished)) await cancel('finished-request', { requestId: finishedId, reason: 'mcp-evals: already answered' });
      // CANC-03: malformed params (no requestId) are ignored too.
      await cancel('malformed', { reason: 'mcp-evals: no requestId' });
      const after = await ctx.client.request('server/discover', {});
      subResults.push(
        resultOf(after)
          ? { id: 'still-serving', status: 'pass', message: `server/discover afterwards → ${describeOutcome(after)}` }
          : { id: 'still-serving', status: 'fail', message: `server/discover after the cancellations → ${describeOutcome(after)}` },
      );
      return fromSubResults(subResults, 'cancellations of unknown and finished requests, and malformed ones, are ignored', 'finding');
    },
  }),
  defineCheck({
    id: 'compat-legacy-request-rejected',
    title: 'A 2025-11-25-style request (session id, no _meta, no Mcp-Method) gets 400 with a modern error',
    level: 'SHOULD',
    requirements: ['COMPAT-05', 'COMPAT-02'],
    eras: MODERN_ONLY,
    transport: 'http',
    async run(ctx) {
      if (await isDualEra(ctx)) return skip('dual-era server: it accepts a 2025-11-25 initialize, so 2025-11-25 requests may be served');
      const id = 1;
      const exchange = await ctx.client.raw('tools/list (2025-11-25-style)', JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list', params: {} }), {
        headers: { ...LEGACY_INIT_HEADERS, 'MCP-Protocol-Version': LEGACY, 'Mcp-Session-Id': 'mcp-evals-session' },
        answerId: id,
      });
      const problem = errorProblem(exchange, { codes: MODERN_REFUSALS, status: 400, probe: 'tools/list with MCP-Protocol-Version 2025-11-25 and Mcp-Session-Id, without _meta or Mcp-Method' });
      return problem ? fail(problem) : pass(`a 2025-11-25-style tools/list → ${describeOutcome(exchange)}`);
    },
  }),
];
