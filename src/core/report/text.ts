import type { CheckResult } from '../conformance/types.js';
import { describeDrops } from '../mcp/bounds.js';
import { assertionRows, type AssertionOutcome } from './assertions.js';
import { oneLine, truncate } from './escape.js';
import { inertText } from './inert.js';
import { formatCounts, formatDuration, headline, isBlockingFailure } from './outcome.js';
import type { Report } from './types.js';

export interface TextOptions {
  /** ANSI colors (red/yellow/green/dim); never any escape sequence when false. */
  color: boolean;
}

/** Messages are cut here so each finding stays one line. */
const MESSAGE_CHARS = 200;
/** Why a run could not be evaluated is its only finding, and says what to do: room for the whole of it. */
const REASON_CHARS = 1200;

type Paint = (text: string) => string;

export function palette(color: boolean): Record<'red' | 'yellow' | 'green' | 'dim' | 'bold', Paint> {
  const sgr = (open: number, close: number): Paint => (color ? (text) => `\u001b[${open}m${text}\u001b[${close}m` : (text) => text);
  return { red: sgr(31, 39), yellow: sgr(33, 39), green: sgr(32, 39), dim: sgr(2, 22), bold: sgr(1, 22) };
}

/**
 * The human summary the CLI prints on stdout: a headline, the seven assertions, then one line
 * per failing or warning check. Server text is stripped of terminal controls and folded onto
 * one line. (The CLI adds the line saying where the report files went.)
 */
export function renderConformanceText(report: Report, options: TextOptions): string {
  const c = palette(options.color);
  const h = headline(report);
  const section = report.conformance;
  const where = `${safe(h.era)}, ${safe(h.transport)}`;
  if (!section) return `${c.dim('-')} ${safe(h.server)}: MCP conformance did not run (${where})\n`;
  if (h.notEvaluated) return `${c.red('✗')} ${c.bold(safe(h.server))}: MCP conformance could not be evaluated: ${safe(truncate(h.notEvaluated, REASON_CHARS))}\n`;

  const mark: Record<AssertionOutcome, string> = { pass: c.green('✓'), fail: c.red('✗'), warn: c.yellow('!'), 'n/a': c.dim('-') };
  const lines: string[] = [];
  const verdict = h.ok ? c.green('✓') : c.red('✗');
  lines.push(`${verdict} ${c.bold(safe(h.server))}: MCP conformance (${where}): ${formatCounts(h)} in ${formatDuration(h.durationMs)}`);
  lines.push('');
  for (const row of assertionRows(section.checks)) {
    const name = row.outcome === 'n/a' ? c.dim(`${row.name} (n/a)`) : row.name;
    lines.push(`  ${mark[row.outcome]} ${row.number} ${name}`);
  }

  const findings = [...section.checks.filter((check) => check.status === 'fail'), ...section.checks.filter((check) => check.status === 'warn')];
  if (findings.length > 0) lines.push('');
  for (const check of findings) lines.push(findingLine(check, c));
  if (section.dropped) lines.push('', c.dim(`Dropped past the bounds (first entries kept, the rest counted): ${describeDrops(section.dropped)}`));
  return `${lines.join('\n')}\n`;
}

function findingLine(check: CheckResult, c: ReturnType<typeof palette>): string {
  const blocking = isBlockingFailure(check);
  const mark = check.status === 'warn' ? c.yellow('!') : blocking ? c.red('✗') : c.dim('✗');
  const tag = c.dim(`[${[check.level, ...check.requirements].join(' ')}]`);
  const expected = check.status === 'fail' && !blocking ? c.dim(' (expected failure)') : '';
  return `${mark} ${safe(check.id)} ${tag}${expected} ${safe(truncate(oneLine(check.message), MESSAGE_CHARS))}`;
}

/** Untrusted text for a terminal: one line, control and bidi characters shown as escapes, no workflow command (see inert). */
export function safe(text: string): string {
  return inertText(oneLine(text));
}
