import * as core from '@actions/core';
import type { EvalConfig } from '../core/config/types.js';
import { ConfigurationError } from '../core/errors.js';
import type { Layer } from '../core/evals/run-evals.js';
import type { ConfigSource } from './config-source.js';
import type { PullRequestInfo, Routing } from './events.js';
import type { ActionSettings } from './settings.js';

/**
 * Layers 1-3 never run on a fork's code unless the workflow says `allow-fork-prs: true`: they hand
 * the fork's server the model keys' spending (and, with pull_request_target, the secrets). With
 * `layers: auto` the model layers are dropped with a notice; asked for alone, it is a configuration error.
 */
export function forkGuard(layers: Layer[], pr: PullRequestInfo | undefined, settings: Pick<ActionSettings, 'allowForkPrs'>, auto: boolean): Layer[] {
  if (!layers.includes(1) || !pr?.fork) return layers;
  const from = `pull request #${pr.number} comes from a fork (${pr.headRepo ?? 'a deleted repository'})`;
  if (settings.allowForkPrs) {
    core.warning(`Layers 1-3 run on a fork's code: ${from} and allow-fork-prs is true. The fork's server runs with this job's model keys in reach.`);
    return layers;
  }
  const without1 = layers.filter((layer) => layer !== 1);
  const why = `${from}: the model layers never run a fork's code with this repository's model keys unless the step sets allow-fork-prs: true (read its risk in the README first)`;
  if (!auto && without1.length === 0) throw new ConfigurationError(why);
  core.notice(`Layer 1 skipped: ${why}. Conformance runs alone.`);
  return without1.length > 0 ? without1 : [0];
}

/**
 * The layers this run can make. With `layers: auto`, layer 1 is dropped with a notice when it
 * cannot run here (no config file, or a model's key is not in the environment, as on a fork's
 * pull request); asked for explicitly, the same is a configuration error.
 */
export function usableLayers(routing: Routing, source: ConfigSource, settings: ActionSettings, env: NodeJS.ProcessEnv): Layer[] {
  if (!routing.layers.includes(1)) return routing.layers;
  const without1 = routing.layers.filter((layer) => layer !== 1);
  if (source.origin === 'inputs') {
    const why = `the model layers need a config file with models, and ${settings.configInput} was not found`;
    if (!routing.auto || without1.length === 0) throw new ConfigurationError(why);
    core.notice(`Layer 1 skipped: ${why}. Conformance runs alone.`);
    return without1;
  }
  if (routing.auto) {
    const missing = [...new Set(missingKeys(source.config, env))];
    if (missing.length > 0) {
      core.notice(
        `Layer 1 skipped: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set. A pull request from a fork gets no secrets (by design: never run the model layers with secrets on a fork's code); otherwise pass the key to this step with \`env:\`. Conformance runs alone.`,
      );
      return without1;
    }
  }
  return routing.layers;
}

function missingKeys(config: EvalConfig, env: NodeJS.ProcessEnv): string[] {
  const names = [...config.models.map((model) => model.api_key_env), config.judge?.api_key_env, config.embeddings?.api_key_env];
  return names.filter((name): name is string => name !== undefined && !env[name]);
}
