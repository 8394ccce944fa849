import { describeOutcome, errorOf, resultOf } from '../../mcp/answer.js';
import type { McpClient } from '../../mcp/client.js';
import { sameId, type TimedMessage } from '../../mcp/connection.js';
import { MODERN, type Exchange, type JsonObject, type ReceivedMessage } from '../../mcp/types.js';
import { defineCheck, fail, fromSubResults } from '../check.js';
import type { CheckContext } from '../context.js';
import { isObject } from '../expect.js';
import type { SubResult } from '../types.js';

/*
 * subscriptions/listen (SUB): open a listen stream on a fresh connection (stdio: its own process,
 * so every line belongs to the listens sent there), read it for a while, then close it (HTTP: abort
 * the response; stdio: end the process).
 */

const MODERN_ONLY = [MODERN] as Array<typeof MODERN>;
const SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';
const ACKNOWLEDGED = 'notifications/subscriptions/acknowledged';
/**
 * How long each listen is watched once its acknowledgment is in (the notifications the fixture's
 * breaks send come 100 ms after it). The acknowledgment itself may take up to the request deadline:
 * the window counts from the server's first sign of serving the stream, never from the request
 * (on a loaded machine, or a server still warming up, that can be long). stdio then adds a fence.
 */
const AFTER_ACK_MS = 250;
/** The filter every check sends (SUB-01, SUB-06: toolsListChanged alone). */
const REQUESTED = { toolsListChanged: true };

/** Each list-changed filter flag, the capability that must declare listChanged, and its notification. */
const FLAGS: Record<string, { capability: string; method: string }> = {
  toolsListChanged: { capability: 'tools', method: 'notifications/tools/list_changed' },
  promptsListChanged: { capability: 'prompts', method: 'notifications/prompts/list_changed' },
  resourcesListChanged: { capability: 'resources', method: 'notifications/resources/list_changed' },
};
const RESOURCE_UPDATED = 'notifications/resources/updated';

interface Listen {
  id: string | number;
  exchange: Exchange;
  received: TimedMessage[];
  endedByServer: boolean;
}

function notifications(received: TimedMessage[]): ReceivedMessage[] {
  return received.flatMap(({ message }) => (message && typeof message.method === 'string' && message.id === undefined ? [message] : []));
}

function subscriptionIdOf(message: ReceivedMessage): unknown {
  const meta = isObject(message.params) ? message.params._meta : undefined;
  return isObject(meta) ? meta[SUBSCRIPTION_ID] : undefined;
}

function show(value: unknown): string {
  return value === undefined ? 'none' : (JSON.stringify(value) ?? String(value));
}

/** A listen read until its acknowledgment (any, for the first: SUB-02 judges its id), then AFTER_ACK_MS more. */
function listen(client: McpClient, collectMs: number, id?: string | number): Promise<Listen> {
  const ackFor = (message: ReceivedMessage) => message.method === ACKNOWLEDGED && (id === undefined || sameId(subscriptionIdOf(message) ?? null, id));
  return client.stream('subscriptions/listen', { notifications: REQUESTED }, { id, collectMs, until: ackFor, afterMatchMs: AFTER_ACK_MS });
}

/** Why the listen did not give an open stream (SUB-01), or undefined when it did. */
function notOpen(ctx: CheckContext, opened: Listen): string | undefined {
  const { exchange } = opened;
  const error = errorOf(exchange);
  if (error?.code === -32601) return 'subscriptions/listen → -32601 (method not found): every 2026-07-28 server must support subscriptions/listen';
  if (error) return `subscriptions/listen → ${describeOutcome(exchange)}`;
  if (exchange.failure) return `subscriptions/listen: ${exchange.failure}`;
  if (resultOf(exchange)) return `subscriptions/listen was answered with a result (after ${exchange.durationMs} ms): the subscription ended instead of staying open`;
  if (ctx.transport === 'http') {
    const response = exchange.response;
    const contentType = response?.contentType ?? '';
    if (response?.status !== 200 || !contentType.toLowerCase().startsWith('text/event-stream')) {
      return `subscriptions/listen → HTTP ${response?.status ?? '?'} ${contentType || 'without a Content-Type'}; expected 200 with an SSE stream`;
    }
    if (opened.endedByServer) return `the SSE stream ended ${exchange.durationMs} ms after it opened; it must stay open until the client closes it`;
  } else if (opened.endedByServer) {
    return `the server process exited while the subscription was open`;
  }
  return undefined;
}

/** SUB-02 … SUB-07 on the messages of one listen (HTTP: its stream; stdio: its process, where it is alone). */
function judgeStream(ctx: CheckContext, opened: Listen, collectMs: number): SubResult[] {
  const messages = notifications(opened.received);
  const subs: SubResult[] = [];
  const ackIndex = messages.findIndex((message) => message.method === ACKNOWLEDGED);
  const ack = ackIndex === -1 ? undefined : messages[ackIndex];
  if (!ack) {
    subs.push({ id: 'SUB-02', status: 'fail', message: `no ${ACKNOWLEDGED} within ${collectMs} ms` });
    subs.push({ id: 'SUB-03', status: 'skip', message: 'no acknowledgment to compare with' });
    subs.push({ id: 'SUB-04', status: 'skip', message: 'no acknowledgment' });
  } else {
    const ackId = subscriptionIdOf(ack);
    const filter = isObject(ack.params) ? ack.params.notifications : undefined;
    const problems: string[] = [];
    if (ackId !== opened.id) {
      const sameValue = ackId !== undefined && sameId(ackId, opened.id);
      problems.push(`_meta["${SUBSCRIPTION_ID}"] is ${show(ackId)}${sameValue ? ` (a ${typeof ackId})` : ''}; expected the listen id ${show(opened.id)}${sameValue ? ` (a ${typeof opened.id})` : ''}`);
    }
    if (!isObject(filter)) problems.push(`params.notifications is ${show(filter)}, not an object`);
    subs.push({ id: 'SUB-02', status: problems.length ? 'fail' : 'pass', message: problems.join('; ') || `acknowledged with subscriptionId ${show(ackId)}` });
    const before = messages.slice(0, ackIndex);
    subs.push(
      before.length
        ? { id: 'SUB-03', status: 'fail', message: `${before.map((m) => String(m.method)).join(', ')} came before the acknowledgment` }
        : { id: 'SUB-03', status: 'pass', message: 'the acknowledgment came first' },
    );
    subs.push(judgeFilter(ctx, filter));
  }

  const after = ack ? messages.slice(ackIndex + 1) : messages;
  const untagged = after.filter((message) => !sameId(subscriptionIdOf(message) ?? null, opened.id));
  subs.push(
    untagged.length
      ? { id: 'SUB-05', status: 'fail', message: `${untagged[0].method} carries subscriptionId ${show(subscriptionIdOf(untagged[0]))}; every notification on the stream must carry ${show(opened.id)}` }
      : { id: 'SUB-05', status: 'pass', message: after.length ? `${after.length} later notification(s), all tagged` : 'no later notifications' },
  );

  const allowed = new Set(Object.entries(REQUESTED).flatMap(([flag, on]) => (on ? [FLAGS[flag].method] : [])));
  const unrequested = messages.filter((message) => (Object.values(FLAGS).some((flag) => flag.method === message.method) || message.method === RESOURCE_UPDATED) && !allowed.has(String(message.method)));
  subs.push(
    unrequested.length
      ? { id: 'SUB-06', status: 'fail', message: `${unrequested[0].method} arrived although only ${Object.keys(REQUESTED).join(', ')} was requested` }
      : { id: 'SUB-06', status: 'pass', message: 'only requested notification types' },
  );

  const forbidden = messages.filter((message) => message.method === 'notifications/progress' || message.method === 'notifications/message');
  subs.push(
    forbidden.length
      ? { id: 'SUB-07', status: 'fail', message: `${forbidden[0].method} on the listen stream (progress and log messages belong to the request that asked for them)` }
      : { id: 'SUB-07', status: 'pass', message: 'no progress or log messages on the stream' },
  );
  return subs;
}

/** SUB-04 (IMPLIED, so a warning): the honoured filter is a subset of the requested one, without unsupported types. */
function judgeFilter(ctx: CheckContext, filter: unknown): SubResult {
  if (!isObject(filter)) return { id: 'SUB-04', status: 'skip', message: 'the acknowledgment has no notifications object' };
  const problems: string[] = [];
  for (const [flag, value] of Object.entries(filter)) {
    if (flag === 'resourceSubscriptions') {
      if (Array.isArray(value) && value.length > 0) problems.push(`resourceSubscriptions ${show(value)} although none were requested`);
      continue;
    }
    if (value !== true) continue;
    if (!(flag in REQUESTED)) problems.push(`${flag} was not requested`);
    const declared = FLAGS[flag] ? (ctx.discovery.capabilities[FLAGS[flag].capability] as JsonObject | undefined)?.listChanged === true : false;
    if (FLAGS[flag] && !declared) problems.push(`${flag} although capabilities.${FLAGS[flag].capability}.listChanged is not declared`);
  }
  return problems.length
    ? { id: 'SUB-04', status: 'warn', message: `the acknowledged filter ${show(filter)} claims ${problems.join('; ')}` }
    : { id: 'SUB-04', status: 'pass', message: `acknowledged ${show(filter)} of ${show(REQUESTED)}` };
}

/** SUB-10 (IMPLIED): two concurrent listens, each acknowledged with its own id. */
async function judgePair(ctx: CheckContext, client: McpClient): Promise<SubResult> {
  const ids: Array<string | number> = ['mcp-evals-listen-b', 9001];
  const pair = await Promise.all(ids.map((id) => listen(client, ctx.options.timeoutMs, id)));
  const problems: string[] = [];
  for (const opened of pair) {
    const why = notOpen(ctx, opened);
    if (why) {
      problems.push(`listen ${show(opened.id)}: ${why}`);
      continue;
    }
    // stdio: both listens share the process, so each looks for the acknowledgment that names it.
    const acks = notifications(opened.received).filter((message) => message.method === ACKNOWLEDGED);
    if (acks.some((ack) => sameId(subscriptionIdOf(ack) ?? null, opened.id))) continue;
    problems.push(acks.length ? `listen ${show(opened.id)} was acknowledged with ${acks.map((ack) => show(subscriptionIdOf(ack))).join(', ')}` : `listen ${show(opened.id)} got no acknowledgment`);
  }
  return problems.length
    ? { id: 'SUB-10', status: 'warn', message: `two concurrent listens: ${problems.join('; ')}` }
    : { id: 'SUB-10', status: 'pass', message: `two concurrent listens (${ids.map(show).join(', ')}) each acknowledged with its own id` };
}

export const subscriptionChecks = [
  defineCheck({
    id: 'subscriptions-listen',
    title: 'subscriptions/listen opens a stream whose first message is the acknowledgment, and every notification on it is tagged and requested',
    level: 'MUST',
    requirements: ['SUB-01', 'SUB-02', 'SUB-03', 'SUB-04', 'SUB-05', 'SUB-06', 'SUB-07', 'SUB-10'],
    eras: MODERN_ONLY,
    watches: true,
    freshProcesses: 1,
    ownProcess: true,
    async run(ctx) {
      const client = await ctx.fresh();
      try {
        const collectMs = ctx.options.timeoutMs;
        // Over HTTP each listen is a stream of its own: the pair (SUB-10) is watched while the first
        // one is, which takes one window off the run's longest check. Over stdio every line of the
        // process counts as the first listen's (judgeStream), so the pair waits for it.
        const pairing = ctx.transport === 'http' ? judgePair(ctx, client) : undefined;
        pairing?.catch(() => undefined);
        const opened = await listen(client, collectMs);
        const why = notOpen(ctx, opened);
        if (why) {
          await pairing?.catch(() => undefined);
          return fail(`SUB-01: ${why}`, [{ id: 'SUB-01', status: 'fail', message: why }]);
        }
        const where = ctx.transport === 'http' ? 'an SSE stream that stayed open' : 'no error';
        const subs: SubResult[] = [
          { id: 'SUB-01', status: 'pass', message: `listen ${show(opened.id)}: ${where} for ${opened.exchange.durationMs} ms` },
          ...judgeStream(ctx, opened, collectMs),
        ];
        subs.push(await (pairing ?? judgePair(ctx, client)));
        return fromSubResults(subs, `listen stream acknowledged with id ${show(opened.id)}; ${notifications(opened.received).length} notification(s), all tagged and requested; concurrent listens tagged independently`, 'row');
      } finally {
        ctx.release(client);
      }
    },
  }),
];
