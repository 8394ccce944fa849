import type { CheckResult, ServerIdentity } from '../conformance/types.js';
import type { Report } from './types.js';

/** A failure that --expected-failures accepted does not make the run fail. */
export function isBlockingFailure(check: CheckResult): boolean {
  return check.status === 'fail' && check.expected !== 'expected-failure';
}

/** What a headline says about a run, whatever the output format. */
export interface Headline {
  /** No blocking failure (and the conformance layer ran). */
  ok: boolean;
  /** Why nothing could be evaluated (the server did not start); never ok then. */
  notEvaluated?: string;
  /** `name version`, or a short form of the target when the server did not say who it is. Server-controlled: escape it. */
  server: string;
  era: string;
  transport: string;
  counts: { pass: number; fail: number; warn: number; skip: number; total: number };
  /** Failures accepted by --expected-failures (included in counts.fail). */
  expectedFailures: number;
  durationMs: number;
}

export function headline(report: Report): Headline {
  const { server } = report.header;
  const section = report.conformance;
  const checks = section?.checks ?? [];
  const counts = section?.summary ?? { pass: 0, fail: 0, warn: 0, skip: 0, total: 0 };
  return {
    // A stale expected failure fails the run (exit 1), so the headline must not say ✓ beside it.
    ok: section !== undefined && section.notEvaluated === undefined && !checks.some(isBlockingFailure) && !checks.some((check) => check.expected === 'stale-expected-failure'),
    notEvaluated: section?.notEvaluated?.reason,
    server: serverLabel(server),
    era: section?.eraModel === 'dual-era' ? `${section.era}, dual-era` : (section?.era ?? report.header.protocolEra),
    transport: server.transport,
    counts,
    expectedFailures: checks.filter((check) => check.status === 'fail' && check.expected === 'expected-failure').length,
    durationMs: section?.durationMs ?? report.header.durationMs,
  };
}

/**
 * `name version` as the server announced it; without a name, a short form of the target that
 * cannot leak a secret: the URL without credentials or query, or the program of the command.
 */
export function serverLabel(server: ServerIdentity): string {
  const name = [server.name, server.version].filter((part) => part !== undefined && part !== '').join(' ');
  if (name) return name;
  if (server.transport === 'http') {
    try {
      const url = new URL(server.target);
      return `unnamed server at ${url.origin}${url.pathname}`;
    } catch {
      return 'unnamed server';
    }
  }
  const program = server.target.trim().split(/\s+/)[0] ?? '';
  const base = program.replace(/^["']|["']$/g, '').split(/[\\/]/).pop() ?? '';
  return base ? `unnamed server (${base})` : 'unnamed server';
}

/** `12 pass, 1 fail, 2 warn, 3 skip` (with `(1 expected)` after the failures when some were accepted). */
export function formatCounts(h: Headline): string {
  const expected = h.expectedFailures > 0 ? ` (${h.expectedFailures} expected)` : '';
  return `${h.counts.pass} pass, ${h.counts.fail} fail${expected}, ${h.counts.warn} warn, ${h.counts.skip} skip`;
}

/** 850ms, 4.2s, 3m 05s. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '?';
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
}
