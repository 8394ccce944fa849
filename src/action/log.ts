import * as core from '@actions/core';
import type { BehaviourProgress } from '../core/evals/behaviour.js';
import { renderBehaviourText } from '../core/report/behaviour-text.js';
import { renderConformanceText } from '../core/report/text.js';
import type { Report } from '../core/report/types.js';

/** The report as the CLI prints it, in the step's log. */
export function logReport(report: Report): void {
  if (report.conformance) core.info(renderConformanceText(report, { color: false }));
  if (report.behaviour) core.info(`\n${renderBehaviourText(report.behaviour, { color: false }, report.telemetry)}`);
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
