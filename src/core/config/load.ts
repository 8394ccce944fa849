import { stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { ConfigurationError } from '../errors.js';
import { readRubric } from '../golden/load.js';
import {
  InvalidFileError,
  locateItem,
  locateKey,
  locatePath,
  nodeLocation,
  readYamlFile,
  schemaProblems,
  schemaValidator,
  suggestion,
  type Problem,
  type YamlSource,
} from '../golden/yaml-source.js';
import { registerChildEnv } from '../mcp/redact.js';
import { priceOf } from '../models/pricing.js';
import { CONFIG_DEFAULTS } from './defaults.js';
import { parseTracestate } from '../telemetry/tracestate.js';
import type { DaemonConfig, EmbeddingsConfig, EvalConfig, JudgeConfig, ModelConfig, OtlpConfig, PricingEntry, ProviderKind, ServerConfig } from './types.js';

export const CONFIG_SCHEMA_FILE = 'config.schema.json';

/** Where each provider lives and which variable holds its key, when the config does not say. */
export const PROVIDER_DEFAULTS: Record<ProviderKind, { endpoint: string; api_key_env: string }> = {
  openai: { endpoint: 'https://api.openai.com/v1', api_key_env: 'OPENAI_API_KEY' },
  anthropic: { endpoint: 'https://api.anthropic.com', api_key_env: 'ANTHROPIC_API_KEY' },
};

export { CONFIG_DEFAULTS } from './defaults.js';

/** What command-line flags (or action inputs) change on top of the file. */
export interface ConfigOverrides {
  /** Keep only these model ids (in the config's order). */
  models?: string[];
  runs?: number;
  /** Disable the result cache for this run. */
  noCache?: boolean;
  /** The environment `${VAR}` references are read from (default process.env). */
  env?: Record<string, string | undefined>;
  /** `run --daemon URL [--daemon-token-env NAME]`: send the traces to an mcp-evals daemon too. */
  daemon?: { url?: string; tokenEnv?: string };
  /** `--startup-timeout MS`: the server's start-up budget, over server.startup_timeout_ms. */
  startupTimeoutMs?: number;
}

/** Keys a user might write for a secret; each gets the "use api_key_env" message. */
const SECRET_KEYS = new Set(['api_key', 'apikey', 'api-key', 'key', 'token', 'api_token', 'secret', 'password', 'authorization']);

/**
 * Reads mcp-evals.yml: validates it (every problem at once, with file:line:column), fills defaults,
 * resolves paths against the file's folder, reads a judge rubric given as a path, expands `${VAR}`
 * in server headers, then applies overrides. Throws ConfigurationError (exit 2).
 */
export async function loadConfig(file: string, overrides: ConfigOverrides = {}): Promise<EvalConfig> {
  const source = await readYamlFile(file, 'the config file');
  const data = source.data;
  if (data === null || data === undefined) {
    throw new InvalidFileError(file, [{ location: { file, line: 1, column: 1 }, message: 'the config is empty: it needs at least `server:` and `models:`' }]);
  }
  if (!isPlainObject(data)) {
    throw new InvalidFileError(file, [{ location: nodeLocation(source, source.doc.contents), message: 'expected a mapping at the top level (server:, models:, golden:, ...)' }]);
  }

  const problems = schemaProblems(source, schemaValidator(CONFIG_SCHEMA_FILE), {
    context: (segments) => ({ prefix: '', field: segments }),
    unknownKey(parent, key, allowed) {
      const normalized = key.toLowerCase();
      if (!SECRET_KEYS.has(normalized) && !/^api_?key$/i.test(key)) return undefined;
      const where = parent.length > 0 ? ` in ${pathName(parent)}` : '';
      const lead = `${key}${where}: secrets do not belong in this file (the value is not shown here).`;
      if (allowed.includes('api_key_env')) {
        return `${lead} Put the key in an environment variable (in CI, from a secret) and name the variable with api_key_env, e.g. api_key_env: ${exampleEnv(data, parent)}`;
      }
      if (parent.length === 1 && parent[0] === 'server') {
        return `${lead} Put the token in an environment variable and reference it from a header, e.g. headers: {Authorization: "Bearer \${MCP_TOKEN}"}`;
      }
      return `${lead} Put the key in an environment variable and name it with api_key_env in each model (and judge / embeddings)`;
    },
  });

  const dir = dirname(resolve(file));
  const env = overrides.env ?? process.env;
  problems.push(...semanticProblems(source, data));
  const server = buildServer(source, data, dir, env, problems);
  const telemetry = buildTelemetry(source, data, env, problems);
  const golden = resolve(dir, typeof data.golden === 'string' ? data.golden : CONFIG_DEFAULTS.golden);
  if (typeof data.golden === 'string' && !(await isFile(golden))) {
    problems.push({ location: locatePath(source, ['golden']), message: `golden: file "${data.golden}" not found (looked for ${golden})` });
  }
  let rubric = '';
  if (isPlainObject(data.judge) && typeof data.judge.rubric === 'string') {
    const outcome = await readRubric(data.judge.rubric, dir);
    if (outcome.kind === 'error') problems.push({ location: locatePath(source, ['judge', 'rubric']), message: `judge.rubric: ${outcome.message}` });
    else rubric = outcome.kind === 'text' ? outcome.text : data.judge.rubric;
  }
  if (problems.length > 0) throw new InvalidFileError(file, problems);

  // Valid from here on: the schema and the checks above vouch for the shapes.
  const modelLocations = (data.models as unknown[]).map((_, index) => locateItem(source, ['models', String(index)]));
  const config = build(file, data, server as ServerConfig, golden, rubric, dir, modelLocations);
  if (telemetry.otlp) config.otlp = telemetry.otlp;
  if (telemetry.tracestate) config.tracestate = telemetry.tracestate;
  if (telemetry.daemon) config.daemon = telemetry.daemon;
  return applyOverrides(config, overrides, env);
}

function semanticProblems(source: YamlSource, data: Record<string, unknown>): Problem[] {
  const problems: Problem[] = [];
  problems.push(...unpricedUnderCostCeiling(source, data));

  // Unique model ids: they are the report's columns and part of the cache key.
  if (Array.isArray(data.models)) {
    const seen = new Map<string, number>();
    data.models.forEach((model, index) => {
      if (!isPlainObject(model)) return;
      const field = typeof model.id === 'string' ? 'id' : 'model';
      const id = model[field];
      if (typeof id !== 'string') return;
      const first = seen.get(id);
      if (first === undefined) {
        seen.set(id, index);
        return;
      }
      const firstModel = data.models as Array<Record<string, unknown>>;
      const here = locatePath(source, ['models', String(index), field]);
      const there = locatePath(source, ['models', String(first), typeof firstModel[first].id === 'string' ? 'id' : 'model']);
      problems.push({
        location: here,
        message: `models[${index}]: duplicate model id "${id}" at lines ${there.line} and ${here.line} (give each model a distinct \`id:\`; it names the report's column)`,
      });
    });
  }

  if (isPlainObject(data.judge) && Array.isArray(data.judge.criteria)) {
    const seen = new Map<string, number>();
    data.judge.criteria.forEach((criterion, index) => {
      if (!isPlainObject(criterion) || typeof criterion.id !== 'string') return;
      const first = seen.get(criterion.id);
      if (first === undefined) {
        seen.set(criterion.id, index);
        return;
      }
      const here = locatePath(source, ['judge', 'criteria', String(index), 'id']);
      const there = locatePath(source, ['judge', 'criteria', String(first), 'id']);
      problems.push({ location: here, message: `judge.criteria[${index}]: duplicate criterion id "${criterion.id}" at lines ${there.line} and ${here.line}` });
    });
  }
  return problems;
}

const STDIO_ONLY = ['cwd'] as const;
const HTTP_ONLY = ['headers', 'start', 'ready_url'] as const;

/** Checks the server section (exactly one of command | url) and expands `${VAR}` in its headers. */
function buildServer(source: YamlSource, data: Record<string, unknown>, dir: string, env: Record<string, string | undefined>, problems: Problem[]): ServerConfig | undefined {
  const server = data.server;
  if (!isPlainObject(server)) return undefined; // the schema says why
  const has = (key: string) => Object.hasOwn(server, key);
  if (has('command') && has('url')) {
    problems.push({ location: locateKey(source, ['server'], 'url'), message: 'server: give either command (a stdio server) or url (an HTTP server), not both' });
    return undefined;
  }
  if (!has('command') && !has('url')) {
    const location = locateInParent(source, ['server']);
    problems.push({ location, message: 'server: needs command (a stdio server, e.g. command: "node server.mjs") or url (an HTTP server, e.g. url: http://127.0.0.1:3000/mcp)' });
    return undefined;
  }
  const stdio = has('command');
  const misplaced = stdio ? HTTP_ONLY.filter(has) : STDIO_ONLY.filter(has);
  for (const key of misplaced) {
    problems.push({
      location: locateKey(source, ['server'], key),
      message: stdio ? `server.${key} is for an HTTP server (with url); a stdio server is started by command` : `server.${key} is for a stdio server (with command); it does not apply to an HTTP server (url)`,
    });
  }
  if (stdio) {
    if (typeof server.command !== 'string') return undefined;
    const out: ServerConfig = { command: server.command };
    if (typeof server.cwd === 'string') out.cwd = resolve(dir, server.cwd);
    const childEnv = buildServerEnv(source, server, env, problems);
    if (childEnv) out.env = childEnv;
    if (typeof server.startup_timeout_ms === 'number') out.startup_timeout_ms = server.startup_timeout_ms;
    if (Array.isArray(server.env_public)) out.env_public = server.env_public as string[];
    return out;
  }
  if (typeof server.url !== 'string') return undefined;
  const out: ServerConfig = { url: server.url };
  if (isPlainObject(server.headers)) {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(server.headers)) {
      if (typeof value !== 'string') continue;
      const expanded = expandEnv(value, env);
      if (expanded.ok) headers[name] = expanded.value;
      else problems.push({ location: locatePath(source, ['server', 'headers', name]), message: `server.headers.${name}: ${expanded.message}` });
    }
    out.headers = headers;
  }
  if (typeof server.start === 'string') out.start = server.start;
  if (typeof server.ready_url === 'string') out.ready_url = server.ready_url;
  if (has('env') && !has('start')) {
    problems.push({ location: locateKey(source, ['server'], 'env'), message: 'server.env is for the process mcp-evals starts: a stdio command, or start with url; this server is only reached at its url' });
  }
  const childEnv = buildServerEnv(source, server, env, problems);
  if (childEnv && has('start')) out.env = childEnv;
  if (typeof server.startup_timeout_ms === 'number') out.startup_timeout_ms = server.startup_timeout_ms;
  if (Array.isArray(server.env_public)) out.env_public = server.env_public as string[];
  return out;
}

/**
 * server.env: names passed through from our environment (an unset one is left out), or NAME: value
 * with `${VAR}` expanded. Every value, a literal too, is a secret of the run unless server.env_public
 * names it (registerChildEnv).
 */
function buildServerEnv(source: YamlSource, server: Record<string, unknown>, env: Record<string, string | undefined>, problems: Problem[]): Record<string, string> | undefined {
  const value = server.env;
  const publicNames = Array.isArray(server.env_public) ? server.env_public.filter((name): name is string => typeof name === 'string') : [];
  if (Array.isArray(value)) {
    const out: Record<string, string> = {};
    for (const name of value) {
      const found = typeof name === 'string' ? env[name] : undefined;
      if (found === undefined) continue;
      out[name as string] = found;
    }
    registerChildEnv(out, publicNames);
    return out;
  }
  if (!isPlainObject(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [name, text] of Object.entries(value)) {
    if (typeof text !== 'string') continue;
    const expanded = expandEnv(text, env);
    if (!expanded.ok) {
      problems.push({ location: locatePath(source, ['server', 'env', name]), message: `server.env.${name}: ${expanded.message}` });
      continue;
    }
    out[name] = expanded.value;
  }
  registerChildEnv(out, publicNames);
  return out;
}

/** `--daemon URL` and `--daemon-token-env NAME` on top of the file's `daemon:` (flags win). */
function daemonOverride(fromFile: DaemonConfig | undefined, flags: { url?: string; tokenEnv?: string }, env: Record<string, string | undefined>): DaemonConfig | undefined {
  const url = flags.url ?? fromFile?.url;
  if (url === undefined) {
    if (flags.tokenEnv !== undefined) throw new ConfigurationError('--daemon-token-env needs a daemon: --daemon URL (or daemon.url in the config)');
    return undefined;
  }
  if (flags.url !== undefined && !/^https?:\/\/\S+$/.test(flags.url)) throw new ConfigurationError(`--daemon takes the daemon's http:// or https:// URL, got "${flags.url}"`);
  const tokenEnv = flags.tokenEnv ?? fromFile?.token_env;
  if (flags.tokenEnv !== undefined && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(flags.tokenEnv)) throw new ConfigurationError(`--daemon-token-env takes the name of an environment variable, got "${flags.tokenEnv}"`);
  if (flags.tokenEnv !== undefined && !env[flags.tokenEnv]) throw new ConfigurationError(`--daemon-token-env: the environment variable ${flags.tokenEnv} is not set or empty`);
  return { url, ...(tokenEnv ? { token_env: tokenEnv } : {}), timeout_ms: fromFile?.timeout_ms ?? CONFIG_DEFAULTS.otlpTimeoutMs };
}

/** The otlp section (`${VAR}` expanded in its headers, like the server's) and a W3C-valid tracestate. */
function buildTelemetry(source: YamlSource, data: Record<string, unknown>, env: Record<string, string | undefined>, problems: Problem[]): { otlp?: OtlpConfig; tracestate?: string; daemon?: DaemonConfig } {
  const out: { otlp?: OtlpConfig; tracestate?: string; daemon?: DaemonConfig } = {};
  const otlp = data.otlp;
  if (isPlainObject(otlp) && typeof otlp.endpoint === 'string') {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(isPlainObject(otlp.headers) ? otlp.headers : {})) {
      if (typeof value !== 'string') continue;
      const expanded = expandEnv(value, env);
      if (expanded.ok) headers[name] = expanded.value;
      else problems.push({ location: locatePath(source, ['otlp', 'headers', name]), message: `otlp.headers.${name}: ${expanded.message}` });
    }
    out.otlp = { endpoint: otlp.endpoint, headers, timeout_ms: typeof otlp.timeout_ms === 'number' ? otlp.timeout_ms : CONFIG_DEFAULTS.otlpTimeoutMs };
  }
  if (typeof data.tracestate === 'string' && data.tracestate !== '') {
    const parsed = parseTracestate(data.tracestate);
    if (parsed.ok) out.tracestate = parsed.value;
    else problems.push({ location: locatePath(source, ['tracestate']), message: `tracestate: ${parsed.message}` });
  }
  const daemon = data.daemon;
  if (isPlainObject(daemon) && typeof daemon.url === 'string') {
    const tokenEnv = typeof daemon.token_env === 'string' ? daemon.token_env : undefined;
    if (tokenEnv && !env[tokenEnv]) problems.push({ location: locatePath(source, ['daemon', 'token_env']), message: `daemon.token_env: the environment variable ${tokenEnv} is not set or empty` });
    out.daemon = { url: daemon.url, ...(tokenEnv ? { token_env: tokenEnv } : {}), timeout_ms: typeof daemon.timeout_ms === 'number' ? daemon.timeout_ms : CONFIG_DEFAULTS.otlpTimeoutMs };
  }
  return out;
}

/**
 * Replaces each `${NAME}` by the environment variable NAME. An unset or empty variable is an error
 * (in CI, a secret a fork's pull request cannot see arrives empty). The message names the variable,
 * never its value.
 */
export function expandEnv(value: string, env: Record<string, string | undefined>): { ok: true; value: string } | { ok: false; message: string } {
  const missing: string[] = [];
  const malformed: string[] = [];
  const expanded = value.replace(/\$\{([^}]*)\}/g, (whole, name: string) => {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
      malformed.push(whole);
      return whole;
    }
    const found = env[name];
    if (found === undefined || found === '') {
      missing.push(name);
      return whole;
    }
    return found;
  });
  if (malformed.length > 0) return { ok: false, message: `${malformed[0]} is not a variable reference (write \${NAME}, NAME made of letters, digits and _)` };
  if (/\$\{[^}]*$/.test(value)) return { ok: false, message: 'a ${ is never closed (write ${NAME})' };
  if (missing.length > 0) {
    const names = [...new Set(missing)];
    return {
      ok: false,
      message: `environment variable${names.length > 1 ? 's' : ''} ${names.join(', ')} ${names.length > 1 ? 'are' : 'is'} not set (or empty); set ${names.length > 1 ? 'them' : 'it'} (in CI, from a secret) or remove the reference`,
    };
  }
  return { ok: true, value: expanded };
}

function build(
  file: string,
  data: Record<string, unknown>,
  server: ServerConfig,
  golden: string,
  rubric: string,
  dir: string,
  modelLocations: Array<ModelConfig['location']>,
): EvalConfig {
  const models = (data.models as Array<Record<string, unknown>>).map((raw, index): ModelConfig => {
    const provider = raw.provider as ProviderKind;
    const model: ModelConfig = {
      id: (raw.id as string | undefined) ?? (raw.model as string),
      provider,
      model: raw.model as string,
      endpoint: (raw.endpoint as string | undefined) ?? PROVIDER_DEFAULTS[provider].endpoint,
      temperature: (raw.temperature as number | undefined) ?? CONFIG_DEFAULTS.temperature,
      max_tokens: (raw.max_tokens as number | undefined) ?? CONFIG_DEFAULTS.maxTokens,
      timeout_ms: (raw.timeout_ms as number | undefined) ?? CONFIG_DEFAULTS.timeoutMs,
      location: modelLocations[index],
    };
    const keyEnv = apiKeyEnv(raw, provider);
    if (keyEnv !== undefined) model.api_key_env = keyEnv;
    if (typeof raw.seed === 'number') model.seed = raw.seed;
    return model;
  });

  const floors = (data.floors ?? {}) as { hard?: number; soft?: number };
  const cache = (data.cache ?? {}) as { dir?: string; enabled?: boolean };
  const config: EvalConfig = {
    file,
    server,
    golden,
    models,
    runs: (data.runs as number | undefined) ?? CONFIG_DEFAULTS.runs,
    floors: { hard: floors.hard ?? CONFIG_DEFAULTS.floors.hard, soft: floors.soft ?? CONFIG_DEFAULTS.floors.soft },
    concurrency: (data.concurrency as number | undefined) ?? CONFIG_DEFAULTS.concurrency,
    budget: { ...((data.budget ?? {}) as EvalConfig['budget']) },
    pricing: { ...((data.pricing ?? {}) as Record<string, PricingEntry>) },
    cache: { dir: resolve(dir, cache.dir ?? CONFIG_DEFAULTS.cacheDir), enabled: cache.enabled ?? true },
    max_steps: (data.max_steps as number | undefined) ?? CONFIG_DEFAULTS.maxSteps,
  };
  if (typeof data.min_evaluated === 'number') config.min_evaluated = data.min_evaluated;
  if (typeof data.system_prompt === 'string') config.system_prompt = data.system_prompt;
  if (Array.isArray(data.allow_destructive_tools)) config.allow_destructive_tools = [...(data.allow_destructive_tools as string[])];

  if (isPlainObject(data.judge)) {
    const raw = data.judge;
    const judge: JudgeConfig = {
      provider: 'openai',
      model: raw.model as string,
      endpoint: (raw.endpoint as string | undefined) ?? PROVIDER_DEFAULTS.openai.endpoint,
      criteria: ((raw.criteria as JudgeConfig['criteria'] | undefined) ?? CONFIG_DEFAULTS.judgeCriteria).map((c) => ({ id: c.id, description: c.description })),
      rubric,
      pass_threshold: (raw.pass_threshold as number | undefined) ?? CONFIG_DEFAULTS.judgePassThreshold,
      timeout_ms: typeof raw.timeout_seconds === 'number' ? raw.timeout_seconds * 1000 : ((raw.timeout_ms as number | undefined) ?? CONFIG_DEFAULTS.timeoutMs),
    };
    const keyEnv = apiKeyEnv(raw, 'openai');
    if (keyEnv !== undefined) judge.api_key_env = keyEnv;
    config.judge = judge;
  }
  if (isPlainObject(data.embeddings)) {
    const raw = data.embeddings;
    const embeddings: EmbeddingsConfig = {
      endpoint: (raw.endpoint as string | undefined) ?? PROVIDER_DEFAULTS.openai.endpoint,
      model: raw.model as string,
      threshold: (raw.threshold as number | undefined) ?? CONFIG_DEFAULTS.embeddingsThreshold,
      timeout_ms: (raw.timeout_ms as number | undefined) ?? CONFIG_DEFAULTS.timeoutMs,
    };
    const keyEnv = apiKeyEnv(raw, 'openai');
    if (keyEnv !== undefined) embeddings.api_key_env = keyEnv;
    config.embeddings = embeddings;
  }
  return config;
}

/**
 * The key's variable: as written (null: none); else the provider's usual variable, but only for the
 * provider's own endpoint, so a key is never sent to a third-party or local endpoint by default.
 */
function apiKeyEnv(raw: Record<string, unknown>, provider: ProviderKind): string | undefined {
  if (Object.hasOwn(raw, 'api_key_env')) return typeof raw.api_key_env === 'string' ? raw.api_key_env : undefined;
  const endpoint = raw.endpoint;
  if (endpoint === undefined || sameOrigin(endpoint as string, PROVIDER_DEFAULTS[provider].endpoint)) return PROVIDER_DEFAULTS[provider].api_key_env;
  return undefined;
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

function applyOverrides(config: EvalConfig, overrides: ConfigOverrides, env: Record<string, string | undefined>): EvalConfig {
  if (overrides.daemon) config.daemon = daemonOverride(config.daemon, overrides.daemon, env);
  if (overrides.models !== undefined) {
    const known = config.models.map((model) => model.id);
    const wanted = overrides.models.map((id) => id.trim()).filter((id) => id !== '');
    const unknown = wanted.filter((id) => !known.includes(id));
    if (unknown.length > 0) {
      throw new ConfigurationError(
        `unknown model id${unknown.length > 1 ? 's' : ''} ${unknown.map((id) => `"${id}"`).join(', ')}${unknown.length === 1 ? suggestion(unknown[0], known) : ''}; ${config.file} defines ${known.map((id) => `"${id}"`).join(', ')}`,
      );
    }
    if (wanted.length === 0) throw new ConfigurationError('the model filter names no model');
    config.models = config.models.filter((model) => wanted.includes(model.id));
  }
  if (overrides.runs !== undefined) {
    if (!Number.isInteger(overrides.runs) || overrides.runs < 1 || overrides.runs > 100) {
      throw new ConfigurationError(`runs must be a whole number from 1 to 100, got ${String(overrides.runs)}`);
    }
    config.runs = overrides.runs;
  }
  if (overrides.noCache) config.cache = { ...config.cache, enabled: false };
  if (overrides.startupTimeoutMs !== undefined) config.server.startup_timeout_ms = overrides.startupTimeoutMs;
  return config;
}

/**
 * A cost ceiling needs a price for every model it covers: a call of a model without one costs an
 * unknown amount, which no ceiling can count (21 calls went out under $0.000001). One problem per
 * unpriced model, at the model, naming the way out: a `pricing:` entry or no `max_cost_usd`.
 */
function unpricedUnderCostCeiling(source: YamlSource, data: Record<string, unknown>): Problem[] {
  const ceiling = isPlainObject(data.budget) ? data.budget.max_cost_usd : undefined;
  if (typeof ceiling !== 'number' || !Array.isArray(data.models)) return [];
  const pricing = (isPlainObject(data.pricing) ? data.pricing : {}) as Record<string, PricingEntry>;
  const problems: Problem[] = [];
  data.models.forEach((model, index) => {
    if (!isPlainObject(model) || typeof model.model !== 'string' || priceOf(model.model, pricing) !== null) return;
    problems.push({
      location: locatePath(source, ['models', String(index), 'model']),
      message: `models[${index}].model: "${model.model}" has no price, so budget.max_cost_usd (${ceiling}) cannot count its calls; add "${model.model}": {input_per_mtok: …, output_per_mtok: …} under pricing:, or remove max_cost_usd`,
    });
  });
  return problems;
}

/** Where a mapping's key is written (for "this section lacks ..."), falling back to the value. */
function locateInParent(source: YamlSource, segments: string[]): Problem['location'] {
  const key = segments[segments.length - 1];
  return key === undefined ? locatePath(source, segments) : locateKey(source, segments.slice(0, -1), key);
}

function pathName(segments: string[]): string {
  return segments.map((s, i) => (/^\d+$/.test(s) ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
}

function exampleEnv(data: Record<string, unknown>, parent: string[]): string {
  if (parent[0] === 'models' && Array.isArray(data.models)) {
    const model = data.models[Number(parent[1])] as Record<string, unknown> | undefined;
    if (model?.provider === 'anthropic') return PROVIDER_DEFAULTS.anthropic.api_key_env;
  }
  return PROVIDER_DEFAULTS.openai.api_key_env;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
