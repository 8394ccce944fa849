import { listViolations, reportViolations } from './schema.js';
import type { Report } from './types.js';

/**
 * report.json, pretty-printed with 2 spaces. What is validated is what gets written: the
 * serialized text parsed back, so `undefined` fields and non-finite numbers are judged as
 * JSON sees them. An invalid report is a bug in mcp-evals, not in the user's setup, so it
 * throws a plain Error (exit 3) listing the violations.
 */
export function renderReportJson(report: Report): string {
  const text = JSON.stringify(report, null, 2);
  const violations = reportViolations(JSON.parse(text));
  if (violations.length > 0) {
    throw new Error(`mcp-evals built a report.json that does not match schemas/report.schema.json (this is a bug in mcp-evals, please report it):\n${listViolations(violations)}`);
  }
  return `${text}\n`;
}
