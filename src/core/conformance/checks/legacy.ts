import { describeOutcome, errorOf, resultOf } from '../../mcp/answer.js';
import { LEGACY } from '../../mcp/types.js';
import { defineCheck, fail, fromSubResults, pass, warn } from '../check.js';
import { isObject } from '../expect.js';
import { migrationNote } from '../migration.js';
import { MISSING_RESOURCE_URI } from './resources.js';
import { foreignOrigin } from './http.js';
import { envelopeSubResults } from './results.js';

const LEGACY_ONLY = [LEGACY] as Array<typeof LEGACY>;

/** Checks for a server that does not speak 2026-07-28: the runner already did the 2025-11-25 handshake. */
export const legacyChecks = [
  defineCheck({
    id: 'legacy-initialize',
    title: 'initialize returns a 2025-11-25 InitializeResult with protocolVersion and serverInfo',
    level: 'MUST',
    requirements: [],
    eras: LEGACY_ONLY,
    async run(ctx) {
      const exchange = ctx.discovery.exchange;
      const result = resultOf(exchange);
      if (!result) return fail(`initialize → ${describeOutcome(exchange)}`);
      const problems = ctx.schemas.validate(LEGACY, 'InitializeResult', result).map((e) => `InitializeResult: ${e}`);
      const info = result.serverInfo;
      if (!isObject(info) || typeof info.name !== 'string' || typeof info.version !== 'string') problems.unshift(`serverInfo should be {name, version}; got ${JSON.stringify(info)}`);
      if (typeof result.protocolVersion !== 'string') problems.unshift(`protocolVersion is not a string (${JSON.stringify(result.protocolVersion)})`);
      if (problems.length) return fail([...new Set(problems)].join('; '));
      const version = result.protocolVersion as string;
      const note = version === LEGACY ? '' : ` (asked for ${LEGACY}; the server chose ${version}, so the checks ran as a ${LEGACY} client)`;
      return pass(`protocolVersion ${version}, serverInfo ${String((info as { name: string }).name)} ${String((info as { version: string }).version)}${note}`);
    },
  }),
  defineCheck({
    id: 'legacy-session',
    title: 'A 2025-11-25 session id is honoured, and a request without it gets 400',
    level: 'SHOULD',
    requirements: [],
    eras: LEGACY_ONLY,
    transport: 'http',
    async run(ctx) {
      const session = ctx.discovery.exchange.response?.headers?.['mcp-session-id'];
      if (!session) return pass('stateless: initialize issued no Mcp-Session-Id');
      const method = ctx.declares('tools') ? 'tools/list' : 'ping';
      const withSession = await ctx.client.request(method, {}, { headers: { 'Mcp-Session-Id': session } });
      if (!resultOf(withSession)) return fail(`${method} with the issued Mcp-Session-Id → ${describeOutcome(withSession)}`);
      const without = await ctx.client.request(method, {}, { headers: { 'Mcp-Session-Id': null }, label: 'without Mcp-Session-Id' });
      if (without.response?.status !== 400) {
        return fail(`${method} without Mcp-Session-Id → ${describeOutcome(without)}; a server that issues session ids should answer HTTP 400`);
      }
      return pass(`session ${session}: ${method} with it → ${describeOutcome(withSession)}; without it → ${describeOutcome(without)}`);
    },
  }),
  defineCheck({
    id: 'legacy-foreign-origin',
    title: 'A request with a foreign Origin gets 403 (2025-11-25 transport: servers must validate Origin)',
    level: 'MUST',
    // The 2025-11-25 Streamable HTTP transport's own rule; HTTP-ORG-01 is its 2026-07-28 counterpart.
    requirements: [],
    eras: LEGACY_ONLY,
    transport: 'http',
    run: (ctx) => foreignOrigin(ctx, 'ping'),
  }),
  defineCheck({
    id: 'legacy-ping',
    title: 'ping returns an empty result',
    level: 'MUST',
    requirements: [],
    eras: LEGACY_ONLY,
    async run(ctx) {
      const exchange = await ctx.client.request('ping', {});
      const result = resultOf(exchange);
      if (!result) return fail(`ping → ${describeOutcome(exchange)}`);
      const errors = ctx.schemas.validate(LEGACY, 'EmptyResult', result);
      return errors.length ? fail(`ping result does not match EmptyResult: ${errors.join('; ')}`) : pass(`ping → ${describeOutcome(exchange)}`);
    },
  }),
  defineCheck({
    id: 'legacy-resource-missing',
    title: 'Reading a resource that does not exist gets a JSON-RPC error',
    level: 'SHOULD',
    requirements: [],
    eras: LEGACY_ONLY,
    needs: ['resources'],
    async run(ctx) {
      const exchange = await ctx.client.request('resources/read', { uri: MISSING_RESOURCE_URI });
      const error = errorOf(exchange);
      const probe = `resources/read ${MISSING_RESOURCE_URI}`;
      if (!error) {
        const result = resultOf(exchange);
        const empty = result && Array.isArray(result.contents) && result.contents.length === 0;
        return fail(`${probe} → ${describeOutcome(exchange)}${empty ? ' with contents []' : ''}; a missing resource should be a JSON-RPC error`);
      }
      if (error.code === -32002) return pass(`${probe} → ${describeOutcome(exchange)}: right for 2025-11-25; 2026-07-28 requires -32602 instead`);
      if (error.code === -32602) return pass(`${probe} → ${describeOutcome(exchange)} (already the 2026-07-28 code)`);
      return pass(`${probe} → ${describeOutcome(exchange)}: an error (2025-11-25 suggests -32002; 2026-07-28 requires -32602)`);
    },
  }),
  defineCheck({
    id: 'legacy-not-migrated',
    title: 'Advice: the server could speak 2026-07-28 (not a 2025-11-25 rule)',
    level: 'SHOULD',
    // No requirement row: the rows are 2026-07-28 rules, and a 2025-11-25 server breaks none of them by being one.
    requirements: [],
    eras: LEGACY_ONLY,
    async run(ctx) {
      return warn(`Advice, not a 2025-11-25 rule: ${migrationNote(ctx.transport)}`);
    },
  }),
  defineCheck({
    id: 'legacy-response-envelope',
    title: 'Each response echoes the request id and holds result xor a well-formed error; a request the 2025-11-25 HTTP transport refuses (4xx) may get id null',
    level: 'MUST',
    requirements: [],
    eras: LEGACY_ONLY,
    late: true,
    async run(ctx) {
      await ctx.ensureInventory();
      // JSON-RPC 2.0 lets an error carry id null when the id could not be used; the 2025-11-25 transport
      // refuses a request without (or with an unknown) Mcp-Session-Id with HTTP 400/404 before reading it,
      // and widely used servers answer those with id null (legacy-session asks for exactly that 400).
      const subs = envelopeSubResults(ctx.client.log.all(), (answer, exchange) => {
        const refused = (exchange.response?.status ?? 0) >= 400 || errorOf(exchange)?.code === -32700;
        return refused && (answer.id === null || answer.id === undefined);
      });
      return fromSubResults(subs, `all ${subs.length} responses are well-formed JSON-RPC 2.0`, 'response');
    },
  }),
];
