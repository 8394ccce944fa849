import { resultOf, describeOutcome } from '../mcp/answer.js';
import { McpClient } from '../mcp/client.js';
import type { Target } from '../mcp/target.js';
import { LEGACY, type Era, type Exchange, type JsonObject, type TransportKind } from '../mcp/types.js';
import type { Capability } from './check.js';
import type { SpecSchemas } from './spec-schemas.js';

/** What the server said about itself: from `server/discover` (2026-07-28) or `initialize` (2025-11-25). */
export interface Discovery {
  era: Era;
  supportedVersions: string[];
  capabilities: Record<string, unknown>;
  serverInfo?: { name?: string; version?: string };
  exchange: Exchange;
  /** A modern server that also accepted a legacy `initialize`. */
  dualEra?: boolean;
}

export interface ListWalk {
  method: string;
  items: JsonObject[];
  pages: Exchange[];
  /** Problems met walking the cursor chain (repeated cursor, non-string cursor, page cap). */
  problems: string[];
  /** Set when a page failed: the list is incomplete. */
  error?: string;
}

export interface ConformanceOptions {
  /** Deadline for each request once the server is up. */
  timeoutMs: number;
  /** How long a server may take to start (launch, first answer on each new process); apart from timeoutMs. */
  startupTimeoutMs: number;
  /** Which tools the checker may call with synthesized arguments. */
  callTools: 'read-only' | 'all' | 'none';
  /** Origins the server is meant to accept (HTTP-ORG-01 is server policy). */
  allowedOrigin?: string;
}

const LIST_ITEMS: Record<string, string> = {
  'tools/list': 'tools',
  'resources/list': 'resources',
  'resources/templates/list': 'resourceTemplates',
  'prompts/list': 'prompts',
};
const MAX_PAGES = 100;

/** Everything a check can use; lists are walked once and shared. */
export class CheckContext {
  private readonly lists = new Map<string, Promise<ListWalk>>();
  private readonly extraClients: McpClient[] = [];
  private inventory: Promise<void> | undefined;

  constructor(
    readonly client: McpClient,
    readonly target: Target,
    readonly discovery: Discovery,
    readonly schemas: SpecSchemas,
    readonly options: ConformanceOptions,
  ) {}

  get era(): Era {
    return this.discovery.era;
  }

  get transport(): TransportKind {
    return this.target.kind;
  }

  declares(capability: Capability): boolean {
    const value = this.discovery.capabilities[capability];
    return value !== undefined && value !== null && typeof value === 'object';
  }

  /** Walks every page of a list method, following `nextCursor` (memoized). */
  list(method: string): Promise<ListWalk> {
    let walk = this.lists.get(method);
    if (!walk) {
      walk = walkList(this.client, method);
      this.lists.set(method, walk);
    }
    return walk;
  }

  /**
   * Walks every declared list and reads one resource, so a log-wide check has results to judge
   * even when it runs alone (--only). Memoized: costs nothing after the first call.
   */
  async ensureInventory(): Promise<void> {
    this.inventory ??= (async () => {
      if (this.declares('tools')) await this.list('tools/list');
      if (this.declares('prompts')) await this.list('prompts/list');
      if (this.declares('resources')) {
        const resources = await this.list('resources/list');
        await this.list('resources/templates/list');
        const uri = resources.items.find((item) => typeof item.uri === 'string')?.uri;
        if (typeof uri === 'string') await this.client.request('resources/read', { uri });
      }
    })();
    await this.inventory;
  }

  async tools(): Promise<JsonObject[]> {
    return (await this.list('tools/list')).items;
  }

  /** Tools the checker may call for real: read-only ones by default, so a check never sends an email. */
  async callableTools(): Promise<JsonObject[]> {
    if (this.options.callTools === 'none') return [];
    const tools = await this.tools();
    if (this.options.callTools === 'all') return tools;
    return tools.filter((tool) => (tool.annotations as { readOnlyHint?: unknown } | undefined)?.readOnlyHint === true);
  }

  /** A client on a fresh connection (stdio: a new process), in the same era; closed when the run ends. */
  async fresh(): Promise<McpClient> {
    const client = new McpClient(this.target.connect(), { era: this.era, timeoutMs: this.options.timeoutMs, log: this.client.log });
    this.extraClients.push(client);
    // Windows a check opens on this client start once the new process has answered, not at spawn.
    await client.ready(this.options.startupTimeoutMs);
    if (this.era === LEGACY) await client.initialize();
    return client;
  }

  /** Close a fresh client now rather than at the end (returns how its process exited). */
  async closeFresh(client: McpClient): ReturnType<McpClient['connection']['close']> {
    const index = this.extraClients.indexOf(client);
    if (index !== -1) this.extraClients.splice(index, 1);
    return client.connection.close();
  }

  async dispose(): Promise<void> {
    await Promise.all(this.extraClients.splice(0).map((client) => client.connection.close().catch(() => undefined)));
  }
}

export async function walkList(client: McpClient, method: string): Promise<ListWalk> {
  const key = LIST_ITEMS[method];
  const walk: ListWalk = { method, items: [], pages: [], problems: [] };
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const exchange = await client.request(method, cursor === undefined ? {} : { cursor });
    walk.pages.push(exchange);
    const result = resultOf(exchange);
    if (!result) {
      walk.error = `${method}${cursor === undefined ? '' : ` (cursor ${JSON.stringify(cursor)})`}: ${describeOutcome(exchange)}`;
      return walk;
    }
    const items = result[key];
    if (Array.isArray(items)) walk.items.push(...items.filter((item): item is JsonObject => item !== null && typeof item === 'object'));
    else walk.problems.push(`page ${page + 1} has no ${key} array`);
    const next = result.nextCursor;
    if (next === undefined || next === null) return walk;
    if (typeof next !== 'string') {
      walk.problems.push(`page ${page + 1} has a nextCursor that is not a string (${JSON.stringify(next)})`);
      return walk;
    }
    if (seen.has(next)) {
      walk.problems.push(`nextCursor ${JSON.stringify(next)} repeats: the cursor chain loops`);
      return walk;
    }
    seen.add(next);
    cursor = next;
  }
  walk.problems.push(`more than ${MAX_PAGES} pages; stopped following nextCursor`);
  return walk;
}
