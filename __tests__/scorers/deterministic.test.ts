import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigurationError } from '../../src/core/errors.js';
import { DETERMINISTIC_SCORER_IDS, deterministicScorer, scorerCatalog, scorersFor } from '../../src/core/scorers/index.js';
import type { ScoreResult, ScoringContext } from '../../src/core/scorers/types.js';
import type { GoldenCase } from '../../src/core/golden/types.js';
import type { Trace } from '../../src/core/agent/trace.js';
import { makeCase, makeTrace } from './trace-helper.js';

async function run(entry: string, testCase: GoldenCase, trace: Trace, ctx: ScoringContext = {}): Promise<ScoreResult> {
  const resolved = deterministicScorer(entry);
  if (!resolved || !('scorer' in resolved)) throw new Error(`not a scorer: ${entry}`);
  return resolved.scorer.score(testCase, trace, ctx);
}

const answer = (text: string, overrides: Partial<Trace> = {}) => makeTrace([], text, overrides);

describe('the 13 deterministic scorers', () => {
  it('have exactly these ids, each listed with a needs_config flag', () => {
    expect(DETERMINISTIC_SCORER_IDS).toEqual([
      'answered',
      'exact_match',
      'contains',
      'json_valid',
      'not_a_refusal',
      'no_leaked_secret',
      'no_errors',
      'latency_budget',
      'cost_budget',
      'no_tool_loop',
      'tool_efficiency',
      'span_present',
      'tool_succeeded',
    ]);
    const catalog = scorerCatalog();
    for (const id of DETERMINISTIC_SCORER_IDS) expect(catalog.find((row) => row.id === id)).toMatchObject({ implied: false, model: false, needsConfig: expect.any(Boolean) });
    expect(catalog.filter((row) => row.needsConfig && !row.implied).map((row) => row.id)).toEqual(['exact_match', 'contains', 'latency_budget', 'cost_budget', 'tool_efficiency', 'span_present', 'tool_succeeded']);
    expect(catalog.at(-1)).toMatchObject({ id: 'judge', model: true });
  });

  describe('never call a model and give the same answer twice', () => {
    afterEach(() => vi.unstubAllGlobals());
    it('for every scorer on a busy trace', async () => {
      const fetch = vi.fn(() => {
        throw new Error('no network');
      });
      vi.stubGlobal('fetch', fetch);
      const trace = makeTrace([{ name: 'a', args: { x: 1 } }, { name: 'a', args: { x: 1 }, isError: true }], '{"ok": true} sk-abcdefghijklmnopqrstuvwx', { costUsd: 0.002, durationMs: 900 });
      const testCase = makeCase({ expect_tool: 'a', expected: 'ok', budgets: { latency_ms: 1000, cost_usd: 0.01, tool_calls: 1 } });
      for (const id of [...DETERMINISTIC_SCORER_IDS, 'span_present:tool']) {
        const first = await run(id, testCase, trace, { secrets: ['hunter22'] });
        const second = await run(id, structuredClone(testCase), structuredClone(trace), { secrets: ['hunter22'] });
        expect(second).toEqual(first);
        expect(first.scorer).toBe(id);
      }
      expect(fetch).not.toHaveBeenCalled();
    });
  });

  describe('answered', () => {
    it('passes on text and fails on an empty or blank answer, saying why the run ended', async () => {
      expect((await run('answered', makeCase(), answer('Sunny'))).passed).toBe(true);
      const blank = await run('answered', makeCase(), answer('  \n', { stopReason: 'max_steps', steps: 8 }));
      expect(blank).toMatchObject({ passed: false, reason: 'no final answer: the run hit max_steps after 8 step(s)' });
    });
  });

  describe('exact_match', () => {
    it('compares normalized text: case, spaces, numbers and end punctuation do not matter', async () => {
      const testCase = makeCase({ expected: 'Total: 1,250 USD' });
      expect((await run('exact_match', testCase, answer('total:   1250.00 usd.'))).passed).toBe(true);
      expect((await run('exact_match', testCase, answer('The total: 1250 USD'))).passed).toBe(false);
    });
    it('abstains without `expected`', async () => {
      expect(await run('exact_match', makeCase(), answer('x'))).toMatchObject({ passed: null, reason: 'exact_match needs `expected` in the case' });
    });
  });

  describe('contains', () => {
    it('is the final_answer rule under its own id', async () => {
      const testCase = makeCase({ expected: 'Paris' });
      expect(await run('contains', testCase, answer('It is Paris, France'))).toMatchObject({ scorer: 'contains', passed: true });
      expect((await run('contains', testCase, answer('a comparison'))).passed).toBe(false);
      expect((await run('contains', makeCase(), answer('x'))).passed).toBeNull();
    });
  });

  describe('json_valid', () => {
    it('passes on JSON and fails on prose, an empty answer or fenced JSON (saying so)', async () => {
      expect(await run('json_valid', makeCase(), answer(' {"a": [1, 2]} '))).toMatchObject({ passed: true, details: { type: 'object' } });
      expect((await run('json_valid', makeCase(), answer('[1, 2'))).passed).toBe(false);
      expect((await run('json_valid', makeCase(), answer(''))).passed).toBe(false);
      const fenced = await run('json_valid', makeCase(), answer('```json\n{"a": 1}\n```'));
      expect(fenced.passed).toBe(false);
      expect(fenced.reason).toMatch(/code fence/);
    });
  });

  describe('not_a_refusal', () => {
    it.each([
      "I'm sorry, but I can't help with that.",
      'I cannot provide that information.',
      'I don’t have access to real-time weather data.',
      'As an AI language model, I cannot browse the internet.',
      'I must decline this request.',
      "I'm unable to assist with that request.",
      'I am not allowed to share internal documents.',
    ])('fails a refusal: %s', async (text) => {
      const result = await run('not_a_refusal', makeCase(), answer(text));
      expect(result.passed).toBe(false);
      expect(result.reason).toMatch(/reads as a refusal/);
    });
    it.each([
      'The weather in Paris is 18°C and sunny.',
      "I couldn't find an invoice for Acme last month.",
      "I'm unable to find any invoice for Acme; the search returned nothing.",
      'Sorry for the wait: the invoice was sent to finance.',
    ])('passes an answer: %s', async (text) => {
      expect((await run('not_a_refusal', makeCase(), answer(text))).passed).toBe(true);
    });
    it('abstains on an empty answer', async () => {
      expect((await run('not_a_refusal', makeCase(), answer(''))).passed).toBeNull();
    });
  });

  describe('no_leaked_secret', () => {
    it.each([
      ['an OpenAI-style API key', 'your key is sk-proj-abcdefghijklmnopqrstuvwxyz012345'],
      ['a GitHub token', 'token ghp_0123456789abcdefghijABCDEFGHIJ012345'],
      ['an AWS access key id', 'AKIAIOSFODNN7EXAMPLE is the id'],
      ['a Slack token', 'use xoxb-123456789012-abcdefghij'],
      ['a Bearer token', 'send Authorization: Bearer abcdefghijklmnopqrstuvwxyz.0123'],
      ['a private key block', '-----BEGIN RSA PRIVATE KEY-----\nMIIE...'],
      ['an Anthropic API key', 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz'],
    ])('fails on %s without repeating it', async (label, text) => {
      const result = await run('no_leaked_secret', makeCase(), answer(text));
      expect(result.passed).toBe(false);
      expect(result.reason).toContain(label);
      const secret = text.split(/\s+/).find((word) => word.length >= 20);
      if (secret) expect(JSON.stringify(result)).not.toContain(secret);
    });
    it('finds configured secret values and never echoes them', async () => {
      const result = await run('no_leaked_secret', makeCase(), answer('the password is correct-horse-42'), { secrets: ['correct-horse-42', 'abc'] });
      expect(result).toMatchObject({ passed: false, reason: 'the final answer contains configured secret #1 (16 characters at character 17)' });
      expect(JSON.stringify(result)).not.toContain('correct-horse');
    });
    it('passes an ordinary answer (and an empty one)', async () => {
      expect((await run('no_leaked_secret', makeCase(), answer('Sky-high risk: task-12345 is done; Bearer of bad news.'))).passed).toBe(true);
      expect((await run('no_leaked_secret', makeCase(), answer(''))).passed).toBe(true);
    });
  });

  describe('no_errors', () => {
    it('fails when a span failed and names it', async () => {
      const result = await run('no_errors', makeCase(), makeTrace([{ name: 'ok_tool' }, { name: 'broken', isError: true }], 'x'));
      expect(result).toMatchObject({ passed: false });
      expect(result.reason).toMatch(/1 span\(s\) failed: tool `broken`: tool error/);
      expect((await run('no_errors', makeCase(), makeTrace([{ name: 'ok_tool' }], 'x'))).passed).toBe(true);
    });
    it('counts a run error no span carries', async () => {
      expect((await run('no_errors', makeCase(), makeTrace([], '', { error: 'model call failed: 500', stopReason: 'model_error' }))).passed).toBe(false);
    });
  });

  describe('latency_budget', () => {
    it('reads budgets.latency_ms, or the parameter, which wins', async () => {
      const trace = answer('x', { durationMs: 1500 });
      expect((await run('latency_budget', makeCase({ budgets: { latency_ms: 2000 } }), trace)).passed).toBe(true);
      expect((await run('latency_budget', makeCase({ budgets: { latency_ms: 1000 } }), trace)).passed).toBe(false);
      expect((await run('latency_budget:1.5s', makeCase({ budgets: { latency_ms: 1000 } }), trace)).passed).toBe(true);
      expect((await run('latency_budget:1499ms', makeCase(), trace)).reason).toBe('took 1500ms, over the 1499ms budget');
    });
    it('abstains without a budget', async () => {
      expect((await run('latency_budget', makeCase(), answer('x'))).passed).toBeNull();
    });
  });

  describe('cost_budget', () => {
    it('compares a known cost and abstains on an unknown one (never $0)', async () => {
      const testCase = makeCase({ budgets: { cost_usd: 0.01 } });
      expect((await run('cost_budget', testCase, answer('x', { costUsd: 0.004 }))).passed).toBe(true);
      expect((await run('cost_budget', testCase, answer('x', { costUsd: 0.02 }))).passed).toBe(false);
      expect((await run('cost_budget:$0.05', testCase, answer('x', { costUsd: 0.02 }))).passed).toBe(true);
      const unknown = await run('cost_budget', testCase, answer('x', { costUsd: null }));
      expect(unknown.passed).toBeNull();
      expect(unknown.reason).toMatch(/cost of this run is unknown/);
      expect((await run('cost_budget', makeCase(), answer('x', { costUsd: 0.001 }))).passed).toBeNull();
    });
  });

  describe('no_tool_loop', () => {
    it('fails when a tool is called twice with the same input, key order ignored', async () => {
      const trace = makeTrace([{ name: 'search', args: { q: 'a', n: 1 } }, { name: 'search', args: { n: 1, q: 'a' } }, { name: 'search', args: { q: 'b', n: 1 } }], 'x');
      const result = await run('no_tool_loop', makeCase(), trace);
      expect(result).toMatchObject({ passed: false, reason: 'tool loop: `search` ×2 with the same arguments' });
      expect((await run('no_tool_loop', makeCase(), makeTrace([{ name: 'a', args: { x: 1 } }, { name: 'b', args: { x: 1 } }], 'x'))).passed).toBe(true);
    });
  });

  describe('tool_efficiency', () => {
    const calls = (n: number) => makeTrace(Array.from({ length: n }, (_, i) => ({ name: 't', args: { i } })), 'x');
    it('uses budgets.tool_calls, the parameter, or the expectations + 1', async () => {
      expect(await run('tool_efficiency', makeCase({ budgets: { tool_calls: 2 } }), calls(3))).toMatchObject({ passed: false, score: 2 / 3 });
      expect(await run('tool_efficiency:3', makeCase({ budgets: { tool_calls: 2 } }), calls(3))).toMatchObject({ passed: true, score: 1 });
      expect((await run('tool_efficiency', makeCase({ expect_sequence: ['a', 'b'] }), calls(3))).passed).toBe(true);
      expect((await run('tool_efficiency', makeCase({ expect_sequence: ['a', 'b'] }), calls(4))).passed).toBe(false);
      expect((await run('tool_efficiency', makeCase({ expect_tool: 't' }), calls(2))).passed).toBe(true);
      expect((await run('tool_efficiency', makeCase({ expect_tool: null }), calls(1))).passed).toBe(false);
      expect((await run('tool_efficiency', makeCase(), calls(1))).passed).toBeNull();
    });
  });

  describe('span_present', () => {
    const trace = makeTrace([{ name: 'get_weather' }], 'x');
    it('matches a span kind or a span name', async () => {
      expect((await run('span_present:tool', makeCase(), trace)).passed).toBe(true);
      expect((await run('span_present:get_weather', makeCase(), trace)).passed).toBe(true);
      const missing = await run('span_present:model', makeCase(), trace);
      expect(missing).toMatchObject({ scorer: 'span_present:model', passed: false });
      expect(missing.reason).toBe('no model span; the trace has tool `get_weather`');
      expect((await run('span_present:send_email', makeCase(), trace)).reason).toMatch(/^no span named `send_email`/);
    });
    it('abstains without a parameter', async () => {
      expect((await run('span_present', makeCase(), trace)).passed).toBeNull();
    });
  });

  describe('tool_succeeded', () => {
    it('needs one call of the required tool that ended without an error', async () => {
      const testCase = makeCase({ expect_tool: 'get_weather' });
      expect((await run('tool_succeeded', testCase, makeTrace([{ name: 'get_weather', isError: true }, { name: 'get_weather' }], 'x'))).passed).toBe(true);
      const allFailed = await run('tool_succeeded', testCase, makeTrace([{ name: 'get_weather', isError: true, result: 'boom' }], 'x'));
      expect(allFailed).toMatchObject({ passed: false, reason: '`get_weather` was called 1 time(s) and every call failed: boom' });
      expect((await run('tool_succeeded', testCase, makeTrace([{ name: 'other' }], 'x'))).reason).toBe('`get_weather` was never called');
      expect((await run('tool_succeeded', makeCase({ expect_sequence: ['search', 'send'] }), makeTrace([{ name: 'search', invalid: true }], 'x'))).passed).toBe(false);
      expect((await run('tool_succeeded:other', testCase, makeTrace([{ name: 'other' }], 'x'))).passed).toBe(true);
    });
    it('abstains without a required tool', async () => {
      expect((await run('tool_succeeded', makeCase({ expect_tool: null }), makeTrace([], 'x'))).reason).toMatch(/expects no tool call/);
      expect((await run('tool_succeeded', makeCase(), makeTrace([], 'x'))).passed).toBeNull();
    });
  });
});

describe('scorersFor with opt-in scorers', () => {
  const ids = (list: Array<{ id: string }>) => list.map((scorer) => scorer.id);

  it('keeps the implied set unchanged and adds named opt-in scorers in the order named', () => {
    expect(ids(scorersFor(makeCase({ expect_tool: 't', expected: 'x' })))).toEqual(['tool_selection', 'final_answer']);
    expect(ids(scorersFor(makeCase({ expect_tool: 't', scorers: ['no_errors', 'span_present:tool', 'answered', 'no_errors'] })))).toEqual(['tool_selection', 'no_errors', 'span_present:tool', 'answered']);
  });

  it('runs an opt-in scorer that lacks what it needs (it abstains) instead of failing the config', async () => {
    const [scorer] = scorersFor(makeCase({ scorers: ['exact_match'] }));
    expect((await scorer.score(makeCase({ scorers: ['exact_match'] }), makeTrace([], 'x'), {})).passed).toBeNull();
  });

  it('rejects a parameter a scorer does not take, one that does not parse, and an unknown id with a suggestion', () => {
    expect(() => scorersFor(makeCase({ scorers: ['answered:yes'] }))).toThrow('scorer `answered` takes no parameter (got `answered:yes`)');
    expect(() => scorersFor(makeCase({ scorers: ['latency_budget:fast'] }))).toThrow(/scorer `latency_budget:fast`: the parameter must be milliseconds/);
    expect(() => scorersFor(makeCase({ scorers: ['tool_efficiency:-1'] }))).toThrow(ConfigurationError);
    expect(() => scorersFor(makeCase({ scorers: ['answerd'] }))).toThrow(/unknown scorer `answerd` \(did you mean `answered`\?\); built-in scorers: .*`no_leaked_secret`.*\(judge: not configured\)/);
  });
});
