import { readFile, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { ConfigurationError } from '../errors.js';
import type { TraceLine } from '../evals/run-evals.js';
import { readReportViolations } from '../report/schema.js';
import type { Report } from '../report/types.js';

/** A report directory as `mcp-evals run` wrote it: report.json, and traces.jsonl when behaviour ran. */
export interface ReportDir {
  /** The directory. */
  dir: string;
  /** Its report.json. */
  reportFile: string;
  report: Report;
}

export const TRACES_FILE = 'traces.jsonl';

/**
 * Reads and validates a report: `path` is a report directory or its report.json. Throws
 * ConfigurationError (exit 2) for a missing, unreadable or invalid report.
 */
export async function readReportDir(path: string): Promise<ReportDir> {
  let isDir = false;
  try {
    isDir = (await stat(path)).isDirectory();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new ConfigurationError(`no report here (expected a report directory or its report.json)`, { file: path });
    throw new ConfigurationError(`cannot read the report: ${(error as Error).message}`, { file: path });
  }
  const reportFile = isDir ? join(path, 'report.json') : path;
  const dir = isDir ? path : dirname(path);
  let text: string;
  try {
    text = await readFile(reportFile, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigurationError(code === 'ENOENT' ? `no report.json in ${dir}` : `cannot read the report: ${(error as Error).message}`, { file: reportFile });
  }
  let report: unknown;
  try {
    report = JSON.parse(text);
  } catch (error) {
    throw new ConfigurationError(`the report is not JSON: ${(error as Error).message}`, { file: reportFile });
  }
  const problems = await readReportViolations(report);
  if (problems.length > 0) throw new ConfigurationError(`not a valid mcp-evals report: ${problems.slice(0, 3).join('; ')}`, { file: reportFile });
  return { dir, reportFile, report: report as Report };
}

/**
 * The lines of DIR/traces.jsonl. Throws ConfigurationError when the file is missing (with a hint
 * for conformance-only reports) or a line is not a JSON run record.
 */
export async function readTraceLines(dir: string): Promise<TraceLine[]> {
  const file = join(dir, TRACES_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new ConfigurationError(`no ${TRACES_FILE} in ${dir}: only a report with a behaviour layer (mcp-evals run --layers 1) has runs`, { file });
    throw new ConfigurationError(`cannot read ${TRACES_FILE}: ${(error as Error).message}`, { file });
  }
  const lines: TraceLine[] = [];
  text.split('\n').forEach((raw, index) => {
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      throw new ConfigurationError(`line ${index + 1} of ${TRACES_FILE} is not JSON`, { file, line: index + 1, column: 1 });
    }
    if (!isTraceLine(value)) throw new ConfigurationError(`line ${index + 1} of ${TRACES_FILE} is not a run record (caseId, model, trace.traceId, scores)`, { file, line: index + 1, column: 1 });
    lines.push(value);
  });
  return lines;
}

function isTraceLine(value: unknown): value is TraceLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Partial<TraceLine>;
  return (
    typeof line.caseId === 'string' &&
    typeof line.model === 'string' &&
    typeof line.trace === 'object' &&
    line.trace !== null &&
    typeof line.trace.traceId === 'string' &&
    Array.isArray(line.scores)
  );
}

/**
 * Where the golden set a report names may be: report.json records it relative to the report's own
 * directory (no absolute path of the machine in a report), older reports relative to the working
 * directory or absolute; the first candidate that exists wins.
 */
export function goldenCandidates(reportDir: string, named: string): string[] {
  return [...new Set([resolve(reportDir, named), resolve(named)])];
}
