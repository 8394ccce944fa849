import type { ServerIdentity } from '../conformance/types.js';
import type { SurfaceSection } from '../surface/types.js';
import { oneLine, stripTerminalControls, truncate } from './escape.js';
import { serverLabel } from './outcome.js';
import { tokenDeltaText } from './surface-markdown.js';
import { COST_METHOD } from '../surface/cost.js';

/** The surface for a terminal: the headline, errors and warnings, changes, the tools to fix first. */
export function renderSurfaceText(surface: SurfaceSection, server: ServerIdentity): string {
  const clean = (text: string, max = 240) => truncate(oneLine(stripTerminalControls(text)), max);
  const { summary, counts } = surface;
  const lines = [
    `${clean(serverLabel(server))}: tool surface of ${counts.tools} tools, ${counts.prompts} prompts, ${counts.resources} resources: score ${surface.score ?? '–'}/100; ${summary.error} error(s), ${summary.warning} warning(s), ${summary.note} note(s); ${surface.cost.method.openai === COST_METHOD.openai ? `${surface.cost.openai} tokens (OpenAI o200k_base)` : `~${surface.cost.openai} tokens (OpenAI, estimate: the o200k_base table could not be read)`}, ~${surface.cost.anthropic} (Anthropic, estimate)`,
  ];
  if (surface.changes) {
    const c = surface.changes;
    lines.push(`since the baseline: ${c.changed} changed, ${c.added} added, ${c.removed} removed${c.tokenDelta ? `; ${tokenDeltaText(c.tokenDelta)}` : ''}`);
    for (const item of c.items.filter((entry) => entry.change === 'changed')) lines.push(`  changed ${clean(item.key, 120)}${item.diff ? `: ${clean(item.diff, 400)}` : ''}`);
  }
  for (const item of surface.findings.filter((entry) => entry.level !== 'note').slice(0, 40)) {
    lines.push(`  ${item.level} ${item.id} ${clean(item.kind)} ${clean(item.name, 80)}${item.pointer}: ${clean(item.message)}`);
  }
  const more = surface.findings.filter((entry) => entry.level !== 'note').length - 40;
  if (more > 0) lines.push(`  …and ${more} more errors and warnings in report.json`);
  if (surface.topGains.length > 0) lines.push(`would gain most: ${surface.topGains.map((tool) => `${clean(tool.name, 60)} (${tool.score}/100: add ${tool.missing.join(', ')})`).join('; ')}`);
  return lines.join('\n');
}
