import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type SQLOutputValue, type StatementSync } from 'node:sqlite';
import type { Trace } from '../agent/trace.js';
import { buildRuns as defaultBuildRuns } from './otlp-runs.js';

export type RunBuilder = (spans: StoredSpan[]) => StoredRun[];

/**
 * What `mcp-evals serve` keeps: spans as they arrived, the runs built from them, dataset cases,
 * scores and experiments. The daemon talks to the DaemonStore interface only, so a server
 * database can follow (docs/daemon.md); SqliteStore is the implementation on Node's built-in
 * `node:sqlite`, in WAL mode, with numbered migrations (PRAGMA user_version).
 */

/** One OTLP span as received, ids in lowercase hex, times in Unix nanoseconds (decimal strings). */
export interface StoredSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** OTLP SpanKind (0 unspecified … 5 consumer). */
  kind: number;
  startNs: string;
  endNs: string;
  /** OTLP StatusCode: 0 unset, 1 ok, 2 error. */
  statusCode: number;
  statusMessage?: string;
  traceState?: string;
  attributes: Record<string, unknown>;
  resource: Record<string, unknown>;
  scope?: string;
}

/** One run: an agent invocation (or a whole trace without one), with its spans in the agent/trace.ts shape. */
export interface StoredRun {
  /** The trace id, or `traceId:spanId` when the trace holds several agent runs. */
  runId: string;
  traceId: string;
  project: string;
  status: 'ok' | 'error';
  startMs: number;
  durationMs: number;
  /** The model the run used (request model of its agent or first chat span). */
  model: string;
  /** The agent's name, or the mcp-evals case id the run was made for. */
  caseId: string;
  input: string;
  answer: string;
  inputTokens: number;
  outputTokens: number;
  costUsd: number | null;
  toolCalls: number;
  trace: Trace;
  /** Spans of the trace past the first MAX_RUN_SPANS (by start time), left out of its runs. */
  droppedSpans?: number;
}

export interface RunFilter {
  project?: string;
  status?: 'ok' | 'error';
  /** Start time bounds, milliseconds since the epoch (inclusive). */
  fromMs?: number;
  toMs?: number;
  traceIds?: readonly string[];
  /** Newest first; default 100. */
  limit?: number;
}

/** A golden case captured into a dataset: the case fields as tasks.yaml writes them. */
export interface DatasetCase {
  dataset: string;
  caseId: string;
  traceId: string;
  fields: Record<string, unknown>;
  createdMs: number;
}

export interface StoredScore {
  id?: number;
  runId: string;
  traceId: string;
  project: string;
  experiment?: string;
  scorer: string;
  passed: boolean | null;
  score?: number;
  reason: string;
  scorerVersion?: string;
  details?: Record<string, unknown>;
  createdMs: number;
}

export interface Experiment {
  id: string;
  project: string;
  commit?: string;
  note?: string;
  createdMs: number;
}

export interface DaemonStore {
  /**
   * Stores spans in one transaction: when it returns, the spans are committed. A new trace's runs
   * are built now; a trace that already had spans has its runs rebuilt from all its stored spans
   * (the first MAX_RUN_SPANS) before the next read. `buildRuns` gets the spans of one trace.
   */
  ingest(spans: readonly StoredSpan[], buildRuns?: RunBuilder): { spans: number; runs: number };
  listRuns(filter: RunFilter): StoredRun[];
  /** A trace's spans, earliest first (at most `limit`, default MAX_RUN_SPANS). */
  spansOf(traceId: string, limit?: number): StoredSpan[];
  countSpans(): number;
  /** Adds cases; a trace already in the dataset is not added twice (returned in `existing`). */
  addCases(cases: readonly DatasetCase[]): { added: DatasetCase[]; existing: DatasetCase[] };
  listCases(dataset: string): DatasetCase[];
  addScore(score: StoredScore): StoredScore;
  listScores(filter: { experiment?: string; project?: string; traceIds?: readonly string[] }): StoredScore[];
  /** Scores stored for a project at or after `sinceMs` (the per-minute quota). */
  countScoresSince(project: string, sinceMs: number): number;
  putExperiment(experiment: Experiment): void;
  getExperiment(id: string): Experiment | undefined;
  close(): void;
}

/** Numbered migrations: index + 1 is the schema version they bring the database to. */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE spans (
     trace_id TEXT NOT NULL, span_id TEXT NOT NULL, parent_span_id TEXT, name TEXT NOT NULL, kind INTEGER NOT NULL,
     start_ns TEXT NOT NULL, end_ns TEXT NOT NULL, status_code INTEGER NOT NULL, status_message TEXT, trace_state TEXT,
     attributes TEXT NOT NULL, resource TEXT NOT NULL, scope TEXT, PRIMARY KEY (trace_id, span_id)) WITHOUT ROWID;
   CREATE TABLE runs (
     run_id TEXT PRIMARY KEY, trace_id TEXT NOT NULL, project TEXT NOT NULL, status TEXT NOT NULL, start_ms REAL NOT NULL,
     duration_ms REAL NOT NULL, model TEXT NOT NULL, case_id TEXT NOT NULL, input TEXT NOT NULL, answer TEXT NOT NULL,
     input_tokens INTEGER NOT NULL, output_tokens INTEGER NOT NULL, cost_usd REAL, tool_calls INTEGER NOT NULL, trace TEXT NOT NULL);
   CREATE INDEX runs_by_start ON runs (start_ms DESC);
   CREATE INDEX runs_by_project ON runs (project, start_ms DESC);
   CREATE INDEX runs_by_trace ON runs (trace_id);
   CREATE TABLE dataset_cases (
     dataset TEXT NOT NULL, case_id TEXT NOT NULL, trace_id TEXT NOT NULL, fields TEXT NOT NULL, created_ms INTEGER NOT NULL,
     PRIMARY KEY (dataset, case_id), UNIQUE (dataset, trace_id));
   CREATE TABLE experiments (id TEXT PRIMARY KEY, project TEXT NOT NULL, git_commit TEXT, note TEXT, created_ms INTEGER NOT NULL);
   CREATE TABLE scores (
     id INTEGER PRIMARY KEY AUTOINCREMENT, run_id TEXT NOT NULL, trace_id TEXT NOT NULL, project TEXT NOT NULL, experiment TEXT,
     scorer TEXT NOT NULL, passed INTEGER, score REAL, reason TEXT NOT NULL, scorer_version TEXT, details TEXT, created_ms INTEGER NOT NULL);
   CREATE INDEX scores_by_experiment ON scores (experiment);
   CREATE INDEX scores_by_project_time ON scores (project, created_ms);`,
  // Runs say how many spans were left out; a trace that grows is rebuilt when next read (dirty).
  `ALTER TABLE runs ADD COLUMN dropped_spans INTEGER NOT NULL DEFAULT 0;
   CREATE TABLE dirty_traces (trace_id TEXT PRIMARY KEY) WITHOUT ROWID;`,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * A trace's runs are built from at most this many of its spans (the earliest): every span is
 * stored, but a hostile or runaway trace cannot make each later batch of it cost more and more.
 */
export const MAX_RUN_SPANS = 10_000;

export class SqliteStore implements DaemonStore {
  private readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  private buildRuns: RunBuilder = defaultBuildRuns;

  /**
   * Opens (creating when missing) the database at `path` (`:memory:` for none) and migrates it.
   * `buildRuns` turns a trace's spans into runs (default: the OTLP mapping of otlp-runs.ts).
   */
  constructor(path: string, options: { buildRuns?: RunBuilder } = {}) {
    if (options.buildRuns) this.buildRuns = options.buildRuns;
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    this.db = new DatabaseSync(path, { timeout: 5000 });
    // WAL: readers never block the writer. synchronous=NORMAL: a committed transaction survives the
    // process being killed (the WAL is in the OS); only a power loss can drop the last commits.
    this.db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;');
    this.migrate();
  }

  private migrate(): void {
    const version = Number(this.db.prepare('PRAGMA user_version').get()?.user_version ?? 0);
    if (version > MIGRATIONS.length) throw new Error(`the database schema is version ${version}, newer than this mcp-evals knows (${MIGRATIONS.length}): upgrade mcp-evals`);
    for (let next = version; next < MIGRATIONS.length; next += 1) {
      this.transaction(() => {
        this.db.exec(MIGRATIONS[next]);
        this.db.exec(`PRAGMA user_version = ${next + 1}`);
      });
    }
  }

  private sql(text: string): StatementSync {
    let statement = this.statements.get(text);
    if (!statement) {
      statement = this.db.prepare(text);
      this.statements.set(text, statement);
    }
    return statement;
  }

  private transaction<T>(body: () => T): T {
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const result = body();
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
  }

  /**
   * A batch costs what the batch holds: a trace seen for the first time is built from the batch
   * itself; a trace that already has spans is marked dirty (in the same transaction) and rebuilt
   * from all its spans once, when runs are next read. Rebuilding a 10,000-span trace on each of
   * its 200 batches was quadratic.
   */
  ingest(spans: readonly StoredSpan[], buildRuns?: RunBuilder): { spans: number; runs: number } {
    if (buildRuns) this.buildRuns = buildRuns;
    const build = this.buildRuns;
    return this.transaction(() => {
      const insert = this.sql(`INSERT OR REPLACE INTO spans VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
      // A trace seen for the first time is rebuilt from the batch itself (no read back).
      const traces = new Map<string, { fresh: boolean; spans: Map<string, StoredSpan> }>();
      for (const s of spans) {
        let entry = traces.get(s.traceId);
        if (!entry) {
          entry = { fresh: this.sql('SELECT 1 AS found FROM spans WHERE trace_id = ? LIMIT 1').get(s.traceId) === undefined, spans: new Map() };
          traces.set(s.traceId, entry);
        }
        entry.spans.set(s.spanId, s);
        insert.run(s.traceId, s.spanId, s.parentSpanId ?? null, s.name, s.kind, s.startNs, s.endNs, s.statusCode, s.statusMessage ?? null, s.traceState ?? null, JSON.stringify(s.attributes), JSON.stringify(s.resource), s.scope ?? null);
      }
      let runs = 0;
      for (const [traceId, entry] of traces) {
        if (!entry.fresh) {
          this.sql('INSERT OR IGNORE INTO dirty_traces VALUES (?)').run(traceId);
          continue;
        }
        const all = [...entry.spans.values()].sort(byStartNs);
        runs += this.writeRuns(traceId, all.slice(0, MAX_RUN_SPANS), Math.max(0, all.length - MAX_RUN_SPANS), build, false);
      }
      return { spans: spans.length, runs };
    });
  }

  /** Replaces a trace's runs with those built from `spans`; `dropped` spans were left out. */
  private writeRuns(traceId: string, spans: StoredSpan[], dropped: number, buildRuns: RunBuilder, replace: boolean): number {
    if (replace) this.sql('DELETE FROM runs WHERE trace_id = ?').run(traceId);
    let runs = 0;
    for (const run of buildRuns(spans)) {
      this.sql(`INSERT OR REPLACE INTO runs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(
        run.runId, run.traceId, run.project, run.status, run.startMs, run.durationMs, run.model, run.caseId, run.input, run.answer,
        run.inputTokens, run.outputTokens, run.costUsd, run.toolCalls, JSON.stringify(run.trace), dropped,
      );
      runs += 1;
    }
    return runs;
  }

  /** Rebuilds the runs of every trace that grew since its runs were built (one transaction). */
  private rebuildDirty(): void {
    if (this.sql('SELECT 1 AS found FROM dirty_traces LIMIT 1').get() === undefined) return;
    this.transaction(() => {
      for (const row of this.sql('SELECT trace_id FROM dirty_traces').all()) {
        const traceId = String(row.trace_id);
        const spans = this.spansOf(traceId, MAX_RUN_SPANS);
        const total = spans.length < MAX_RUN_SPANS ? spans.length : Number(this.sql('SELECT count(*) AS n FROM spans WHERE trace_id = ?').get(traceId)?.n ?? 0);
        this.writeRuns(traceId, spans, total - spans.length, this.buildRuns, true);
      }
      this.sql('DELETE FROM dirty_traces').run();
    });
  }

  listRuns(filter: RunFilter): StoredRun[] {
    this.rebuildDirty();
    const where: string[] = [];
    const params: Array<string | number> = [];
    if (filter.project !== undefined) (where.push('project = ?'), params.push(filter.project));
    if (filter.status !== undefined) (where.push('status = ?'), params.push(filter.status));
    if (filter.fromMs !== undefined) (where.push('start_ms >= ?'), params.push(filter.fromMs));
    if (filter.toMs !== undefined) (where.push('start_ms <= ?'), params.push(filter.toMs));
    if (filter.traceIds !== undefined) {
      if (filter.traceIds.length === 0) return [];
      where.push(`(trace_id IN (${filter.traceIds.map(() => '?').join(', ')}) OR run_id IN (${filter.traceIds.map(() => '?').join(', ')}))`);
      params.push(...filter.traceIds, ...filter.traceIds);
    }
    const limit = Math.max(0, Math.min(filter.limit ?? 100, 10_000));
    const rows = this.db.prepare(`SELECT * FROM runs ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY start_ms DESC, run_id DESC LIMIT ${limit}`).all(...params);
    return rows.map(runFromRow);
  }

  spansOf(traceId: string, limit = MAX_RUN_SPANS): StoredSpan[] {
    // start_ns is a decimal string: ordered by length, then text, it sorts as the number.
    return this.sql('SELECT * FROM spans WHERE trace_id = ? ORDER BY length(start_ns), start_ns LIMIT ?').all(traceId, limit).map((row) => ({
      traceId: String(row.trace_id),
      spanId: String(row.span_id),
      ...(row.parent_span_id !== null ? { parentSpanId: String(row.parent_span_id) } : {}),
      name: String(row.name),
      kind: Number(row.kind),
      startNs: String(row.start_ns),
      endNs: String(row.end_ns),
      statusCode: Number(row.status_code),
      ...(row.status_message !== null ? { statusMessage: String(row.status_message) } : {}),
      ...(row.trace_state !== null ? { traceState: String(row.trace_state) } : {}),
      attributes: JSON.parse(String(row.attributes)) as Record<string, unknown>,
      resource: JSON.parse(String(row.resource)) as Record<string, unknown>,
      ...(row.scope !== null ? { scope: String(row.scope) } : {}),
    }));
  }

  countSpans(): number {
    return Number(this.sql('SELECT COUNT(*) AS n FROM spans').get()?.n ?? 0);
  }

  addCases(cases: readonly DatasetCase[]): { added: DatasetCase[]; existing: DatasetCase[] } {
    return this.transaction(() => {
      const added: DatasetCase[] = [];
      const existing: DatasetCase[] = [];
      for (const c of cases) {
        const found = this.sql('SELECT * FROM dataset_cases WHERE dataset = ? AND trace_id = ?').get(c.dataset, c.traceId);
        if (found) {
          existing.push(caseFromRow(found));
          continue;
        }
        this.sql('INSERT INTO dataset_cases VALUES (?, ?, ?, ?, ?)').run(c.dataset, c.caseId, c.traceId, JSON.stringify(c.fields), c.createdMs);
        added.push(c);
      }
      return { added, existing };
    });
  }

  listCases(dataset: string): DatasetCase[] {
    return this.sql('SELECT * FROM dataset_cases WHERE dataset = ? ORDER BY created_ms, case_id').all(dataset).map(caseFromRow);
  }

  addScore(score: StoredScore): StoredScore {
    const result = this.sql('INSERT INTO scores (run_id, trace_id, project, experiment, scorer, passed, score, reason, scorer_version, details, created_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').run(
      score.runId, score.traceId, score.project, score.experiment ?? null, score.scorer, score.passed === null ? null : score.passed ? 1 : 0,
      score.score ?? null, score.reason, score.scorerVersion ?? null, score.details ? JSON.stringify(score.details) : null, score.createdMs,
    );
    return { ...score, id: Number(result.lastInsertRowid) };
  }

  listScores(filter: { experiment?: string; project?: string; traceIds?: readonly string[] }): StoredScore[] {
    const where: string[] = [];
    const params: string[] = [];
    if (filter.experiment !== undefined) (where.push('experiment = ?'), params.push(filter.experiment));
    if (filter.project !== undefined) (where.push('project = ?'), params.push(filter.project));
    if (filter.traceIds !== undefined) {
      if (filter.traceIds.length === 0) return [];
      where.push(`trace_id IN (${filter.traceIds.map(() => '?').join(', ')})`);
      params.push(...filter.traceIds);
    }
    return this.db.prepare(`SELECT * FROM scores ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id`).all(...params).map((row) => ({
      id: Number(row.id),
      runId: String(row.run_id),
      traceId: String(row.trace_id),
      project: String(row.project),
      ...(row.experiment !== null ? { experiment: String(row.experiment) } : {}),
      scorer: String(row.scorer),
      passed: row.passed === null ? null : Number(row.passed) === 1,
      ...(row.score !== null ? { score: Number(row.score) } : {}),
      reason: String(row.reason),
      ...(row.scorer_version !== null ? { scorerVersion: String(row.scorer_version) } : {}),
      ...(row.details !== null ? { details: JSON.parse(String(row.details)) as Record<string, unknown> } : {}),
      createdMs: Number(row.created_ms),
    }));
  }

  countScoresSince(project: string, sinceMs: number): number {
    return Number(this.sql('SELECT COUNT(*) AS n FROM scores WHERE project = ? AND created_ms >= ?').get(project, sinceMs)?.n ?? 0);
  }

  putExperiment(experiment: Experiment): void {
    this.sql('INSERT OR REPLACE INTO experiments VALUES (?, ?, ?, ?, ?)').run(experiment.id, experiment.project, experiment.commit ?? null, experiment.note ?? null, experiment.createdMs);
  }

  getExperiment(id: string): Experiment | undefined {
    const row = this.sql('SELECT * FROM experiments WHERE id = ?').get(id);
    if (!row) return undefined;
    return { id: String(row.id), project: String(row.project), ...(row.git_commit !== null ? { commit: String(row.git_commit) } : {}), ...(row.note !== null ? { note: String(row.note) } : {}), createdMs: Number(row.created_ms) };
  }

  close(): void {
    this.db.close();
  }
}

function byStartNs(a: StoredSpan, b: StoredSpan): number {
  return a.startNs.length - b.startNs.length || (a.startNs < b.startNs ? -1 : a.startNs > b.startNs ? 1 : 0);
}

function runFromRow(row: Record<string, SQLOutputValue>): StoredRun {
  return {
    runId: String(row.run_id),
    traceId: String(row.trace_id),
    project: String(row.project),
    status: row.status === 'error' ? 'error' : 'ok',
    startMs: Number(row.start_ms),
    durationMs: Number(row.duration_ms),
    model: String(row.model),
    caseId: String(row.case_id),
    input: String(row.input),
    answer: String(row.answer),
    inputTokens: Number(row.input_tokens),
    outputTokens: Number(row.output_tokens),
    costUsd: row.cost_usd === null ? null : Number(row.cost_usd),
    toolCalls: Number(row.tool_calls),
    trace: JSON.parse(String(row.trace)) as Trace,
    droppedSpans: Number(row.dropped_spans ?? 0),
  };
}

function caseFromRow(row: Record<string, SQLOutputValue>): DatasetCase {
  return { dataset: String(row.dataset), caseId: String(row.case_id), traceId: String(row.trace_id), fields: JSON.parse(String(row.fields)) as Record<string, unknown>, createdMs: Number(row.created_ms) };
}
