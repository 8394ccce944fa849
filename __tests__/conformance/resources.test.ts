import { describe, expect, it } from 'vitest';
import { annotationProblems, contentsProblems, isBase64, isIso8601, resourceChecks, uriProblem } from '../../src/core/conformance/checks/resources.js';
import { check, runOnFixture } from '../helpers/conformance.js';

const IDS = resourceChecks.map((c) => c.id);

describe('resource helpers', () => {
  it('uriProblem accepts RFC 3986 URIs, custom schemes included', () => {
    for (const uri of [
      'file:///home/user/a.txt',
      'https://example.com:8443/a/b?c=d&e#frag',
      'fixture://docs/readme',
      'urn:isbn:0451450523',
      'mem:notes/2026-07-28',
      'git+ssh://git@example.com/repo.git',
      'x-custom.scheme:thing',
      'http://[::1]:80/',
      'file:///a%20b',
      'mailto:someone@example.com',
      'data:text/plain;base64,SGk=',
      's3://bucket/key?versionId=1',
    ]) {
      expect(uriProblem(uri), uri).toBeUndefined();
    }
  });

  it('uriProblem rejects what RFC 3986 does not allow', () => {
    const cases: Array<[string, RegExp]> = [
      ['fixture://docs/read me', /U\+0020/],
      ['readme.txt', /no scheme/],
      ['/etc/passwd', /no scheme/],
      ['1abc:thing', /invalid scheme/],
      ['my_scheme:thing', /invalid scheme/],
      ['C:\\Users\\a.txt', /"\\\\"/],
      ['file:///a%zz', /hex digits/],
      ['file:///a#b#c', /"#"|fragment/],
      ['http://exa mple.com/', /U\+0020/],
      ['file:///caf\u00e9', /"é"/],
      ['file:///a\tb', /U\+0009/],
      ['http://host/[x]', /path/],
      ['http://ho[st/', /authority/],
    ];
    for (const [uri, why] of cases) expect(uriProblem(uri), uri).toMatch(why);
    expect(uriProblem('')).toMatch(/empty/);
    expect(uriProblem(42)).toMatch(/not a string/);
  });

  it('isBase64 is strict about alphabet and padding', () => {
    for (const ok of ['', 'SGk=', 'SGVsbG8=', 'SGVsbG8h', 'iVBORw0KGgo=', '+/+/']) expect(isBase64(ok), ok).toBe(true);
    for (const bad of ['SGk', 'SGk==', 'SG=k', 'SGVs bG8=', 'SGVsbG8=\n', 'SGVsbG8_', 'this is not base64!', 'A===', 42]) expect(isBase64(bad), String(bad)).toBe(false);
  });

  it('isIso8601 accepts dates and date-times in extended and basic form', () => {
    for (const ok of ['2025-01-12', '2025-01-12T15:00:58Z', '2025-01-12T15:00:58.123+02:00', '2025-01-12T15:00', '20250112T150058Z', '2025-01-12T15:00:58-0500']) {
      expect(isIso8601(ok), ok).toBe(true);
    }
    for (const bad of ['yesterday', '12/01/2025', '2025-13-01', '2025-01-12 15:00:58', 'Sun, 12 Jan 2025 15:00:58 GMT', '2025-01-12T25:61']) expect(isIso8601(bad), bad).toBe(false);
  });

  it('annotationProblems separates schema violations from a non-ISO lastModified', () => {
    expect(annotationProblems({ audience: ['user', 'assistant'], priority: 0.5, lastModified: '2025-01-12T15:00:58Z' })).toEqual({ fail: [], warn: [] });
    expect(annotationProblems({ audience: ['robot'], priority: 1.5 }).fail).toHaveLength(2);
    expect(annotationProblems({ priority: '1' }).fail).toHaveLength(1);
    expect(annotationProblems({ lastModified: 'last tuesday' })).toEqual({ fail: [], warn: [expect.stringMatching(/ISO 8601/)] });
    expect(annotationProblems('x').fail).toHaveLength(1);
  });

  it('contentsProblems wants uri plus text or base64 blob', () => {
    expect(contentsProblems([{ uri: 'a:b', text: 'hi' }, { uri: 'a:c', blob: 'SGk=', mimeType: 'image/png' }])).toEqual([]);
    expect(contentsProblems([{ text: 'hi' }])).toEqual(['contents[0] has no string uri']);
    expect(contentsProblems([{ uri: 'a:b' }])).toEqual(['contents[0] has neither text nor blob']);
    expect(contentsProblems([{ uri: 'a:b', blob: 'nope!' }])[0]).toMatch(/not valid base64/);
    expect(contentsProblems({})).toEqual(['contents is not an array']);
  });
});

/** The matching break makes each check fail (all resource checks are MUST). */
const CASES: Array<{ check: string; breaks: string; transport: 'stdio' | 'http'; expected: 'fail' | 'warn' }> = [
  { check: 'resource-missing', breaks: 'RSRC-01', transport: 'stdio', expected: 'fail' },
  { check: 'resource-missing', breaks: 'RSRC-01', transport: 'http', expected: 'fail' },
  { check: 'resource-missing', breaks: 'RSRC-02', transport: 'stdio', expected: 'fail' },
  { check: 'resource-missing', breaks: 'ERR-05', transport: 'stdio', expected: 'fail' },
  { check: 'resources-list-shape', breaks: 'RSRC-05', transport: 'stdio', expected: 'fail' },
  { check: 'resources-list-shape', breaks: 'RSRC-09', transport: 'http', expected: 'fail' },
  { check: 'resource-read', breaks: 'RSRC-06', transport: 'stdio', expected: 'fail' },
  { check: 'resource-read', breaks: 'RSRC-07', transport: 'stdio', expected: 'fail' },
  { check: 'resource-read', breaks: 'RSRC-07', transport: 'http', expected: 'fail' },
  { check: 'resource-uris', breaks: 'RSRC-08', transport: 'stdio', expected: 'fail' },
  { check: 'resource-traversal', breaks: 'RSRC-10', transport: 'stdio', expected: 'fail' },
  { check: 'resource-traversal', breaks: 'RSRC-10', transport: 'http', expected: 'fail' },
  { check: 'resource-annotations', breaks: 'RSRC-11', transport: 'stdio', expected: 'fail' },
];

// Each test starts its own server and mostly waits on it, so these run a few at a time; the correct
// server's runs, where a missed deadline would be a false failure, run alone.
describe.concurrent('resource checks against the reference server', () => {
  for (const transport of ['stdio', 'http'] as const) {
    it.sequential(`the correct server passes every resource check on ${transport}`, async () => {
      const run = await runOnFixture({ transport, only: IDS });
      expect(run.section.checks.map((c) => `${c.id}=${c.status}`)).toEqual(IDS.map((id) => `${id}=pass`));
      expect(check(run, 'resource-read').subResults?.length).toBeGreaterThan(1);
      expect(check(run, 'resource-annotations').message).toMatch(/annotated item/);
    });
  }

  it('the correct 2025-11-25 server passes the resource checks of both eras', async () => {
    const run = await runOnFixture({ transport: 'stdio', era: '2025-11-25', only: IDS });
    expect(run.section.era).toBe('2025-11-25');
    // resource-missing is 2026-07-28 only: -32002 is right for 2025-11-25 (legacy-resource-missing judges it).
    expect(run.section.checks.map((c) => `${c.id}=${c.status}`)).toEqual(IDS.filter((id) => id !== 'resource-missing').map((id) => `${id}=pass`));
  });

  for (const c of CASES) {
    it(`${c.check} ${c.expected}s on --break=${c.breaks} (${c.transport})`, async () => {
      const run = await runOnFixture({ transport: c.transport, breaks: [c.breaks], only: [c.check] });
      const result = check(run, c.check);
      expect(result.status, result.message).toBe(c.expected);
      expect(result.message.length).toBeGreaterThan(0);
    });
  }

  it('names the legacy code and the empty-contents case in its message', async () => {
    const legacy = check(await runOnFixture({ transport: 'stdio', breaks: ['RSRC-01'], only: ['resource-missing'] }), 'resource-missing');
    expect(legacy.message).toMatch(/-32002/);
    const empty = check(await runOnFixture({ transport: 'stdio', breaks: ['RSRC-02'], only: ['resource-missing'] }), 'resource-missing');
    expect(empty.message).toMatch(/contents \[\]/);
  });

  it('reports leaked /etc/passwd content, not just "a result"', async () => {
    const result = check(await runOnFixture({ transport: 'stdio', breaks: ['RSRC-10'], only: ['resource-traversal'] }), 'resource-traversal');
    expect(result.subResults?.every((sub) => sub.status === 'fail' && /root:/.test(sub.message))).toBe(true);
  });
});
