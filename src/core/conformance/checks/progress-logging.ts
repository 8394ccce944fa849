import { describeOutcome, errorOf, resultOf } from '../../mcp/answer.js';
import type { McpClient } from '../../mcp/client.js';
import { isResponse, sameId, type TimedMessage } from '../../mcp/connection.js';
import { MODERN, type Exchange, type JsonObject, type ReceivedMessage } from '../../mcp/types.js';
import { defineCheck, fromSubResults, pass, skip, type Verdict } from '../check.js';
import type { CheckContext } from '../context.js';
import { isObject } from '../expect.js';
import { synthesizeArguments } from '../synthesize.js';
import { validateInstance } from '../tool-schema.js';
import type { SubResult } from '../types.js';

/*
 * Progress (PROG), per-request log levels (LOG) and cancellation of a running request (CANC-02).
 * Each check calls one tool on a fresh connection (stdio: its own process, so every line it sees
 * belongs to this probe), asks for notifications through `_meta`, and reads every message with
 * its arrival time (McpClient.stream).
 */

const MODERN_ONLY = [MODERN] as Array<typeof MODERN>;
const LOG_LEVEL = 'io.modelcontextprotocol/logLevel';
/** RFC 5424 order, lowest first (logging.mdx §Log Levels). */
export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];
/**
 * The level the log check asks for: above debug and info, the levels servers use most, so that
 * filtering is visible, and low enough that a server still has something to send.
 */
const REQUESTED_LEVEL = 'notice';
const PROGRESS_TOKEN = 'mcp-evals-progress-1';
const CANCEL_TOKEN = 'mcp-evals-cancel-1';
/** How long to keep reading after the final response (PROG-03). */
const AFTER_ANSWER_MS = 150;
/** Cancel this long after the request went out, then watch this long. */
const CANCEL_AFTER_MS = 250;
const CANCEL_WATCH_MS = 300;
/** A message that was already on its way when the cancel went out is no violation. */
const CANCEL_RACE_MS = 50;
/** Top-level argument names that obviously make a tool take longer. */
const DURATION_PARAM = /^(delay|delay_?ms|duration|duration_?ms|steps|sleep|sleep_?ms|wait|wait_?ms)$/i;
const SLOW_NAME = /slow|long|progress|delay|sleep|wait/i;

interface Picked {
  name: string;
  tool: JsonObject;
  args: Record<string, unknown>;
  durationParams: string[];
}

function durationParams(tool: JsonObject): string[] {
  const properties = (tool.inputSchema as { properties?: unknown } | undefined)?.properties;
  return isObject(properties) ? Object.keys(properties).filter((key) => DURATION_PARAM.test(key) && isObject(properties[key])) : [];
}

function readOnly(tool: JsonObject): boolean {
  return (tool.annotations as { readOnlyHint?: unknown } | undefined)?.readOnlyHint === true;
}

/**
 * One callable tool with synthesizable arguments: tools that look long-running (a slow-like name or
 * a duration parameter) first, since they are the ones that report progress, then read-only ones.
 */
async function pickTool(ctx: CheckContext, filter: (tool: JsonObject) => boolean = () => true): Promise<Picked | { skip: string }> {
  const callable = (await ctx.callableTools()).filter(filter);
  const scored = callable
    .map((tool, index) => {
      const params = durationParams(tool);
      const slowish = params.length > 0 || SLOW_NAME.test(String(tool.name));
      return { tool, index, params, score: (slowish ? 2 : 0) + (readOnly(tool) ? 1 : 0) };
    })
    .sort((a, b) => b.score - a.score || a.index - b.index);
  const reasons: string[] = [];
  for (const { tool, params } of scored) {
    const synthesized = synthesizeArguments(tool.inputSchema);
    if (synthesized.ok) return { name: String(tool.name), tool, args: synthesized.value, durationParams: params };
    reasons.push(`${String(tool.name)}: ${synthesized.reason}`);
  }
  if (callable.length === 0) {
    return { skip: ctx.options.callTools === 'all' ? 'no tool to call' : 'no read-only tool to call (--call-tools all calls the others)' };
  }
  return { skip: `no valid arguments could be synthesized for any callable tool (${reasons.slice(0, 2).join(' | ')})` };
}

function isNotification(message: ReceivedMessage | undefined, method?: string): message is ReceivedMessage {
  return message !== undefined && typeof message.method === 'string' && message.id === undefined && (method === undefined || message.method === method);
}

function paramsOf(message: ReceivedMessage): JsonObject {
  return isObject(message.params) ? message.params : {};
}

/** Index of the response to `id` among the received messages (-1: none). */
function answerIndex(received: TimedMessage[], id: string | number): number {
  return received.findIndex((entry) => entry.message !== undefined && isResponse(entry.message) && sameId(entry.message.id, id));
}

function show(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

async function withFresh<T>(ctx: CheckContext, run: (client: McpClient) => Promise<T>): Promise<T> {
  const client = await ctx.fresh();
  try {
    return await run(client);
  } finally {
    ctx.release(client);
  }
}

/** What the tool call itself came to, for messages. */
function outcome(exchange: Exchange): string {
  const result = resultOf(exchange);
  if (result?.isError === true) return 'a tool error (isError)';
  return describeOutcome(exchange);
}

function judgeProgress(name: string, exchange: Exchange, id: string | number, received: TimedMessage[]): Verdict {
  const progress = received.map((entry, index) => ({ entry, index })).filter(({ entry }) => isNotification(entry.message, 'notifications/progress'));
  const answeredAt = answerIndex(received, id);
  if (progress.length === 0) {
    if (answeredAt === -1) return skip(`${name} with a progressToken got no answer (${outcome(exchange)}), and no progress`);
    return pass(`the server sent no progress for ${name} (allowed: PROG-05)`, [{ id: 'PROG-05', status: 'pass', message: 'no progress notifications: progress is optional' }]);
  }
  const subs: SubResult[] = [];
  const tokenOf = (message: ReceivedMessage) => paramsOf(message).progressToken;
  const foreign = progress.filter(({ entry }) => tokenOf(entry.message!) !== PROGRESS_TOKEN);
  subs.push(
    foreign.length
      ? {
          id: 'PROG-01',
          status: 'fail',
          message: `${foreign.length} progress notification(s) with a token the request did not send: ${show(tokenOf(foreign[0].entry.message!))} (sent ${show(PROGRESS_TOKEN)}; same value and type required)`,
        }
      : { id: 'PROG-01', status: 'pass', message: `every progress notification carries the token ${show(PROGRESS_TOKEN)}` },
  );
  const mine = progress.filter(({ entry }) => tokenOf(entry.message!) === PROGRESS_TOKEN);
  const values = mine.map(({ entry }) => paramsOf(entry.message!).progress);
  const regression = values.findIndex((value, index) => index > 0 && !(typeof value === 'number' && typeof values[index - 1] === 'number' && value > (values[index - 1] as number)));
  subs.push(
    regression === -1
      ? { id: 'PROG-02', status: 'pass', message: `progress strictly increases (${values.map(show).join(', ')})` }
      : { id: 'PROG-02', status: 'fail', message: `progress ${show(values[regression])} follows ${show(values[regression - 1])}: it must strictly increase (${values.map(show).join(', ')})` },
  );
  if (answeredAt === -1) {
    subs.push({ id: 'PROG-03', status: 'skip', message: `no final response to compare with (${outcome(exchange)})` });
  } else {
    const late = progress.filter(({ index }) => index > answeredAt);
    subs.push(
      late.length
        ? { id: 'PROG-03', status: 'fail', message: `${late.length} progress notification(s) after the final response (first: progress ${show(paramsOf(late[0].entry.message!).progress)})` }
        : { id: 'PROG-03', status: 'pass', message: `nothing after the final response (watched ${AFTER_ANSWER_MS} ms)` },
    );
  }
  const shapeProblems = progress.flatMap(({ entry }) => {
    const params = paramsOf(entry.message!);
    const problems: string[] = [];
    if (typeof params.progressToken !== 'string' && typeof params.progressToken !== 'number') problems.push(`progressToken ${show(params.progressToken)} is not a string or number`);
    if (typeof params.progress !== 'number' || !Number.isFinite(params.progress)) problems.push(`progress ${show(params.progress)} is not a number`);
    if (params.total !== undefined && (typeof params.total !== 'number' || !Number.isFinite(params.total))) problems.push(`total ${show(params.total)} is not a number`);
    if (params.message !== undefined && typeof params.message !== 'string') problems.push(`message ${show(params.message)} is not a string`);
    return problems;
  });
  subs.push(
    shapeProblems.length
      ? { id: 'PROG-04', status: 'fail', message: `params must be {progressToken, progress: number, total?: number, message?: string}: ${[...new Set(shapeProblems)].slice(0, 3).join('; ')}` }
      : { id: 'PROG-04', status: 'pass', message: 'params are well-formed' },
  );
  return fromSubResults(subs, `${mine.length} progress notification(s) for ${name}: token echoed, strictly increasing, none after the response`, 'row');
}

/** A value that makes a duration parameter long, within its schema's bounds (undefined: leave it). */
function longValue(name: string, schema: unknown): number | undefined {
  if (!isObject(schema)) return undefined;
  const type = schema.type;
  if (type !== 'integer' && type !== 'number') return undefined;
  // steps: many; a millisecond delay: a noticeable one; a unit-less duration is most likely seconds.
  let value = /steps/i.test(name) ? 10 : /ms$/i.test(name) ? 200 : 2;
  if (typeof schema.maximum === 'number') value = Math.min(value, schema.maximum);
  if (typeof schema.exclusiveMaximum === 'number') value = Math.min(value, schema.exclusiveMaximum - 1);
  if (typeof schema.minimum === 'number') value = Math.max(value, schema.minimum);
  return type === 'integer' ? Math.floor(value) : value;
}

function longRunningArgs(picked: Picked): { args: Record<string, unknown>; changed: string[] } {
  const properties = (picked.tool.inputSchema as { properties?: Record<string, unknown> }).properties ?? {};
  const args = structuredClone(picked.args);
  const changed: string[] = [];
  for (const param of picked.durationParams) {
    const value = longValue(param, properties[param]);
    if (value === undefined) continue;
    args[param] = value;
    changed.push(`${param}=${value}`);
  }
  if (changed.length === 0 || validateInstance(picked.tool.inputSchema, args).errors.length > 0) return { args: picked.args, changed: [] };
  return { args, changed };
}

export const progressLoggingChecks = [
  defineCheck({
    id: 'progress-notifications',
    title: 'Progress for a request echoes its progressToken, strictly increases, is well-formed and stops at the final response',
    level: 'MUST',
    requirements: ['PROG-01', 'PROG-02', 'PROG-03', 'PROG-04', 'PROG-05'],
    eras: MODERN_ONLY,
    watches: true,
    needs: ['tools'],
    freshProcesses: 1,
    ownProcess: true,
    async run(ctx) {
      const picked = await pickTool(ctx);
      if ('skip' in picked) return skip(picked.skip);
      return withFresh(ctx, async (client) => {
        const { id, exchange, received } = await client.stream(
          'tools/call',
          { name: picked.name, arguments: picked.args },
          { metaPatch: { progressToken: PROGRESS_TOKEN }, collectMs: ctx.options.timeoutMs, afterAnswerMs: AFTER_ANSWER_MS },
        );
        return judgeProgress(picked.name, exchange, id, received);
      });
    },
  }),
  defineCheck({
    id: 'log-level-filtering',
    title: 'With a logLevel, log messages are at or above it and go only to the request that asked',
    level: 'MUST',
    requirements: ['LOG-02', 'LOG-03', 'LOG-05'],
    eras: MODERN_ONLY,
    watches: true,
    needs: ['tools'],
    freshProcesses: 1,
    ownProcess: true,
    async run(ctx) {
      const picked = await pickTool(ctx);
      if ('skip' in picked) return skip(picked.skip);
      const call = { name: picked.name, arguments: picked.args };
      return withFresh(ctx, async (client) => {
        const stream = { collectMs: ctx.options.timeoutMs, afterAnswerMs: AFTER_ANSWER_MS };
        // LOG-03 needs streams that belong to one request each: HTTP only (stdio has one stream for all).
        const [logged, unlogged] = await Promise.all([
          client.stream('tools/call', call, { ...stream, metaPatch: { [LOG_LEVEL]: REQUESTED_LEVEL } }),
          ctx.transport === 'http' ? client.stream('tools/call', call, stream) : Promise.resolve(undefined),
        ]);
        const messages = logged.received.flatMap((entry) => (isNotification(entry.message, 'notifications/message') ? [entry.message] : []));
        const subs: SubResult[] = [];
        const below = messages.filter((message) => {
          const index = LOG_LEVELS.indexOf(String(paramsOf(message).level));
          return index === -1 || index < LOG_LEVELS.indexOf(REQUESTED_LEVEL);
        });
        subs.push(
          below.length
            ? {
                id: 'LOG-02',
                status: 'warn',
                message: `${below.length} of ${messages.length} log message(s) below the requested ${REQUESTED_LEVEL} (levels: ${[...new Set(below.map((m) => show(paramsOf(m).level)))].join(', ')})`,
              }
            : { id: 'LOG-02', status: 'pass', message: messages.length ? `${messages.length} message(s), all at ${REQUESTED_LEVEL} or above` : `nothing logged at ${REQUESTED_LEVEL} or above` },
        );
        if (unlogged) {
          const leaked = unlogged.received.filter((entry) => isNotification(entry.message, 'notifications/message'));
          subs.push(
            leaked.length
              ? { id: 'LOG-03', status: 'fail', message: `${leaked.length} log message(s) on the stream of a concurrent request that set no logLevel` }
              : { id: 'LOG-03', status: 'pass', message: 'the concurrent request without a logLevel got no log messages' },
          );
        }
        if (messages.length > 0) {
          const problems = messages.flatMap((message) => {
            const params = paramsOf(message);
            const found: string[] = [];
            if (typeof params.level !== 'string') found.push(`level ${show(params.level)} is not a string`);
            if (!('data' in params)) found.push('data is missing');
            if (params.logger !== undefined && typeof params.logger !== 'string') found.push(`logger ${show(params.logger)} is not a string`);
            return found;
          });
          if (!ctx.declares('logging')) problems.unshift('the server emits notifications/message but does not declare capabilities.logging');
          subs.push(
            problems.length
              ? { id: 'LOG-05', status: 'fail', message: [...new Set(problems)].slice(0, 3).join('; ') }
              : { id: 'LOG-05', status: 'pass', message: 'logging is declared and messages are {level, logger?, data}' },
          );
        }
        const answered = resultOf(logged.exchange) ?? errorOf(logged.exchange);
        const what = `${picked.name} with logLevel ${REQUESTED_LEVEL}${answered ? '' : ` (${outcome(logged.exchange)})`}`;
        if (messages.length === 0 && subs.every((sub) => sub.status === 'pass')) return pass(`nothing logged for ${what}`, subs);
        return fromSubResults(subs, `${what}: ${messages.length} message(s), all at ${REQUESTED_LEVEL} or above, only on its own stream`, 'row');
      });
    },
  }),
  defineCheck({
    id: 'cancel-stops-request',
    title: 'After notifications/cancelled, a long-running request sends no more progress and no response',
    level: 'SHOULD',
    requirements: ['CANC-02'],
    eras: MODERN_ONLY,
    watches: true,
    transport: 'stdio',
    needs: ['tools'],
    // Counted though it is taken only when a tool can run long: a spare started for nothing costs a
    // start beside the others, one taken unplanned a start-up in series (it took the era probe's).
    freshProcesses: 1,
    ownProcess: true,
    async run(ctx) {
      // Only a tool that can obviously be made to run long is a fair probe: a fast one answers before any cancel.
      const callable = await ctx.callableTools();
      if (!callable.some((tool) => durationParams(tool).length > 0)) {
        const scope = ctx.options.callTools === 'all' ? 'no tool' : 'no read-only tool (--call-tools all considers the others)';
        return skip(`${scope} has a duration parameter (delayMs, duration, steps...) that makes it long-running`);
      }
      const picked = await pickTool(ctx, (tool) => durationParams(tool).length > 0);
      if ('skip' in picked) return skip(picked.skip);
      const { args, changed } = longRunningArgs(picked);
      return withFresh(ctx, async (client) => {
        const requestId = 'mcp-evals-cancel-1';
        const call = client.stream(
          'tools/call',
          { name: picked.name, arguments: args },
          { id: requestId, metaPatch: { progressToken: CANCEL_TOKEN }, collectMs: CANCEL_AFTER_MS + 2 * CANCEL_WATCH_MS + 100 },
        );
        await new Promise((resolve) => setTimeout(resolve, CANCEL_AFTER_MS));
        const cancelAt = Date.now();
        await client.notify('notifications/cancelled', { requestId, reason: 'mcp-evals conformance probe' }, { quietMs: CANCEL_WATCH_MS });
        // The notification went out with a fence request behind it, answered once the server had read
        // the cancel (stdin is read in order, stdout written in order): what we read before that answer
        // was on its way before the cancel counted, however late a loaded machine let us read it. A
        // fence answered only after the watch (a running tool keeps the server from reading the
        // cancel at all) excuses nothing past CANCEL_RACE_MS.
        const fenced = Date.now();
        const readBy = fenced - cancelAt <= CANCEL_WATCH_MS ? fenced : cancelAt;
        const { exchange, received } = await call;
        const watched = exchange.startedAt + exchange.durationMs - cancelAt;
        const forRequest = received.filter(
          ({ message }) =>
            message !== undefined &&
            ((isResponse(message) && sameId(message.id, requestId)) || (isNotification(message, 'notifications/progress') && paramsOf(message).progressToken === CANCEL_TOKEN)),
        );
        const how = `${picked.name}(${changed.join(', ') || 'synthesized arguments'})`;
        const answer = forRequest.find(({ message }) => isResponse(message!));
        if (answer && answer.at <= cancelAt) return skip(`${how} finished ${answer.at - exchange.startedAt} ms in, before the cancel went out: not long-running enough to judge`);
        const late = forRequest.filter(({ at }) => at > Math.max(cancelAt + CANCEL_RACE_MS, readBy));
        // A cancel a loaded machine sent late leaves less of the window to watch: too little to call a pass (a server that ignores it may simply not have spoken yet).
        if (late.length === 0 && watched < CANCEL_WATCH_MS) return skip(`${how}: only ${watched} ms watched after notifications/cancelled (it went out ${cancelAt - exchange.startedAt} ms in, on a slow machine), less than the ${CANCEL_WATCH_MS} ms needed to judge`);
        if (late.length === 0) return pass(`${how}: nothing more for the request in the ${watched} ms after notifications/cancelled`);
        const kinds = late.map(({ message }) => (isResponse(message!) ? 'the response' : `progress ${show(paramsOf(message!).progress)}`));
        return { status: 'fail', message: `${how}: after notifications/cancelled the server still sent ${kinds.slice(0, 4).join(', ')} (${late[0].at - cancelAt} ms after the cancel)` };
      });
    },
  }),
];
