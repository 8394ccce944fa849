import { describe, expect, it } from 'vitest';
import { renderConformanceText } from '../../src/core/report/text.js';
import type { Report } from '../../src/core/report/types.js';
import { makeCheck, makeReport } from './fixture.js';

const ANSI = /\u001b/;

describe('renderConformanceText', () => {
  const plain = renderConformanceText(makeReport(), { color: false });
  const lines = plain.split('\n');

  it('has no ANSI escapes without color, even when a server message carries some', () => {
    expect(plain).not.toMatch(ANSI);
    expect(plain).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });

  it('starts with a headline and lists the seven assertions with marks', () => {
    expect(lines[0]).toBe('✗ demo-server 1.2.3: MCP conformance (2026-07-28, http): 3 pass, 2 fail, 2 warn, 2 skip in 4.2s');
    expect(lines).toContain('  ✓ 1 discover & supportedVersions');
    expect(lines).toContain('  ✗ 2 tools/list order');
    expect(lines).toContain('  ! 3 ttlMs/cacheScope');
    expect(lines).toContain('  ✗ 5 tool schemas & $ref');
    expect(lines).toContain('  - 6 error codes (n/a)');
    expect(lines).toContain('  - 7 Mcp-Method/Mcp-Name headers (n/a)');
  });

  it('puts each failure and warning on one line with level and requirements', () => {
    const findings = lines.filter((line) => /^[✗!] \S+ \[/.test(line));
    expect(findings).toHaveLength(4);
    // The server's control characters are shown, not acted on (nor silently dropped): \u0001, \e.
    expect(findings[0]).toMatch(/^✗ tools-list-order \[MUST LIST-03\] tool "a\|b" said <script>.* second line\\u0001 with \\e\[31mred\\e\[0m$/);
    expect(findings[2]).toBe('! list-ttl [SHOULD CACHE-01] ttlMs missing | see @someone');
  });

  it('says what the bounds dropped, only when something was', () => {
    expect(plain).not.toContain('Dropped');
    const out = renderConformanceText(makeReport(undefined, { dropped: { evidenceMessages: 19_900, stderrBytes: 70_000 } }), { color: false });
    expect(out.trimEnd().split('\n').at(-1)).toBe('Dropped past the bounds (first entries kept, the rest counted): 19,900 messages of an exchange past its evidence sample, 70,000 bytes of stderr');
  });

  it('truncates long messages to about 200 characters', () => {
    const out = renderConformanceText(makeReport([makeCheck('long', 'fail', { message: 'z'.repeat(5000) })]), { color: false });
    const line = out.split('\n').find((l) => l.startsWith('✗ long'))!;
    expect(line.length).toBeLessThan(240);
    expect(line.endsWith('…')).toBe(true);
  });

  it('colors with ANSI when asked', () => {
    const colored = renderConformanceText(makeReport(), { color: true });
    expect(colored).toMatch(/\u001b\[31m✗\u001b\[39m tools-list-order/);
    expect(colored).toMatch(/\u001b\[33m!\u001b\[39m list-ttl/);
    expect(colored).toMatch(/\u001b\[32m✓\u001b\[39m 1 discover/);
    // The server's own escape sequences are still stripped: every ESC is one of ours.
    expect(colored.match(/\u001b\[(\d+)m/g)!.length).toBe(colored.match(/\u001b/g)!.length);
    expect(colored).not.toContain('\u001b[31mred');
  });

  it('headlines ✓ when nothing fails, and says when conformance did not run', () => {
    expect(renderConformanceText(makeReport([makeCheck('a', 'pass')]), { color: false })).toMatch(/^✓ demo-server 1\.2\.3/);
    const { conformance: _dropped, ...bare } = makeReport();
    expect(renderConformanceText(bare as Report, { color: false })).toMatch(/did not run/);
  });
});
