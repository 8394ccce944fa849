import { describeOutcome, errorOf, resultOf } from '../../mcp/answer.js';
import { LEGACY, MODERN, type Era, type JsonObject } from '../../mcp/types.js';
import { defineCheck, fail, fromSubResults, pass, skip } from '../check.js';
import { errorProblem, isObject } from '../expect.js';
import type { SubResult } from '../types.js';
import { isBase64, mimeTypeProblem, uriProblem } from './resources.js';

const MODERN_ONLY = [MODERN] as Array<typeof MODERN>;
const BOTH_ERAS: Era[] = [MODERN, LEGACY];

const UNKNOWN_PROMPT = '__mcp_evals_no_such_prompt__';
const PLACEHOLDER = 'example';
const MAX_GETS = 20;

interface PromptArgument {
  name: string;
  required: boolean;
  /** `required` is set to something truthy that is not `true` (invalid, but clearly meant). */
  requiredLoose: boolean;
}

/** The well-formed arguments a listed prompt declares. */
function argumentsOf(prompt: JsonObject): PromptArgument[] {
  const args = Array.isArray(prompt.arguments) ? prompt.arguments : [];
  return args.filter((arg): arg is JsonObject => isObject(arg) && typeof arg.name === 'string').map((arg) => ({ name: arg.name as string, required: arg.required === true, requiredLoose: arg.required !== true && Boolean(arg.required) }));
}

function nameOf(prompt: JsonObject): string | undefined {
  return typeof prompt.name === 'string' ? prompt.name : undefined;
}

/** Problems with one prompt message's content block beyond the schema (PRMT-05..07); `warn` holds the embedded-resource mimeType gap (§21.11). */
export function promptMessageProblems(message: unknown, where: string): { fail: string[]; warn: string[] } {
  const out = { fail: [] as string[], warn: [] as string[] };
  if (!isObject(message)) {
    out.fail.push(`${where} is not an object`);
    return out;
  }
  if (message.role !== 'user' && message.role !== 'assistant') out.fail.push(`${where}.role is ${JSON.stringify(message.role)}, not "user" or "assistant"`);
  const content = message.content;
  if (!isObject(content)) {
    out.fail.push(`${where}.content is not a content block`);
    return out;
  }
  if (content.type === 'image' || content.type === 'audio') {
    if (!isBase64(content.data)) out.fail.push(`${where}.content (${content.type}) data is not valid base64`);
    const mime = mimeTypeProblem(content.mimeType);
    if (mime) out.fail.push(`${where}.content (${content.type}) ${mime}`);
  } else if (content.type === 'resource') {
    const resource = content.resource;
    if (!isObject(resource)) {
      out.fail.push(`${where}.content (resource) has no resource object`);
      return out;
    }
    const uri = uriProblem(resource.uri);
    if (uri) out.fail.push(`${where}.content.resource.uri ${uri}`);
    const hasText = typeof resource.text === 'string';
    const hasBlob = resource.blob !== undefined;
    if (!hasText && !hasBlob) out.fail.push(`${where}.content.resource has neither text nor blob`);
    if (hasBlob && !isBase64(resource.blob)) out.fail.push(`${where}.content.resource.blob is not valid base64`);
    if (resource.mimeType === undefined) out.warn.push(`${where}.content.resource has no mimeType (prompts.mdx says MUST; the schema makes it optional)`);
    else {
      const mime = mimeTypeProblem(resource.mimeType);
      if (mime) out.fail.push(`${where}.content.resource ${mime}`);
    }
  }
  return out;
}

export const promptChecks = [
  defineCheck({
    id: 'prompts-list-shape',
    title: 'prompts/list pages match the schema',
    level: 'MUST',
    requirements: ['PRMT-01'],
    eras: BOTH_ERAS,
    needs: ['prompts'],
    async run(ctx) {
      const walk = await ctx.list('prompts/list');
      const subResults: SubResult[] = walk.pages.map((page, index) => {
        const id = `page-${index + 1}`;
        const result = resultOf(page);
        if (!result) return { id, status: 'fail', message: `prompts/list page ${index + 1} → ${describeOutcome(page)}` };
        const errors = ctx.schemas.validate(ctx.era, 'ListPromptsResult', result);
        return errors.length
          ? { id, status: 'fail', message: `page ${index + 1} does not match ListPromptsResult: ${errors.join('; ')}` }
          : { id, status: 'pass', message: `page ${index + 1} matches ListPromptsResult` };
      });
      return fromSubResults(subResults, `${walk.pages.length} page(s), ${walk.items.length} prompt(s), all match ListPromptsResult`, 'page');
    },
  }),
  defineCheck({
    id: 'prompt-unknown-name',
    title: 'prompts/get with an unknown name gets -32602',
    level: 'SHOULD',
    requirements: ['PRMT-02'],
    eras: BOTH_ERAS,
    needs: ['prompts'],
    async run(ctx) {
      const exchange = await ctx.client.request('prompts/get', { name: UNKNOWN_PROMPT });
      const problem = errorProblem(exchange, { codes: [-32602], probe: `prompts/get ${UNKNOWN_PROMPT}` });
      return problem ? fail(problem) : pass(`prompts/get ${UNKNOWN_PROMPT} → ${describeOutcome(exchange)}`);
    },
  }),
  defineCheck({
    id: 'prompt-missing-required-argument',
    title: 'prompts/get without a required argument gets -32602',
    level: 'SHOULD',
    requirements: ['PRMT-03'],
    eras: BOTH_ERAS,
    needs: ['prompts'],
    async run(ctx) {
      const prompt = (await ctx.list('prompts/list')).items.find((item) => nameOf(item) !== undefined && argumentsOf(item).some((arg) => arg.required));
      if (!prompt) return skip('no listed prompt has a required argument');
      const name = nameOf(prompt) as string;
      const args = argumentsOf(prompt).filter((arg) => arg.required);
      const left = args[0].name;
      // Leave out exactly one required argument; the others are filled so only that one is missing.
      const supplied = Object.fromEntries(args.slice(1).map((arg) => [arg.name, PLACEHOLDER]));
      const exchange = await ctx.client.request('prompts/get', { name, arguments: supplied });
      const problem = errorProblem(exchange, { codes: [-32602], probe: `prompts/get ${name} without its required argument "${left}"` });
      return problem ? fail(problem) : pass(`prompts/get ${name} without "${left}" → ${describeOutcome(exchange)}`);
    },
  }),
  defineCheck({
    id: 'prompt-get',
    title: 'prompts/get returns messages with valid roles and content blocks',
    level: 'MUST',
    requirements: ['PRMT-05', 'PRMT-06', 'PRMT-07'],
    eras: BOTH_ERAS,
    needs: ['prompts'],
    async run(ctx) {
      const walk = await ctx.list('prompts/list');
      if (walk.items.length === 0 && walk.error) return skip(`prompts/list failed (see prompts-list-shape): ${walk.error}`);
      const subResults: SubResult[] = [];
      const prompts = walk.items.filter((item) => nameOf(item) !== undefined).slice(0, MAX_GETS);
      for (const prompt of prompts) {
        const name = nameOf(prompt) as string;
        const args = argumentsOf(prompt);
        // Required arguments get a placeholder; a non-boolean `required` (a PRMT-01 problem) is taken as meant.
        const supplied = Object.fromEntries(args.filter((arg) => arg.required || arg.requiredLoose).map((arg) => [arg.name, PLACEHOLDER]));
        const exchange = await ctx.client.request('prompts/get', args.length ? { name, arguments: supplied } : { name });
        const result = resultOf(exchange);
        if (!result) {
          // A prompt may reject the placeholder value for a real argument: that says nothing about conformance.
          const rejected = errorOf(exchange) !== undefined && args.length > 0;
          subResults.push({
            id: name,
            status: rejected ? 'warn' : 'fail',
            message: rejected ? `could not be checked: with "${PLACEHOLDER}" for its required arguments, prompts/get → ${describeOutcome(exchange)}` : `prompts/get → ${describeOutcome(exchange)}`,
          });
          continue;
        }
        if (result.resultType === 'input_required') {
          subResults.push({ id: name, status: 'skip', message: 'the server asked for input (input_required); the MRTR checks judge that' });
          continue;
        }
        const problems: string[] = [];
        const warnings: string[] = [];
        const messages = Array.isArray(result.messages) ? result.messages : [];
        messages.forEach((message, index) => {
          const found = promptMessageProblems(message, `messages[${index}]`);
          problems.push(...found.fail);
          warnings.push(...found.warn);
        });
        // The hand-written findings first: the schema's ContentBlock union reports one error per branch.
        problems.push(...ctx.schemas.validate(ctx.era, 'GetPromptResult', result).map((e) => `GetPromptResult: ${e}`));
        subResults.push(problems.length ? { id: name, status: 'fail', message: problems.join('; ') } : { id: name, status: 'pass', message: `${messages.length} message(s), valid` });
        if (warnings.length) subResults.push({ id: `${name}:mimeType`, status: 'warn', message: warnings.join('; ') });
      }
      return fromSubResults(subResults, `${prompts.length} prompt(s) fetched, every result valid`, 'prompt');
    },
  }),
  defineCheck({
    id: 'completion',
    title: 'completion/complete returns at most 100 string values',
    level: 'MUST',
    requirements: ['CMPL-01'],
    eras: MODERN_ONLY,
    needs: ['completions'],
    async run(ctx) {
      if (!ctx.declares('prompts')) return skip('the server declares completions but no prompts to complete arguments of');
      const prompt = (await ctx.list('prompts/list')).items.find((item) => nameOf(item) !== undefined && argumentsOf(item).length > 0);
      if (!prompt) return skip('no listed prompt has an argument to complete');
      const name = nameOf(prompt) as string;
      const argument = argumentsOf(prompt)[0].name;
      const exchange = await ctx.client.request('completion/complete', { ref: { type: 'ref/prompt', name }, argument: { name: argument, value: '' } });
      const probe = `completion/complete for prompt ${name} argument "${argument}"`;
      const result = resultOf(exchange);
      if (!result) return fail(`${probe} → ${describeOutcome(exchange)}`);
      const problems: string[] = [];
      const completion = result.completion;
      if (!isObject(completion)) problems.push('completion is not an object');
      else {
        const { values, total, hasMore } = completion;
        if (!Array.isArray(values) || !values.every((value) => typeof value === 'string')) problems.push('completion.values is not a string array');
        else if (values.length > 100) problems.push(`completion.values has ${values.length} items; at most 100 are allowed`);
        if (total !== undefined && (typeof total !== 'number' || !Number.isInteger(total))) problems.push(`completion.total ${JSON.stringify(total)} is not an integer`);
        if (hasMore !== undefined && typeof hasMore !== 'boolean') problems.push(`completion.hasMore ${JSON.stringify(hasMore)} is not a boolean`);
      }
      problems.push(...ctx.schemas.validate(ctx.era, 'CompleteResult', result).map((e) => `CompleteResult: ${e}`));
      if (problems.length) return fail(`${probe}: ${[...new Set(problems)].join('; ')}`);
      return pass(`${probe} → ${(completion as { values: unknown[] }).values.length} value(s)`);
    },
  }),
  defineCheck({
    id: 'completion-undeclared',
    title: 'completion/complete errors: -32601 (HTTP 404) without the completions capability, -32602 for an unknown prompt',
    level: 'SHOULD',
    requirements: ['CMPL-02'],
    eras: MODERN_ONLY,
    async run(ctx) {
      const argument = { name: 'value', value: '' };
      if (ctx.declares('completions')) {
        // The second half of CMPL-02: with the capability, an unknown prompt ref is a bad argument.
        const exchange = await ctx.client.request('completion/complete', { ref: { type: 'ref/prompt', name: UNKNOWN_PROMPT }, argument });
        const problem = errorProblem(exchange, { codes: [-32602], probe: `completion/complete for the unknown prompt ${UNKNOWN_PROMPT}` });
        return problem ? fail(problem) : pass(`completions declared; an unknown prompt ref → ${describeOutcome(exchange)}`);
      }
      const prompt = ctx.declares('prompts') ? (await ctx.list('prompts/list')).items.find((item) => nameOf(item) !== undefined && argumentsOf(item).length > 0) : undefined;
      const ref = { type: 'ref/prompt', name: prompt ? (nameOf(prompt) as string) : UNKNOWN_PROMPT };
      const exchange = await ctx.client.request('completion/complete', { ref, argument: prompt ? { name: argumentsOf(prompt)[0].name, value: '' } : argument });
      const problem = errorProblem(exchange, { codes: [-32601], status: 404, probe: 'completion/complete without capabilities.completions' });
      return problem ? fail(problem) : pass(`completion/complete → ${describeOutcome(exchange)}`);
    },
  }),
];
