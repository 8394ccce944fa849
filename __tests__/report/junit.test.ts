import { describe, expect, it } from 'vitest';
import { renderJunit, requirementArea } from '../../src/core/report/junit.js';
import type { Report } from '../../src/core/report/types.js';
import { makeCheck, makeReport } from './fixture.js';

const count = (xml: string, pattern: RegExp) => (xml.match(pattern) ?? []).length;
/** Characters XML 1.0 forbids (tab, LF and CR are allowed). */
const ILLEGAL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;

describe('renderJunit', () => {
  const xml = renderJunit(makeReport());

  it('has one testsuite "conformance" with a testcase per check', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites')).toBe(true);
    expect(count(xml, /<testsuite /g)).toBe(1);
    expect(xml).toMatch(/<testsuite name="conformance" tests="9" failures="2" errors="0" skipped="2" time="4\.200"/);
    expect(count(xml, /<testcase /g)).toBe(9);
    expect(count(xml, /<\/testcase>/g)).toBe(9);
  });

  it('marks failures and skips, and passes warnings with system-out', () => {
    expect(count(xml, /<failure /g)).toBe(2);
    expect(count(xml, /<\/failure>/g)).toBe(2);
    expect(count(xml, /<skipped /g)).toBe(2);
    expect(count(xml, /<system-out>/g)).toBe(2);
    expect(xml).toMatch(/<testcase classname="CACHE" name="list-ttl" time="0\.005">\s*<system-out>warning: SHOULD CACHE-01: ttlMs missing \| see @someone<\/system-out>/);
  });

  it('uses the area of the first requirement as classname and the check id as name', () => {
    expect(xml).toContain('<testcase classname="DISC" name="discover-supported-versions"');
    expect(xml).toContain('<testcase classname="HTTP-HDR" name="mcp-method-header"');
    expect(xml).toContain('<testcase classname="conformance" name="completions"');
    expect(requirementArea('HTTP-ST-04')).toBe('HTTP-ST');
    expect(requirementArea('VER-01')).toBe('VER');
  });

  it('escapes markup and strips characters XML 1.0 forbids', () => {
    expect(xml).not.toMatch(ILLEGAL);
    expect(xml).not.toContain('<script>');
    expect(xml).toContain('&lt;script&gt;');
    expect(xml).toMatch(/<failure message="tool &quot;a\|b&quot; said &lt;script&gt;[^"]*&amp; pinged @octocat&#10;second line with \[31mred\[0m" type="MUST">/);
    // Only our own elements: every `<` opens a known tag.
    const tags = new Set([...xml.matchAll(/<\/?([A-Za-z?][\w-]*)/g)].map((m) => m[1]));
    expect([...tags].sort()).toEqual(['?xml', 'failure', 'properties', 'property', 'skipped', 'system-out', 'testcase', 'testsuite', 'testsuites'].sort());
  });

  it('strips lone surrogates and non-characters too', () => {
    const out = renderJunit(makeReport([makeCheck('a', 'fail', { message: 'bad \ud800 and \uffff and \u0000 and ok 😀' })]));
    expect(out).not.toMatch(ILLEGAL);
    expect(out).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    expect(out).toContain('ok 😀');
  });

  it('reports a failure accepted by --expected-failures as skipped', () => {
    const out = renderJunit(makeReport([makeCheck('a', 'fail', { expected: 'expected-failure', message: 'known' })]));
    expect(out).toContain('failures="0" errors="0" skipped="1"');
    expect(out).toContain('<skipped message="expected failure: known"/>');
  });

  it('renders an empty suite when conformance did not run', () => {
    const { conformance: _dropped, ...bare } = makeReport();
    const out = renderJunit(bare as Report);
    expect(out).toContain('<testsuite name="conformance" tests="0" failures="0" errors="0" skipped="0"');
    expect(count(out, /<testcase /g)).toBe(0);
  });
});
