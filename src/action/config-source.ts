import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { CONFIG_DEFAULTS } from '../core/config/defaults.js';
import type { EvalConfig, ServerConfig } from '../core/config/types.js';
import { ConfigurationError } from '../core/errors.js';
import type { ActionSettings, ServerInputs } from './settings.js';

/** The configuration a run uses, and where its findings are annotated. */
export interface ConfigSource {
  config: EvalConfig;
  /** file: mcp-evals.yml (inputs may override its server and golden); inputs: built from server-url / server-command alone. */
  origin: 'file' | 'inputs';
  /** Repository-relative file conformance findings are annotated on (the config, else the workflow), when there is one. */
  annotationFile: string | undefined;
  /** The line of `server:` in that file (1 when unknown). */
  serverLine: number;
}

/** Where annotations go: conformance findings on the config (or workflow), cases on the golden file. Repository-relative. */
export interface AnnotationTarget {
  configFile: string | undefined;
  serverLine: number;
  goldenFile: string | undefined;
}

export function annotationTarget(source: ConfigSource, workspace: string): AnnotationTarget {
  return { configFile: source.annotationFile, serverLine: source.serverLine, goldenFile: source.config.golden ? repoPath(workspace, source.config.golden) : undefined };
}

/**
 * `layers: none` gates a report another step wrote, so the config is read for where to annotate
 * only (its `golden:` and `server:` lines), without loading it: the merge job of a workflow has
 * no server secret for the `${VAR}` references a full load would expand.
 */
export async function gateOnlyTarget(settings: ActionSettings, workflowFile: string | undefined): Promise<AnnotationTarget> {
  if (!isFile(settings.configPath)) {
    return { configFile: workflowFile, serverLine: 1, goldenFile: settings.golden ? repoPath(settings.workspace, settings.golden) : undefined };
  }
  let golden: unknown;
  try {
    const { parse: parseYaml } = await import('../core/yaml.js');
    golden = (parseYaml(readFileSync(settings.configPath, 'utf8')) as { golden?: unknown } | null)?.golden;
  } catch {
    golden = undefined;
  }
  const goldenPath = settings.golden ?? resolve(dirname(settings.configPath), typeof golden === 'string' ? golden : CONFIG_DEFAULTS.golden);
  return { configFile: repoPath(settings.workspace, settings.configPath), serverLine: serverLineOf(settings.configPath), goldenFile: repoPath(settings.workspace, goldenPath) };
}

/**
 * The config file when it exists (the server inputs, golden, models and runs override it);
 * otherwise a conformance-only config built from server-url / server-command. Neither: exit 2.
 */
export async function resolveConfig(settings: ActionSettings, env: NodeJS.ProcessEnv, workflowFile: string | undefined): Promise<ConfigSource> {
  const server = serverFromInputs(settings.server);
  if (settings.action === 'main' && isFile(settings.configPath)) {
    // Read only when there is a file: a run from inputs alone never loads yaml or the config schema.
    const { loadConfig } = await import('../core/config/load.js');
    const config = await loadConfig(settings.configPath, {
      models: Array.isArray(settings.models) ? settings.models : undefined,
      runs: settings.runs,
      noCache: !settings.cache,
      env,
    });
    if (server) config.server = server;
    if (settings.server.startupTimeoutMs !== undefined) config.server.startup_timeout_ms = settings.server.startupTimeoutMs;
    if (settings.golden) {
      if (!isFile(settings.golden)) throw new ConfigurationError(`input golden: file "${repoPath(settings.workspace, settings.golden)}" not found`);
      config.golden = settings.golden;
    }
    return { config, origin: 'file', annotationFile: repoPath(settings.workspace, config.file), serverLine: serverLineOf(config.file) };
  }
  if (!server) {
    throw new ConfigurationError(
      `no config file at ${repoPath(settings.workspace, settings.configPath)} (input config) and no server-url or server-command input: add an mcp-evals.yml (\`npx mcp-evals init\`) or give the server as an input`,
    );
  }
  if (settings.golden || settings.models !== undefined || settings.runs !== undefined) {
    throw new ConfigurationError(`the inputs golden, models and runs need a config file (${settings.configInput} not found): the model layers are configured there`);
  }
  return {
    config: inputsConfig(settings, server),
    origin: 'inputs',
    annotationFile: workflowFile,
    serverLine: 1,
  };
}

function serverFromInputs(inputs: ServerInputs): ServerConfig | undefined {
  const startup = inputs.startupTimeoutMs === undefined ? {} : { startup_timeout_ms: inputs.startupTimeoutMs };
  if (inputs.command !== undefined) return { command: inputs.command, ...startup };
  if (inputs.url === undefined) return undefined;
  const server: ServerConfig = { url: inputs.url, ...startup };
  if (inputs.start !== undefined) server.start = inputs.start;
  if (inputs.readyUrl !== undefined) server.ready_url = inputs.readyUrl;
  return server;
}

/** A config with a server and no models: enough for layer 0. Commands run from the workspace. */
function inputsConfig(settings: ActionSettings, server: ServerConfig): EvalConfig {
  return {
    // No file: stdio commands and start commands run from the workspace (the config's folder otherwise).
    file: join(settings.workspace, 'mcp-evals.yml'),
    server,
    golden: '',
    models: [],
    runs: CONFIG_DEFAULTS.runs,
    floors: { ...CONFIG_DEFAULTS.floors },
    concurrency: CONFIG_DEFAULTS.concurrency,
    budget: {},
    pricing: {},
    cache: { dir: join(settings.workspace, CONFIG_DEFAULTS.cacheDir), enabled: false },
    max_steps: CONFIG_DEFAULTS.maxSteps,
  };
}

/** The 1-based line of the top-level `server:` key, for conformance annotations. */
function serverLineOf(file: string): number {
  try {
    const lines = readFileSync(file, 'utf8').split(/\r?\n/);
    const index = lines.findIndex((line) => /^server\s*:/.test(line));
    return index === -1 ? 1 : index + 1;
  } catch {
    return 1;
  }
}

/** A path as annotations and messages show it: relative to the workspace, with forward slashes. */
export function repoPath(workspace: string, path: string): string {
  const rel = relative(workspace, path);
  return (rel === '' ? path : rel).split(sep).join('/');
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}
