import { describeOutcome, errorOf, resultOf, truncate } from '../../mcp/answer.js';
import { encodeHeaderValue } from '../../mcp/client.js';
import { detach } from '../../mcp/json-depth.js';
import { LEGACY, MODERN, type Exchange, type JsonObject } from '../../mcp/types.js';
import { defineCheck, fail, fromSubResults, pass, skip, type CheckDefinition, type Verdict } from '../check.js';
import { MAX_CALLED_NAME_CHARS, type CheckContext } from '../context.js';
import { errorProblem, isObject } from '../expect.js';
import { synthesizeArguments, synthesizeInvalidArguments } from '../synthesize.js';
import { analyzeSchema, BOUNDS, childSchemas, validateInstance, type RefFinding } from '../tool-schema.js';
import type { SubResult } from '../types.js';
import { thousands } from '../../thousands.js';

const BOTH_ERAS = [MODERN, LEGACY] as Array<typeof MODERN>;
const MODERN_ONLY = [MODERN] as Array<typeof MODERN>;

/** The most tools one check calls. */
export const MAX_TOOL_CALLS = 50;
export const UNKNOWN_TOOL = '__mcp_evals_no_such_tool__';
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;
/** RFC 9110 §5.6.2 token (1*tchar). */
const RFC9110_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const HEADER_TYPES = ['string', 'integer', 'boolean'];
/** Why a refusal of synthesized arguments only warns. */
const GUESSED = 'a warning, not a failure: the arguments validate against the schema, but their values are a guess it cannot vouch for';
/** TOOL-14: words in a parameter (or header) name that suggest a credential. */
const SECRET_WORDS = new Set(['password', 'passwd', 'pwd', 'passphrase', 'secret', 'token', 'credential', 'credentials', 'apikey', 'auth', 'authorization', 'bearer', 'cookie']);
const SECRET_PAIRS = new Set(['api key', 'private key', 'access key', 'secret key', 'client secret']);
const SECRET_COMPOUND = /password|passwd|passphrase|secret|apikey|accesstoken|authtoken|bearertoken|refreshtoken|idtoken|sessiontoken|privatekey|accesskey/;

export const toolChecks: CheckDefinition[] = [
  defineCheck({
    id: 'tool-definitions',
    title: 'Every tool has a string name and an object inputSchema whose root is type "object"',
    level: 'MUST',
    requirements: ['TOOL-01'],
    assertion: 5,
    eras: BOTH_ERAS,
    needs: ['tools'],
    async run(ctx) {
      const listed = await listedTools(ctx);
      if ('verdict' in listed) return listed.verdict;
      const subResults = listed.tools.map(({ id, tool }): SubResult => {
        const problems: string[] = [];
        if (typeof tool.name !== 'string') problems.push(`name is ${describeValue(tool.name)}, not a string`);
        const input = tool.inputSchema;
        if (!isObject(input)) problems.push(`inputSchema is ${describeValue(input)}, not an object`);
        else if (input.type !== 'object') problems.push(`inputSchema root has type ${JSON.stringify(input.type)}; it must be "object"`);
        if (tool.outputSchema !== undefined && !isObject(tool.outputSchema)) problems.push(`outputSchema is ${describeValue(tool.outputSchema)}, not an object`);
        return problems.length ? { id, status: 'fail', message: problems.join('; ') } : { id, status: 'pass', message: 'string name, inputSchema with type "object"' };
      });
      return fromSubResults(subResults, `all ${subResults.length} tools have a name and an object inputSchema`, 'tool');
    },
  }),
  defineCheck({
    id: 'tool-schemas-valid',
    title: 'inputSchema and outputSchema validate against their dialect\'s meta-schema (2020-12 unless $schema says otherwise)',
    level: 'MUST',
    requirements: ['TOOL-02'],
    assertion: 5,
    eras: BOTH_ERAS,
    needs: ['tools'],
    async run(ctx) {
      const listed = await listedTools(ctx);
      if ('verdict' in listed) return listed.verdict;
      const subResults = eachSchema(listed.tools, ({ id, schema }): SubResult => {
        const analysis = analyzeSchema(schema);
        const dialect = analysis.dialect;
        if (!dialect.supported) {
          return { id, status: 'warn', message: `unsupported dialect: $schema ${dialect.declared} (supported: 2020-12, 2019-09, draft-07); not checked against a meta-schema` };
        }
        const named = `${dialect.dialect}${dialect.declared === undefined ? ' (the default: no $schema)' : ' (declared)'}`;
        if (analysis.metaErrors && analysis.metaErrors.length > 0) return { id, status: 'fail', message: `invalid against the ${named} meta-schema: ${analysis.metaErrors.join('; ')}` };
        if (analysis.compileError) return { id, status: 'fail', message: `valid against the ${named} meta-schema, but ajv cannot compile it: ${analysis.compileError}` };
        // A pattern valid only without the `u` flag is a portability problem, not proof of an invalid schema.
        if (analysis.regexWarning) return { id, status: 'warn', message: `valid ${named}, but a pattern is not portable: ${analysis.regexWarning}` };
        return { id, status: 'pass', message: `valid ${named}` };
      });
      return fromSubResults(subResults, 'every tool schema is valid against its dialect\'s meta-schema', 'schema');
    },
  }),
  defineCheck({
    id: 'tool-schema-refs-resolve',
    title: 'Every local $ref in a tool schema (#/..., $anchor, $defs, $id-relative) resolves inside the document',
    level: 'MUST',
    requirements: ['TOOL-03'],
    assertion: 5,
    eras: BOTH_ERAS,
    needs: ['tools'],
    async run(ctx) {
      const listed = await listedTools(ctx);
      if ('verdict' in listed) return listed.verdict;
      const subResults = eachSchema(listed.tools, ({ id, schema }): SubResult => {
        const analysis = analyzeSchema(schema);
        if (analysis.missingLocalRefs.length > 0) {
          return { id, status: 'fail', message: `${describeRefs(analysis.missingLocalRefs)} ${analysis.missingLocalRefs.length > 1 ? 'do' : 'does'} not resolve inside the schema` };
        }
        if (analysis.unresolvedByCompiler) return { id, status: 'fail', message: analysis.unresolvedByCompiler };
        const local = analysis.refs.filter((ref) => ref.kind === 'local');
        if (analysis.bounds.exceeded.length > 0 && analysis.document.truncated) {
          return { id, status: 'warn', message: `only partly checked: the schema is ${analysis.document.truncated} (see tool-schema-bounds)` };
        }
        return { id, status: 'pass', message: local.length === 0 ? 'no local $ref' : `${local.length} local $ref${local.length > 1 ? 's' : ''} resolve` };
      });
      return fromSubResults(subResults, 'every local $ref resolves', 'schema');
    },
  }),
  defineCheck({
    id: 'tool-schema-no-remote-refs',
    title: 'No tool schema depends on an external $ref (the checker never fetches one and rejects such a schema)',
    level: 'SHOULD',
    requirements: ['TOOL-04'],
    assertion: 5,
    eras: BOTH_ERAS,
    needs: ['tools'],
    async run(ctx) {
      const listed = await listedTools(ctx);
      if ('verdict' in listed) return listed.verdict;
      const subResults = eachSchema(listed.tools, ({ id, schema }): SubResult => {
        const external = analyzeSchema(schema).externalRefs;
        if (external.length === 0) return { id, status: 'pass', message: 'no external $ref' };
        return {
          id,
          status: 'fail',
          message: `rejected: depends on external ${describeRefs(external)}, which the checker does not fetch (no network $ref is ever loaded), so the schema cannot be fully validated`,
        };
      });
      return fromSubResults(subResults, 'no schema depends on an external $ref (nothing was fetched)', 'schema');
    },
  }),
  defineCheck({
    id: 'tool-schema-bounds',
    title: 'Tool schemas stay within the checker\'s composition limits (depth, subschema count, compile time)',
    level: 'SHOULD',
    requirements: ['TOOL-05'],
    assertion: 5,
    eras: BOTH_ERAS,
    needs: ['tools'],
    async run(ctx) {
      const listed = await listedTools(ctx);
      if ('verdict' in listed) return listed.verdict;
      const subResults = eachSchema(listed.tools, ({ id, schema }): SubResult => {
        const { bounds } = analyzeSchema(schema);
        const compiled = bounds.compileMs === undefined ? '' : `, compiled in ${bounds.compileMs} ms`;
        if (bounds.exceeded.length > 0) return { id, status: 'fail', message: `over the limits (depth ${BOUNDS.maxDepth}, ${BOUNDS.maxSubschemas} subschemas, ${BOUNDS.maxCompileMs} ms): ${bounds.exceeded.join('; ')}` };
        return { id, status: 'pass', message: `depth ${bounds.depth}, ${bounds.subschemas} subschema${bounds.subschemas === 1 ? '' : 's'}${compiled}` };
      });
      return fromSubResults(subResults, `every schema is within depth ${BOUNDS.maxDepth}, ${BOUNDS.maxSubschemas} subschemas and ${BOUNDS.maxCompileMs} ms`, 'schema');
    },
  }),
  defineCheck({
    id: 'tool-names',
    title: 'Tool names are 1-128 characters of [A-Za-z0-9_.-] and unique across all pages',
    level: 'SHOULD',
    requirements: ['TOOL-12'],
    eras: BOTH_ERAS,
    needs: ['tools'],
    async run(ctx) {
      const walk = await ctx.list('tools/list');
      if (walk.items.length === 0) return skip(walk.error ? `tools/list failed: ${walk.error}` : 'the server lists no tools');
      const pagesOf = new Map<string, number[]>();
      walk.pages.forEach((page, index) => {
        const tools = resultOf(page)?.tools;
        if (!Array.isArray(tools)) return;
        for (const tool of tools) {
          if (isObject(tool) && typeof tool.name === 'string') pagesOf.set(tool.name, [...(pagesOf.get(tool.name) ?? []), index + 1]);
        }
      });
      const subResults: SubResult[] = [];
      walk.items.forEach((tool, index) => {
        if (typeof tool.name !== 'string') subResults.push({ id: `tools[${index}]`, status: 'fail', message: `name is ${describeValue(tool.name)}, not a string` });
      });
      for (const [name, pages] of pagesOf) {
        const problems: string[] = [];
        if (!TOOL_NAME.test(name)) problems.push(nameProblem(name));
        if (pages.length > 1) problems.push(`listed ${pages.length} times (page${new Set(pages).size > 1 ? 's' : ''} ${[...new Set(pages)].join(', ')}); names must be unique`);
        subResults.push(problems.length ? { id: name, status: 'fail', message: problems.join('; ') } : { id: name, status: 'pass', message: 'valid, unique name' });
      }
      return fromSubResults(subResults, `all ${pagesOf.size} tool names are valid and unique`, 'tool');
    },
  }),
  defineCheck({
    id: 'tool-mcp-header',
    title: 'x-mcp-header annotations are valid header names on primitive properties reached through properties only',
    level: 'MUST',
    requirements: ['TOOL-13', 'TOOL-14'],
    eras: MODERN_ONLY,
    needs: ['tools'],
    async run(ctx) {
      const listed = await listedTools(ctx);
      if ('verdict' in listed) return listed.verdict;
      const subResults: SubResult[] = [];
      for (const { id, tool } of listed.tools) {
        const scan = scanMcpHeaders(tool.inputSchema);
        if (scan.declarations.length === 0 && scan.problems.length === 0) continue;
        subResults.push(
          scan.problems.length > 0
            ? { id, status: 'fail', message: `the tool definition is invalid: ${scan.problems.join('; ')}` }
            : { id, status: 'pass', message: `x-mcp-header ${scan.declarations.map((d) => `${d.path.join('.')} → Mcp-Param-${d.header}`).join(', ')}` },
        );
        for (const declaration of scan.declarations) {
          const property = declaration.path[declaration.path.length - 1] ?? '';
          if (suggestsSecret(property) || suggestsSecret(declaration.header)) {
            subResults.push({
              id: `${id}.${declaration.path.join('.')}`,
              status: 'warn',
              message: `TOOL-14 (SHOULD NOT): x-mcp-header "${declaration.header}" mirrors ${declaration.path.join('.')}, whose name suggests a secret, into the Mcp-Param-${declaration.header} header, where proxies and logs can see it`,
            });
          }
        }
      }
      if (subResults.length === 0) return skip('no tool uses x-mcp-header');
      return fromSubResults(subResults, 'every x-mcp-header annotation is valid', 'tool');
    },
  }),
  defineCheck({
    id: 'tool-call-result-shape',
    title: 'tools/call with valid arguments returns a CallToolResult; structuredContent matches outputSchema',
    level: 'MUST',
    requirements: ['TOOL-08', 'TOOL-06', 'TOOL-07'],
    eras: BOTH_ERAS,
    needs: ['tools'],
    async run(ctx) {
      const callable = await callableTools(ctx);
      if ('verdict' in callable) return callable.verdict;
      const subResults = await perSynthesizedTool(callable.tools, async (id, tool, args) => {
        const exchange = await callTool(ctx, tool, args);
        const lost = await lostAnswer(ctx, exchange);
        if (!lost) return judgeCallResult(ctx, id, tool, args, exchange);
        const slow = await slowTool(ctx, exchange);
        if (slow) return { id, status: 'warn', message: slow };
        const which = ctx.options.callTools === 'all' ? 'a tool' : 'a read-only tool';
        return { id, status: 'fail', noAnswer: true, message: `tools/call ${toolName(tool)} ${argumentsText(args)} → ${lost}: ${which} called with arguments that validate against its inputSchema must be answered (a CallToolResult or a JSON-RPC error), not kill the server or leave the call unanswered` };
      });
      const called = subResults.filter((sub) => sub.status !== 'skip').length;
      return withCap(fromCalls(subResults, `${called} tool call${called === 1 ? '' : 's'} returned well-formed results`), callable.capped);
    },
  }),
  defineCheck({
    id: 'tool-unknown-name',
    title: 'tools/call of an unknown tool gets JSON-RPC error -32602, not a result',
    level: 'SHOULD',
    requirements: ['TOOL-09'],
    eras: BOTH_ERAS,
    needs: ['tools'],
    async run(ctx) {
      const exchange = await ctx.client.request('tools/call', { name: UNKNOWN_TOOL, arguments: {} });
      const probe = `tools/call with the unknown name "${UNKNOWN_TOOL}"`;
      const problem = errorProblem(exchange, { codes: [-32602], probe });
      if (!problem) return pass(`${probe} → ${describeOutcome(exchange)}`);
      return fail(resultOf(exchange)?.isError === true ? `${problem} with isError: true; an unknown tool is a protocol error (-32602), not a tool execution error` : problem);
    },
  }),
  defineCheck({
    id: 'tool-call-invalid-params',
    title: 'tools/call params that break CallToolRequest (no name, arguments not an object) get -32602',
    level: 'SHOULD',
    requirements: ['TOOL-10'],
    eras: BOTH_ERAS,
    needs: ['tools'],
    async run(ctx) {
      const subResults: SubResult[] = [];
      // A callable (read-only by default) tool, so that a server that does run it anyway changes nothing.
      const target = (await ctx.callableTools()).find((tool) => typeof tool.name === 'string')?.name as string | undefined;
      // Without params.name there is no Mcp-Name to send; on HTTP the server may answer that first (§21.5).
      const noName = await ctx.client.request('tools/call', { arguments: {} }, { label: 'no name' });
      const noNameCodes = ctx.transport === 'http' && ctx.era === MODERN ? [-32602, -32020] : [-32602];
      subResults.push(probeResult('no-name', noName, { codes: noNameCodes, probe: 'tools/call without params.name' }));
      const name = target ?? UNKNOWN_TOOL;
      const badArguments = await ctx.client.request('tools/call', { name, arguments: 'not-an-object' }, { label: 'arguments not an object' });
      subResults.push(probeResult('arguments-not-object', badArguments, { codes: [-32602], probe: `tools/call ${name} with arguments: "not-an-object"` }));
      return fromSubResults(subResults, 'malformed tools/call params get -32602', 'probe');
    },
  }),
  defineCheck({
    id: 'tool-invalid-arguments-rejected',
    title: 'Arguments that violate a tool\'s inputSchema never produce a successful result (-32602 or isError: true)',
    level: 'MUST',
    requirements: ['TOOL-11'],
    eras: BOTH_ERAS,
    needs: ['tools'],
    async run(ctx) {
      const callable = await callableTools(ctx);
      if ('verdict' in callable) return callable.verdict;
      const subResults = await perSynthesizedTool(callable.tools, async (id, tool, valid): Promise<ProbeResult> => {
        const headerProperties = new Set(scanMcpHeaders(tool.inputSchema).declarations.filter((d) => d.path.length === 1).map((d) => d.path[0]));
        const [invalid] = synthesizeInvalidArguments(tool.inputSchema, valid, headerProperties);
        if (!invalid) return { id, status: 'skip', message: 'not called: the inputSchema has no required or typed property to break' };
        const exchange = await callTool(ctx, tool, invalid.value, `invalid arguments: ${invalid.description}`);
        const sent = `tools/call ${toolName(tool)} with ${invalid.description} (${argumentsText(invalid.value)})`;
        const lost = await lostAnswer(ctx, exchange);
        if (lost) return { id, status: 'fail', noAnswer: true, message: `${sent} → ${lost}: arguments that break the inputSchema must get -32602 or a result with isError: true, not kill the server or leave the call unanswered` };
        const result = resultOf(exchange);
        const error = errorOf(exchange);
        if (result && result.isError === true) return { id, status: 'pass', message: `${sent} → ${describeOutcome(exchange)} with isError: true` };
        if (result && result.resultType === 'input_required') return { id, status: 'warn', message: `${sent} → ${describeOutcome(exchange)}: the server asked for input instead of rejecting the arguments` };
        if (result) return { id, status: 'fail', message: `${sent} → ${describeOutcome(exchange)} without isError: arguments that break the inputSchema must get -32602 or isError: true` };
        if (error?.code === -32602 || error?.code === -32021) return { id, status: 'pass', message: `${sent} → ${describeOutcome(exchange)}` };
        if (error) return { id, status: 'warn', message: `${sent} → ${describeOutcome(exchange)}: rejected, so the MUST holds (no successful result), but the expected answer is -32602 or a result with isError: true` };
        return { id, status: 'fail', message: `${sent} → ${describeOutcome(exchange)}: a response with neither result nor error` };
      });
      return withCap(fromCalls(subResults, 'every tool called rejected arguments that break its inputSchema'), callable.capped);
    },
  }),
];

/** A probe's finding; `noAnswer` marks a call that killed the server or was never answered. */
type ProbeResult = SubResult & { noAnswer?: boolean };

/**
 * Runs `probe` on each tool with arguments synthesized from its inputSchema; a tool whose arguments
 * cannot be synthesized is a skip. Once a call goes unanswered (the server died or hung), the rest
 * are not called: each would only wait out the same deadline or meet the same dead process.
 */
async function perSynthesizedTool(
  tools: ReadonlyArray<{ id: string; tool: JsonObject }>,
  probe: (id: string, tool: JsonObject, args: Record<string, unknown>) => Promise<ProbeResult>,
): Promise<SubResult[]> {
  const subResults: SubResult[] = [];
  let unanswered: string | undefined;
  for (const { id, tool } of tools) {
    if (unanswered !== undefined) {
      subResults.push({ id, status: 'skip', message: `not called: the call to ${unanswered} got no answer` });
      continue;
    }
    const synthesized = synthesizeArguments(tool.inputSchema);
    if (!synthesized.ok) {
      subResults.push({ id, status: 'skip', message: `not called: ${synthesized.reason}` });
      continue;
    }
    const { noAnswer, ...found } = await probe(id, tool, synthesized.value);
    if (noAnswer) unanswered = id;
    subResults.push(found);
  }
  return subResults;
}

/**
 * A call that timed out while the server kept answering other requests, and other tools did not
 * hang too (HungMethods): a tool that is slow by design, not checked rather than failed. A dead
 * server, or tools/call hanging for every tool, stays a failure.
 */
async function slowTool(ctx: CheckContext, exchange: Exchange): Promise<string | undefined> {
  // A streamed answer that began (SSE progress) but did not end in time is as slow as one that never began.
  if (!/^(no response|response body not complete) within/.test(exchange.failure ?? '')) return undefined;
  if ((ctx.client.connection as { alive?: boolean }).alive === false || ctx.client.hung.everywhere('tools/call')) return undefined;
  const params = requestParams(exchange);
  if (!ctx.client.hung.reason('tools/call', params)) {
    // Not confirmed by a later answer (HTTP, one check at a time): ask the server something now.
    const alive = await ctx.client.request(ctx.era === LEGACY ? 'ping' : 'server/discover', {}, { label: 'still answering after a slow call' });
    if (!resultOf(alive)) return undefined;
  }
  return `not checked: tools/call ${String(params.name)} did not answer within ${ctx.options.timeoutMs} ms (raise --timeout); the server kept answering other requests`;
}

function requestParams(exchange: Exchange): JsonObject {
  try {
    const params = (JSON.parse(exchange.request.body) as { params?: unknown }).params;
    return params !== null && typeof params === 'object' ? (params as JsonObject) : {};
  } catch {
    return {};
  }
}

/**
 * Why a call got no JSON-RPC answer (undefined when one came): the failure, and what became of the
 * server: on stdio the transport already names the exit code and stderr; a launched HTTP server's
 * exit is looked up; a hang gets the end of stderr.
 */
async function lostAnswer(ctx: CheckContext, exchange: Exchange): Promise<string | undefined> {
  if (exchange.response?.answer) return undefined;
  // Why the wait past the deadline ended (the server answered a later request) stays in the exchange's failure.
  const failure = describeOutcome(exchange).replace(/^((?:no response|response body not complete) within \d+ ms) \(the server answered [^)]*\)$/, '$1');
  if (/stderr ends with/.test(failure)) return failure;
  const hung = /^no response|timeout/i.test(exchange.failure ?? '');
  const exit = ctx.transport === 'http' ? await ctx.target.launchedExit(hung ? 0 : 1000) : undefined;
  if (exit) {
    const how = exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code ?? 'unknown'}`;
    return `${failure}; the server process ${how}${exit.stderrTail ? `; stderr ends with: ${exit.stderrTail}` : ''}`;
  }
  const tail = (ctx.transport === 'stdio' ? ctx.client.connection.stderrTail() : ctx.target.stderrTail()).slice(-300).trim();
  const slow = hung ? ' (if the tool is slow by design, raise --timeout)' : '';
  return `${failure}${slow}${tail ? `; stderr ends with: ${tail}` : ''}`;
}

// ---------------------------------------------------------------------------------------------
// Tools and their schemas
// ---------------------------------------------------------------------------------------------

interface ListedTool {
  /** Unique per run: the name, `name#2` for a repeat, or `tools[i]` without a string name. */
  id: string;
  tool: JsonObject;
}

async function listedTools(ctx: CheckContext): Promise<{ tools: ListedTool[] } | { verdict: Verdict }> {
  const walk = await ctx.list('tools/list');
  if (walk.items.length === 0) return { verdict: skip(walk.error ? `tools/list failed: ${walk.error}` : 'the server lists no tools') };
  return { tools: withIds(walk.items) };
}

/**
 * Past this many characters a name is shown by its head in sub-result ids: an id built on a 15 MB
 * name (`name#2`, for a tool listed on every page) is another 15 MB string, copied whole when the
 * report caps it.
 */
const ID_NAME_CHARS = 200;

function withIds(tools: JsonObject[]): ListedTool[] {
  const seen = new Map<string, number>();
  return tools.map((tool, index) => {
    const name = typeof tool.name === 'string' && tool.name !== '' ? tool.name : undefined;
    const base = name === undefined ? `tools[${index}]` : name.length <= ID_NAME_CHARS ? name : `${detach(name.slice(0, ID_NAME_CHARS))}… (${thousands(name.length)} characters)`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return { id: count === 1 ? base : `${base}#${count}`, tool };
  });
}

/** Runs `judge` on every inputSchema and outputSchema (`name`, `name.outputSchema`); non-objects are tool-definitions' business. */
function eachSchema(tools: ListedTool[], judge: (entry: { id: string; schema: Record<string, unknown> }) => SubResult): SubResult[] {
  const out: SubResult[] = [];
  for (const { id, tool } of tools) {
    if (isObject(tool.inputSchema)) out.push(judge({ id, schema: tool.inputSchema }));
    else out.push({ id, status: 'skip', message: `inputSchema is ${describeValue(tool.inputSchema)}, not a schema object (see tool-definitions)` });
    if (isObject(tool.outputSchema)) out.push(judge({ id: `${id}.outputSchema`, schema: tool.outputSchema }));
  }
  return out;
}

async function callableTools(ctx: CheckContext): Promise<{ tools: ListedTool[]; capped?: number } | { verdict: Verdict }> {
  if (ctx.options.callTools === 'none') return { verdict: skip('tool calls are turned off (--call-tools none)') };
  const all = await ctx.tools();
  if (all.length === 0) {
    const walk = await ctx.list('tools/list');
    return { verdict: skip(walk.error ? `tools/list failed: ${walk.error}` : 'the server lists no tools') };
  }
  const callable = new Set(await ctx.callableTools());
  const tools = withIds(all).filter(({ tool }) => callable.has(tool) && typeof tool.name === 'string');
  if (tools.length === 0) {
    const longNames = all.filter((tool) => typeof tool.name === 'string' && tool.name.length > MAX_CALLED_NAME_CHARS).length;
    if (longNames === all.length) return { verdict: skip(`every tool's name is longer than ${MAX_CALLED_NAME_CHARS} characters, so none was called (see tool-names)`) };
    return { verdict: skip(`none of the ${all.length} tools is annotated readOnlyHint: true, so none was called (tools with side effects are only called with --call-tools all)`) };
  }
  return tools.length > MAX_TOOL_CALLS ? { tools: tools.slice(0, MAX_TOOL_CALLS), capped: tools.length } : { tools };
}

/** fromSubResults, except that a check whose every tool was skipped is skipped too, not passed. */
function fromCalls(subResults: SubResult[], passMessage: string): Verdict {
  if (subResults.length > 0 && subResults.every((sub) => sub.status === 'skip')) {
    return { status: 'skip', message: `no tool could be called: ${subResults[0].id}: ${subResults[0].message}${subResults.length > 1 ? ` (and ${subResults.length - 1} more)` : ''}`, subResults };
  }
  return fromSubResults(subResults, passMessage, 'tool');
}

function withCap(verdict: Verdict, capped: number | undefined): Verdict {
  return capped === undefined ? verdict : { ...verdict, message: `${verdict.message} (called the first ${MAX_TOOL_CALLS} of ${capped} callable tools)` };
}

// ---------------------------------------------------------------------------------------------
// Calling a tool
// ---------------------------------------------------------------------------------------------

/** tools/call, mirroring x-mcp-header arguments into Mcp-Param-* headers as a correct client does on HTTP. */
async function callTool(ctx: CheckContext, tool: JsonObject, args: Record<string, unknown>, label?: string): Promise<Exchange> {
  const headers = ctx.transport === 'http' && ctx.era === MODERN ? paramHeaders(tool.inputSchema, args) : {};
  return ctx.client.request('tools/call', { name: toolName(tool), arguments: args }, { headers: Object.keys(headers).length ? headers : undefined, label });
}

/**
 * The Mcp-Param-* headers a client sends for these arguments: one per valid x-mcp-header whose argument
 * is a string, number or boolean (absent or null arguments get no header). A tool whose annotations
 * break TOOL-13 gets none: conforming clients do not use such a definition.
 */
export function paramHeaders(inputSchema: unknown, args: Record<string, unknown>): Record<string, string> {
  const headers: Record<string, string> = {};
  const scan = scanMcpHeaders(inputSchema);
  if (scan.problems.length > 0) return headers;
  for (const declaration of scan.declarations) {
    const value = valueAt(args, declaration.path);
    const name = `Mcp-Param-${declaration.header}`;
    if (typeof value === 'string') headers[name] = encodeHeaderValue(value);
    else if (typeof value === 'number' && Number.isFinite(value)) headers[name] = String(value);
    else if (typeof value === 'boolean') headers[name] = value ? 'true' : 'false';
  }
  return headers;
}

function judgeCallResult(ctx: CheckContext, id: string, tool: JsonObject, args: Record<string, unknown>, exchange: Exchange): SubResult {
  const sent = `tools/call ${toolName(tool)} ${argumentsText(args)}`;
  const outcome = `${sent} → ${describeOutcome(exchange)}`;
  const result = resultOf(exchange);
  if (!result) {
    const error = errorOf(exchange);
    if (error?.code === -32021) return { id, status: 'skip', message: `${outcome}: the tool needs a client capability the checker does not declare` };
    if (error) return { id, status: 'warn', message: `${outcome}: the tool rejected arguments synthesized from its own inputSchema (${GUESSED})` };
    return { id, status: 'fail', message: `${outcome}: a response with neither result nor error` };
  }
  if (ctx.era === MODERN && result.resultType === 'input_required') {
    const problems = ctx.schemas.validate(ctx.era, 'InputRequiredResult', result);
    if (!isObject(result.inputRequests) && typeof result.requestState !== 'string') problems.push('neither inputRequests nor requestState is present');
    return problems.length
      ? { id, status: 'fail', message: `${outcome}: not a valid InputRequiredResult: ${problems.join('; ')}` }
      : { id, status: 'pass', message: `${outcome}: a valid InputRequiredResult (not retried; the MRTR checks follow it up)` };
  }
  const failures = ctx.schemas.validate(ctx.era, 'CallToolResult', result).map((error) => `CallToolResult: ${error}`);
  const warnings: string[] = [];
  const outputSchema = tool.outputSchema;
  if (result.isError === true) {
    warnings.push(`the tool rejected arguments synthesized from its own inputSchema (isError: true${firstText(result) ? `: "${truncate(firstText(result) as string, 120)}"` : ''}; ${GUESSED})`);
  } else if (isObject(outputSchema)) {
    if (!('structuredContent' in result)) failures.push('the tool has an outputSchema, but the result has no structuredContent (TOOL-06)');
    else {
      const check = validateInstance(outputSchema, result.structuredContent);
      if (check.unchecked) warnings.push(`structuredContent not checked: ${check.unchecked}`);
      else if (check.errors.length > 0) failures.push(`structuredContent does not match the outputSchema (TOOL-06): ${check.errors.join('; ')}`);
      else if (check.partial) warnings.push(`structuredContent checked only in part: ${check.partial}`);
    }
  }
  if ('structuredContent' in result && result.isError !== true && !hasSerializedText(result)) {
    warnings.push('structuredContent is not repeated as serialized JSON in a text block (TOOL-07, SHOULD)');
  }
  if (failures.length > 0) return { id, status: 'fail', message: `${outcome}: ${[...failures, ...warnings].join('; ')}` };
  if (warnings.length > 0) return { id, status: 'warn', message: `${outcome}: ${warnings.join('; ')}` };
  return { id, status: 'pass', message: `${outcome}: a valid CallToolResult${isObject(outputSchema) ? ' whose structuredContent matches the outputSchema' : ''}` };
}

function probeResult(id: string, exchange: Exchange, expectation: { codes: number[]; probe: string }): SubResult {
  const problem = errorProblem(exchange, expectation);
  if (!problem) return { id, status: 'pass', message: `${expectation.probe} → ${describeOutcome(exchange)}` };
  return { id, status: 'fail', message: resultOf(exchange)?.isError === true ? `${problem} with isError: true; malformed params are a protocol error` : problem };
}

function hasSerializedText(result: JsonObject): boolean {
  const content = Array.isArray(result.content) ? result.content : [];
  const wanted = canonical(result.structuredContent);
  return content.some((block) => {
    if (!isObject(block) || block.type !== 'text' || typeof block.text !== 'string') return false;
    try {
      return canonical(JSON.parse(block.text)) === wanted;
    } catch {
      return false;
    }
  });
}

/** JSON with sorted keys, so that key order does not matter when comparing. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    isObject(inner) ? Object.fromEntries(Object.keys(inner).sort().map((key) => [key, inner[key]])) : inner,
  );
}

function firstText(result: JsonObject): string | undefined {
  const block = Array.isArray(result.content) ? result.content.find((item) => isObject(item) && item.type === 'text') : undefined;
  return isObject(block) && typeof block.text === 'string' ? block.text : undefined;
}

// ---------------------------------------------------------------------------------------------
// x-mcp-header (TOOL-13, TOOL-14)
// ---------------------------------------------------------------------------------------------

export interface HeaderDeclaration {
  /** Property path from the inputSchema root, through `properties` only. */
  path: string[];
  header: string;
}

/** Every x-mcp-header in an inputSchema: the valid declarations, and each broken rule. */
export function scanMcpHeaders(inputSchema: unknown): { declarations: HeaderDeclaration[]; problems: string[] } {
  const declarations: HeaderDeclaration[] = [];
  const problems: string[] = [];
  const seen = new Map<string, string>();
  const visited = new Set<object>();
  const visit = (node: unknown, path: string[], where: string, reachable: boolean, depth = 0) => {
    // Deeper than the schema bounds (TOOL-05) is not looked at: a hostile schema must not exhaust the stack.
    if (!isObject(node) || visited.has(node) || depth > 2 * BOUNDS.maxDepth) return;
    visited.add(node);
    if ('x-mcp-header' in node) {
      const value = node['x-mcp-header'];
      const at = where || '(root)';
      const rules: string[] = [];
      if (typeof value !== 'string') rules.push(`is ${describeValue(value)}, not a string`);
      else if (value === '') rules.push('is empty');
      else {
        if (/[\x00-\x1f\x7f]/.test(value)) rules.push('contains control characters');
        else if (!RFC9110_TOKEN.test(value)) rules.push('is not an RFC 9110 token (no spaces or delimiters such as ()<>@,;:\\"/[]?={})');
      }
      if (!reachable || path.length === 0) rules.push(path.length === 0 && reachable ? 'sits on the schema root, not on a property' : 'is not reached from the root through properties only (it sits under items, *Of, not, if/then/else, $defs or another applicator)');
      const type = node.type;
      if (type === 'number') rules.push('is on a property of type "number", which is not allowed (only integer, string or boolean)');
      else if (typeof type !== 'string' || !HEADER_TYPES.includes(type)) rules.push(`is on a property whose type is ${JSON.stringify(type) ?? 'missing'}; it must be "integer", "string" or "boolean"`);
      if (typeof value === 'string' && value !== '') {
        const prior = seen.get(value.toLowerCase());
        if (prior !== undefined) rules.push(`repeats the header name ${JSON.stringify(prior)} (names are compared ignoring case)`);
        else seen.set(value.toLowerCase(), value);
      }
      if (rules.length > 0) problems.push(`x-mcp-header ${JSON.stringify(value)} at ${at} ${rules.join(', and ')}`);
      else declarations.push({ path, header: value as string });
    }
    for (const child of childSchemas(node)) {
      const viaProperty = child.keyword === 'properties' && child.name !== undefined;
      visit(child.schema, viaProperty ? [...path, child.name as string] : path, `${where}/${child.path}`, reachable && viaProperty, depth + 1);
    }
  };
  visit(inputSchema, [], '', true);
  return { declarations, problems };
}

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

function toolName(tool: JsonObject): string {
  return String(tool.name);
}

function argumentsText(args: unknown): string {
  return truncate(JSON.stringify(args), 200);
}

function valueAt(root: unknown, path: string[]): unknown {
  let node = root;
  for (const key of path) {
    if (!isObject(node)) return undefined;
    node = node[key];
  }
  return node;
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return truncate(JSON.stringify(value), 60);
}

function describeRefs(refs: RefFinding[]): string {
  const shown = refs.slice(0, 4).map((ref) => `${ref.keyword} ${JSON.stringify(ref.ref)} at ${ref.at}`);
  return `${shown.join(', ')}${refs.length > 4 ? ` and ${refs.length - 4} more` : ''}`;
}

/** "api_key", "X-Auth-Token", "userPassword", "apikey": yes; "author", "max_tokens", "keyword": no. */
export function suggestsSecret(name: string): boolean {
  const words = name.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/).filter(Boolean).map((word) => word.toLowerCase());
  if (words.some((word) => SECRET_WORDS.has(word))) return true;
  if (words.some((word, index) => index > 0 && SECRET_PAIRS.has(`${words[index - 1]} ${word}`))) return true;
  return SECRET_COMPOUND.test(words.join(''));
}

function nameProblem(name: string): string {
  if (name.length === 0) return 'the name is empty';
  if (name.length > 128) return `the name is ${name.length} characters long (at most 128)`;
  const bad = [...new Set([...name].filter((char) => !/[A-Za-z0-9_.-]/.test(char)))];
  return `the name contains ${bad.map((char) => JSON.stringify(char)).join(', ')}; only A-Z, a-z, 0-9, _, . and - are allowed`;
}
