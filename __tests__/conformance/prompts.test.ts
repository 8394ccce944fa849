import { describe, expect, it } from 'vitest';
import { promptChecks, promptMessageProblems } from '../../src/core/conformance/checks/prompts.js';
import { check, runOnFixture } from '../helpers/conformance.js';

const IDS = promptChecks.map((c) => c.id);
const MODERN_ONLY = new Set(['completion', 'completion-undeclared']);

describe('promptMessageProblems', () => {
  it('accepts valid text, image, audio and embedded-resource messages', () => {
    const messages = [
      { role: 'user', content: { type: 'text', text: 'hi' } },
      { role: 'assistant', content: { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' } },
      { role: 'user', content: { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' } },
      { role: 'user', content: { type: 'resource', resource: { uri: 'fixture://docs/readme', text: '# Readme', mimeType: 'text/markdown' } } },
      { role: 'user', content: { type: 'resource', resource: { uri: 'fixture://docs/logo', blob: 'SGk=', mimeType: 'image/png; charset=binary' } } },
    ];
    messages.forEach((message, index) => expect(promptMessageProblems(message, `messages[${index}]`)).toEqual({ fail: [], warn: [] }));
  });

  it('fails bad roles, bad base64, bad media types and bad embedded resources', () => {
    expect(promptMessageProblems({ role: 'system', content: { type: 'text', text: 'x' } }, 'm').fail[0]).toMatch(/role/);
    expect(promptMessageProblems({ role: 'user', content: { type: 'image', data: 'not base64!', mimeType: 'image/png' } }, 'm').fail[0]).toMatch(/base64/);
    expect(promptMessageProblems({ role: 'user', content: { type: 'audio', data: 'SGk=' } }, 'm').fail[0]).toMatch(/mimeType is missing/);
    expect(promptMessageProblems({ role: 'user', content: { type: 'image', data: 'SGk=', mimeType: 'png' } }, 'm').fail[0]).toMatch(/type\/subtype/);
    expect(promptMessageProblems({ role: 'user', content: { type: 'resource', resource: { uri: 'read me', text: 'x', mimeType: 'text/plain' } } }, 'm').fail[0]).toMatch(/uri/);
    expect(promptMessageProblems({ role: 'user', content: { type: 'resource', resource: { uri: 'a:b', mimeType: 'text/plain' } } }, 'm').fail[0]).toMatch(/neither text nor blob/);
    expect(promptMessageProblems({ role: 'user', content: { type: 'resource', resource: { uri: 'a:b', blob: '!!', mimeType: 'image/png' } } }, 'm').fail[0]).toMatch(/base64/);
  });

  it('only warns when an embedded resource has no mimeType (§21.11)', () => {
    expect(promptMessageProblems({ role: 'user', content: { type: 'resource', resource: { uri: 'a:b', text: 'x' } } }, 'm')).toEqual({
      fail: [],
      warn: [expect.stringMatching(/no mimeType/)],
    });
  });
});

/** The matching break makes each check fail (MUST) or warn (SHOULD, or a MUST whose finding is advisory). */
const CASES: Array<{ check: string; breaks: string; transport: 'stdio' | 'http'; expected: 'fail' | 'warn' }> = [
  { check: 'prompts-list-shape', breaks: 'PRMT-01', transport: 'stdio', expected: 'fail' },
  { check: 'prompts-list-shape', breaks: 'PRMT-01', transport: 'http', expected: 'fail' },
  { check: 'prompt-unknown-name', breaks: 'PRMT-02', transport: 'stdio', expected: 'warn' },
  { check: 'prompt-unknown-name', breaks: 'PRMT-02', transport: 'http', expected: 'warn' },
  { check: 'prompt-missing-required-argument', breaks: 'PRMT-03', transport: 'stdio', expected: 'warn' },
  { check: 'prompt-get', breaks: 'PRMT-05', transport: 'stdio', expected: 'fail' },
  { check: 'prompt-get', breaks: 'PRMT-06', transport: 'stdio', expected: 'fail' },
  { check: 'prompt-get', breaks: 'PRMT-06', transport: 'http', expected: 'fail' },
  // prompts.mdx says MUST, the schema makes mimeType optional: a warning (§21.11).
  { check: 'prompt-get', breaks: 'PRMT-07', transport: 'stdio', expected: 'warn' },
  { check: 'completion', breaks: 'CMPL-01', transport: 'stdio', expected: 'fail' },
  { check: 'completion', breaks: 'CMPL-01', transport: 'http', expected: 'fail' },
  { check: 'completion-undeclared', breaks: 'CMPL-02', transport: 'stdio', expected: 'warn' },
];

describe('prompt and completion checks against the reference server', () => {
  for (const transport of ['stdio', 'http'] as const) {
    it(`the correct server passes every prompt check on ${transport}`, async () => {
      const run = await runOnFixture({ transport, only: IDS });
      expect(run.section.checks.map((c) => `${c.id}=${c.status}`)).toEqual(IDS.map((id) => `${id}=pass`));
      expect(check(run, 'prompt-get').subResults?.length).toBeGreaterThan(1);
      // The fixture declares completions, so completion-undeclared probes an unknown prompt ref instead.
      expect(check(run, 'completion-undeclared').message).toMatch(/-32602/);
    });
  }

  it('the correct 2025-11-25 server passes the prompt checks of both eras', async () => {
    const run = await runOnFixture({ transport: 'stdio', era: '2025-11-25', only: IDS });
    expect(run.section.era).toBe('2025-11-25');
    expect(run.section.checks.map((c) => `${c.id}=${c.status}`)).toEqual(IDS.filter((id) => !MODERN_ONLY.has(id)).map((id) => `${id}=pass`));
  });

  for (const c of CASES) {
    it(`${c.check} ${c.expected}s on --break=${c.breaks} (${c.transport})`, async () => {
      const run = await runOnFixture({ transport: c.transport, breaks: [c.breaks], only: [c.check] });
      const result = check(run, c.check);
      expect(result.status, result.message).toBe(c.expected);
      expect(result.message.length).toBeGreaterThan(0);
    });
  }

  it('reports the embedded-resource mimeType gap as its own warning sub-result', async () => {
    const result = check(await runOnFixture({ transport: 'stdio', breaks: ['PRMT-07'], only: ['prompt-get'] }), 'prompt-get');
    const warned = result.subResults?.filter((sub) => sub.status === 'warn') ?? [];
    expect(warned.map((sub) => sub.id)).toEqual(['readme_summary:mimeType']);
    expect(result.subResults?.filter((sub) => sub.status === 'fail')).toEqual([]);
  });
});
