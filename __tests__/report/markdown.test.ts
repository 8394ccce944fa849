import { describe, expect, it } from 'vitest';
import { markdownInline } from '../../src/core/report/escape.js';
import { MARKDOWN_MAX_BYTES, renderConformanceMarkdown } from '../../src/core/report/markdown.js';
import type { Report } from '../../src/core/report/types.js';
import { HOSTILE, makeCheck, makeReport } from './fixture.js';

const ZWJ = '\u200d';

function assertionLine(md: string, n: number): string {
  const line = md.split('\n').find((l) => l.startsWith(`| ${n} |`));
  if (!line) throw new Error(`no row for assertion ${n}`);
  return line;
}

describe('renderConformanceMarkdown', () => {
  const md = renderConformanceMarkdown(makeReport());

  it('starts with a headline: outcome, server, era, transport, counts, duration', () => {
    const first = md.split('\n')[0];
    expect(first).toMatch(/^### ❌ demo-server 1\.2\.3: MCP conformance \(2026-07-28, http\)/);
    expect(first).toContain('3 pass, 2 fail, 2 warn, 2 skip');
    expect(first).toContain('in 4.2s');
  });

  it('headlines ✅ when nothing fails', () => {
    const ok = renderConformanceMarkdown(makeReport([makeCheck('a', 'pass'), makeCheck('b', 'warn', { level: 'SHOULD' })]));
    expect(ok.split('\n')[0]).toMatch(/^### ✅ /);
  });

  it('shows each of the seven assertions with the worst status behind it, n/a when none ran', () => {
    expect(md).toContain('**The seven assertions**');
    expect(assertionLine(md, 1)).toContain('discover &amp; supportedVersions');
    expect(assertionLine(md, 1)).toContain('✅ pass');
    expect(assertionLine(md, 2)).toContain('❌ fail');
    expect(assertionLine(md, 3)).toContain('⚠️ warn');
    expect(assertionLine(md, 4)).toContain('✅ pass');
    expect(assertionLine(md, 5)).toContain('❌ fail');
    expect(assertionLine(md, 6)).toContain('⏭ n/a'); // no check behind it
    expect(assertionLine(md, 7)).toContain('⏭ n/a'); // only a skipped check
    expect(assertionLine(md, 7)).toContain('Mcp-Method/Mcp-Name headers');
  });

  it('lists failures then warnings in a table, with level and requirements', () => {
    const table = md.slice(md.indexOf('**Failures and warnings**'), md.indexOf('<details>'));
    const rows = table.split('\n').filter((l) => /^\| (❌|⚠️)/.test(l));
    expect(rows).toHaveLength(4);
    expect(rows[0]).toContain('`tools-list-order` | MUST | LIST-03 |');
    expect(rows[1]).toContain('`tool-schema-ref`');
    expect(rows[2]).toMatch(/^\| ⚠️ \| `list-ttl` \| SHOULD \| CACHE-01 \|/);
    expect(rows[3]).toContain('`logging-levels` | MAY | LOG-02 |');
  });

  it('escapes server-controlled text: no raw HTML, no live mention, no broken table row', () => {
    expect(md).not.toContain('<script>');
    expect(md).toContain('&lt;script&gt;');
    expect(md).not.toMatch(/@octocat/);
    expect(md).toContain(`@${ZWJ}octocat`);
    expect(md).not.toMatch(/@someone/);
    expect(md).toContain('a\\|b');
    expect(md).not.toContain('\u0001');
    expect(md).not.toContain('\u001b');
    const row = md.split('\n').find((l) => l.includes('`tools-list-order` | MUST'));
    expect(row).toContain('<br>second line');
    // Every table row has the same number of unescaped pipes as its header.
    for (const line of md.split('\n').filter((l) => l.startsWith('| ❌') || l.startsWith('| ⚠️'))) {
      expect(line.replace(/\\\|/g, '').split('|').length).toBeGreaterThanOrEqual(7);
    }
  });

  it('escapes markdownInline input thoroughly', () => {
    expect(markdownInline(HOSTILE).replace(/<br>/g, ' ')).not.toMatch(/[<>\n\u0001\u001b]|@o|[^\\]\|/);
    expect(markdownInline('see #12 and **bold** `code` [x](y)')).toBe(`see #${ZWJ}12 and \\*\\*bold\\*\\* \\\`code\\\` \\[x\\](y)`);
  });

  it('has every check in a collapsed details block, and the migration note when present', () => {
    expect(md).toContain('<details><summary>All 9 checks</summary>');
    expect(md.trimEnd().endsWith('</details>')).toBe(true);
    const details = md.slice(md.indexOf('<details>'));
    expect(details.split('\n').filter((l) => /^\| (✅|❌|⚠️|⏭) \| `/.test(l))).toHaveLength(9);
    expect(md).not.toContain('Migration');
    const legacy = renderConformanceMarkdown(makeReport(undefined, { era: '2025-11-25', migrationNote: 'answer `server/discover` <now> @team' }));
    expect(legacy).toContain('**Migration to 2026-07-28.** answer `server/discover` &lt;now&gt; @\u200dteam');
  });

  it('says what the bounds dropped, only when something was', () => {
    expect(md).not.toContain('Dropped');
    const out = renderConformanceMarkdown(makeReport(undefined, { dropped: { unsolicited: 1_165_140, streamEvents: 2 } }));
    expect(out).toContain('dropped past the bounds (first entries kept, the rest counted): 1,165,140 notifications and other unsolicited messages, 2 stream events.');
  });

  it('marks expected failures and does not headline them as a failure', () => {
    const report = makeReport([makeCheck('a', 'pass'), makeCheck('b', 'fail', { expected: 'expected-failure' })]);
    const out = renderConformanceMarkdown(report);
    expect(out.split('\n')[0]).toMatch(/^### ✅ .*1 fail \(1 expected\)/);
    expect(out).toContain('| ❌ (expected) | `b` |');
  });

  it('says when conformance did not run', () => {
    const { conformance: _dropped, ...bare } = makeReport();
    expect(renderConformanceMarkdown(bare as Report)).toMatch(/^### ⏭ demo-server 1\.2\.3: MCP conformance did not run/);
  });

  it('stays under 1 MiB with 5000 checks, saying it truncated', () => {
    const checks = Array.from({ length: 5000 }, (_, i) =>
      makeCheck(`check-${i}`, i % 3 === 0 ? 'fail' : i % 3 === 1 ? 'warn' : 'pass', { level: i % 3 === 1 ? 'SHOULD' : 'MUST', message: `${HOSTILE} ${'x'.repeat(400)}` }),
    );
    const big = renderConformanceMarkdown(makeReport(checks));
    expect(Buffer.byteLength(big)).toBeLessThan(MARKDOWN_MAX_BYTES);
    expect(big).toMatch(/_…and \d+ more failures and warnings, not shown/);
    expect(big).toMatch(/_Truncated: \d+ more checks are not shown/);
    expect(big.trimEnd().endsWith('</details>')).toBe(true);
    expect(big.split('\n')[0]).toContain('1667 fail');
    expect(big).not.toContain('<script>');
  });

  it('honours a smaller budget (a PR comment)', () => {
    const checks = Array.from({ length: 2000 }, (_, i) => makeCheck(`check-${i}`, 'fail', { message: 'y'.repeat(300) }));
    const small = renderConformanceMarkdown(makeReport(checks), { maxBytes: 65_536 });
    expect(Buffer.byteLength(small)).toBeLessThanOrEqual(65_536);
    expect(small).toContain('KiB');
  });
});
