import type { Component, SurfaceChanges, SurfaceFinding, SurfaceSection } from '../surface/types.js';
import type { ServerIdentity } from '../conformance/types.js';
import { markdownCode, markdownInline, truncate } from './escape.js';
import { serverLabel } from './outcome.js';
import { thousands } from '../thousands.js';

/**
 * The tool-surface part of summary.md and the PR comment: score, findings that matter, what
 * changed since the baseline (word diffs, token delta), the tools that would gain most, and
 * confusable pairs; per-tool detail and notes folded away. Server text is escaped.
 */

const LEVEL_MARK: Record<SurfaceFinding['level'], string> = { error: '❌', warning: '⚠️', note: 'ℹ️' };
const COMPONENT_LABEL: Record<Component, string> = { purpose: 'purpose', usage: 'when to use', arguments: 'arguments', returns: 'returns', limits: 'limits / side effects', errors: 'errors' };
const MAX_ROWS = 50;
const MESSAGE_CHARS = 300;
const DIFF_CHARS = 1500;
const SCHEMA_LINES = 3;

export function renderSurfaceMarkdown(surface: SurfaceSection, server?: ServerIdentity): string {
  const out: string[] = [];
  const { counts, summary } = surface;
  const what = [`${counts.tools} tool${counts.tools === 1 ? '' : 's'}`, counts.prompts ? `${counts.prompts} prompt(s)` : '', counts.resources ? `${counts.resources} resource(s)` : '', counts.resourceTemplates ? `${counts.resourceTemplates} resource template(s)` : '']
    .filter(Boolean)
    .join(', ');
  const mark = summary.error > 0 ? '❌' : summary.warning > 0 ? '⚠️' : '✅';
  out.push(
    `### ${mark} ${server ? `${markdownInline(serverLabel(server))}: ` : ''}Tool surface: ${what} · description score ${surface.score ?? '–'}/100 · ${summary.error} error(s), ${summary.warning} warning(s), ${summary.note} note(s) · ${formatTokens(surface.cost.openai)} tokens per conversation (${percent(surface.cost.windowShare)} of a 200k window)\n`,
  );
  if (surface.changes) out.push(renderChanges(surface.changes));
  for (const problem of surface.problems) out.push(`> [!WARNING]\n> ${markdownInline(problem)}\n`);

  const serious = surface.findings.filter((item) => item.level !== 'note');
  if (serious.length > 0) {
    out.push('| | finding | where | message | fix |\n|---|---|---|---|---|');
    for (const item of serious.slice(0, MAX_ROWS)) out.push(findingRow(item));
    if (serious.length > MAX_ROWS) out.push(`\n_…and ${serious.length - MAX_ROWS} more; report.json has them all._`);
    out.push('');
  }
  if (surface.topGains.length > 0) {
    out.push('**Would gain most from a better description**\n');
    surface.topGains.forEach((tool, index) => out.push(`${index + 1}. ${markdownCode(tool.name)} (${tool.score}/100): add ${tool.missing.map((component) => COMPONENT_LABEL[component]).join(', ')}`));
    out.push('');
  }
  if (surface.confusable.length > 0) {
    out.push('**Confusable tools**\n\n| tools | cosine | shared words | tell them apart by |\n|---|---:|---|---|');
    for (const pair of surface.confusable.slice(0, MAX_ROWS)) {
      out.push(`| ${markdownCode(pair.a)} · ${markdownCode(pair.b)} | ${pair.cosine.toFixed(2)} | ${markdownInline(pair.shared.join(', '))} | ${markdownInline(`${pair.a}: ${pair.onlyA.join(', ') || '–'}; ${pair.b}: ${pair.onlyB.join(', ') || '–'}`)} |`);
    }
    out.push('');
  }
  if (surface.tools.length > 0) {
    out.push(`<details><summary>Per tool: the six description components, and tokens</summary>\n\n| tool | score | ${Object.values(COMPONENT_LABEL).join(' | ')} | tokens (OpenAI / Anthropic est.) |\n|---|---:|${'---|'.repeat(6)}---:|`);
    for (const tool of surface.tools.slice(0, 200)) {
      const cells = (Object.keys(COMPONENT_LABEL) as Component[]).map((component) => (tool.components[component].present ? '✅' : '—'));
      out.push(`| ${markdownCode(tool.name)} | ${tool.score} | ${cells.join(' | ')} | ${tool.tokens.openai} / ${tool.tokens.anthropic} |`);
    }
    out.push(`\n_Tokens: ${markdownInline(surface.cost.method.openai)}; Anthropic: ${markdownInline(surface.cost.method.anthropic)}._\n\n</details>\n`);
  }
  const notes = surface.findings.filter((item) => item.level === 'note');
  if (notes.length > 0) {
    out.push(`<details><summary>${notes.length} note(s)</summary>\n\n| finding | where | message |\n|---|---|---|`);
    for (const item of notes.slice(0, 200)) out.push(`| ${markdownCode(item.id)} | ${where(item)} | ${markdownInline(truncate(item.message, MESSAGE_CHARS))}${item.evidence ? ` (${markdownInline(truncate(item.evidence, 120))})` : ''} |`);
    if (notes.length > 200) out.push(`\n_…and ${notes.length - 200} more in report.json._`);
    out.push('\n</details>\n');
  }
  return `${out.join('\n')}\n`;
}

function findingRow(item: SurfaceFinding): string {
  const cls = item.classes ? ` (MCPSecBench ${item.classes.mcpSecBench}: ${item.classes.mcpSecBenchAttack}; ${item.classes.owasp.join(', ')})` : '';
  const evidence = item.evidence ? `<br>evidence: ${markdownInline(truncate(item.evidence, 200))}` : '';
  return `| ${LEVEL_MARK[item.level]} | ${markdownCode(item.id)} | ${where(item)} | ${markdownInline(truncate(item.message, MESSAGE_CHARS))}${markdownInline(cls)}${evidence} | ${markdownInline(truncate(item.fix, 200))} |`;
}

function where(item: SurfaceFinding): string {
  return `${item.kind} ${markdownCode(item.name)}${item.pointer ? ` ${markdownCode(item.pointer)}` : ''}`;
}

/** Since the baseline: counts, the token delta, and a word diff per changed definition. */
export function renderChanges(changes: SurfaceChanges): string {
  const out: string[] = [];
  const delta = changes.tokenDelta ? ` · ${tokenDeltaText(changes.tokenDelta)}` : '';
  out.push(`**Since the baseline** (${markdownInline(changes.baseline)}): ${changes.changed} changed, ${changes.added} added, ${changes.removed} removed${delta}\n`);
  for (const item of changes.items.slice(0, MAX_ROWS)) {
    if (item.change !== 'changed') {
      out.push(`- ${item.change}: ${markdownCode(item.key)}`);
    } else {
      out.push(`- changed: ${markdownCode(item.key)}${item.diff ? `: ${renderDiff(truncate(item.diff, DIFF_CHARS))}` : item.schemaDiff ? '' : ' (schema or other fields; same description)'}`);
      // The schema diff's first lines; a PR comment stays small, report.json has them all.
      for (const line of (item.schemaDiff ?? []).slice(0, SCHEMA_LINES)) out.push(`  - ${markdownCode(truncate(line, 200))}`);
      if ((item.schemaDiff?.length ?? 0) > SCHEMA_LINES) out.push(`  - …and ${item.schemaDiff!.length - SCHEMA_LINES} more schema changes in report.json`);
    }
  }
  if (changes.items.length > MAX_ROWS) out.push(`- …and ${changes.items.length - MAX_ROWS} more in report.json`);
  out.push('');
  return out.join('\n');
}

/** `[-old-]{+new+}` as ~~old~~ **new**, each part escaped. */
function renderDiff(diff: string): string {
  const parts: string[] = [];
  const pattern = /\[-(.*?)-\]|\{\+(.*?)\+\}|([^[{]+|[[{])/gs;
  for (const match of diff.matchAll(pattern)) {
    if (match[1] !== undefined) parts.push(`~~${markdownInline(match[1])}~~`);
    else if (match[2] !== undefined) parts.push(`**${markdownInline(match[2])}**`);
    else parts.push(markdownInline(match[3]));
  }
  return parts.join('');
}

/** "adds 1,240 tokens to every conversation (+18%)". */
export function tokenDeltaText(delta: { before: number; after: number }): string {
  const change = delta.after - delta.before;
  if (change === 0) return `tool definitions cost the same ${formatTokens(delta.after)} tokens`;
  const pct = delta.before > 0 ? ` (${change > 0 ? '+' : ''}${Math.round((change / delta.before) * 100)}%)` : '';
  return `this change ${change > 0 ? 'adds' : 'removes'} ${formatTokens(Math.abs(change))} tokens ${change > 0 ? 'to' : 'from'} every conversation${pct}`;
}

function formatTokens(value: number): string {
  return thousands(value);
}

function percent(share: number): string {
  return `${(share * 100).toFixed(share < 0.01 ? 2 : 1)}%`;
}
