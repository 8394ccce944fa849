import { constants } from 'node:fs';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { refuseSymlink } from '../report/safe-write.js';
import { dirname } from 'node:path';
import { ConfigurationError } from '../errors.js';
import type { Report } from '../report/types.js';
import { redactRun } from '../mcp/redact.js';

/**
 * Pass-rate history: one JSON line per case × model per run, appended run by run to a file that
 * is kept as an artifact or committed (default .mcp-evals/history.jsonl). It shows a case that was
 * 5/5 for three weeks and then 3/5 as a trend, and flags "likely model drift" when the drop came
 * with no change in the server (same tools hash and server version across the window).
 */

export const DEFAULT_HISTORY_FILE = '.mcp-evals/history.jsonl';
export const DEFAULT_TREND_POINTS = 5;

/** Append, create if missing, and fail rather than follow a symbolic link (O_NOFOLLOW; 0 where the system has none). */
const APPEND_NO_FOLLOW = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0);
/** A pass-rate move larger than this (0..1) is a drop or a rise. */
export const DEFAULT_TREND_MAX_DROP = 0.02;

export interface HistoryEntry {
  /** When the entry was appended (ISO 8601). */
  at: string;
  /** The run's report.header.startedAt: identifies the run (an append is not repeated). */
  reportStartedAt: string;
  commit?: string;
  /** report.header.experiment. */
  experiment?: string;
  caseId: string;
  model: string;
  /** k: runs that passed. */
  passed: number;
  /** n: runs decided (passed + failed). */
  decided: number;
  /** k / n, null when no run was decided. */
  passRate: number | null;
  toolsHash: string;
  serverVersion: string | null;
  /** Where the run can be seen (a CI run's page); report.html links the run's point on the trend chart to it. */
  runUrl?: string;
}

export interface AppendOptions {
  now: Date;
  /** The commit the run was made on (CI: GITHUB_SHA). */
  commit?: string;
  /** The run's page (see runUrlFromEnv). */
  runUrl?: string;
}

/** The GitHub Actions run's page from its environment (GITHUB_SERVER_URL, GITHUB_REPOSITORY, GITHUB_RUN_ID); undefined elsewhere. */
export function runUrlFromEnv(env: NodeJS.ProcessEnv): string | undefined {
  const { GITHUB_SERVER_URL: server, GITHUB_REPOSITORY: repo, GITHUB_RUN_ID: id } = env;
  if (!server || !repo || !id || !/^https?:\/\//.test(server) || !/^[\w.-]+\/[\w.-]+$/.test(repo) || !/^\d+$/.test(id)) return undefined;
  return `${server.replace(/\/+$/, '')}/${repo}/actions/runs/${id}`;
}

/** The history entries of one report: one per case × model of its behaviour section (none without one). */
export function historyEntries(report: Report, options: AppendOptions): HistoryEntry[] {
  const behaviour = report.behaviour;
  if (!behaviour) return [];
  return behaviour.results.map((result) => ({
    at: options.now.toISOString(),
    reportStartedAt: report.header.startedAt,
    ...(options.commit ? { commit: options.commit } : {}),
    ...(options.runUrl ? { runUrl: options.runUrl } : {}),
    ...(report.header.experiment ? { experiment: report.header.experiment } : {}),
    caseId: result.id,
    model: result.model,
    passed: result.passed,
    decided: result.passed + result.failed,
    passRate: result.passRate,
    toolsHash: behaviour.tools.hash,
    serverVersion: report.header.server.version ?? null,
  }));
}

/**
 * Appends the report's entries to the history file (created with its folder when missing).
 * Entries of a run already in the file (same reportStartedAt, case and model) are not appended
 * again, so re-running a CI job does not count a run twice.
 */
export async function appendHistory(file: string, report: Report, options: AppendOptions): Promise<{ appended: HistoryEntry[]; alreadyThere: number }> {
  // As every report writer: never through a symbolic link (a link planted at the history file
  // must not make us append to whatever it points at).
  await refuseSymlink(file);
  const entries = historyEntries(report, options);
  const existing = await readHistory(file);
  const known = new Set(existing.map(entryKey));
  const appended = entries.filter((entry) => !known.has(entryKey(entry)));
  if (appended.length > 0) {
    await mkdir(dirname(file), { recursive: true });
    // serverVersion is the server's own word: through the run's redactor like every other writer.
    // O_NOFOLLOW: a link planted between the check and the append is refused by the system too (ELOOP).
    await appendFile(file, redactRun(appended.map((entry) => `${JSON.stringify(entry)}\n`).join('')), { flag: APPEND_NO_FOLLOW }).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code === 'ELOOP') await refuseSymlink(file);
      throw error;
    });
  }
  return { appended, alreadyThere: entries.length - appended.length };
}

/** The entries of a history file; [] when it does not exist. Throws ConfigurationError for a malformed line. */
export async function readHistory(file: string): Promise<HistoryEntry[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new ConfigurationError(`cannot read the history: ${(error as Error).message}`, { file });
  }
  return parseHistory(text, file);
}

export function parseHistory(text: string, file: string): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  text.split('\n').forEach((raw, index) => {
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      throw new ConfigurationError(`line ${index + 1} of the history is not JSON`, { file, line: index + 1, column: 1 });
    }
    if (!isEntry(value)) throw new ConfigurationError(`line ${index + 1} of the history is not a history entry (caseId, model, passed, decided, passRate, toolsHash)`, { file, line: index + 1, column: 1 });
    entries.push(value);
  });
  return entries;
}

export interface Trend {
  caseId: string;
  model: string;
  /** The last N entries, oldest first. */
  points: HistoryEntry[];
  /** The newest decided point against the pooled earlier ones in the window. */
  direction: 'up' | 'down' | 'flat' | 'unknown';
  /** Pooled pass rate of the earlier decided points; null with fewer than two decided points. */
  reference: number | null;
  /** More than one (toolsHash, serverVersion) in the window. */
  serverChanged: boolean;
  /** A drop with the same tools hash and server version across the window: the model changed, not the server. */
  likelyModelDrift: boolean;
  /** `5/5 5/5 5/5 3/5 ↓ likely model drift`. */
  text: string;
}

/**
 * The trend of one case on one model over its last `last` entries (by run time). Direction: the
 * newest decided point's pass rate against the pooled rate (Σk / Σn) of the earlier decided
 * points in the window, a move beyond `maxDrop` (default 0.02) being a drop or a rise.
 */
export function trend(history: readonly HistoryEntry[], caseId: string, model: string, last = DEFAULT_TREND_POINTS, options: { maxDrop?: number } = {}): Trend {
  const maxDrop = options.maxDrop ?? DEFAULT_TREND_MAX_DROP;
  const points = history
    .filter((entry) => entry.caseId === caseId && entry.model === model)
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => a.entry.reportStartedAt.localeCompare(b.entry.reportStartedAt) || a.entry.at.localeCompare(b.entry.at) || a.index - b.index)
    .map(({ entry }) => entry)
    .slice(-Math.max(1, last));
  const decided = points.filter((entry) => entry.decided > 0);
  const serverChanged = new Set(points.map((entry) => `${entry.toolsHash}\u0000${entry.serverVersion ?? ''}`)).size > 1;
  let direction: Trend['direction'] = 'unknown';
  let reference: number | null = null;
  if (decided.length >= 2) {
    const earlier = decided.slice(0, -1);
    const n = earlier.reduce((sum, entry) => sum + entry.decided, 0);
    reference = earlier.reduce((sum, entry) => sum + entry.passed, 0) / n;
    const latest = decided[decided.length - 1];
    const change = latest.passed / latest.decided - reference;
    direction = change < -maxDrop - 1e-9 ? 'down' : change > maxDrop + 1e-9 ? 'up' : 'flat';
  }
  const likelyModelDrift = direction === 'down' && !serverChanged;
  const marks = points.map((entry) => (entry.decided > 0 ? `${entry.passed}/${entry.decided}` : '–')).join(' ');
  const arrow = direction === 'down' ? ' ↓' : direction === 'up' ? ' ↑' : '';
  const note = likelyModelDrift ? ' likely model drift' : direction === 'down' ? ' (the server changed in this window)' : '';
  return { caseId, model, points, direction, reference, serverChanged, likelyModelDrift, text: `${marks}${arrow}${note}` };
}

/** Every case × model in the history (first-seen order), optionally one case or model, as trends. */
export function caseTrends(history: readonly HistoryEntry[], options: { caseId?: string; model?: string; last?: number; maxDrop?: number } = {}): Trend[] {
  const keys: Array<[string, string]> = [];
  const seen = new Set<string>();
  for (const entry of history) {
    if (options.caseId !== undefined && entry.caseId !== options.caseId) continue;
    if (options.model !== undefined && entry.model !== options.model) continue;
    const key = `${entry.caseId}\u0000${entry.model}`;
    if (seen.has(key)) continue;
    seen.add(key);
    keys.push([entry.caseId, entry.model]);
  }
  return keys.map(([caseId, model]) => trend(history, caseId, model, options.last, { maxDrop: options.maxDrop }));
}

/**
 * The trend of every case × model of a report, in report order, with this report as the newest
 * point (its entries are added when the history does not have them yet, so a summary written
 * before `history append` still shows this run).
 */
export function reportTrends(history: readonly HistoryEntry[], report: Report, options: { last?: number; maxDrop?: number } = {}): Trend[] {
  const current = historyEntries(report, { now: new Date(Date.parse(report.header.startedAt) || 0) });
  const known = new Set(history.map(entryKey));
  const combined = [...history, ...current.filter((entry) => !known.has(entryKey(entry)))];
  return (report.behaviour?.results ?? []).map((result) => trend(combined, result.id, result.model, options.last, { maxDrop: options.maxDrop }));
}

/**
 * One line per case × model of the report for the summary: `` `weather` · gpt-4.1: 5/5 5/5 5/5 3/5 ↓ likely model drift ``
 * (Markdown code spans around the case id; the text is otherwise plain).
 */
export function trendLines(history: readonly HistoryEntry[], report: Report, options: { last?: number; maxDrop?: number } = {}): string[] {
  return reportTrends(history, report, options).map((t) => `\`${t.caseId}\` · ${t.model}: ${t.text}`);
}

function entryKey(entry: Pick<HistoryEntry, 'reportStartedAt' | 'caseId' | 'model'>): string {
  return `${entry.reportStartedAt}\u0000${entry.caseId}\u0000${entry.model}`;
}

function isEntry(value: unknown): value is HistoryEntry {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Partial<HistoryEntry>;
  return (
    typeof e.caseId === 'string' &&
    typeof e.model === 'string' &&
    typeof e.at === 'string' &&
    typeof e.reportStartedAt === 'string' &&
    Number.isInteger(e.passed) &&
    Number.isInteger(e.decided) &&
    (e.passRate === null || typeof e.passRate === 'number') &&
    typeof e.toolsHash === 'string'
  );
}
