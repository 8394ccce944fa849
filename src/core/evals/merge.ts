import { ConfigurationError } from '../errors.js';
import type { Report } from '../report/types.js';
import { telemetrySection } from '../telemetry/summary.js';
import { resilienceSection } from '../faults/resilience.js';
import { metricsOf } from './aggregate.js';
import { notEvaluatedSummary } from './evaluated.js';
import type { TraceLine } from './run-evals.js';

export interface ShardReport {
  /** Where it came from, for messages. */
  dir: string;
  report: Report;
  traces: TraceLine[];
}

/**
 * Combines shard reports into the report an unsharded run would have written: results in golden
 * order (by line in tasks.yaml), counts summed, metrics recomputed from every run's trace.
 */
export function mergeReports(shards: ShardReport[]): { report: Report; traces: TraceLine[] } {
  if (shards.length === 0) throw new ConfigurationError('merge needs at least one report directory');
  const withBehaviour = shards.filter((shard) => shard.report.behaviour);
  const first = shards[0].report;
  const conformance = shards.find((shard) => shard.report.conformance)?.report.conformance;
  const traces = shards.flatMap((shard) => shard.traces);
  if (withBehaviour.length === 0) return { report: { ...first, ...(conformance ? { conformance } : {}) }, traces };

  const base = withBehaviour[0].report.behaviour!;
  for (const shard of withBehaviour) {
    const b = shard.report.behaviour!;
    if (b.golden.hash !== base.golden.hash) throw new ConfigurationError(`${shard.dir} ran a different golden set (hash ${b.golden.hash.slice(0, 12)} ≠ ${base.golden.hash.slice(0, 12)}): shards must come from one commit`);
    if (b.tools.hash !== base.tools.hash) throw new ConfigurationError(`${shard.dir} saw a different tool list than ${withBehaviour[0].dir}: shards must test the same server`);
  }
  // A models × shards matrix: shards may carry different models, so the columns are their union, in first-seen order.
  const models = [...new Map(withBehaviour.flatMap((shard) => shard.report.behaviour!.models).map((model) => [model.id, model])).values()];
  const seen = new Set<string>();
  const results = withBehaviour
    .flatMap((shard) => shard.report.behaviour!.results)
    .filter((result) => {
      const key = `${result.id}\u0000${result.model}`;
      if (seen.has(key)) throw new ConfigurationError(`case ${result.id} on ${result.model} appears in more than one shard`);
      seen.add(key);
      return true;
    })
    .sort((a, b) => a.location.line - b.location.line || models.findIndex((m) => m.id === a.model) - models.findIndex((m) => m.id === b.model));
  const sections = withBehaviour.map((shard) => shard.report.behaviour!);
  const costs = sections.map((b) => b.costUsd);
  const partials = sections.flatMap((b) => (b.partial ? [b.partial] : []));
  const scored = traces.filter((line) => line.outcome === 'scored');
  const { shard: _shard, resilience: _resilience, notEvaluated: _notEvaluated, failedModelCalls: _failed, partial: _partial, ...unsharded } = base;
  const notEvaluated = notEvaluatedSummary(results);
  const failedModelCalls = sections.reduce((sum, b) => sum + (b.failedModelCalls ?? 0), 0);
  // Layer 2: recomputed from every shard's runs, like the metrics (not the first shard's section).
  const resilience = resilienceSection(scored, [...new Set(results.map((result) => result.id))], models.map((model) => model.id));
  return {
    report: {
      ...first,
      header: { ...first.header, durationMs: Math.max(...shards.map((shard) => shard.report.header.durationMs)) },
      ...(conformance ? { conformance } : {}),
      behaviour: {
        ...unsharded,
        models,
        results,
        metrics: metricsOf(scored, models.map((model) => model.id)),
        modelCalls: sections.reduce((sum, b) => sum + b.modelCalls, 0),
        ...(failedModelCalls > 0 ? { failedModelCalls } : {}),
        costUsd: costs.some((cost) => cost === null) ? null : costs.reduce<number>((sum, cost) => sum + (cost ?? 0), 0),
        cachedRuns: sections.reduce((sum, b) => sum + b.cachedRuns, 0),
        executedRuns: sections.reduce((sum, b) => sum + b.executedRuns, 0),
        ...(partials.length ? { partial: { reason: [...new Set(partials.map((p) => p.reason))].join('; '), notRun: partials.reduce((n, p) => n + p.notRun, 0), notReached: partials.flatMap((p) => p.notReached ?? []) } } : {}),
        ...(notEvaluated ? { notEvaluated } : {}),
        durationMs: Math.max(...sections.map((b) => b.durationMs)),
        ...(resilience ? { resilience } : {}),
      },
      // Recomputed from every shard's traces (not the first shard's section that `...first` carries).
      telemetry: telemetrySection(traces),
    },
    traces,
  };
}
