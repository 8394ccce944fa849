import type { ListWalk } from '../conformance/context.js';
import type { SurfaceDefinitions } from './types.js';

/** Getting the definitions a model reads: every page of each list the server declares. */

/** Definitions analysed per list at most. */
const MAX_ITEMS = 2000;

const LISTS = [
  ['tools', 'tools/list', 'tools'],
  ['prompts', 'prompts/list', 'prompts'],
  ['resources', 'resources/list', 'resources'],
  ['resourceTemplates', 'resources/templates/list', 'resources'],
] as const;

/** The list methods collectDefinitions walks for a server that declares these capabilities. */
export function surfaceListMethods(declares: (capability: string) => boolean): string[] {
  return LISTS.filter(([, , capability]) => declares(capability)).map(([, method]) => method);
}

/** Walks the lists the server declares, with `list` (a conformance context's memoized walk, or a plain one). */
export async function collectDefinitions(declares: (capability: string) => boolean, list: (method: string) => Promise<ListWalk>): Promise<SurfaceDefinitions> {
  const definitions: SurfaceDefinitions = { tools: [], prompts: [], resources: [], resourceTemplates: [], problems: [] };
  for (const [key, method, capability] of LISTS) {
    if (!declares(capability)) continue;
    const walk = await list(method);
    definitions[key] = walk.items.slice(0, MAX_ITEMS);
    if (walk.error) definitions.problems.push(`${method} failed, the analysis covers what came before: ${walk.error}`);
    if (walk.items.length > MAX_ITEMS) definitions.problems.push(`${method} listed ${walk.items.length} items; the first ${MAX_ITEMS} are analysed`);
  }
  return definitions;
}

