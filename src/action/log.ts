import * as core from '@actions/core';
import type { AnnotationProperties } from '@actions/core';
import type { BehaviourProgress } from '../core/evals/behaviour.js';
import { redactRun } from '../core/mcp/redact.js';
import { inertLines } from '../core/report/inert.js';
import { renderBehaviourText } from '../core/report/behaviour-text.js';
import { renderConformanceText } from '../core/report/text.js';
import type { Report } from '../core/report/types.js';

/**
 * The step's log, for text that may carry what a server or a model sent: the run's secrets removed
 * in every encoding (the runner masks only the forms it was told), and nothing the runner would
 * take for a workflow command (`::cmd::` opening a line, `##[` anywhere) or a terminal would act on.
 */
export function safeText(text: string): string {
  return inertLines(redactRun(text));
}

export function info(text: string): void {
  core.info(safeText(text));
}

export function warning(text: string, properties?: AnnotationProperties): void {
  core.warning(safeText(text), properties);
}

export function error(text: string, properties?: AnnotationProperties): void {
  core.error(safeText(text), properties);
}

export function failed(text: string): void {
  core.setFailed(safeText(text));
}

/** The report as the CLI prints it, in the step's log. */
export function logReport(report: Report): void {
  if (report.conformance) info(renderConformanceText(report, { color: false }));
  if (report.behaviour) info(`\n${renderBehaviourText(report.behaviour, { color: false }, report.telemetry)}`);
}

/** A line at every tenth of the behaviour runs: a long run shows it is alive without flooding the log. */
export function progressLogger(): (progress: BehaviourProgress) => void {
  let shown = -1;
  return (progress) => {
    const tenth = progress.total > 0 ? Math.floor((10 * progress.done) / progress.total) : 10;
    if (tenth === shown) return;
    shown = tenth;
    core.info(`behaviour: ${progress.done}/${progress.total} runs (${progress.cached} from cache), ${progress.modelCalls} model calls`);
  };
}
