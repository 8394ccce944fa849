import { readFile } from 'node:fs/promises';
import { applyExpectedFailures, parseExpectedFailures, type ExpectedFailure } from '../core/conformance/expected-failures.js';
import { CHECKS } from '../core/conformance/registry.js';
import { summarize } from '../core/conformance/runner.js';
import { ConfigurationError } from '../core/errors.js';
import type { Report } from '../core/report/types.js';
import { repoPath } from './config-source.js';
import type { ActionSettings } from './settings.js';

/** layer0's expected-failures input: the official conformance suite's baseline grammar, each entry with its line. */
export async function readExpectedFailures(settings: ActionSettings): Promise<ExpectedFailure[]> {
  const file = settings.expectedFailures!;
  const shown = repoPath(settings.workspace, file);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ConfigurationError(`cannot read the expected-failures file: ${(error as Error).message}`, { file: shown });
  }
  return parseExpectedFailures(text, shown, new Set(CHECKS.map((check) => check.id)));
}

/** Marks the failures the expected-failures file accepts; returns its entries that now pass (stale). */
export function applyExpected(report: Report, expected: ExpectedFailure[]): ExpectedFailure[] {
  if (!report.conformance) return [];
  const outcome = applyExpectedFailures(report.conformance.checks, expected);
  report.conformance.checks = outcome.checks;
  report.conformance.summary = summarize(outcome.checks);
  return outcome.stale;
}
