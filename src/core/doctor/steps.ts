import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { basename, dirname, relative } from 'node:path';
import { callTool } from '../agent/call-tool.js';
import type { EvalConfig, ModelConfig } from '../config/types.js';
import { walkList, type Discovery } from '../conformance/context.js';
import { discoverEra } from '../conformance/runner.js';
import { synthesizeArguments } from '../conformance/synthesize.js';
import { analyzeSchema } from '../conformance/tool-schema.js';
import { ConfigurationError, formatLocation } from '../errors.js';
import { targetOf } from '../evals/server-target.js';
import { toolNameProblems } from '../evals/tool-names.js';
import type { GoldenSet } from '../golden/types.js';
import { errorOf, resultOf } from '../mcp/answer.js';
import type { McpClient } from '../mcp/client.js';
import type { Connection } from '../mcp/connection.js';
import { ExchangeLog } from '../mcp/exchange-log.js';
import { TargetUnavailableError, type Target, type TargetSpec } from '../mcp/target.js';
import { LEGACY, type JsonObject } from '../mcp/types.js';
import { DEFAULT_API_KEY_ENV } from '../models/factory.js';
import { ModelError, type ModelProvider, type ToolSpec } from '../models/types.js';
import { createJudgeScorer, scorersFor } from '../scorers/index.js';
import type { DoctorStep, StepOutcome } from './runner.js';
import { inertText } from '../report/inert.js';
import { registerConfigSecrets } from '../mcp/redact.js';

/*
 * The doctor's walk, in the order eval failures are usually found: the config, the server
 * process, the handshake, tools/list, the tool schemas, one real tools/call, the model
 * endpoints (with one tiny tool-calling request each), and the scoring config. Each step reads
 * what the steps before it left in `state`; every side effect goes through `adapters`.
 */

/** Everything a step may do to the outside world; tests swap any of it. */
export interface DoctorAdapters {
  env: NodeJS.ProcessEnv;
  loadConfig: (file: string, env: NodeJS.ProcessEnv) => Promise<EvalConfig>;
  openTarget: (spec: TargetSpec) => Promise<Target>;
  /** A stdio server process of its own, only to see whether it starts (closed right after). */
  spawnStdio: (spec: Extract<TargetSpec, { kind: 'stdio' }>) => Connection;
  /** Any HTTP answer (status) or why there was none. */
  probeUrl: (url: string, timeoutMs: number) => Promise<{ status: number } | { problem: string }>;
  providerFor: (model: ModelConfig) => ModelProvider;
  loadGolden: (file: string) => Promise<GoldenSet>;
  sleep: (ms: number) => Promise<void>;
}

/** A server's start-up budget when neither the flag nor the config gives one (as `conformance` and `run`). */
const DEFAULT_STARTUP_TIMEOUT_MS = 30_000;

export interface DoctorSettings {
  configFile: string;
  /** Deadline of each MCP request. */
  timeoutMs: number;
  /** A stdio server still running this long after its spawn counts as started. */
  stdioStartGraceMs: number;
  /** `--startup-timeout`: how long the server may take to start, over the config's (default 30 s). */
  startupTimeoutMs?: number;
}

/** What the steps learn, for the steps after them (and for disposal). */
export interface DoctorState {
  config?: EvalConfig;
  target?: Target;
  client?: McpClient;
  discovery?: Discovery;
  tools?: JsonObject[];
}

export interface DoctorContext {
  adapters: DoctorAdapters;
  settings: DoctorSettings;
  state: DoctorState;
}

/** The tool each model is offered: calling it proves the endpoint does tool calls. */
export const PROBE_TOOL: ToolSpec = {
  name: 'mcp_evals_ping',
  description: 'Connectivity check for mcp-evals. Call this tool, with echo set to "ok", whenever you are asked to.',
  inputSchema: { type: 'object', properties: { echo: { type: 'string', description: 'Always "ok".' } }, required: ['echo'], additionalProperties: false },
};

/** Tool names OpenAI-compatible APIs accept (Anthropic's rule is the same). */
const PORTABLE_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const STDERR_LINES = 12;
const NAMES_SHOWN = 12;

const pass = (message: string, extra: Partial<StepOutcome> = {}): StepOutcome => ({ status: 'pass', message, ...extra });
const fail = (message: string, hint: string, extra: Partial<StepOutcome> = {}): StepOutcome => ({ status: 'fail', message, hint, ...extra });

// ---------------------------------------------------------------------------------------------

const configLoads: DoctorStep<DoctorContext> = {
  id: 'config',
  title: 'the config loads',
  async run({ adapters, settings, state }) {
    let config: EvalConfig;
    try {
      config = await adapters.loadConfig(settings.configFile, adapters.env);
    } catch (error) {
      if (!(error instanceof ConfigurationError)) throw error;
      const missing = !existsSync(settings.configFile);
      return fail(error.message, missing ? 'create one with `mcp-evals init` (it copies a working example), or point --config at yours' : 'fix the file at the position shown (file:line:column); every problem is listed', {
        configError: true,
      });
    }
    if (settings.startupTimeoutMs !== undefined) config.server.startup_timeout_ms = settings.startupTimeoutMs;
    state.config = config;
    registerConfigSecrets(config, adapters.env);
    const models = config.models.length === 0 ? 'no models (layer 0 only)' : `${config.models.length} model${config.models.length === 1 ? '' : 's'} (${config.models.map((m) => m.id).join(', ')})`;
    return pass(`${basename(config.file)}: ${describeServer(config)}; ${models}; golden ${relativeTo(config, config.golden)}`);
  },
};

const serverStarts: DoctorStep<DoctorContext> = {
  id: 'server',
  title: 'the server starts',
  async run({ adapters, settings, state }) {
    const spec = targetOf(state.config!);
    if (spec.kind === 'stdio') {
      state.target = await adapters.openTarget(spec);
      const connection = adapters.spawnStdio(spec);
      try {
        const started = Date.now();
        while (isAlive(connection) && Date.now() - started < settings.stdioStartGraceMs) await adapters.sleep(25);
        if (!isAlive(connection)) {
          const info = await connection.close();
          const how = info.signal ? `was killed by ${info.signal}` : `exited with code ${info.exitCode ?? 'unknown'}`;
          const tail = tailLines(connection.stderrTail());
          const hint =
            info.exitCode === 127
              ? `the shell did not find the program: check the command (commands run in ${spec.cwd}) and PATH`
              : `run it by hand in ${spec.cwd} to see the whole error: ${spec.command}`;
          return fail(`\`${spec.command}\` ${how} right after it started`, hint, { details: tail.length ? ['stderr ends with:', ...tail] : ['it wrote nothing to stderr'] });
        }
        const pid = (connection as { pid?: number }).pid;
        return pass(`spawned \`${spec.command}\`${pid ? ` (pid ${pid})` : ''} in ${spec.cwd}; still running after ${settings.stdioStartGraceMs} ms`);
      } finally {
        if (isAlive(connection)) await connection.close();
      }
    }
    const where = safeUrl(spec.url);
    if (spec.start) {
      const readyUrl = spec.start.readyUrl ?? spec.url;
      try {
        state.target = await adapters.openTarget(spec);
      } catch (error) {
        if (!(error instanceof TargetUnavailableError)) throw error;
        return fail(error.message, `run the start command by hand to see why: ${spec.start.command}; ${readyUrl === spec.url ? `${where} must answer once the server listens` : `ready_url ${safeUrl(readyUrl)} must answer 2xx once the server listens`}`);
      }
      return pass(`started \`${spec.start.command}\`; ${safeUrl(readyUrl)} is ready`);
    }
    state.target = await adapters.openTarget(spec);
    const probe = await adapters.probeUrl(spec.url, settings.timeoutMs);
    if ('problem' in probe) {
      return fail(`nothing answers at ${where}: ${probe.problem}`, 'start the server first, or give `start:` (and `ready_url:`) in the config so mcp-evals starts it');
    }
    return pass(`${where} answers (HTTP ${probe.status})`);
  },
};

/** What a stdio server that answers nothing usually gets wrong. */
const STDOUT_HINT = 'the server must answer JSON-RPC on stdout, one message per line, and write logs to stderr only; it must speak MCP 2026-07-28 (server/discover) or 2025-11-25 (initialize)';

const handshake: DoctorStep<DoctorContext> = {
  id: 'discover',
  title: 'server/discover or initialize answers',
  async run({ settings, state }) {
    const target = state.target!;
    const probe = await discoverEra(target, new ExchangeLog(50), settings.timeoutMs, target.spec.startupTimeoutMs ?? DEFAULT_STARTUP_TIMEOUT_MS);
    if ('notStarted' in probe) {
      // Running but silent: most often logs on stdout, or not MCP at all; else it needs more time.
      const silent = /no answer to anything within the start-up budget/.test(probe.notStarted);
      return fail(probe.notStarted, silent ? `${STDOUT_HINT}; or it needs longer: --startup-timeout MS` : 'check that the command runs by itself in a terminal (a build step, a missing file, the URL and port)');
    }
    if ('problem' in probe) {
      const tail = tailLines(target.stderrTail());
      const hint = /HTTP 40[13]/.test(probe.problem)
        ? 'the server wants credentials: send them with server.headers (e.g. Authorization: "Bearer ${MCP_TOKEN}")'
        : target.kind === 'stdio'
          ? STDOUT_HINT
          : 'check the URL path (often /mcp) and that the server speaks MCP 2026-07-28 (server/discover) or 2025-11-25 (initialize) there';
      return fail(probe.problem, hint, tail.length ? { details: ['server stderr ends with:', ...tail] } : {});
    }
    state.client = probe.client;
    state.discovery = probe.discovery;
    const { discovery } = probe;
    // The server names itself: one inert line, whatever it sent (newlines, `::warning::`, escapes).
    const who = inertText([discovery.serverInfo?.name, discovery.serverInfo?.version].filter(Boolean).join(' ')) || 'the server';
    if (discovery.era === LEGACY) {
      return pass(`${who} answered initialize: era ${LEGACY} (it does not answer server/discover)`, {
        hint: 'evals work; `mcp-evals conformance` says what to change to migrate to 2026-07-28',
      });
    }
    return pass(`${who} answered server/discover: era ${discovery.era} (supports ${discovery.supportedVersions.join(', ') || 'nothing it names'})`);
  },
};

const toolsList: DoctorStep<DoctorContext> = {
  id: 'tools-list',
  title: 'tools/list answers',
  async run({ state }) {
    const walk = await walkList(state.client!, 'tools/list');
    if (walk.error) {
      const declared = state.discovery?.capabilities.tools !== undefined;
      return fail(walk.error, declared ? 'the server declares tools but tools/list failed: see its stderr or run `mcp-evals conformance`' : 'the server does not declare the tools capability: register at least one tool');
    }
    state.tools = walk.items;
    const names = walk.items.map((tool) => String(tool.name));
    const details = walk.problems.length > 0 ? walk.problems : undefined;
    if (names.length === 0) return { status: 'warn', message: 'the server lists no tools', hint: 'layer 1 has nothing for a model to call', details };
    const shown = names.slice(0, NAMES_SHOWN).join(', ') + (names.length > NAMES_SHOWN ? `, … (${names.length - NAMES_SHOWN} more)` : '');
    return { status: details ? 'warn' : 'pass', message: `${names.length} tool${names.length === 1 ? '' : 's'}: ${shown}`, details, hint: details ? 'pagination problems: `mcp-evals conformance` checks them in detail' : undefined };
  },
};

const toolNames: DoctorStep<DoctorContext> = {
  id: 'tool-names',
  title: 'every tool tasks.yaml names is listed',
  async run({ adapters, state }) {
    const config = state.config!;
    if (config.models.length === 0) return { status: 'skip', message: 'no models configured: tasks.yaml is not used' };
    const golden = await adapters.loadGolden(config.golden);
    const listed = (state.tools ?? []).map((tool) => String(tool.name));
    const problems = await toolNameProblems(config, golden, listed);
    if (problems.length === 0) return pass(`every tool name in ${relativeTo(config, golden.file)} and allow_destructive_tools is one the server lists`);
    const lines = problems.map((problem) => `${formatLocation(problem.location)}: ${problem.message}`);
    return fail(problems.length === 1 ? lines[0] : `${problems.length} tool names the server does not list`, 'fix the tool names (a typo would cost model calls and read as a model failure)', { details: problems.length === 1 ? undefined : lines.slice(0, 20), configError: true });
  },
};

const toolSchemas: DoctorStep<DoctorContext> = {
  id: 'tool-schemas',
  title: 'the tool schemas are valid',
  async run({ state }) {
    const tools = state.tools ?? [];
    if (tools.length === 0) return { status: 'skip', message: 'no tools to check' };
    const errors: string[] = [];
    const warnings: string[] = [];
    for (const [index, tool] of tools.entries()) {
      const name = typeof tool.name === 'string' ? tool.name : `tools[${index}]`;
      if (typeof tool.name !== 'string') errors.push(`${name}: the name is not a string`);
      else if (!PORTABLE_TOOL_NAME.test(tool.name)) warnings.push(`${name}: model APIs accept tool names of 1-64 letters, digits, _ and - only; this one will be rejected or renamed`);
      for (const field of ['inputSchema', 'outputSchema'] as const) {
        const schema = tool[field];
        if (schema === undefined && field === 'outputSchema') continue;
        if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
          errors.push(`${name}: ${field} is not an object`);
          continue;
        }
        if (field === 'inputSchema' && (schema as JsonObject).type !== 'object') errors.push(`${name}: inputSchema must have type "object" at its root`);
        const analysis = analyzeSchema(schema);
        if (!analysis.dialect.supported) warnings.push(`${name}: ${field} declares $schema ${analysis.dialect.declared}, which is not checked (supported: 2020-12, 2019-09, draft-07)`);
        if (analysis.metaErrors?.length) errors.push(`${name}: ${field} is invalid ${analysis.dialect.supported ? analysis.dialect.dialect : ''} JSON Schema: ${analysis.metaErrors.slice(0, 2).join('; ')}`);
        else if (analysis.compileError) errors.push(`${name}: ${field} does not compile: ${analysis.compileError}`);
        for (const ref of analysis.missingLocalRefs.slice(0, 2)) errors.push(`${name}: ${field} $ref ${ref.ref} (at ${ref.at}) does not resolve`);
        if (analysis.externalRefs.length > 0) warnings.push(`${name}: ${field} depends on external $ref ${analysis.externalRefs[0].ref}, which nothing fetches (models never see it)`);
        if (analysis.bounds.exceeded.length > 0) warnings.push(`${name}: ${field} is ${analysis.bounds.exceeded[0]}`);
        if (analysis.regexWarning) warnings.push(`${name}: ${field}: ${analysis.regexWarning}`);
      }
    }
    if (errors.length > 0) {
      return fail(`${errors.length} schema problem${errors.length === 1 ? '' : 's'} in ${tools.length} tool${tools.length === 1 ? '' : 's'}`, 'fix the schemas above; `mcp-evals conformance` shows every finding with the exchange', {
        details: [...errors, ...warnings].slice(0, 20),
      });
    }
    if (warnings.length > 0) return { status: 'warn', message: `${tools.length} schemas valid, with ${warnings.length} warning${warnings.length === 1 ? '' : 's'}`, details: warnings.slice(0, 20) };
    return pass(`${tools.length} tool${tools.length === 1 ? '' : 's'}: every schema is valid in its dialect, every $ref resolves`);
  },
};

const oneToolCall: DoctorStep<DoctorContext> = {
  id: 'tools-call',
  title: 'one tools/call works',
  async run({ settings, state }) {
    const tools = state.tools ?? [];
    if (tools.length === 0) return { status: 'skip', message: 'no tools to call' };
    const readOnly = tools.filter((tool) => typeof tool.name === 'string' && (tool.annotations as { readOnlyHint?: unknown } | undefined)?.readOnlyHint === true);
    if (readOnly.length === 0) {
      return { status: 'skip', message: 'no tool is annotated readOnlyHint: true', hint: 'doctor only calls tools without side effects; annotate the read-only ones (readOnlyHint: true)' };
    }
    const reasons: string[] = [];
    for (const tool of readOnly) {
      const name = tool.name as string;
      const synthesized = synthesizeArguments(tool.inputSchema);
      if (!synthesized.ok) {
        reasons.push(`${name}: ${synthesized.reason}`);
        continue;
      }
      const args = synthesized.value;
      const sent = `${name} ${truncate(JSON.stringify(args), 120)}`;
      const outcome = await callTool(state.client!, name, args, { traceparent: `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-01`, timeoutMs: settings.timeoutMs });
      const last = outcome.exchanges[outcome.exchanges.length - 1];
      if (last?.failure) return fail(`${sent} → ${last.failure}`, 'the server did not answer the call: see its stderr (a crash or a hang in the tool)');
      const error = last ? errorOf(last) : undefined;
      if (error && !resultOf(last)) {
        return fail(`${sent} → JSON-RPC error ${error.code}: ${truncate(error.message, 200)}`, 'the arguments were synthesized from the tool\'s own inputSchema and validate against it; the tool should accept them (or say why with isError: true)');
      }
      if (outcome.isError) {
        return { status: 'warn', message: `${sent} → isError: ${truncate(oneLine(outcome.text), 200)}`, hint: 'the tool answered with an error for arguments synthesized from its schema; that can be right (e.g. an unknown id), so check the text' };
      }
      return pass(`${sent} → ${outcome.empty ? '(empty result)' : truncate(oneLine(outcome.text), 120)}`);
    }
    return { status: 'skip', message: 'no arguments could be synthesized for any read-only tool', details: reasons.slice(0, 5) };
  },
};

const modelsAnswer: DoctorStep<DoctorContext> = {
  id: 'models',
  title: 'each model endpoint answers and calls tools',
  async run({ adapters, state }) {
    const models = state.config!.models;
    if (models.length === 0) return { status: 'skip', message: 'no models configured (layer 0 only)' };
    const outcomes = await Promise.all(models.map((model) => probeModel(model, adapters)));
    const failed = outcomes.filter((outcome) => !outcome.ok);
    const details = outcomes.map((outcome) => `${outcome.ok ? '✓' : '✗'} ${outcome.line}`);
    if (failed.length === 0) return pass(`${models.length} model${models.length === 1 ? '' : 's'} answered with a tool call`, { details });
    const hints = [...new Set(failed.map((outcome) => outcome.hint).filter((hint): hint is string => Boolean(hint)))];
    return fail(`${failed.length} of ${models.length} model${models.length === 1 ? '' : 's'} failed`, hints.join('; '), { details, configError: failed.every((outcome) => outcome.configError) });
  },
};

const scoringValid: DoctorStep<DoctorContext> = {
  id: 'scoring',
  title: 'the scoring config is valid',
  async run({ adapters, state }) {
    const config = state.config!;
    if (config.models.length === 0) return { status: 'skip', message: 'no models configured: nothing is scored' };
    const golden = await adapters.loadGolden(config.golden);
    let judge;
    if (config.judge) {
      const keyEnv = config.judge.api_key_env;
      judge = createJudgeScorer(config.judge, keyEnv ? adapters.env[keyEnv] : undefined);
    }
    const counts = new Map<string, number>();
    for (const testCase of golden.cases) for (const scorer of scorersFor(testCase, { judge })) counts.set(scorer.id, (counts.get(scorer.id) ?? 0) + 1);
    const scorers = [...counts].map(([id, count]) => `${id} ×${count}`).join(', ') || 'none';
    const found = `${relativeTo(config, golden.file)}: ${golden.cases.length} case${golden.cases.length === 1 ? '' : 's'}, scorers ${scorers}`;
    if (!config.judge) return pass(`${found}; no judge configured`);
    const judgeModel: ModelConfig = {
      id: `judge ${config.judge.model}`,
      provider: 'openai',
      model: config.judge.model,
      endpoint: config.judge.endpoint,
      ...(config.judge.api_key_env ? { api_key_env: config.judge.api_key_env } : {}),
      temperature: 0,
      max_tokens: 64,
      timeout_ms: config.judge.timeout_ms,
    };
    const started = Date.now();
    try {
      const provider = adapters.providerFor(judgeModel);
      await provider.complete({ messages: [{ role: 'system', content: 'Reply with the JSON object {"ok": true} and nothing else.' }, { role: 'user', content: 'ping' }], tools: [], temperature: 0, maxTokens: 64 });
    } catch (error) {
      const why = explainModelError(error, judgeModel, adapters.env);
      if (!why) throw error;
      return fail(`${found}; the judge ${config.judge.model} at ${safeUrl(config.judge.endpoint)} did not answer: ${why.message}`, why.hint, { configError: why.configError });
    }
    return pass(`${found}; judge ${config.judge.model} answered in ${Date.now() - started} ms`);
  },
};

/** The walk, in order. */
export const DOCTOR_STEPS: ReadonlyArray<DoctorStep<DoctorContext>> = [configLoads, serverStarts, handshake, toolsList, toolSchemas, oneToolCall, modelsAnswer, scoringValid, toolNames];

// ---------------------------------------------------------------------------------------------

interface ModelProbe {
  ok: boolean;
  line: string;
  hint?: string;
  configError?: boolean;
}

/** One tiny request offering one dummy tool and asking for it to be called. */
async function probeModel(model: ModelConfig, adapters: DoctorAdapters): Promise<ModelProbe> {
  const who = `${model.id} (${model.provider} ${model.model} at ${safeUrl(model.endpoint)})`;
  const started = Date.now();
  try {
    const provider = adapters.providerFor(model);
    const response = await provider.complete({
      messages: [
        { role: 'system', content: 'You are being checked for tool-calling support. Answer only by calling the tool you are given.' },
        { role: 'user', content: `Call the ${PROBE_TOOL.name} tool with echo set to "ok".` },
      ],
      tools: [PROBE_TOOL],
      temperature: model.temperature,
      maxTokens: model.max_tokens,
      seed: model.seed,
    });
    const ms = Date.now() - started;
    if (response.toolCalls.length === 0) {
      return {
        ok: false,
        line: `${who}: answered in ${ms} ms but called no tool (stop reason ${response.stopReason}${response.text ? `, said "${truncate(oneLine(response.text), 80)}"` : ''})`,
        hint: `${model.id}: this model/endpoint does not support tool calling (or ignores the tools it is offered); pick a model with tool support, or enable it on the server (e.g. vLLM --enable-auto-tool-choice, llama.cpp --jinja)`,
      };
    }
    const names = response.toolCalls.map((call) => call.name);
    const note = names.includes(PROBE_TOOL.name) ? '' : ` (it named ${names.join(', ')}, not ${PROBE_TOOL.name})`;
    return { ok: true, line: `${who}: answered in ${ms} ms with a tool call${note}` };
  } catch (error) {
    const why = explainModelError(error, model, adapters.env);
    if (!why) throw error;
    return { ok: false, line: `${who}: ${why.message}`, hint: `${model.id}: ${why.hint}`, configError: why.configError };
  }
}

/** What a failed model request means and how to fix it; undefined for anything that is not a model or config error (a bug). */
function explainModelError(error: unknown, model: ModelConfig, env: NodeJS.ProcessEnv): { message: string; hint: string; configError?: boolean } | undefined {
  const keyEnv = model.api_key_env ?? DEFAULT_API_KEY_ENV[model.provider];
  if (error instanceof ConfigurationError) return { message: error.message, hint: `set ${keyEnv} (in CI, from a secret) or name another variable with api_key_env`, configError: true };
  if (!(error instanceof ModelError)) return undefined;
  // The provider prefixes its messages with "id (url): "; the doctor's line already says who.
  const message = truncate(oneLine(error.message).replace(/^[^:]*? \(https?:\/\/[^)]*\): /, ''), 300);
  switch (error.kind) {
    case 'auth':
      return {
        message,
        hint: env[keyEnv]?.trim() ? `the endpoint rejected the key (HTTP ${error.status}): check the key in $${keyEnv}` : `the endpoint wants a key and $${keyEnv} is not set: set it, or name the right variable with api_key_env`,
      };
    case 'timeout':
      return { message, hint: `no answer within timeout_ms (${model.timeout_ms} ms): is the endpoint up? slow local models need a larger timeout_ms` };
    case 'network':
      return { message, hint: `cannot reach ${safeUrl(model.endpoint)}: is the server running, and is the endpoint right (OpenAI-compatible servers usually end in /v1)?` };
    case 'malformed':
      return { message, hint: `the answer is not a ${model.provider === 'anthropic' ? 'Messages' : 'Chat Completions'} response: check provider and endpoint` };
    default:
      if (error.status === 404) return { message, hint: `HTTP 404: check the endpoint (${safeUrl(model.endpoint)}) and the model name (${model.model})` };
      if (error.status === 429) return { message, hint: 'rate limited or out of quota: check the account, or lower concurrency' };
      if (error.status === 400 && /tool|function/i.test(error.message)) return { message, hint: 'the endpoint rejected the tools parameter: this model/endpoint does not support tool calling' };
      return { message, hint: 'see the error above' };
  }
}

function describeServer(config: EvalConfig): string {
  const server = config.server;
  if ('command' in server) return `stdio server \`${server.command}\``;
  return `HTTP server ${safeUrl(server.url)}${server.start ? ` (started by \`${server.start}\`)` : ''}`;
}

function relativeTo(config: EvalConfig, file: string): string {
  const path = relative(dirname(config.file), file);
  return path && !path.startsWith('..') ? path : file;
}

function isAlive(connection: Connection): boolean {
  return (connection as { alive?: boolean }).alive !== false;
}

/** A URL without credentials, query or fragment (those may carry secrets). */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return 'an invalid URL';
  }
}

function tailLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '')
    .slice(-STDERR_LINES)
    .map((line) => truncate(line, 240));
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
