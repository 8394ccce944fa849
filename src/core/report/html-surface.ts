import type { SurfaceSection } from '../surface/types.js';
import { truncate } from './escape.js';
import { escapeHtml as h } from './html-escape.js';
import { tokenDeltaText } from './surface-markdown.js';
import { thousands } from '../thousands.js';

/** The tool-surface section of report.html: headline, findings above notes, changes, confusable pairs. */
export function renderSurfaceHtml(surface: SurfaceSection): string {
  const { summary, counts } = surface;
  const cls = summary.error > 0 ? 'bad' : summary.warning > 0 ? 'warn' : 'ok';
  const out: string[] = ['<section id="surface">', '<h2>Tool surface</h2>'];
  out.push(
    `<p class="headline ${cls}">${counts.tools} tools · description score ${surface.score ?? '–'}/100 · ${summary.error} error(s), ${summary.warning} warning(s), ${summary.note} note(s) · ${thousands(surface.cost.openai)} tokens per conversation (OpenAI), ~${thousands(surface.cost.anthropic)} (Anthropic, estimate)</p>`,
  );
  if (surface.changes) {
    const c = surface.changes;
    out.push(`<p class="meta">Since the baseline: ${c.changed} changed, ${c.added} added, ${c.removed} removed${c.tokenDelta ? `; ${h(tokenDeltaText(c.tokenDelta))}` : ''}</p>`);
    // A change to the schema alone has no word diff, only schema lines: both are shown.
    const changed = c.items.filter((item) => item.change === 'changed' && (item.diff || item.schemaDiff?.length));
    const schemaLines = (lines: readonly string[] | undefined) => (lines?.length ? `<br>schema: ${lines.slice(0, 5).map((line) => `<code>${h(truncate(line, 300))}</code>`).join('<br>')}` : '');
    if (changed.length > 0) out.push(`<ul>${changed.slice(0, 50).map((item) => `<li><code>${h(item.key)}</code>: ${h(truncate(item.diff ?? '', 1500))}${schemaLines(item.schemaDiff)}</li>`).join('')}</ul>`);
  }
  const rows = surface.findings.slice(0, 300);
  if (rows.length > 0) {
    out.push('<table class="findings"><thead><tr><th>level</th><th>finding</th><th>where</th><th>message</th><th>fix</th></tr></thead><tbody>');
    for (const item of rows) {
      out.push(
        `<tr><td>${h(item.level)}</td><td><code>${h(item.id)}</code></td><td>${h(item.kind)} <code>${h(item.name)}</code> <code>${h(item.pointer)}</code></td><td>${h(truncate(item.message, 600))}${item.evidence ? `<br><span class="muted">evidence: ${h(truncate(item.evidence, 300))}</span>` : ''}</td><td>${h(item.fix)}</td></tr>`,
      );
    }
    out.push('</tbody></table>');
  }
  if (surface.confusable.length > 0) {
    out.push(`<p>Confusable: ${surface.confusable.map((pair) => `<code>${h(pair.a)}</code> / <code>${h(pair.b)}</code> (${pair.cosine.toFixed(2)}; shared ${h(pair.shared.join(', '))})`).join('; ')}</p>`);
  }
  out.push('</section>');
  return out.join('\n');
}
