import { describeOutcome, resultOf } from '../../mcp/answer.js';
import { LEGACY, MODERN } from '../../mcp/types.js';
import { defineCheck, fail, pass } from '../check.js';

const BOTH = [MODERN, LEGACY] as Array<typeof MODERN | typeof LEGACY>;
const EXIT_GRACE_MS = 5000;

export const stdioChecks = [
  defineCheck({
    id: 'stdio-only-messages-on-stdout',
    title: 'stdout carries only newline-delimited UTF-8 JSON-RPC messages (no banners, no logs)',
    level: 'MUST',
    requirements: ['STDIO-01', 'STDIO-02', 'STDIO-04'],
    eras: BOTH,
    transport: 'stdio',
    late: true,
    async run(ctx) {
      // stderr is free-form (STDIO-04) and never judged; only stdout lines are.
      const garbage = ctx.client.connection.unsolicited().filter((record) => record.message === undefined);
      const inline = ctx.client.log.all().flatMap((ex) => ex.response?.garbage ?? []);
      const all = [...new Set([...garbage.map((g) => `${g.reason}: ${g.raw.slice(0, 120)}`), ...inline])];
      return all.length ? fail(`${all.length} stdout line(s) that are not JSON-RPC messages, first: ${all[0]}`) : pass('every stdout line is one JSON-RPC message');
    },
  }),
  defineCheck({
    id: 'stdio-no-server-requests',
    title: 'The server never writes a JSON-RPC request to stdout',
    level: 'MUST',
    requirements: ['STDIO-03', 'MRTR-10'],
    eras: [MODERN],
    transport: 'stdio',
    late: true,
    async run(ctx) {
      const requests = ctx.client.connection.unsolicited().filter((record) => record.reason === 'request from the server');
      return requests.length ? fail(`the server sent ${requests.length} request(s), first: ${requests[0].raw.slice(0, 160)}`) : pass('none');
    },
  }),
  defineCheck({
    id: 'stdio-notification-no-response',
    title: 'A notification gets no response line',
    level: 'MUST',
    requirements: ['RT-06', 'CANC-03'],
    eras: BOTH,
    transport: 'stdio',
    async run(ctx) {
      const exchange = await ctx.client.notify('notifications/cancelled', { requestId: 'mcp-evals-unknown-request', reason: 'conformance probe' }, {});
      const replies = (exchange.response?.messages ?? []).filter((m) => m.id !== undefined && m.method === undefined);
      return replies.length ? fail(`the server answered a notification: ${JSON.stringify(replies[0]).slice(0, 160)}`) : pass('no reply');
    },
  }),
  defineCheck({
    id: 'stdio-concurrent-requests',
    title: 'Several requests in flight are each answered by id',
    level: 'SHOULD',
    requirements: ['STDIO-06'],
    eras: BOTH,
    transport: 'stdio',
    async run(ctx) {
      const method = ctx.era === MODERN ? 'server/discover' : ctx.declares('tools') ? 'tools/list' : 'ping';
      const exchanges = await Promise.all([0, 1, 2, 3].map(() => ctx.client.request(method, {})));
      const bad = exchanges.filter((ex) => !resultOf(ex));
      return bad.length ? fail(`${bad.length} of 4 concurrent ${method} requests went unanswered or failed: ${describeOutcome(bad[0])}`) : pass('4 concurrent requests, 4 answers matched by id');
    },
  }),
  defineCheck({
    id: 'stdio-exit-on-stdin-close',
    title: 'Closing stdin makes the server exit promptly',
    level: 'SHOULD',
    requirements: ['STDIO-05'],
    eras: BOTH,
    transport: 'stdio',
    freshProcesses: 1,
    ownProcess: true,
    async run(ctx) {
      const fresh = await ctx.fresh();
      await fresh.request(ctx.era === MODERN ? 'server/discover' : 'ping', {});
      const started = Date.now();
      const closed = await ctx.closeFresh(fresh);
      return closed.exitedPromptly
        ? pass(`exited ${Date.now() - started} ms after stdin closed`)
        : fail(`still running ${EXIT_GRACE_MS} ms after stdin closed; it had to be killed`);
    },
  }),
];
