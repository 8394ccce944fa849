import * as core from '@actions/core';
import type { GateResult } from '../core/gate/compare.js';
import type { Report } from '../core/report/types.js';

/** What later steps read: `steps.<id>.outputs.passed` and friends. */
export interface ActionOutputs {
  passed: boolean;
  regressed: boolean;
  /** 0..1: overall task success with the behaviour layer, else the conformance pass fraction; null when neither measured anything. */
  passRate: number | null;
  reportDir: string;
  /** One line. */
  summary: string;
}

export function setOutputs(outputs: ActionOutputs): void {
  core.setOutput('passed', String(outputs.passed));
  core.setOutput('regressed', String(outputs.regressed));
  core.setOutput('pass-rate', outputs.passRate === null ? '' : String(Math.round(outputs.passRate * 10_000) / 10_000));
  core.setOutput('report-dir', outputs.reportDir);
  core.setOutput('summary', outputs.summary.replace(/\s*\n\s*/g, ' '));
}

/** Overall task success when behaviour ran; otherwise conformance checks passed / checks that ran (skips left out). */
export function passRateOf(report: Report): number | null {
  const success = report.behaviour?.metrics.overall.taskSuccessRate;
  if (report.behaviour) return typeof success === 'number' ? success : null;
  const counts = report.conformance?.summary;
  if (!counts) return null;
  const ran = counts.total - counts.skip;
  return ran > 0 ? counts.pass / ran : null;
}

/** A regression proper: something the baseline had that is now worse (not a floor miss of a new case). */
export function regressedOf(gate: GateResult): boolean {
  return gate.counts.regressed > 0 || gate.conformance.regressed > 0 || gate.aggregates.some((aggregate) => aggregate.failsGate);
}
