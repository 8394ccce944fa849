import type { DropKind } from '../mcp/bounds.js';
import type { Era, Exchange, TransportKind } from '../mcp/types.js';
import type { EraModel } from './era-model.js';

export type Level = 'MUST' | 'SHOULD' | 'MAY';
export type Status = 'pass' | 'fail' | 'warn' | 'skip';

/** A finding below a check: one tool, one page, one header variant. `check-id:sub-id` in expected-failures. */
export interface SubResult {
  id: string;
  status: Status;
  message: string;
  /**
   * The exchange this finding judged, where a check judges the whole run's exchanges (an aggregate
   * such as response-envelope): kept in the report for a failing or warning sub-result.
   */
  evidence?: Exchange[];
}

/** One conformance check's outcome, as it appears in report.json. */
export interface CheckResult {
  /** Stable kebab-case id, e.g. `discover-supported-versions`. */
  id: string;
  title: string;
  level: Level;
  status: Status;
  /** Requirement row ids from REQUIREMENTS-2026-07-28.md (VER-01, DISC-02, ...). */
  requirements: string[];
  /** Which of the seven named Layer-0 assertions this check is behind (1..7), if any. */
  assertion?: number;
  /** Protocol era the check ran under. */
  era: Era;
  message: string;
  durationMs: number;
  subResults?: SubResult[];
  evidence: Exchange[];
  /** Set by --expected-failures processing. */
  expected?: 'expected-failure' | 'stale-expected-failure';
}

export interface ServerIdentity {
  name?: string;
  version?: string;
  transport: TransportKind;
  target: string;
}

export interface ConformanceSection {
  era: Era;
  /** Which eras the server serves (era-model.ts): each exchange was judged by the rules of the era its request took. Absent when the run did not ask. */
  eraModel?: EraModel;
  /** Versions the server said it supports. */
  supportedVersions: string[];
  capabilities: Record<string, unknown>;
  /** Present when the server has not migrated to 2026-07-28: what to change. */
  migrationNote?: string;
  checks: CheckResult[];
  /** Set when the server could not be started or reached: no check ran, and the run is not a pass (exit 3). */
  notEvaluated?: { reason: string };
  /** Everything the server wrote to stderr (stdio), tail-truncated. */
  stderr?: string;
  /** What the bounds on server-filled buffers dropped, by kind (mcp/bounds.ts); absent when nothing was. */
  dropped?: Partial<Record<DropKind, number>>;
  summary: { pass: number; fail: number; warn: number; skip: number; total: number };
  durationMs: number;
}
