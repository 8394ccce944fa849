import { loadConfig } from '../config/load.js';
import { CONFIG_DEFAULTS } from '../config/defaults.js';
import type { EvalConfig, JudgeConfig, PricingEntry } from '../config/types.js';
import { InvalidFileError, locatePath, readYamlFile, suggestion, type Problem, type YamlSource } from '../golden/yaml-source.js';

/**
 * What `mcp-evals serve --config` reads. A full mcp-evals.yml (it has `server:` or `models:`) goes
 * through the CLI's loader unchanged. A file with neither is a daemon-only config, as the mcpd
 * design writes one: a `judge:` section (or the judge's keys at the top level), with `criteria`
 * as a map of id → question or as our list of `{id, description}`, and `api_key: ""` meaning "no
 * key" (a local model). A key written in the file is still refused: keys live in the environment.
 * Mistakes exit 2 with file:line:column, as the CLI's loader does.
 */

export interface ServeConfig {
  judge?: JudgeConfig;
  /** The judge's key: from `api_key_env` (undefined for `api_key: ""` or a keyless endpoint). */
  judgeApiKey?: string;
  /** The full config when the file is an mcp-evals.yml (its secrets feed no_leaked_secret). */
  full?: EvalConfig;
  /** Prices over the CLI's table for model spans without `mcp-evals.cost_usd` (`pricing:`). */
  pricing: Record<string, PricingEntry>;
}

const JUDGE_KEYS = ['provider', 'model', 'endpoint', 'api_key', 'api_key_env', 'criteria', 'rubric', 'pass_threshold', 'timeout_seconds', 'timeout_ms'] as const;
const OPENAI = 'https://api.openai.com/v1';
/** The design's judge timeout, which with the default request timeout (30 s) lets one run be judged per request. */
export const DAEMON_JUDGE_TIMEOUT_MS = 30_000;

export async function loadServeConfig(file: string, env: NodeJS.ProcessEnv): Promise<ServeConfig> {
  const source = await readYamlFile(file, 'the config file');
  const data = source.data;
  if (isObject(data) && (Object.hasOwn(data, 'server') || Object.hasOwn(data, 'models'))) {
    const full = await loadConfig(file);
    // The CLI's judge waits 60 s by default, which fits no call in the daemon's default 30 s request:
    // a judge that sets no timeout gets the daemon's 30 s, so at the defaults one run is judged.
    const rawJudge = isObject(data.judge) ? data.judge : {};
    const judge = full.judge && rawJudge.timeout_seconds === undefined && rawJudge.timeout_ms === undefined ? { ...full.judge, timeout_ms: DAEMON_JUDGE_TIMEOUT_MS } : full.judge;
    return { full, pricing: full.pricing, ...(judge ? { judge, ...keyFrom(judge, env) } : {}) };
  }
  if (data === null || data === undefined) return { pricing: {} };
  if (!isObject(data)) throw new InvalidFileError(file, [{ location: locatePath(source, []), message: 'the config must be a mapping (a `judge:` section)' }]);
  const nested = Object.hasOwn(data, 'judge') || Object.hasOwn(data, 'pricing');
  const raw = nested ? data.judge : data;
  const at = nested ? ['judge'] : [];
  if (nested) {
    const others = Object.keys(data).filter((key) => key !== 'judge' && key !== 'pricing');
    if (others.length > 0) throw new InvalidFileError(file, others.map((key) => ({ location: locatePath(source, [key]), message: `unknown section \`${key}\`: a daemon-only config has \`judge:\` and \`pricing:\` sections (add \`server:\` and \`models:\` for a full mcp-evals.yml)` })));
  }
  const pricing = readPricing(source, data.pricing, file);
  if (nested && raw === undefined) return { pricing };
  const judge = readJudge(source, raw, at, file);
  return { judge, pricing, ...keyFrom(judge, env) };
}

/** `pricing:`: model id → `{input_per_mtok, output_per_mtok}` (US dollars per million tokens), as in mcp-evals.yml. */
function readPricing(source: YamlSource, value: unknown, file: string): Record<string, PricingEntry> {
  if (value === undefined || value === null) return {};
  const problems: Problem[] = [];
  const out: Record<string, PricingEntry> = {};
  if (!isObject(value)) throw new InvalidFileError(file, [{ location: locatePath(source, ['pricing']), message: 'pricing: must be a map of model id → {input_per_mtok, output_per_mtok}' }]);
  for (const [model, entry] of Object.entries(value)) {
    const ok = isObject(entry) && Object.keys(entry).every((k) => k === 'input_per_mtok' || k === 'output_per_mtok') && [entry.input_per_mtok, entry.output_per_mtok].every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0);
    if (!ok) problems.push({ location: locatePath(source, ['pricing', model]), message: `pricing.${model}: must be {input_per_mtok, output_per_mtok}, US dollars per million tokens (numbers ≥ 0)` });
    else out[model] = { input_per_mtok: entry.input_per_mtok as number, output_per_mtok: entry.output_per_mtok as number };
  }
  if (problems.length > 0) throw new InvalidFileError(file, problems);
  return out;
}

function keyFrom(judge: JudgeConfig, env: NodeJS.ProcessEnv): { judgeApiKey?: string } {
  const key = judge.api_key_env ? env[judge.api_key_env] : undefined;
  return key ? { judgeApiKey: key } : {};
}

function readJudge(source: YamlSource, raw: unknown, at: string[], file: string): JudgeConfig {
  const problems: Problem[] = [];
  const problem = (path: string[], message: string) => problems.push({ location: locatePath(source, [...at, ...path]), message: `${[...at, ...path].join('.') || 'judge'}: ${message}` });
  if (!isObject(raw)) throw new InvalidFileError(file, [{ location: locatePath(source, at), message: '`judge` must be a mapping (model, endpoint, criteria, …)' }]);
  for (const key of Object.keys(raw)) {
    if (!(JUDGE_KEYS as readonly string[]).includes(key)) problem([key], `unknown key${suggestion(key, JUDGE_KEYS)}; the judge takes ${JUDGE_KEYS.join(', ')}`);
  }
  const text = (key: string, required = false): string | undefined => {
    const value = raw[key];
    if (value === undefined || value === null) {
      if (required) problem([], `\`${key}\` is required`);
      return undefined;
    }
    if (typeof value !== 'string' || (value.trim() === '' && key !== 'api_key' && key !== 'rubric')) {
      problem([key], 'must be a non-empty string');
      return undefined;
    }
    return value;
  };
  const provider = text('provider');
  if (provider !== undefined && provider !== 'openai') problem(['provider'], `the judge speaks the OpenAI-compatible chat completions API: provider must be openai, got "${provider}"`);
  const model = text('model', true);
  const endpoint = text('endpoint') ?? OPENAI;
  const apiKey = raw.api_key;
  if (apiKey !== undefined && apiKey !== '' && apiKey !== null) problem(['api_key'], 'a key does not belong in a file: leave `api_key: ""` for a model without a key, or name the environment variable holding it with `api_key_env`');
  const apiKeyEnv = text('api_key_env');
  if (apiKeyEnv !== undefined && apiKey === '') problem(['api_key_env'], '`api_key: ""` says there is no key; drop one of the two');
  const rubric = text('rubric') ?? '';
  const criteria = readCriteria(raw.criteria, problem);
  let passThreshold: number = CONFIG_DEFAULTS.judgePassThreshold;
  if (raw.pass_threshold !== undefined) {
    if (typeof raw.pass_threshold !== 'number' || !(raw.pass_threshold >= 0 && raw.pass_threshold <= 1)) problem(['pass_threshold'], 'must be a number from 0 to 1');
    else passThreshold = raw.pass_threshold;
  }
  let timeoutMs = DAEMON_JUDGE_TIMEOUT_MS;
  if (raw.timeout_seconds !== undefined && raw.timeout_ms !== undefined) problem(['timeout_ms'], 'set `timeout_seconds` or `timeout_ms`, not both');
  if (raw.timeout_seconds !== undefined) {
    if (typeof raw.timeout_seconds !== 'number' || !(raw.timeout_seconds >= 1 && raw.timeout_seconds <= 300)) problem(['timeout_seconds'], 'must be a number of seconds from 1 to 300');
    else timeoutMs = raw.timeout_seconds * 1000;
  } else if (raw.timeout_ms !== undefined) {
    if (typeof raw.timeout_ms !== 'number' || !Number.isInteger(raw.timeout_ms) || raw.timeout_ms < 1000 || raw.timeout_ms > 300_000) problem(['timeout_ms'], 'must be a whole number of milliseconds from 1000 to 300000');
    else timeoutMs = raw.timeout_ms;
  }
  if (problems.length > 0) throw new InvalidFileError(file, problems);
  // Without api_key_env, only OpenAI's own endpoint implies a key (OPENAI_API_KEY), as in mcp-evals.yml.
  const keyEnv = apiKeyEnv ?? (apiKey === '' || endpoint.replace(/\/+$/, '') !== OPENAI ? undefined : 'OPENAI_API_KEY');
  return {
    provider: 'openai',
    model: model!,
    endpoint,
    ...(keyEnv ? { api_key_env: keyEnv } : {}),
    criteria,
    rubric,
    pass_threshold: passThreshold,
    timeout_ms: timeoutMs,
  };
}

/** `criteria`: a map of id → question (the mcpd design) or a list of `{id, description}` (mcp-evals.yml). */
function readCriteria(value: unknown, problem: (path: string[], message: string) => void): JudgeConfig['criteria'] {
  if (value === undefined || value === null) return [...CONFIG_DEFAULTS.judgeCriteria];
  const out: JudgeConfig['criteria'] = [];
  const add = (id: unknown, description: unknown, path: string[]) => {
    if (typeof id !== 'string' || !/^[A-Za-z0-9_.-]{1,64}$/.test(id)) return problem(path, 'a criterion id is 1-64 of A-Z a-z 0-9 _ . -');
    if (typeof description !== 'string' || description.trim() === '') return problem(path, `criterion \`${id}\` needs a question (a non-empty string)`);
    if (out.some((c) => c.id === id)) return problem(path, `duplicate criterion id \`${id}\``);
    out.push({ id, description: description.trim() });
  };
  if (Array.isArray(value)) value.forEach((item, i) => (isObject(item) ? add(item.id, item.description, ['criteria', String(i)]) : problem(['criteria', String(i)], 'must be `{id, description}`')));
  else if (isObject(value)) for (const [id, question] of Object.entries(value)) add(id, question, ['criteria', id]);
  else problem(['criteria'], 'must be a map of criterion id → question, or a list of {id, description}');
  if (out.length === 0 && (Array.isArray(value) || isObject(value))) problem(['criteria'], 'names no criterion');
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
