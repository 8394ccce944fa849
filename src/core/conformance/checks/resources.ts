import { describeOutcome, errorOf, resultOf } from '../../mcp/answer.js';
import { LEGACY, MODERN, type Era, type Exchange, type JsonObject } from '../../mcp/types.js';
import { defineCheck, fail, fromSubResults, pass, skip } from '../check.js';
import type { CheckContext } from '../context.js';
import { errorProblem, isObject } from '../expect.js';
import type { SubResult } from '../types.js';

const MODERN_ONLY = [MODERN] as Array<typeof MODERN>;
const BOTH_ERAS: Era[] = [MODERN, LEGACY];

/** A URI no real server serves (RSRC-01). */
export const MISSING_RESOURCE_URI = 'file:///__mcp_checker_missing__';
const TRAVERSAL_URIS = ['file:///../../etc/passwd', 'file:///..%2f..%2fetc%2fpasswd'];
const MAX_READS = 20;

/** Strict RFC 4648 base64: standard alphabet, length a multiple of 4, `=` padding only at the end, no whitespace. */
export function isBase64(value: unknown): boolean {
  return typeof value === 'string' && value.length % 4 === 0 && /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(value);
}

/** Undefined when `value` is a syntactically valid media type (`type/subtype`, optional parameters, RFC 6838 names). */
export function mimeTypeProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return `mimeType is ${value === undefined ? 'missing' : `not a string (${JSON.stringify(value)})`}`;
  const name = '[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}';
  return new RegExp(`^${name}/${name}(?:\\s*;.*)?$`).test(value) ? undefined : `mimeType ${JSON.stringify(value)} is not a type/subtype media type`;
}

const UNRESERVED_SUB_DELIMS = "A-Za-z0-9\\-._~!$&'()*+,;=";
const PCHARS = new RegExp(`^[${UNRESERVED_SUB_DELIMS}:@/%]*$`);
const AUTHORITY = new RegExp(
  `^(?:[${UNRESERVED_SUB_DELIMS}:%]*@)?(?:\\[[0-9A-Za-z:.${UNRESERVED_SUB_DELIMS}]+\\]|[${UNRESERVED_SUB_DELIMS}%]*)(?::[0-9]*)?$`,
);

/**
 * Undefined when `uri` is an RFC 3986 URI (absolute: `scheme ":" hier-part [ "?" query ] [ "#" fragment ]`), else why not.
 * Hand-written because `new URL` follows WHATWG rules: it accepts spaces and backslashes and rejects some valid custom schemes.
 */
export function uriProblem(uri: unknown): string | undefined {
  if (typeof uri !== 'string') return `is not a string (${JSON.stringify(uri)})`;
  if (uri === '') return 'is empty';
  const bad = /[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/.exec(uri);
  if (bad) {
    const code = bad[0].codePointAt(0) ?? 0;
    const shown = code <= 0x20 || code === 0x7f ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}` : JSON.stringify(bad[0]);
    return `contains ${shown}, which RFC 3986 does not allow unencoded (percent-encode it)`;
  }
  if (/%(?![0-9A-Fa-f]{2})/.test(uri)) return 'has a "%" that is not followed by two hex digits';
  const match = /^([^:/?#]*):([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/.exec(uri);
  if (!match) return 'has no scheme (a relative reference is not a URI)';
  const [, scheme, hierPart, query, fragment] = match;
  if (!/^[A-Za-z][A-Za-z0-9+.-]*$/.test(scheme)) return `has an invalid scheme ${JSON.stringify(scheme)} (ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ))`;
  let path = hierPart;
  if (hierPart.startsWith('//')) {
    const slash = hierPart.indexOf('/', 2);
    const authority = slash === -1 ? hierPart.slice(2) : hierPart.slice(2, slash);
    path = slash === -1 ? '' : hierPart.slice(slash);
    if (!AUTHORITY.test(authority)) return `has an invalid authority ${JSON.stringify(authority)}`;
  }
  if (!PCHARS.test(path)) return `has a path with characters RFC 3986 does not allow there (${JSON.stringify(path)})`;
  if (query !== undefined && !PCHARS.test(query.replace(/\?/g, ''))) return `has a query with characters RFC 3986 does not allow there (${JSON.stringify(query)})`;
  if (fragment !== undefined && !PCHARS.test(fragment.replace(/\?/g, ''))) return `has a fragment with characters RFC 3986 does not allow there (${JSON.stringify(fragment)})`;
  return undefined;
}

/** ISO 8601 calendar date, optionally with a time and zone, in extended (`2025-01-12T15:00:58Z`) or basic (`20250112T150058Z`) form. */
export function isIso8601(value: string): boolean {
  const match =
    /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/.exec(value) ??
    /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(?:(\d{2})(?:[.,]\d+)?)?(?:Z|[+-]\d{2}(?:\d{2})?)?)?$/.exec(value);
  if (!match) return false;
  const [month, day, hour, minute, second] = match.slice(2).map((part) => (part === undefined ? 0 : Number(part)));
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 && hour <= 24 && minute <= 59 && second <= 60;
}

/** Problems with one `annotations` value: `fail` for schema violations, `warn` for a lastModified that is not ISO 8601. */
export function annotationProblems(annotations: unknown): { fail: string[]; warn: string[] } {
  const out = { fail: [] as string[], warn: [] as string[] };
  if (!isObject(annotations)) {
    out.fail.push(`annotations is not an object (${JSON.stringify(annotations)})`);
    return out;
  }
  const { audience, priority, lastModified } = annotations;
  if (audience !== undefined) {
    if (!Array.isArray(audience)) out.fail.push(`audience is not an array (${JSON.stringify(audience)})`);
    else {
      const strays = audience.filter((role) => role !== 'user' && role !== 'assistant');
      if (strays.length > 0) out.fail.push(`audience has ${strays.map((role) => JSON.stringify(role)).join(', ')}; only "user" and "assistant" are allowed`);
    }
  }
  if (priority !== undefined && (typeof priority !== 'number' || !Number.isFinite(priority) || priority < 0 || priority > 1)) {
    out.fail.push(`priority ${JSON.stringify(priority)} is not a number in [0, 1]`);
  }
  if (lastModified !== undefined) {
    if (typeof lastModified !== 'string') out.fail.push(`lastModified is not a string (${JSON.stringify(lastModified)})`);
    else if (!isIso8601(lastModified)) out.warn.push(`lastModified ${JSON.stringify(lastModified)} is not an ISO 8601 date-time`);
  }
  return out;
}

/** Problems with the `contents[]` of a read result (RSRC-06, RSRC-07). */
export function contentsProblems(contents: unknown): string[] {
  if (!Array.isArray(contents)) return ['contents is not an array'];
  const problems: string[] = [];
  contents.forEach((item, index) => {
    const where = `contents[${index}]`;
    if (!isObject(item)) {
      problems.push(`${where} is not an object`);
      return;
    }
    if (typeof item.uri !== 'string') problems.push(`${where} has no string uri`);
    const hasText = item.text !== undefined;
    const hasBlob = item.blob !== undefined;
    if (!hasText && !hasBlob) problems.push(`${where} has neither text nor blob`);
    if (hasText && hasBlob) problems.push(`${where} has both text and blob`);
    if (hasText && typeof item.text !== 'string') problems.push(`${where}.text is not a string`);
    if (hasBlob && !isBase64(item.blob)) problems.push(`${where}.blob is not valid base64${typeof item.blob === 'string' ? ` (starts ${JSON.stringify(item.blob.slice(0, 24))})` : ''}`);
    if (item.mimeType !== undefined && typeof item.mimeType !== 'string') problems.push(`${where}.mimeType is not a string`);
  });
  return problems;
}

interface ResourceRead {
  uri: string;
  exchange: Exchange;
}

const reads = new WeakMap<CheckContext, Promise<ResourceRead[]>>();

/** Reads up to 20 listed resources once per run; resource-read and resource-annotations share the answers. */
function readListed(ctx: CheckContext): Promise<ResourceRead[]> {
  let pending = reads.get(ctx);
  if (!pending) {
    pending = (async () => {
      const uris = (await ctx.list('resources/list')).items.map((resource) => resource.uri).filter((uri): uri is string => typeof uri === 'string');
      const out: ResourceRead[] = [];
      for (const uri of [...new Set(uris)].slice(0, MAX_READS)) out.push({ uri, exchange: await ctx.client.request('resources/read', { uri }) });
      return out;
    })();
    reads.set(ctx, pending);
  }
  return pending;
}

function isInputRequired(result: JsonObject): boolean {
  return result.resultType === 'input_required';
}

/** The traversal heuristic: any text or decoded blob containing `root:` (the first line of /etc/passwd). */
function leakedPasswd(result: JsonObject): boolean {
  const contents = Array.isArray(result.contents) ? result.contents : [];
  return contents.some((item) => {
    if (!isObject(item)) return false;
    const text = typeof item.text === 'string' ? item.text : typeof item.blob === 'string' ? Buffer.from(item.blob, 'base64').toString('latin1') : '';
    return text.includes('root:');
  });
}

export const resourceChecks = [
  defineCheck({
    id: 'resource-missing',
    title: 'Reading a resource that does not exist gets -32602 (never -32002, never empty contents)',
    level: 'MUST',
    requirements: ['RSRC-01', 'RSRC-02', 'RSRC-03', 'ERR-04'],
    assertion: 6,
    eras: MODERN_ONLY,
    needs: ['resources'],
    async run(ctx) {
      const exchange = await ctx.client.request('resources/read', { uri: MISSING_RESOURCE_URI });
      const result = resultOf(exchange);
      if (result && Array.isArray(result.contents) && result.contents.length === 0) {
        return fail(`resources/read ${MISSING_RESOURCE_URI} succeeded with contents []; a missing resource must be error -32602 (RSRC-02)`);
      }
      if (errorOf(exchange)?.code === -32002) {
        return fail(`resources/read ${MISSING_RESOURCE_URI} → ${describeOutcome(exchange)}: -32002 is the 2025-11-25 code, 2026-07-28 requires -32602 (RSRC-03)`);
      }
      // The HTTP status for a missing resource is unspecified (§21.7): only the JSON-RPC code is judged.
      const problem = errorProblem(exchange, { codes: [-32602], probe: `resources/read ${MISSING_RESOURCE_URI}` });
      return problem ? fail(problem) : pass(`resources/read ${MISSING_RESOURCE_URI} → ${describeOutcome(exchange)}`);
    },
  }),
  defineCheck({
    id: 'resources-list-shape',
    title: 'resources/list and resources/templates/list pages match the schema',
    level: 'MUST',
    requirements: ['RSRC-05'],
    eras: BOTH_ERAS,
    needs: ['resources'],
    async run(ctx) {
      const subResults: SubResult[] = [];
      const lists: Array<[method: string, definition: string]> = [
        ['resources/list', 'ListResourcesResult'],
        ['resources/templates/list', 'ListResourceTemplatesResult'],
      ];
      for (const [method, definition] of lists) {
        const walk = await ctx.list(method);
        const optional = method === 'resources/templates/list';
        if (walk.error && optional && walk.pages.length === 1 && errorOf(walk.pages[0])?.code === -32601) {
          subResults.push({ id: method, status: 'pass', message: `not served (${describeOutcome(walk.pages[0])}), which is allowed` });
          continue;
        }
        walk.pages.forEach((page, index) => {
          const id = `${method}#${index + 1}`;
          const result = resultOf(page);
          if (!result) {
            subResults.push({ id, status: 'fail', message: `${method} page ${index + 1} → ${describeOutcome(page)}` });
            return;
          }
          const errors = ctx.schemas.validate(ctx.era, definition, result);
          subResults.push(
            errors.length
              ? { id, status: 'fail', message: `page ${index + 1} does not match ${definition}: ${errors.join('; ')}` }
              : { id, status: 'pass', message: `page ${index + 1} matches ${definition}` },
          );
        });
      }
      return fromSubResults(subResults, 'every resources/list and resources/templates/list page matches the schema', 'page');
    },
  }),
  defineCheck({
    id: 'resource-read',
    title: 'resources/read of listed resources returns contents of {uri, text} or {uri, base64 blob}',
    level: 'MUST',
    requirements: ['RSRC-06', 'RSRC-07'],
    eras: BOTH_ERAS,
    needs: ['resources'],
    async run(ctx) {
      const walk = await ctx.list('resources/list');
      if (walk.items.length === 0 && walk.error) return skip(`resources/list failed (see resources-list-shape): ${walk.error}`);
      const subResults: SubResult[] = [];
      for (const { uri, exchange } of await readListed(ctx)) {
        const result = resultOf(exchange);
        if (!result) {
          subResults.push({ id: uri, status: 'fail', message: `a listed resource cannot be read: ${describeOutcome(exchange)}` });
          continue;
        }
        if (isInputRequired(result)) {
          subResults.push({ id: uri, status: 'skip', message: 'the server asked for input (input_required); the MRTR checks judge that' });
          continue;
        }
        const problems = [...contentsProblems(result.contents), ...ctx.schemas.validate(ctx.era, 'ReadResourceResult', result).map((e) => `ReadResourceResult: ${e}`)];
        subResults.push(
          problems.length
            ? { id: uri, status: 'fail', message: problems.join('; ') }
            : { id: uri, status: 'pass', message: `${(result.contents as unknown[]).length} content item(s), valid` },
        );
      }
      return fromSubResults(subResults, `${subResults.length} resource(s) read, every result valid`, 'resource');
    },
  }),
  defineCheck({
    id: 'resource-uris',
    title: 'Every listed resource URI is an RFC 3986 URI',
    level: 'MUST',
    requirements: ['RSRC-08'],
    eras: BOTH_ERAS,
    needs: ['resources'],
    async run(ctx) {
      const walk = await ctx.list('resources/list');
      if (walk.items.length === 0 && walk.error) return skip(`resources/list failed (see resources-list-shape): ${walk.error}`);
      const subResults: SubResult[] = walk.items.map((resource, index) => {
        const id = typeof resource.uri === 'string' ? resource.uri : `resources[${index}]`;
        const problem = uriProblem(resource.uri);
        return problem ? { id, status: 'fail', message: `uri ${problem}` } : { id, status: 'pass', message: 'an RFC 3986 URI' };
      });
      return fromSubResults(subResults, `${subResults.length} resource URI(s), all RFC 3986`, 'resource');
    },
  }),
  defineCheck({
    id: 'resource-traversal',
    title: 'A path-traversal resource URI gets an error and no content from outside the served tree',
    level: 'MUST',
    requirements: ['RSRC-10'],
    eras: BOTH_ERAS,
    needs: ['resources'],
    async run(ctx) {
      const subResults: SubResult[] = [];
      for (const uri of TRAVERSAL_URIS) {
        const exchange = await ctx.client.request('resources/read', { uri });
        const result = resultOf(exchange);
        if (!result) {
          subResults.push(
            errorOf(exchange)
              ? { id: uri, status: 'pass', message: `→ ${describeOutcome(exchange)}` }
              : { id: uri, status: 'fail', message: `expected a JSON-RPC error, got ${describeOutcome(exchange)}` },
          );
        } else if (leakedPasswd(result)) {
          subResults.push({ id: uri, status: 'fail', message: 'answered with contents that look like /etc/passwd (contain "root:"): the server reads outside its tree' });
        } else {
          subResults.push({ id: uri, status: 'fail', message: `answered with a result (${describeOutcome(exchange)}) instead of an error` });
        }
      }
      return fromSubResults(subResults, 'traversal URIs are refused', 'URI');
    },
  }),
  defineCheck({
    id: 'resource-annotations',
    title: 'Resource annotations have a valid audience, priority and lastModified',
    level: 'MUST',
    requirements: ['RSRC-11'],
    eras: BOTH_ERAS,
    needs: ['resources'],
    async run(ctx) {
      const annotated: Array<[id: string, annotations: unknown]> = [];
      for (const resource of (await ctx.list('resources/list')).items) {
        if (resource.annotations !== undefined) annotated.push([`resource ${String(resource.uri)}`, resource.annotations]);
      }
      const templates = await ctx.list('resources/templates/list');
      for (const template of templates.items) {
        if (template.annotations !== undefined) annotated.push([`template ${String(template.uriTemplate)}`, template.annotations]);
      }
      for (const { uri, exchange } of await readListed(ctx)) {
        const contents = resultOf(exchange)?.contents;
        if (!Array.isArray(contents)) continue;
        contents.forEach((item, index) => {
          if (isObject(item) && item.annotations !== undefined) annotated.push([`contents[${index}] of ${uri}`, item.annotations]);
        });
      }
      if (annotated.length === 0) return pass('no listed resource, template or content carries annotations');
      const subResults: SubResult[] = annotated.map(([id, annotations]) => {
        const problems = annotationProblems(annotations);
        if (problems.fail.length) return { id, status: 'fail', message: [...problems.fail, ...problems.warn].join('; ') };
        if (problems.warn.length) return { id, status: 'warn', message: problems.warn.join('; ') };
        return { id, status: 'pass', message: 'valid annotations' };
      });
      return fromSubResults(subResults, `${subResults.length} annotated item(s), all valid`, 'annotated item');
    },
  }),
];
