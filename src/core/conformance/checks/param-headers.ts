import { describeOutcome, errorOf } from '../../mcp/answer.js';
import { rawPost } from '../../mcp/raw-http.js';
import { MODERN, type Exchange, type JsonObject } from '../../mcp/types.js';
import { defineCheck, fromSubResults, skip } from '../check.js';
import type { CheckContext } from '../context.js';
import { errorProblem } from '../expect.js';
import { synthesizeArguments } from '../synthesize.js';
import type { SubResult } from '../types.js';
import { paramHeaders, scanMcpHeaders, type HeaderDeclaration } from './tools.js';

/** A value of the declared parameter's type, for when the synthesized arguments leave it out. */
function sampleFor(schema: unknown): string | number | boolean {
  const type = (schema as { type?: unknown } | undefined)?.type;
  if (type === 'integer' || type === 'number') return 42;
  if (type === 'boolean') return true;
  return 'mcp-evals-probe';
}

function schemaAt(inputSchema: unknown, path: string[]): unknown {
  let node = inputSchema as JsonObject | undefined;
  for (const key of path) node = (node?.properties as JsonObject | undefined)?.[key] as JsonObject | undefined;
  return node;
}

function withValue(args: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(args);
  let node: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    node[key] = typeof node[key] === 'object' && node[key] !== null ? node[key] : {};
    node = node[key] as Record<string, unknown>;
  }
  if (value === undefined) delete node[path[path.length - 1]];
  else node[path[path.length - 1]] = value;
  return copy;
}

/** A different value of the same type, so only the header/body comparison can reject it. */
function differentFrom(value: unknown): string {
  if (typeof value === 'number') return String(value + 1);
  if (typeof value === 'boolean') return value ? 'false' : 'true';
  return `${String(value)}-different`;
}

function call(ctx: CheckContext, name: string, args: Record<string, unknown>, headers: Record<string, string | null>, label: string): Promise<Exchange> {
  return ctx.client.request('tools/call', { name, arguments: args }, { headers, label });
}

/** Anything but a header rejection: the request got past header validation. */
function accepted(exchange: Exchange): boolean {
  return !exchange.failure && errorOf(exchange)?.code !== -32020 && exchange.response?.status !== 400;
}

/**
 * HTTP-HDR-14: the header carries the raw UTF-8 bytes of "café"; the body carries what a lenient
 * (latin1) reader of those bytes sees, so only a server that checks the characters rejects it.
 */
async function rawBytesProbe(ctx: CheckContext, name: string, inputSchema: unknown, args: Record<string, unknown>, declaration: HeaderDeclaration): Promise<SubResult> {
  const value = 'café';
  const lenient = Buffer.from(value, 'utf8').toString('latin1');
  const probeArgs = withValue(args, declaration.path, lenient);
  const params = { name, arguments: probeArgs, _meta: ctx.client.defaultMeta() };
  const header = `Mcp-Param-${declaration.header}`;
  const headers = { ...ctx.client.standardHeaders('tools/call', params), ...paramHeaders(inputSchema, probeArgs) };
  const lines = Object.entries(headers)
    .filter(([key]) => key.toLowerCase() !== header.toLowerCase())
    .map(([key, text]) => Buffer.from(`${key}: ${text}`, 'latin1'));
  lines.push(Buffer.concat([Buffer.from(`${header}: `), Buffer.from(value, 'utf8')]));
  const body = JSON.stringify({ jsonrpc: '2.0', id: 'raw-param-1', method: 'tools/call', params });
  const exchange = ctx.client.log.add(await rawPost(ctx.target.description, lines, body, ctx.options.timeoutMs), ctx.era);
  const problem = errorProblem(exchange, { codes: [-32020], status: 400, probe: `${name} with raw UTF-8 bytes in ${header}` });
  return { id: 'HTTP-HDR-14', status: problem ? 'fail' : 'pass', message: problem ?? 'raw non-ASCII bytes rejected with -32020' };
}

export const paramHeaderChecks = [
  defineCheck({
    id: 'http-param-headers',
    title: 'Mcp-Param-* headers of x-mcp-header parameters are required, compared with the body, and decoded',
    level: 'MUST',
    requirements: ['HTTP-HDR-11', 'HTTP-HDR-12', 'HTTP-HDR-13', 'HTTP-HDR-14', 'HTTP-HDR-15'],
    eras: [MODERN],
    transport: 'http',
    needs: ['tools'],
    async run(ctx) {
      // A conforming server rejects these probes before the tool runs; a broken one would run it, so
      // only tools the checker may call (read-only by default) are probed.
      const candidates = (await ctx.callableTools())
        .map((tool) => ({ tool, declarations: scanMcpHeaders(tool.inputSchema) }))
        .filter(({ declarations }) => declarations.problems.length === 0 && declarations.declarations.length > 0);
      if (candidates.length === 0) {
        return skip(ctx.options.callTools === 'all' ? 'no tool declares a valid x-mcp-header' : 'no read-only tool declares a valid x-mcp-header (--call-tools all probes the others)');
      }
      const { tool, declarations } = candidates[0];
      const name = String(tool.name);
      const synthesized = synthesizeArguments(tool.inputSchema);
      if (!synthesized.ok) return skip(`${name}: no valid arguments could be synthesized (${synthesized.reason})`);
      const declaration: HeaderDeclaration = declarations.declarations[0];
      const current = declaration.path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], synthesized.value);
      const value = current === undefined || current === null ? sampleFor(schemaAt(tool.inputSchema, declaration.path)) : current;
      const args = withValue(synthesized.value, declaration.path, value);
      const headers = paramHeaders(tool.inputSchema, args);
      const header = `Mcp-Param-${declaration.header}`;
      // The probes are independent (2026-07-28 HTTP is stateless): sent together, a hanging server costs one deadline.
      const expectRejected = async (id: string, overrides: Record<string, string | null>, probe: string): Promise<SubResult> => {
        const exchange = await call(ctx, name, args, { ...headers, ...overrides }, probe);
        const problem = errorProblem(exchange, { codes: [-32020], status: 400, probe: `${name} with ${probe}` });
        return { id, status: problem ? 'fail' : 'pass', message: problem ?? `${probe}: rejected with -32020` };
      };
      const probes: Array<Promise<SubResult>> = [
        expectRejected('HTTP-HDR-11', { [header]: null }, `${header} left out`),
        expectRejected('HTTP-HDR-12', { [header]: differentFrom(value) }, `${header}: ${differentFrom(value)} (body ${JSON.stringify(value)})`),
        (async () => {
          const encoded = await call(ctx, name, args, { ...headers, [header]: `=?base64?${Buffer.from(String(value), 'utf8').toString('base64')}?=` }, `${header} base64`);
          return { id: 'HTTP-HDR-12-base64', status: accepted(encoded) ? 'pass' : 'fail', message: accepted(encoded) ? 'the base64 form was decoded and accepted' : `the base64 form of the right value → ${describeOutcome(encoded)}` };
        })(),
        (async () => {
          const absent = await call(ctx, name, withValue(args, declaration.path, undefined), { ...headers, [header]: null }, `${declaration.path.join('.')} absent`);
          return { id: 'HTTP-HDR-13', status: accepted(absent) ? 'pass' : 'fail', message: accepted(absent) ? 'no header demanded for an absent parameter' : `with ${declaration.path.join('.')} absent and no header → ${describeOutcome(absent)}` };
        })(),
      ];

      const stringDeclaration = declarations.declarations.find((d) => (schemaAt(tool.inputSchema, d.path) as { type?: unknown } | undefined)?.type === 'string');
      if (stringDeclaration) probes.push(rawBytesProbe(ctx, name, tool.inputSchema, args, stringDeclaration));

      const integer = declarations.declarations.find((d) => (schemaAt(tool.inputSchema, d.path) as { type?: unknown } | undefined)?.type === 'integer');
      if (integer) {
        const intArgs = withValue(args, integer.path, 42);
        const intHeader = `Mcp-Param-${integer.header}`;
        probes.push(
          (async () => {
            const numeric = await call(ctx, name, intArgs, { ...paramHeaders(tool.inputSchema, intArgs), [intHeader]: '42.0' }, `${intHeader}: 42.0`);
            return { id: 'HTTP-HDR-15', status: accepted(numeric) ? 'pass' : 'warn', message: accepted(numeric) ? 'integers are compared numerically' : `${intHeader}: 42.0 for body 42 → ${describeOutcome(numeric)} (SHOULD compare numerically)` };
          })(),
        );
      }
      const subs: SubResult[] = await Promise.all(probes);
      return fromSubResults(subs, `${name}: ${header} is validated as the spec requires`, 'probe');
    },
  }),
];

