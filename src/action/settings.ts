import { parseSurfaceFailOn } from '../core/surface/fail-on.js';
import type { SurfaceFailOn } from '../core/surface/types.js';
import { isAbsolute, resolve } from 'node:path';
import { ConfigurationError } from '../core/errors.js';
import type { Layer } from '../core/evals/run-evals.js';
import { parseShard, type Shard } from '../core/evals/shard.js';
import { parseEnvEntries } from '../core/mcp/process-group.js';
import { registerChildEnv } from '../core/mcp/redact.js';
import { DEFAULT_MAX_DROP } from '../core/gate/defaults.js';

/** Which action.yml is running: the whole product, or the conformance-only sub-action (layer0/action.yml). */
export type ActionKind = 'main' | 'layer0';

/** layers: [] is `none`: gate the report already in report-dir. */
export type LayersSetting = { mode: 'auto' } | { mode: 'explicit'; layers: Layer[] };

/**
 * Where the approved baseline comes from:
 * - file: a committed baseline (`mcp-evals baseline accept`), path resolved against the workspace;
 * - artifact: report.json of the last successful run on the default branch;
 * - auto: the file when it exists, else the artifact;
 * - none: floors only.
 */
export type BaselineSetting =
  | { kind: 'file'; path: string; input: string }
  | { kind: 'auto'; path: string; input: string }
  | { kind: 'artifact' }
  | { kind: 'none' };

/** server-url / server-command / server-start / ready-url, validated. */
export interface ServerInputs {
  url?: string;
  command?: string;
  start?: string;
  readyUrl?: string;
  /** Input startup-timeout (ms). */
  startupTimeoutMs?: number;
}

/** Every input of either action.yml, typed and validated. Relative paths are resolved against the workspace. */
export interface ActionSettings {
  action: ActionKind;
  workspace: string;
  /** mcp-evals.yml, absolute, and as the user wrote it. */
  configPath: string;
  configInput: string;
  layers: LayersSetting;
  server: ServerInputs;
  /** Overrides the config's `golden:`. */
  golden?: string;
  /** Model ids to keep, or every configured model; undefined: the event decides (schedule: the first). */
  models?: string[] | 'all';
  runs?: number;
  baseline: BaselineSetting;
  maxDrop: number;
  token: string;
  comment: boolean;
  annotations: boolean;
  cache: boolean;
  /** Layers 1-3 may run on a fork's pull request (off: a fork's server never gets near the model keys). */
  allowForkPrs: boolean;
  shard?: Shard;
  /** Absolute. */
  reportDir: string;
  /** layer0 only: the expected-failures file, absolute. */
  expectedFailures?: string;
  /** The env input: variables for the server process the action starts (see core/mcp/process-group); secrets of the run but for the env-public names. */
  serverEnv: Record<string, string>;
  /** Tool-surface findings at or above this level fail the run (input surface-fail-on). */
  surfaceFailOn: SurfaceFailOn;
}

/** The defaults action.yml declares; the runner passes them as inputs, and a run outside the runner gets the same. */
export const INPUT_DEFAULTS = {
  config: 'mcp-evals.yml',
  layers: 'auto',
  baseline: '.mcp-evals/baseline.json',
  'max-drop': String(DEFAULT_MAX_DROP),
  comment: 'true',
  annotations: 'true',
  cache: 'true',
  'allow-fork-prs': 'false',
  'report-dir': 'mcp-evals-report',
  'surface-fail-on': 'never',
} as const;

export const LAYER0_REPORT_DIR = 'mcp-evals-conformance';

export type InputReader = (name: string) => string;

/** Turns the step's inputs into settings; every mistake is a ConfigurationError (exit 2) naming the input. */
export function readSettings(action: ActionKind, input: InputReader, env: NodeJS.ProcessEnv, workspace: string): ActionSettings {
  const get = (name: string, fallback = '') => {
    const value = input(name).trim();
    return value === '' ? fallback : value;
  };
  const path = (value: string) => (isAbsolute(value) ? value : resolve(workspace, value));
  const server = readServer(get);
  const lines = (name: string) => input(name).split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  const serverEnv = parseEnvEntries(lines('env'), env, 'input env');
  // Registered (and so masked) before anything runs: every value but those env-public names.
  registerChildEnv(serverEnv, lines('env-public'));

  if (action === 'layer0') {
    if (server.url === undefined && server.command === undefined) {
      throw new ConfigurationError('the layer0 action needs the input server-url (a Streamable HTTP server) or server-command (a stdio server)');
    }
    const expected = get('expected-failures');
    return {
      action,
      workspace,
      configPath: path(INPUT_DEFAULTS.config),
      configInput: INPUT_DEFAULTS.config,
      layers: { mode: 'explicit', layers: [0] },
      server,
      baseline: { kind: 'none' },
      maxDrop: DEFAULT_MAX_DROP,
      token: '',
      comment: false,
      annotations: readBoolean('annotations', get('annotations', INPUT_DEFAULTS.annotations)),
      cache: false,
      allowForkPrs: false,
      reportDir: path(get('report-dir', LAYER0_REPORT_DIR)),
      serverEnv,
      surfaceFailOn: parseSurfaceFailOn(get('surface-fail-on', INPUT_DEFAULTS['surface-fail-on']), 'input surface-fail-on'),
      ...(expected ? { expectedFailures: path(expected) } : {}),
    };
  }

  const configInput = get('config', INPUT_DEFAULTS.config);
  const golden = get('golden');
  const models = readModels(get('models'));
  const runs = get('runs');
  const shard = get('shard');
  const settings: ActionSettings = {
    action,
    workspace,
    configPath: path(configInput),
    configInput,
    layers: readLayers(get('layers', INPUT_DEFAULTS.layers)),
    server,
    baseline: readBaseline(get('baseline', INPUT_DEFAULTS.baseline), path),
    maxDrop: readMaxDrop(get('max-drop', INPUT_DEFAULTS['max-drop'])),
    token: get('github-token', env.GITHUB_TOKEN ?? ''),
    comment: readBoolean('comment', get('comment', INPUT_DEFAULTS.comment)),
    annotations: readBoolean('annotations', get('annotations', INPUT_DEFAULTS.annotations)),
    cache: readBoolean('cache', get('cache', INPUT_DEFAULTS.cache)),
    allowForkPrs: readBoolean('allow-fork-prs', get('allow-fork-prs', INPUT_DEFAULTS['allow-fork-prs'])),
    reportDir: path(get('report-dir', INPUT_DEFAULTS['report-dir'])),
    serverEnv,
    surfaceFailOn: parseSurfaceFailOn(get('surface-fail-on', INPUT_DEFAULTS['surface-fail-on']), 'input surface-fail-on'),
  };
  if (golden) settings.golden = path(golden);
  if (models !== undefined) settings.models = models;
  if (runs) settings.runs = readRuns(runs);
  if (shard) settings.shard = withInput('shard', () => parseShard(shard));
  return settings;
}

function readServer(get: (name: string) => string): ServerInputs {
  const url = get('server-url');
  const command = get('server-command');
  const start = get('server-start');
  const readyUrl = get('ready-url');
  if (url && command) throw new ConfigurationError('give either the input server-url (an HTTP server) or server-command (a stdio server), not both');
  if (!url && (start || readyUrl)) throw new ConfigurationError('the inputs server-start and ready-url go with server-url (an HTTP server the action starts and waits for)');
  const server: ServerInputs = {};
  if (url) server.url = httpUrl('server-url', url);
  if (command) server.command = command;
  if (start) server.start = start;
  if (readyUrl) server.readyUrl = httpUrl('ready-url', readyUrl);
  const startup = get('startup-timeout');
  if (startup) {
    const ms = Number(startup);
    if (!Number.isInteger(ms) || ms < 1) throw new ConfigurationError(`input startup-timeout must be a positive whole number of milliseconds, got "${startup}"`);
    server.startupTimeoutMs = ms;
  }
  return server;
}

function httpUrl(name: string, text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigurationError(`input ${name}: "${text}" is not a URL (e.g. http://127.0.0.1:3000/mcp)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigurationError(`input ${name} must be an http:// or https:// URL, got "${text}"`);
  return text;
}

/**
 * `auto`, layers as `0`, `0,1`, `0 1`, `[0, 1]`, or `none`: no layer runs, the report already in
 * report-dir (from `mcp-evals merge`) is gated, summarized, annotated, commented and uploaded.
 */
export function readLayers(text: string, name = 'layers'): LayersSetting {
  if (text.toLowerCase() === 'auto') return { mode: 'auto' };
  if (text.toLowerCase() === 'none') return { mode: 'explicit', layers: [] };
  return { mode: 'explicit', layers: parseLayerList(text, name) };
}

export function parseLayerList(text: string, name: string): Layer[] {
  const parts = text.replace(/^\[|\]$/g, '').split(/[\s,]+/).filter(Boolean);
  if (parts.length === 0) throw new ConfigurationError(`input ${name} is empty: give auto, 0, 1, 0,1 or none`);
  const layers = new Set<Layer>();
  for (const part of parts) {
    if (part !== '0' && part !== '1') {
      throw new ConfigurationError(`input ${name} takes auto, none, or a list of 0 (conformance) and 1 (behaviour; layers 2 and 3 run with it), got "${part}"`);
    }
    layers.add(Number(part) as Layer);
  }
  return [...layers].sort();
}

function readBaseline(text: string, path: (value: string) => string): BaselineSetting {
  const lower = text.toLowerCase();
  if (lower === 'none') return { kind: 'none' };
  if (lower === 'artifact') return { kind: 'artifact' };
  if (lower === 'auto') return { kind: 'auto', path: path(INPUT_DEFAULTS.baseline), input: INPUT_DEFAULTS.baseline };
  return { kind: 'file', path: path(text), input: text };
}

function readMaxDrop(text: string): number {
  const value = Number(text);
  if (text === '' || !Number.isFinite(value) || value < 0 || value > 1) {
    throw new ConfigurationError(`input max-drop must be a pass-rate drop from 0 to 1 (0.02 = 2 percentage points), got "${text}"`);
  }
  return value;
}

function readRuns(text: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > 100) throw new ConfigurationError(`input runs must be a whole number from 1 to 100, got "${text}"`);
  return value;
}

function readModels(text: string): string[] | 'all' | undefined {
  if (text === '') return undefined;
  if (text.toLowerCase() === 'all') return 'all';
  const ids = text.split(/[\n,]+/).map((id) => id.trim()).filter(Boolean);
  if (ids.length === 0) throw new ConfigurationError('input models names no model id');
  return ids;
}

const TRUE = ['true', 'True', 'TRUE'];
const FALSE = ['false', 'False', 'FALSE'];

/** YAML 1.2 core-schema booleans, as @actions/core's getBooleanInput, but a mistake is exit 2. */
export function readBoolean(name: string, text: string): boolean {
  if (TRUE.includes(text)) return true;
  if (FALSE.includes(text)) return false;
  throw new ConfigurationError(`input ${name} must be true or false, got "${text}"`);
}

function withInput<T>(name: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof ConfigurationError) throw new ConfigurationError(`input ${error.message.replace(/^--/, '')}`);
    throw error;
  }
}
