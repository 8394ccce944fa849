import { readFileSync } from 'node:fs';
import type { Layer } from '../core/evals/run-evals.js';
import { parseLayerList, type LayersSetting } from './settings.js';

/** The label a maintainer adds to a pull request to run the model layers on it. */
export const EVAL_LABEL = 'run-evals';

/** Webhook payloads are untyped JSON; every read below checks what it finds. */
type Payload = Record<string, any>;

/** The event that started the workflow: its name and its webhook payload. */
export interface EventInfo {
  name: string;
  payload: Payload;
}

/** GITHUB_EVENT_NAME and the JSON at GITHUB_EVENT_PATH; a missing or unreadable payload is an empty one. */
export function readEvent(env: NodeJS.ProcessEnv): EventInfo {
  let payload: Payload = {};
  if (env.GITHUB_EVENT_PATH) {
    try {
      const parsed: unknown = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8'));
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) payload = parsed as Payload;
    } catch {
      // No payload (a local run): routing falls back to the event name alone.
    }
  }
  return { name: env.GITHUB_EVENT_NAME ?? '', payload };
}

/** Which layers run, and on which models. */
export interface Routing {
  layers: Layer[];
  /** primary: only the config's first model (a nightly run), unless the models input says otherwise. */
  models: 'configured' | 'primary';
  /** Set when the event chose (layers: auto): whether dropping layer 1 for want of a key or config is a notice (true) or an error. */
  auto: boolean;
  /** For the log: why these layers. */
  reason: string;
}

/**
 * `layers: auto` routing by event, cheapest by default:
 * - push → conformance only: free, no secret, no model call;
 * - pull_request carrying the `run-evals` label (just added, or already on the PR when it is
 *   pushed to; not when another label is added or removed) → layers 0 and 1;
 * - schedule → layers 0 and 1 on the primary model (the whole matrix with `models: all`);
 * - workflow_dispatch → its `layers` input (default 0,1);
 * - anything else (pull_request_target included: it runs with secrets, so never the model layers
 *   on a fork's code) → conformance only.
 */
export function routeLayers(setting: LayersSetting, event: EventInfo): Routing {
  if (setting.mode === 'explicit') return { layers: setting.layers, models: 'configured', auto: false, reason: 'the layers input' };
  const only0 = (reason: string): Routing => ({ layers: [0], models: 'configured', auto: true, reason });
  switch (event.name) {
    case 'push':
      return only0('push: conformance only (free; no model call, no secret)');
    case 'pull_request':
      if (!hasEvalLabel(event.payload)) return only0(`pull request without the ${EVAL_LABEL} label: conformance only (add the label to run the model layers)`);
      // Adding or removing some other label must not buy another paid run.
      if (otherLabelChanged(event.payload)) return only0(`pull request: a label other than ${EVAL_LABEL} was ${String(event.payload.action)}: conformance only`);
      return { layers: [0, 1], models: 'configured', auto: true, reason: `pull request labelled ${EVAL_LABEL}: all layers` };
    case 'schedule':
      return { layers: [0, 1], models: 'primary', auto: true, reason: `schedule${typeof event.payload.schedule === 'string' ? ` (${event.payload.schedule})` : ''}: all layers on the primary model` };
    case 'workflow_dispatch': {
      const inputs = (event.payload.inputs ?? {}) as Record<string, unknown>;
      const text = typeof inputs.layers === 'string' ? inputs.layers.trim() : '';
      if (text === '' || text.toLowerCase() === 'auto') return { layers: [0, 1], models: 'configured', auto: true, reason: 'workflow_dispatch: all layers' };
      return { layers: parseLayerList(text, 'layers (workflow_dispatch)'), models: 'configured', auto: false, reason: 'workflow_dispatch: its layers input' };
    }
    case 'pull_request_target':
      return only0('pull_request_target: conformance only (this event runs with secrets; the model layers never run on a fork\'s code)');
    default:
      return only0(`${event.name || 'unknown event'}: conformance only`);
  }
}

/** The PR carries the label: the event that just added it, or a label already on the pull request. */
export function hasEvalLabel(payload: Payload): boolean {
  if (payload.action === 'labeled' && payload.label?.name === EVAL_LABEL) return true;
  const labels: unknown = payload.pull_request?.labels;
  return Array.isArray(labels) && labels.some((label) => (typeof label === 'string' ? label : (label as { name?: unknown })?.name) === EVAL_LABEL);
}

function otherLabelChanged(payload: Payload): boolean {
  return (payload.action === 'labeled' || payload.action === 'unlabeled') && payload.label?.name !== EVAL_LABEL;
}

/** The pull request this run is about, and whether it comes from a fork (no write token, no secrets). */
export interface PullRequestInfo {
  number: number;
  fork: boolean;
  /** A fork's pull_request run gets a read-only token (pull_request_target runs with the base repository's). */
  readOnlyToken: boolean;
  headRepo: string | undefined;
  baseRepo: string | undefined;
  /** The pull request's head commit this run evaluates (GITHUB_SHA is the merge commit). */
  headSha: string | undefined;
}

export function pullRequestOf(event: EventInfo): PullRequestInfo | undefined {
  const pr = event.payload.pull_request;
  if (typeof pr !== 'object' || pr === null) return undefined;
  const number = typeof pr.number === 'number' ? pr.number : Number(event.payload.number);
  if (!Number.isSafeInteger(number) || number <= 0) return undefined;
  const headRepo: string | undefined = pr.head?.repo?.full_name ?? undefined;
  const baseRepo: string | undefined = pr.base?.repo?.full_name ?? event.payload.repository?.full_name ?? undefined;
  // A head repository that is gone (a deleted fork) is a fork too.
  const fork = pr.head?.repo === null || (headRepo !== undefined && baseRepo !== undefined && headRepo !== baseRepo);
  const headSha = typeof pr.head?.sha === 'string' && pr.head.sha !== '' ? (pr.head.sha as string) : undefined;
  return { number, fork, readOnlyToken: fork && event.name !== 'pull_request_target', headRepo, baseRepo, headSha };
}

/** The repository's default branch, when the payload says it. */
export function defaultBranchOf(event: EventInfo): string | undefined {
  const branch: unknown = event.payload.repository?.default_branch;
  return typeof branch === 'string' && branch !== '' ? branch : undefined;
}
