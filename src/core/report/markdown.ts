import type { CheckResult, Status } from '../conformance/types.js';
import { describeDrops } from '../mcp/bounds.js';
import { assertionRows, type AssertionOutcome } from './assertions.js';
import { markdownCode, markdownInline, markdownProse, truncate } from './escape.js';
import { formatCounts, formatDuration, headline, isBlockingFailure } from './outcome.js';
import type { Report } from './types.js';

/** GitHub's limit for one step's job summary. */
export const MARKDOWN_MAX_BYTES = 1024 * 1024;

export interface MarkdownOptions {
  /** Upper bound on the UTF-8 size of the result (default 1 MiB; a PR comment needs 65,536 characters). */
  maxBytes?: number;
}

/** Room kept back for the closing lines and the truncation notes. */
const RESERVE_BYTES = 2048;
/** Messages in the failures table are cut here; report.json has them whole. */
const TABLE_MESSAGE_CHARS = 400;
/** Messages in the all-checks table are cut here. */
const DETAILS_MESSAGE_CHARS = 200;

const ASSERTION_MARK: Record<AssertionOutcome, string> = { pass: '✅ pass', fail: '❌ fail', warn: '⚠️ warn', 'n/a': '⏭ n/a' };
const STATUS_MARK: Record<Status, string> = { pass: '✅', fail: '❌', warn: '⚠️', skip: '⏭' };

/**
 * summary.md: what a person reads in ten seconds (headline, the seven assertions, what failed),
 * then every check in a collapsed block. Server-controlled text is escaped; the result stays
 * under `maxBytes`, cutting the tables (and saying so) when there are too many checks.
 */
export function renderConformanceMarkdown(report: Report, options: MarkdownOptions = {}): string {
  const maxBytes = options.maxBytes ?? MARKDOWN_MAX_BYTES;
  const h = headline(report);
  const section = report.conformance;
  const where = `${markdownInline(h.era)}, ${markdownInline(h.transport)}`;
  if (!section) {
    return `### ⏭ ${markdownInline(h.server)}: MCP conformance did not run (${where})\n`;
  }
  if (h.notEvaluated) {
    return `### ❌ ${markdownInline(h.server)}: MCP conformance could not be evaluated (${where})\n\n${markdownInline(h.notEvaluated)}\n\nNo check ran: this is not a pass.\n`;
  }

  const out = new Budget(Math.max(maxBytes - RESERVE_BYTES, Math.floor(maxBytes / 2)));
  out.add(`### ${h.ok ? '✅' : '❌'} ${markdownInline(h.server)}: MCP conformance (${where}): ${formatCounts(h)} in ${formatDuration(h.durationMs)}\n\n`);

  out.add('**The seven assertions**\n\n| # | assertion | result | checks |\n|---:|---|---|---:|\n');
  for (const row of assertionRows(section.checks)) {
    out.add(`| ${row.number} | ${markdownInline(row.name)} | ${ASSERTION_MARK[row.outcome]} | ${checkCount(row.checks)} |\n`);
  }
  out.add('\n');

  const findings = [...section.checks.filter((check) => check.status === 'fail'), ...section.checks.filter((check) => check.status === 'warn')];
  if (findings.length === 0) {
    out.add('No failures or warnings.\n\n');
  } else {
    out.add('**Failures and warnings**\n\n| | check | level | requirements | message |\n|---|---|---|---|---|\n');
    // Leave half of what is left for the migration note and the details block.
    const shown = out.addRows(findings.map(findingRow), out.remaining() / 2);
    out.add('\n');
    if (shown < findings.length) out.add(`_…and ${findings.length - shown} more failures and warnings, not shown to keep this summary under ${formatBytes(maxBytes)}; report.json has them all._\n\n`);
  }

  if (section.dropped) out.add(`_The server sent more than the run keeps: dropped past the bounds (first entries kept, the rest counted): ${describeDrops(section.dropped)}._\n\n`);

  if (section.migrationNote) out.add(`> [!NOTE]\n> **Migration to 2026-07-28.** ${markdownProse(section.migrationNote)}\n\n`);

  out.add(`<details><summary>All ${section.checks.length} checks</summary>\n\n| | check | level | requirements | time | message |\n|---|---|---|---|---:|---|\n`);
  const shown = out.addRows(section.checks.map(detailRow), out.remaining());
  out.force('\n');
  if (shown < section.checks.length) {
    out.force(`_Truncated: ${section.checks.length - shown} more checks are not shown, to keep this summary under ${formatBytes(maxBytes)}; report.json has them all._\n\n`);
  }
  out.force('</details>\n');
  return out.text();
}

/** `3`, or `1 (2 skipped)` when some of the checks behind an assertion did not run. */
function checkCount(checks: CheckResult[]): string {
  const skipped = checks.filter((check) => check.status === 'skip').length;
  return skipped > 0 ? `${checks.length - skipped} (${skipped} skipped)` : String(checks.length);
}

function statusMark(check: CheckResult): string {
  if (check.status === 'fail' && !isBlockingFailure(check)) return '❌ (expected)';
  if (check.expected === 'stale-expected-failure') return `${STATUS_MARK[check.status]} (stale expected failure)`;
  return STATUS_MARK[check.status];
}

function requirementsCell(check: CheckResult): string {
  return check.requirements.length > 0 ? check.requirements.map(markdownInline).join(', ') : '—';
}

function findingRow(check: CheckResult): string {
  return `| ${statusMark(check)} | ${markdownCode(check.id)} | ${check.level} | ${requirementsCell(check)} | ${markdownInline(truncate(check.message, TABLE_MESSAGE_CHARS))} |\n`;
}

function detailRow(check: CheckResult): string {
  return `| ${statusMark(check)} | ${markdownCode(check.id)} | ${check.level} | ${requirementsCell(check)} | ${formatDuration(check.durationMs)} | ${markdownInline(truncate(check.message, DETAILS_MESSAGE_CHARS))} |\n`;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : bytes >= 1024 ? `${Math.floor(bytes / 1024)} KiB` : `${bytes} bytes`;
}

/** Accumulates Markdown while counting UTF-8 bytes against a limit. */
class Budget {
  private readonly parts: string[] = [];
  private used = 0;

  constructor(private readonly limit: number) {}

  remaining(): number {
    return Math.max(0, this.limit - this.used);
  }

  /** Appends a fixed part (headings, small blocks): these always go in, cut if they alone exceed the limit. */
  add(part: string): void {
    const room = this.remaining();
    const bytes = Buffer.byteLength(part);
    // A UTF-16 unit is at most 3 UTF-8 bytes (a surrogate pair, 2 units, is 4).
    this.force(bytes <= room ? part : truncate(part, Math.floor(room / 3)));
  }

  /** Appends past the limit: for the few closing bytes the reserve is kept for. */
  force(part: string): void {
    this.parts.push(part);
    this.used += Buffer.byteLength(part);
  }

  /** Appends rows while they fit in `bytes`; returns how many went in. */
  addRows(rows: string[], bytes: number): number {
    let spent = 0;
    let count = 0;
    for (const row of rows) {
      const size = Buffer.byteLength(row);
      if (spent + size > bytes) break;
      this.force(row);
      spent += size;
      count += 1;
    }
    return count;
  }

  text(): string {
    return this.parts.join('');
  }
}
