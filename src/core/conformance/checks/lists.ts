import { isDeepStrictEqual } from 'node:util';
import { describeOutcome, resultOf } from '../../mcp/answer.js';
import { capString } from '../../mcp/json-depth.js';
import type { McpClient } from '../../mcp/client.js';
import { LEGACY, MODERN, type JsonObject } from '../../mcp/types.js';
import { defineCheck, fail, fromSubResults, pass, skip } from '../check.js';
import { walkList, type CheckContext } from '../context.js';
import { errorProblem } from '../expect.js';
import type { SubResult } from '../types.js';

const BOTH = [MODERN, LEGACY] as Array<typeof MODERN | typeof LEGACY>;
const LISTS: Array<{ method: string; capability: 'tools' | 'resources' | 'prompts'; key: string }> = [
  { method: 'tools/list', capability: 'tools', key: 'name' },
  { method: 'prompts/list', capability: 'prompts', key: 'name' },
  { method: 'resources/list', capability: 'resources', key: 'uri' },
];

function names(items: JsonObject[], key: string): string[] {
  return items.map((item) => String(item[key]));
}

export const listChecks = [
  defineCheck({
    id: 'tools-list-order-stable',
    title: 'tools/list returns the same order on two consecutive calls',
    level: 'SHOULD',
    requirements: ['LIST-01'],
    assertion: 2,
    eras: BOTH,
    needs: ['tools'],
    async run(ctx) {
      const first = await ctx.list('tools/list');
      const second = await walkList(ctx.client, 'tools/list');
      if (first.error || second.error) return fail(first.error ?? second.error ?? '');
      const a = names(first.items, 'name');
      const b = names(second.items, 'name');
      // Compared in place: a hostile list can hold names of megabytes, and joined or stringified copies doubled the run's memory.
      if (a.length === b.length && a.every((name, index) => name === b[index])) {
        const sameWhole = isDeepStrictEqual(first.items, second.items);
        return pass(`${a.length} tools in the same order${sameWhole ? ', identical definitions' : ' (definitions differ in detail)'}`);
      }
      // Each name capped before the join: two lists of 15 MB names joined made two flat ~90 MB strings.
      return fail(`order changed between two calls: [${a.map((name) => capString(name, 200)).join(', ')}] then [${b.map((name) => capString(name, 200)).join(', ')}]`);
    },
  }),
  defineCheck({
    id: 'list-sets-stable',
    title: 'tools, prompts and resources are the same set on a fresh connection',
    level: 'MUST',
    requirements: ['LIST-02', 'LIST-03'],
    assertion: 2,
    eras: BOTH,
    freshProcesses: 1,
    ownProcess: true,
    async run(ctx) {
      const declared = LISTS.filter((list) => ctx.declares(list.capability));
      if (declared.length === 0) return skip('the server declares no tools, prompts or resources');
      const fresh = await ctx.fresh();
      const subs: SubResult[] = [];
      for (const list of declared) {
        const before = await ctx.list(list.method);
        const after = await walkList(fresh, list.method);
        if (before.error || after.error) {
          subs.push({ id: list.method, status: 'fail', message: before.error ?? after.error ?? '' });
          continue;
        }
        const a = new Set(names(before.items, list.key));
        const b = new Set(names(after.items, list.key));
        const missing = [...a].filter((n) => !b.has(n));
        const added = [...b].filter((n) => !a.has(n));
        // LIST-02 is a 2026-07-28 (stateless) rule: a 2025-11-25 session may hold its own list, so there it is advice.
        const differs = ctx.era === MODERN ? 'fail' : 'warn';
        const legacyNote = ctx.era === MODERN ? '' : '; 2025-11-25 allows lists per session, 2026-07-28 does not (LIST-02)';
        subs.push(
          missing.length || added.length
            ? // Each name capped before the join, as in tools-list-order-stable (six 15 MB names made ~90 MB strings).
              { id: list.method, status: differs, message: `a fresh ${ctx.transport === 'stdio' ? 'process' : 'connection'} sees a different set (missing ${JSON.stringify(missing.map((name) => capString(name, 200)))}, extra ${JSON.stringify(added.map((name) => capString(name, 200)))})${legacyNote}` }
            : { id: list.method, status: 'pass', message: `${a.size} items, same set` },
        );
      }
      ctx.release(fresh);
      return fromSubResults(subs, 'every list is the same set across connections', 'list');
    },
  }),
  defineCheck({
    id: 'pagination-cursors',
    title: 'nextCursor is a string, following it ends, and no cursor repeats',
    level: 'MUST',
    requirements: ['PAGE-01', 'PAGE-02'],
    eras: BOTH,
    async run(ctx) {
      const subs: SubResult[] = [];
      for (const list of [...LISTS, { method: 'resources/templates/list', capability: 'resources' as const, key: 'uriTemplate' }]) {
        if (!ctx.declares(list.capability)) continue;
        const walk = await ctx.list(list.method);
        if (walk.error && list.method === 'resources/templates/list' && walk.pages.length === 1) continue; // templates are optional
        const problems = [...walk.problems, ...(walk.error ? [walk.error] : [])];
        subs.push({ id: list.method, status: problems.length ? 'fail' : 'pass', message: problems.join('; ') || `${walk.pages.length} page(s), ${walk.items.length} items` });
      }
      return fromSubResults(subs, 'every cursor chain is well-formed and ends', 'list');
    },
  }),
  defineCheck({
    id: 'pagination-invalid-cursor',
    title: 'tools/list with an invalid cursor gets -32602',
    level: 'SHOULD',
    requirements: ['PAGE-03'],
    eras: BOTH,
    needs: ['tools'],
    async run(ctx) {
      const exchange = await ctx.client.request('tools/list', { cursor: 'bogus-cursor-!!' }, { label: 'invalid cursor' });
      const problem = errorProblem(exchange, { codes: [-32602], probe: 'tools/list with cursor "bogus-cursor-!!"' });
      return problem ? fail(problem) : pass(`rejected: ${describeOutcome(exchange)}`);
    },
  }),
  defineCheck({
    id: 'pagination-cursor-stable',
    title: 'Re-sending the same cursor returns the same page',
    level: 'SHOULD',
    requirements: ['PAGE-04'],
    eras: BOTH,
    async run(ctx) {
      const subs: SubResult[] = [];
      for (const list of LISTS) {
        if (!ctx.declares(list.capability)) continue;
        const walk = await ctx.list(list.method);
        const firstResult = walk.pages[0] ? resultOf(walk.pages[0]) : undefined;
        const cursor = firstResult?.nextCursor;
        if (typeof cursor !== 'string' || !walk.pages[1]) continue;
        subs.push(await samePage(ctx.client, list.method, cursor, walk.pages[1], list.key));
      }
      return subs.length ? fromSubResults(subs, 'cursors are stable', 'list') : skip('no list has a second page');
    },
  }),
];

async function samePage(client: McpClient, method: string, cursor: string, earlier: CheckContext['discovery']['exchange'], key: string): Promise<SubResult> {
  const again = await client.request(method, { cursor });
  const itemsKey = method === 'tools/list' ? 'tools' : method === 'prompts/list' ? 'prompts' : 'resources';
  const before = resultOf(earlier)?.[itemsKey];
  const after = resultOf(again)?.[itemsKey];
  if (!Array.isArray(after)) return { id: method, status: 'fail', message: `re-sending cursor ${JSON.stringify(cursor)} → ${describeOutcome(again)}` };
  const a = names((before ?? []) as JsonObject[], key);
  const b = names(after as JsonObject[], key);
  // Compared as lists, and joined (then capped with the message) only to say how they differ: a page
  // whose name is 15 MB would otherwise be copied into a joined string on every run.
  if (isDeepStrictEqual(a, b)) return { id: method, status: 'pass', message: 'same page' };
  return { id: method, status: 'fail', message: `the same cursor gave [${a.join(', ')}] then [${b.join(', ')}]` };
}
