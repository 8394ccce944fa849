import { describeOutcome, errorOf, resultOf } from '../mcp/answer.js';
import { McpClient, META_SERVER_INFO, type RequestTracer } from '../mcp/client.js';
import type { Connection } from '../mcp/connection.js';
import { ExchangeLog } from '../mcp/exchange-log.js';
import { HungMethods } from '../mcp/hung-methods.js';
import { silentStartHint } from '../mcp/startup-error.js';
import { capJson, capString, MAX_JSON_DEPTH } from '../mcp/json-depth.js';
import { Target, TargetUnavailableError, type TargetSpec } from '../mcp/target.js';
import { LEGACY, MODERN, type Era, type Exchange, type JsonObject, type TransportKind } from '../mcp/types.js';
import { answeredLate, fromSubResults, type Capability, type CheckDefinition, type Verdict } from './check.js';
import type { CheckContext, ConformanceOptions, Discovery } from './context.js';
import { EARLY_SPARES, FreshPool, onlyRefused } from './fresh-pool.js';
import { loadPrecompiled } from '../validators/precompiled.js';
import type { CheckResult, ConformanceSection, ServerIdentity, Status } from './types.js';
import type { SurfaceDefinitions, SurfaceSection } from '../surface/types.js';
import { REPORT_CAPS } from '../report/caps.js';

export interface ConformanceRun {
  section: ConformanceSection;
  server: ServerIdentity;
  /** What a model reads (src/core/surface), from the same lists the checks walked. */
  surface?: SurfaceSection;
}

export interface RunSelection {
  /** Run only these check ids (the era probe always runs). */
  only?: string[];
  /** false: leave out the tool-surface analysis. */
  surface?: boolean;
}

export interface RunHooks {
  /** Called once the first request is written: what the caller imports now parses while the server starts. */
  onServerStarting?: () => void;
  /** Called as each check finishes, for progress display. */
  onCheck?: (result: CheckResult, index: number, total: number) => void;
  /** Called when the surface section is analysed: during the last checks (HTTP, 2026) or after them. */
  onSurface?: (surface: SurfaceSection) => void;
}

const EVIDENCE_EXCHANGES = 6;
const EVIDENCE_BODY_CHARS = 2000;
/** Exchanges kept on one sub-result (the one it judged, as a rule). */
const SUB_EVIDENCE_EXCHANGES = 2;

export const DEFAULT_OPTIONS: ConformanceOptions = { timeoutMs: 5000, startupTimeoutMs: 30_000, callTools: 'read-only' };

/**
 * Layer 0: probe the era, then run every applicable check against the server: over 2026-07-28
 * HTTP (stateless) up to CONCURRENCY at once, else one at a time; log-wide checks last.
 */
export async function runConformance(
  spec: TargetSpec,
  options: Partial<ConformanceOptions> & RunSelection = {},
  hooks: RunHooks = {},
): Promise<ConformanceRun> {
  const fromSpec = spec.startupTimeoutMs === undefined ? {} : { startupTimeoutMs: spec.startupTimeoutMs };
  const given = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  const settings: ConformanceOptions = { ...DEFAULT_OPTIONS, ...fromSpec, ...given };
  const startedAt = Date.now();
  const identity: ServerIdentity = { transport: spec.kind, target: spec.kind === 'stdio' ? spec.command : spec.url };
  let target: Target;
  try {
    target = await Target.open(withStartupBudget(spec, settings.startupTimeoutMs));
  } catch (error) {
    if (!(error instanceof TargetUnavailableError)) throw error;
    return { server: identity, section: notEvaluated(error.message, Date.now() - startedAt) };
  }
  const log = new ExchangeLog(undefined, target.drops);
  const pool = new FreshPool(target, { timeoutMs: settings.timeoutMs, startupTimeoutMs: settings.startupTimeoutMs });
  try {
    // discoverEra starts the server and writes its first request before it first waits. Only then do
    // the checks (suite.ts) and the precompiled validators (a megabyte of JavaScript) load, while the
    // server starts up; both are awaited before the checks, as compiling them during a timed check
    // would stall the event loop. Unloaded (or unloadable) validators leave the checks to compile with
    // ajv. Both loads are settled here, as a run that returns early never awaits them.
    // The checks remember a method that hung, so that it costs one deadline (hung-methods.ts).
    const probing = discoverEra(target, log, settings.timeoutMs, settings.startupTimeoutMs, new HungMethods(), undefined, () => pool.takeUntouched());
    const loading = settle(import('./suite.js'));
    const validators = loadPrecompiled().catch(() => undefined);
    // stdio, a whole run: the fresh processes its checks will want start now, beside the first one
    // (a Python server takes seconds to start), once the loads above are under way; the demand is
    // settled once the era is known.
    if (!options.only) pool.startEarly(EARLY_SPARES);
    hooks.onServerStarting?.();
    const probe = await probing;
    if ('notStarted' in probe) return { server: identity, section: notEvaluated(probe.notStarted, Date.now() - startedAt, target) };
    if ('problem' in probe) return { server: identity, section: unreachable(probe, Date.now() - startedAt, target) };
    const { client, discovery } = probe;
    pool.noteStartup(probe.startupMs);
    identity.name = discovery.serverInfo?.name;
    identity.version = discovery.serverInfo?.version;
    const { CHECKS, CheckContext, SpecSchemas, migrationNote, analyzeSurface, collectDefinitions, surfaceListMethods } = unwrap(await loading);
    const ctx = new CheckContext(client, target, discovery, new SpecSchemas(), settings, { pool });
    const applicable = CHECKS.filter((check) => appliesTo(check, discovery.era, target.kind) && (!options.only || options.only.includes(check.id)));
    pool.plan(freshDemand(applicable, ctx));
    // The surface section reads the lists the checks walk (ctx.list shares them) and is pure CPU: a
    // small surface is analysed while checks wait on the server, yielding between its phases; over
    // HTTP (concurrent) once every check has started, over stdio once the checks have walked every
    // list it reads (so it never sends a request of its own beside a check). A large one waits.
    await validators;
    let surfaceTask: Promise<Settled<SurfaceSection>> | undefined;
    const analyze = (breathe?: () => Promise<void>) =>
      (surfaceTask ??= settle(
        collectDefinitions((capability) => ctx.declares(capability as Capability), (method) => ctx.list(method)).then(async (definitions) => {
          const section = await analyzeSurface(capDefinitions(definitions), breathe);
          hooks.onSurface?.(section);
          return section;
        }),
      ));
    const overlapSurface = async (allStarted: boolean) => {
      if (surfaceTask) return;
      const concurrent = ctx.transport === 'http' && ctx.era === MODERN;
      if (concurrent ? !allStarted : !surfaceListMethods((capability) => ctx.declares(capability as Capability)).every((method) => ctx.listed(method))) return;
      const tools = ctx.declares('tools') ? (await ctx.list('tools/list')).items.length : 0;
      if (tools <= OVERLAP_SURFACE_TOOLS) void analyze(breathe);
    };
    const checks = await runChecks(applicable, ctx, hooks, options.surface === false ? undefined : (allStarted) => void overlapSurface(allStarted).catch(() => undefined));
    const surface = options.surface === false ? undefined : unwrap(await analyze());
    await ctx.dispose();
    const stderr = [client.connection.stderrTail(), target.stderrTail()].filter(Boolean).join('\n');
    return {
      server: identity,
      surface,
      section: {
        era: discovery.era,
        eraModel: discovery.era === LEGACY ? 'legacy-only' : discovery.dualEra === undefined ? undefined : discovery.dualEra ? 'dual-era' : 'modern-only',
        supportedVersions: discovery.supportedVersions,
        capabilities: discovery.capabilities,
        migrationNote: discovery.era === LEGACY ? migrationNote(target.kind) : undefined,
        checks,
        stderr: stderr || undefined,
        dropped: target.drops.totals(),
        summary: summarize(checks),
        durationMs: Date.now() - startedAt,
      },
    };
  } finally {
    // Spares first: killed, where the target would close each politely and wait for it to exit.
    await pool.dispose();
    await target.dispose();
  }
}

/**
 * stdio, 2026-07-28: checks on processes of their own that leave nothing behind on them hand one
 * fresh process on, in this order (ProcessRelay), so the chain costs one start-up rather than one per
 * check (a Python process costs ~1 s of CPU to start: on two cores, five of them cost a stdio run
 * more than all its checks). The check whose probe must be a process's first request leads
 * (stateless-first-request); the tool calls follow once the lists are compared; the listen stream,
 * which judges every line of its process, comes after the tool calls that passed (the chain goes on
 * only after a pass: a failed check may have left a tool running); closing stdin ends it, with the
 * listens still open, as a client that quits leaves them (STDIO-05 has no exception for them). The
 * legacy initialize (a session) stays alone.
 */
export const PROCESS_CHAINS: readonly (readonly string[])[] = [
  ['stateless-first-request', 'list-sets-stable', 'progress-notifications', 'log-level-filtering', 'cancel-stops-request', 'subscriptions-listen', 'stdio-exit-on-stdin-close'],
];

/** Whether the run's checks on processes of their own go in chains: stdio, 2026-07-28 (the other runs take each fresh process apart). */
function chained(ctx: { transport?: TransportKind; era?: Era }): boolean {
  return ctx.transport === 'stdio' && ctx.era === MODERN;
}

/** The order in which `checks` run on processes of their own: each chain's checks together, in its order; any other check alone. */
export function processLanes<T extends Pick<CheckDefinition, 'id'>>(checks: readonly T[]): T[][] {
  const lanes: T[][] = [];
  const byChain = new Map<number, T[]>();
  for (const check of checks) {
    const chain = PROCESS_CHAINS.findIndex((ids) => ids.includes(check.id));
    if (chain === -1) {
      lanes.push([check]);
      continue;
    }
    let lane = byChain.get(chain);
    if (!lane) {
      lane = [];
      byChain.set(chain, lane);
      lanes.push(lane);
    }
    lane.push(check);
  }
  for (const lane of byChain.values()) lane.sort((a, b) => PROCESS_CHAINS.flat().indexOf(a.id) - PROCESS_CHAINS.flat().indexOf(b.id));
  return lanes;
}

/**
 * How many fresh processes the run's checks will take: those they declare, unless a capability they
 * need is missing; a chain of checks (stdio, 2026-07-28) takes one between them.
 */
export function freshDemand(checks: readonly CheckDefinition[], ctx: Pick<CheckContext, 'declares'> & { transport?: TransportKind; era?: Era }): number {
  const taking = checks.filter((check) => (check.freshProcesses ?? 0) > 0 && (check.needs ?? []).every((capability) => ctx.declares(capability)));
  const lanes = chained(ctx) ? processLanes(taking.filter((check) => check.ownProcess)).concat(taking.filter((check) => !check.ownProcess).map((check) => [check])) : taking.map((check) => [check]);
  return lanes.reduce((sum, lane) => sum + Math.max(...lane.map((check) => check.freshProcesses ?? 0)), 0);
}

/** Checks in flight at once over 2026-07-28 HTTP: a hanging method then costs about one deadline, not one per check. */
const CONCURRENCY = 8;
/**
 * Surfaces of up to this many tools are analysed while the last checks run: about 100 ms of
 * CPU for 100 tools, a stall the checks' windows absorb. A larger surface (the confusable pairs
 * grow with its square) waits for the checks to end, so no deadline ever races it.
 */
const OVERLAP_SURFACE_TOOLS = 150;

type Settled<T> = { value: T } | { error: unknown };

/** A promise that never rejects, so that one started early and awaited later cannot be an unhandled rejection. */
function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

function unwrap<T>(settled: Settled<T>): T {
  if ('error' in settled) throw settled.error;
  return settled.value;
}

/** Lets pending I/O callbacks run before the next slice of work. */
function breathe(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** `onCheckDone(allStarted)`: after each check, with whether every check has started (a concurrent run's tail, where the loop mostly waits). */
async function runChecks(applicable: CheckDefinition[], ctx: CheckContext, hooks: RunHooks, onCheckDone?: (allStarted: boolean) => void): Promise<CheckResult[]> {
  const early = applicable.filter((check) => !check.late);
  const late = applicable.filter((check) => check.late);
  const results: CheckResult[] = new Array(applicable.length);
  let done = 0;
  const finish = (index: number, result: CheckResult) => {
    results[index] = result;
    done += 1;
    hooks.onCheck?.(result, done, applicable.length);
  };
  if (ctx.transport === 'http' && ctx.era === MODERN) {
    const order = startOrder(early);
    let next = 0;
    const worker = async () => {
      while (next < order.length) {
        const index = order[next++];
        finish(index, await runOne(early[index], ctx.forCheck(early[index].id)));
        onCheckDone?.(next >= order.length);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, early.length) }, worker));
  } else {
    // stdio, 2026-07-28: the checks on processes of their own run beside the others, all at once,
    // once the lists they may read are walked (so they never send a request to the first process).
    // Those of a chain (PROCESS_CHAINS) run one after another on the one process they hand on.
    const apart = chained(ctx) ? early.filter((check) => check.ownProcess) : [];
    let lane: Promise<unknown> | undefined;
    const runLane = async (checks: CheckDefinition[]) => {
      const relay = ctx.processRelay();
      try {
        for (const check of checks) {
          const checkCtx = ctx.forCheck(check.id, true, relay);
          const result = await runOne(check, checkCtx);
          relay.settle(result.status === 'pass' || onlyRefused(checkCtx.client.log.since(0), checkCtx.client.log.size));
          finish(early.indexOf(check), result);
        }
      } finally {
        relay.drop();
      }
    };
    const startLane = () => (lane ??= Promise.all(processLanes(apart).map(runLane)));
    const listsWalked = () => declaredLists(ctx).every((method) => ctx.listed(method));
    if (listsWalked()) startLane();
    // A check that waits for the era probe (on its own process) comes last: the first process works meanwhile.
    const onFirst = early.filter((check) => !apart.includes(check));
    const first = onFirst.filter((check) => !check.awaitsEraProbe).concat(onFirst.filter((check) => check.awaitsEraProbe));
    for (const [position, check] of first.entries()) {
      finish(early.indexOf(check), await runOne(check, ctx.forCheck(check.id)));
      onCheckDone?.(position === first.length - 1);
      await keepAlive(ctx);
      if (listsWalked()) startLane();
    }
    // The first process is done with once the late checks' inventory is taken and every list the
    // surface section reads is walked: the chains and the late checks send it nothing more. Its
    // polite close (fastmcp takes ~0.4 s to exit once its stdin closes) then runs beside the chains.
    if (chained(ctx)) {
      if (late.length > 0) await ctx.ensureInventory();
      if (firstProcessLists(ctx).every((method) => ctx.listed(method))) void ctx.client.connection.close().catch(() => undefined);
    }
    await startLane();
  }
  for (const [offset, check] of late.entries()) finish(early.length + offset, await runOne(check, ctx.forCheck(check.id)));
  return results;
}

/** The lists of the capabilities the server declares that a check on its own process may read (ctx.list, callableTools). */
function declaredLists(ctx: CheckContext): string[] {
  return Object.entries(LIST_CAPABILITIES)
    .filter(([, capability]) => ctx.declares(capability))
    .map(([method]) => method);
}

const LIST_CAPABILITIES: Record<string, Capability> = { 'tools/list': 'tools', 'prompts/list': 'prompts', 'resources/list': 'resources' };

/** Every list that anything of the run may read from the first process: the checks', and the surface section's templates. */
function firstProcessLists(ctx: CheckContext): string[] {
  return [...declaredLists(ctx), ...(ctx.declares('resources') ? ['resources/templates/list'] : [])];
}

/** Indices of `checks` in the order a concurrent run starts them: longest first (the checks that wait out a window), so the quick ones fill the gaps instead of one slow check ending the run alone. */
export function startOrder(checks: readonly CheckDefinition[]): number[] {
  return [...checks.keys()].sort((a, b) => Number(checks[b].watches ?? false) - Number(checks[a].watches ?? false));
}

function appliesTo(check: CheckDefinition, era: Era, transport: 'stdio' | 'http'): boolean {
  return check.eras.includes(era) && (check.transport === undefined || check.transport === transport);
}

async function runOne(check: CheckDefinition, ctx: CheckContext): Promise<CheckResult> {
  const mark = ctx.client.log.size;
  const started = Date.now();
  let verdict: Verdict;
  const missing = (check.needs ?? []).filter((capability) => !ctx.declares(capability));
  if (missing.length > 0) {
    verdict = { status: 'skip', message: `the server does not declare the ${missing.join(', ')} capabilit${missing.length > 1 ? 'ies' : 'y'}` };
  } else {
    try {
      verdict = await check.run(ctx);
    } catch (error) {
      // A bug in a check must not hide the other results; it is reported loudly instead.
      verdict = { status: 'fail', message: `internal error in this check (please report it): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}` };
    }
    const exchanges = ctx.client.log.since(mark);
    verdict = unsentProbes(answeredLate(verdict, exchanges), exchanges);
  }
  // What a failing or warning sub-result judged is kept on it; a passing one names its exchange by #seq.
  const judged: Exchange[] = [];
  const subResults = verdict.subResults?.map(({ evidence, ...sub }) => {
    const status = downgrade(sub.status, check.level);
    const kept = status === 'fail' || status === 'warn' ? (evidence ?? []).slice(0, SUB_EVIDENCE_EXCHANGES) : [];
    judged.push(...kept);
    return { ...sub, id: capString(sub.id, REPORT_CAPS.stringChars), message: capString(sub.message, REPORT_CAPS.stringChars), status, ...(kept.length > 0 ? { evidence: compactEvidence(kept) } : {}) };
  });
  // An aggregate check (response-envelope) judges the run's exchanges and sends few of its own: its
  // evidence leads with what its findings judged.
  const evidence = [...new Map([...judged, ...ctx.client.log.since(mark)].map((exchange) => [exchange.seq, exchange])).values()];
  return {
    id: check.id,
    title: check.title,
    level: check.level,
    status: downgrade(verdict.status, check.level),
    requirements: check.requirements,
    assertion: check.assertion,
    era: ctx.era,
    // Capped where they are made: a message quoting a 15 MB name must not keep (or later copy) it.
    message: capString(verdict.message, REPORT_CAPS.stringChars),
    durationMs: Date.now() - started,
    subResults,
    evidence: compactEvidence(evidence),
  };
}

/** How the client marks a request it did not send because its method hung (hung-methods.ts). */
const NOT_SENT = 'not sent: ';

/**
 * A probe that was never sent is never a verdict (issue 22 item 3): a finding that quotes a
 * not-sent request is skipped, naming the hang and the check it depends on; the check keeps
 * what its sent probes found, and is skipped when nothing else is left.
 */
export function unsentProbes(verdict: Verdict, exchanges: readonly Exchange[]): Verdict {
  if (verdict.status === 'skip') return verdict;
  const unsent = exchanges.find((exchange) => exchange.failure?.startsWith(NOT_SENT))?.failure;
  if (unsent === undefined) return verdict;
  const notChecked = `not checked: the probe was ${unsent}`;
  // A pass that rests on a probe never sent (nothing came back for it) is no verdict either.
  if (verdict.status === 'pass') return !verdict.subResults?.length && verdict.message.includes(NOT_SENT) ? { status: 'skip', message: notChecked } : verdict;
  if (verdict.subResults && verdict.subResults.length > 0) {
    const subResults = verdict.subResults.map((sub) => (sub.status !== 'pass' && sub.status !== 'skip' && sub.message.includes(NOT_SENT) ? { ...sub, status: 'skip' as const, message: `not checked: ${sub.message}` } : sub));
    if (subResults.some((sub) => sub.status === 'fail' || sub.status === 'warn')) return fromSubResults(subResults, verdict.message);
    const passed = subResults.filter((sub) => sub.status === 'pass').length;
    return passed > 0 ? { status: 'pass', message: `${passed} passed; the rest ${notChecked}`, subResults } : { status: 'skip', message: notChecked, subResults };
  }
  return verdict.message.includes(NOT_SENT) ? { status: 'skip', message: notChecked } : verdict;
}

/**
 * Strings of the definitions past this are cut before the surface analysis reads them: every finding
 * about such a string (too long, too costly) still fires, and no message or token count of the
 * analysis copies 15 MB (a message quoting a name is a string that holds all of it).
 */
const SURFACE_STRING_CHARS = 64 * 1024;

function capDefinitions(definitions: SurfaceDefinitions): SurfaceDefinitions {
  return capJson(definitions, { stringChars: SURFACE_STRING_CHARS, depth: MAX_JSON_DEPTH });
}

/** A failing SHOULD or MAY is a warning, never a failure. */
function downgrade(status: Status, level: CheckResult['level']): Status {
  return status === 'fail' && level !== 'MUST' ? 'warn' : status;
}

/** If a check crashed the stdio server, later checks get a new process instead of a cascade of failures. */
async function keepAlive(ctx: CheckContext): Promise<void> {
  const connection = ctx.client.connection as { alive?: boolean };
  if (connection.alive === false) {
    await ctx.client.connection.close().catch(() => undefined);
    ctx.client.replaceConnection(ctx.target.connect());
    await ctx.client.ready(ctx.options.startupTimeoutMs);
    if (ctx.era === LEGACY) await ctx.client.initialize();
  }
}

/** startupMs: how long the server's first process took from spawn to its first answer. */
export type Probe = { client: McpClient; discovery: Discovery; startupMs: number } | { problem: string; evidence: Exchange[] } | { notStarted: string };

/** Connection-level failures: nothing listens there, so nothing about the server can be judged. */
const UNREACHABLE = /^request failed: .*(ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN|UND_ERR_CONNECT_TIMEOUT)/;

/**
 * Modern first (`server/discover`), then the 2025-11-25 handshake on a fresh connection. A server
 * that never comes up (the process ends before answering anything, or nothing listens at the URL)
 * is `notStarted`: could not evaluate, not a conformance failure. One that runs but stays silent
 * through the start-up budget started: it is asked as usual, and fails server-responds.
 */
export async function discoverEra(
  target: Target,
  log: ExchangeLog,
  timeoutMs: number,
  startupTimeoutMs = DEFAULT_OPTIONS.startupTimeoutMs,
  hung?: HungMethods,
  tracer?: RequestTracer,
  /** Where the 2025-11-25 handshake's connection comes from (a spare process started beside the first). */
  connect: () => Connection = () => target.connect(),
): Promise<Probe> {
  const spawned = Date.now();
  const modern = new McpClient(target.connect(), { era: MODERN, timeoutMs, log, hung, tracer });
  const notReady = await modern.ready(startupTimeoutMs);
  const startupMs = Date.now() - spawned;
  // Gone, or alive but silent for the whole start-up budget: nothing was measured, so this is "could
  // not evaluate", never a conformance failure (a server still downloading behind a proxy looks the
  // same as one that hangs), and the budget is spent once, not once per era.
  if (notReady) return { notStarted: await giveUp(modern, notReady, target) };
  const discover = await modern.request('server/discover', {});
  if (discover.response === undefined && discover.failure && UNREACHABLE.test(discover.failure)) {
    return { notStarted: `the server did not start: nothing answers at ${target.description} (${discover.failure.replace(/^request failed: /, '')})` };
  }
  const result = resultOf(discover);
  if (result && Array.isArray(result.supportedVersions)) {
    return { client: modern, discovery: fromDiscover(discover, result), startupMs };
  }
  const modernError = errorOf(discover);
  await modern.connection.close().catch(() => undefined);
  const legacy = new McpClient(connect(), { era: LEGACY, timeoutMs, log, hung, tracer });
  const legacyNotReady = await legacy.ready(startupTimeoutMs);
  if (legacyNotReady) return { notStarted: await giveUp(legacy, legacyNotReady, target) };
  const init = await legacy.initialize();
  const initResult = resultOf(init);
  if (initResult && typeof initResult.protocolVersion === 'string') {
    return {
      client: legacy,
      discovery: {
        era: LEGACY,
        supportedVersions: [initResult.protocolVersion],
        capabilities: asObject(initResult.capabilities),
        serverInfo: asObject(initResult.serverInfo) as Discovery['serverInfo'],
        exchange: init,
      },
      // The first process's start-up: the same server, and this one may have been a spare spawned beside it.
      startupMs,
    };
  }
  await legacy.connection.close().catch(() => undefined);
  const why = modernError?.code === -32022 ? ' (it answered -32022: it does not support 2026-07-28)' : '';
  return {
    problem: `the server answered neither server/discover (${describeOutcome(discover)})${why} nor a 2025-11-25 initialize (${describeOutcome(init)})`,
    evidence: [discover, init],
  };
}

function fromDiscover(exchange: Exchange, result: JsonObject): Discovery {
  const meta = asObject(result._meta);
  return {
    era: MODERN,
    supportedVersions: (result.supportedVersions as unknown[]).filter((v): v is string => typeof v === 'string'),
    capabilities: asObject(result.capabilities),
    serverInfo: asObject(meta[META_SERVER_INFO]) as Discovery['serverInfo'],
    exchange,
  };
}

function asObject(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * Ends a connection whose server never answered, and says why: one that is still running used its
 * whole budget in silence (no polite exit grace, and a hint at what it may need).
 */
async function giveUp(client: McpClient, why: string, target: Target): Promise<string> {
  const connection = client.connection as { kill?: () => Promise<void> };
  if (!isAlive(client) || !connection.kill) {
    await client.connection.close().catch(() => undefined);
    return why;
  }
  await connection.kill().catch(() => undefined);
  return `${why}${silentStartHint(target.spec.kind === 'stdio' ? target.spec.command : target.spec.start?.command)}`;
}

function isAlive(client: McpClient): boolean {
  return (client.connection as { alive?: boolean }).alive !== false;
}

/** The launched HTTP server gets the start-up budget too, unless the spec set its own. */
export function withStartupBudget(spec: TargetSpec, startupTimeoutMs: number): TargetSpec {
  if (spec.kind !== 'http' || !spec.start) return spec;
  return { ...spec, start: { ...spec.start, readyTimeoutMs: spec.start.readyTimeoutMs ?? startupTimeoutMs } };
}

/** The server never came up: no check ran, and the run says so instead of failing a MUST (exit 3). */
function notEvaluated(reason: string, durationMs: number, target?: Target): ConformanceSection {
  const stderr = target?.stderrTail();
  return {
    era: MODERN,
    supportedVersions: [],
    capabilities: {},
    checks: [],
    notEvaluated: { reason },
    stderr: stderr || undefined,
    summary: summarize([]),
    durationMs,
  };
}

/** Neither era answered: one failed check says why (`discover-answers` if the server spoke at all). */
function unreachable(probe: { problem: string; evidence: Exchange[] }, durationMs: number, target?: Target): ConformanceSection {
  const answered = probe.evidence.some((exchange) => exchange.response?.answer !== undefined || exchange.response?.status !== undefined);
  const check: CheckResult = {
    id: answered ? 'discover-answers' : 'server-responds',
    title: answered ? 'server/discover answers with a result' : 'The server starts and answers server/discover or initialize',
    level: 'MUST',
    status: 'fail',
    requirements: answered ? ['DISC-01', 'STDIO-07', 'HTTP-ST-04', 'HTTP-ORG-02', 'META-04'] : ['DISC-01', 'STDIO-07', 'HTTP-ST-04'],
    assertion: 1,
    era: MODERN,
    message: probe.problem,
    durationMs,
    evidence: compactEvidence(probe.evidence),
  };
  const stderr = target?.stderrTail();
  return { era: MODERN, supportedVersions: [], capabilities: {}, checks: [check], stderr: stderr || undefined, summary: summarize([check]), durationMs };
}

export function summarize(checks: CheckResult[]): ConformanceSection['summary'] {
  const count = (status: Status) => checks.filter((check) => check.status === status).length;
  return { pass: count('pass'), fail: count('fail'), warn: count('warn'), skip: count('skip'), total: checks.length };
}

function compactEvidence(exchanges: Exchange[]): Exchange[] {
  return exchanges.slice(0, EVIDENCE_EXCHANGES).map((exchange) => ({
    ...exchange,
    request: { ...exchange.request, body: clip(exchange.request.body) },
    response: exchange.response && {
      ...exchange.response,
      body: clip(exchange.response.body),
      messages: [],
      answer: undefined,
      garbage: exchange.response.garbage.slice(0, 5),
    },
  }));
}

function clip(text: string): string {
  return text.length > EVIDENCE_BODY_CHARS ? `${text.slice(0, EVIDENCE_BODY_CHARS)}… (${text.length} chars in all)` : text;
}
