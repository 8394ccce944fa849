import { resultOf, describeOutcome } from '../mcp/answer.js';
import { McpClient } from '../mcp/client.js';
import { HungMethods } from '../mcp/hung-methods.js';
import type { Target } from '../mcp/target.js';
import { LEGACY, type Era, type Exchange, type JsonObject, type TransportKind } from '../mcp/types.js';
import type { Capability } from './check.js';
import { CheckLog } from './check-log.js';
import { FreshPool, ProcessRelay } from './fresh-pool.js';
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

/** What every check of a run shares: list walks, the inventory, fresh clients and the pool of warm processes. */
interface Shared {
  lists: Map<string, Promise<ListWalk>>;
  extraClients: McpClient[];
  inventory?: Promise<void>;
  pool: FreshPool;
  /** Probes several checks depend on, sent once per run (ctx.once). */
  memo: Map<string, Promise<unknown>>;
}

/** Longer tool names are never called (callableTools). */
export const MAX_CALLED_NAME_CHARS = 1024;

/** Everything a check can use; lists are walked once and shared. */
export class CheckContext {
  private readonly shared: Shared;

  constructor(
    readonly client: McpClient,
    readonly target: Target,
    readonly discovery: Discovery,
    readonly schemas: SpecSchemas,
    readonly options: ConformanceOptions,
    shared?: Shared | { pool: FreshPool },
    /** stdio: the chain this check's fresh process comes from and goes on to (ProcessRelay). */
    private readonly relay?: ProcessRelay,
  ) {
    this.shared =
      shared && 'lists' in shared
        ? shared
        : { lists: new Map(), extraClients: [], memo: new Map(), pool: shared?.pool ?? new FreshPool(target, { timeoutMs: options.timeoutMs, startupTimeoutMs: options.startupTimeoutMs }) };
  }

  /**
   * The context one check runs in: its own client view, so its evidence is its own exchanges. A
   * check on processes of its own (`apart`) runs beside others with its own record of hung methods
   * over the run's: what hung on the first process is not sent again, but a hang on its own process
   * says nothing of the first one, and others' answers nothing of its. A check of a chain (`relay`)
   * shares its fresh process with the chain's other checks, one after another.
   */
  forCheck(checkId: string, apart = false, relay?: ProcessRelay): CheckContext {
    if (this.era === LEGACY) {
      // 2025-11-25 has a session on the one client: checks run one at a time on it.
      this.client.checkId = checkId;
      return this;
    }
    const client = this.client.fork(new CheckLog(this.client.log), checkId, apart ? new HungMethods(true, this.client.hung) : this.client.hung);
    return new CheckContext(client, this.target, this.discovery, this.schemas, this.options, this.shared, relay);
  }

  /** A new chain of checks that hand one fresh process on (stdio; see runner.ts PROCESS_CHAINS). */
  processRelay(): ProcessRelay {
    return new ProcessRelay(this.shared.pool);
  }

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

  /** Runs `probe` once per run under `key`; every later caller gets the same answer. */
  once<T>(key: string, probe: () => Promise<T>): Promise<T> {
    let pending = this.shared.memo.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = probe();
      this.shared.memo.set(key, pending);
    }
    return pending;
  }

  /** Whether a check has walked this list already (ctx.list would not send a request). */
  listed(method: string): boolean {
    return this.shared.lists.has(method);
  }

  /** Walks every page of a list method, following `nextCursor` (memoized). */
  list(method: string): Promise<ListWalk> {
    let walk = this.shared.lists.get(method);
    if (!walk) {
      walk = walkList(this.client, method);
      this.shared.lists.set(method, walk);
    }
    return walk;
  }

  /**
   * Walks every declared list and reads one resource, so a log-wide check has results to judge
   * even when it runs alone (--only). Memoized: costs nothing after the first call.
   */
  async ensureInventory(): Promise<void> {
    this.shared.inventory ??= (async () => {
      if (this.declares('tools')) await this.list('tools/list');
      if (this.declares('prompts')) await this.list('prompts/list');
      if (this.declares('resources')) {
        const resources = await this.list('resources/list');
        await this.list('resources/templates/list');
        const uri = resources.items.find((item) => typeof item.uri === 'string')?.uri;
        if (typeof uri === 'string') await this.client.request('resources/read', { uri });
      }
    })();
    await this.shared.inventory;
  }

  async tools(): Promise<JsonObject[]> {
    return (await this.list('tools/list')).items;
  }

  /**
   * Tools the checker may call for real: read-only ones by default, so a check never sends an email.
   * Never one whose name is absurdly long: tool-names reports it, and each call would copy the
   * name (15 MB from a hostile server) into the request, its log and its Mcp-Name header.
   */
  async callableTools(): Promise<JsonObject[]> {
    if (this.options.callTools === 'none') return [];
    const tools = (await this.tools()).filter((tool) => typeof tool.name !== 'string' || tool.name.length <= MAX_CALLED_NAME_CHARS);
    if (this.options.callTools === 'all') return tools;
    return tools.filter((tool) => (tool.annotations as { readOnlyHint?: unknown } | undefined)?.readOnlyHint === true);
  }

  /**
   * A client on a fresh connection (stdio: a new process, or the one an earlier check of its chain
   * passed on), in the same era; closed when the run ends.
   */
  async fresh(): Promise<McpClient> {
    const handed = this.relay?.take();
    if (handed) {
      const client = handed.fork(this.client.log, '', this.client.hung);
      client.checkId = this.client.checkId;
      // An untouched process's first deadline counted its start-up; this check's requests get the usual one.
      client.timeoutMs = this.options.timeoutMs;
      this.shared.extraClients.push(client);
      return client;
    }
    // Windows a check opens on this client start once the new process has answered, not at spawn.
    const { connection } = this.target.kind === 'stdio' ? await this.shared.pool.take(this.era) : { connection: this.target.connect() };
    const client = new McpClient(connection, { era: this.era, timeoutMs: this.options.timeoutMs, log: this.client.log, hung: this.client.hung, checkId: this.client.checkId });
    this.shared.extraClients.push(client);
    if (this.era === LEGACY) await client.initialize();
    return client;
  }

  /**
   * stdio: a client on a new process that has been sent nothing, so its first request is the
   * probe's (a pooled `fresh` one has answered a readiness probe); `era` shapes its requests.
   * Its deadline counts what may be left of the process's start-up (FreshPool.firstRequestTimeout).
   * Over HTTP, a new connection.
   */
  untouched(era: Era = this.era): McpClient {
    const stdio = this.target.kind === 'stdio';
    const connection = stdio ? this.shared.pool.takeUntouched() : this.target.connect();
    const timeoutMs = stdio ? this.shared.pool.firstRequestTimeout(connection) : this.options.timeoutMs;
    const client = new McpClient(connection, { era, timeoutMs, log: this.client.log, hung: this.client.hung, checkId: this.client.checkId });
    this.shared.extraClients.push(client);
    return client;
  }

  /** Close a fresh client now and wait for its process to exit (returns how it exited). */
  async closeFresh(client: McpClient): ReturnType<McpClient['connection']['close']> {
    this.forget(client);
    return client.connection.close();
  }

  /**
   * A fresh client this check is done with: its process ends in the background (awaited when the run
   * ends), or, in a chain, goes on to the chain's next check.
   */
  release(client: McpClient): void {
    this.forget(client);
    if (this.relay && this.transport === 'stdio') this.relay.hold(client);
    else this.shared.pool.release(client.connection);
  }

  private forget(client: McpClient): void {
    const index = this.shared.extraClients.indexOf(client);
    if (index !== -1) this.shared.extraClients.splice(index, 1);
  }

  async dispose(): Promise<void> {
    await this.shared.pool.dispose();
    await Promise.all(this.shared.extraClients.splice(0).map((client) => client.connection.close().catch(() => undefined)));
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
