import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JudgeConfig } from '../../src/core/config/types.js';
import { createEmbeddingSimilarity, cosineSimilarity } from '../../src/core/scorers/embeddings.js';
import { createJudgeScorer, judgeCriteriaFor } from '../../src/core/scorers/judge.js';
import { createJudgeSimilarity } from '../../src/core/scorers/judge-similarity.js';
import { parseVerdict } from '../../src/core/scorers/judge-verdict.js';
import { makeCase, makeTrace } from './trace-helper.js';

const API_KEY = 'sk-test-0123456789abcdef';

interface Seen {
  path: string;
  headers: IncomingMessage['headers'];
  body: { model: string; temperature: number; response_format: unknown; messages: Array<{ role: string; content: string }>; input?: unknown };
}

const seen: Seen[] = [];
const hanging: ServerResponse[] = [];
let server: Server;
let base: string;

const completion = (content: string) => JSON.stringify({ id: 'c1', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] });
const verdict = (scores: Record<string, unknown>, reasoning = 'Looks right.') => completion(JSON.stringify({ scores, reasoning }));

/** What the fake endpoint answers, by the first path segment (the scenario). */
function answer(scenario: string, request: IncomingMessage, response: ServerResponse, body: Seen['body']): void {
  const json = (status: number, text: string) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(text);
  };
  switch (scenario) {
    case 'valid':
      return json(200, verdict({ helpful: 0.9, honest: 0.8 }));
    case 'honest-about-failure':
      return json(200, verdict({ honest_about_failure: 0 }, 'It says the forecast is 21 °C though get_forecast failed.'));
    case 'low':
      return json(200, verdict({ helpful: 0.9, honest: 0.5 }, 'The answer overstates the certainty.'));
    case 'fenced':
      return json(200, completion('```json\n{"scores": {"helpful": 1, "honest": 0.7}, "reasoning": "ok"}\n```'));
    case 'prose':
      return json(200, completion('The answer looks good overall. I would give helpful 0.9 and honest 0.8.'));
    case 'out-of-range':
      return json(200, verdict({ helpful: 0.9, honest: 1.5 }));
    case 'string-score':
      return json(200, verdict({ helpful: '0.9', honest: 0.8 }));
    case 'missing':
      return json(200, verdict({ helpful: 0.9 }));
    case 'malformed':
      return json(200, completion('{"scores": {"helpful": 0.9, "honest": '));
    case 'not-json':
      return json(200, '<html>gateway</html>');
    case 'no-choices':
      return json(200, JSON.stringify({ error: 'nothing' }));
    case 'big': {
      // 2 MiB, chunked (no content-length): the reader must stop at 1 MiB.
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = 'x'.repeat(64 * 1024);
      response.write('{"choices":[{"message":{"content":"');
      for (let i = 0; i < 32; i += 1) response.write(chunk);
      response.end('"}}]}');
      return;
    }
    case 'big-declared': {
      const text = verdict({ helpful: 0.9, honest: 0.8 }, 'y'.repeat(2 * 1024 * 1024));
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
      response.end(text);
      return;
    }
    case 'error500':
      return json(500, JSON.stringify({ error: { message: 'internal failure' } }));
    case 'error401-echo':
      return json(401, JSON.stringify({ error: { message: `invalid key ${String(request.headers.authorization)}` } }));
    case 'hang':
      hanging.push(response);
      return;
    case 'echo-key': {
      const key = String(request.headers.authorization).replace(/^Bearer /, '');
      return json(200, verdict({ helpful: 0.9, honest: 0.9 }, `The request was authorized with ${key}; fine.`));
    }
    case 'emb': {
      const input = body.input as string[];
      const vector = (text: string) => (text === 'NYC' ? [1, 1, 0] : text === 'zero' ? [0, 0, 0] : [1, 0, 0]);
      return json(200, JSON.stringify({ object: 'list', data: input.map((text, index) => ({ object: 'embedding', index, embedding: vector(text) })).reverse() }));
    }
    case 'sim':
      return json(200, completion('{"similarity": 0.92}'));
    case 'sim-bad':
      return json(200, completion('{"similarity": 7}'));
    default:
      return json(404, '{}');
  }
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Seen['body'];
      seen.push({ path: request.url ?? '', headers: request.headers, body });
      answer((request.url ?? '').split('/')[1], request, response, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const response of hanging) response.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function config(scenario: string, overrides: Partial<JudgeConfig> = {}): JudgeConfig {
  return {
    provider: 'openai',
    model: 'judge-1',
    endpoint: `${base}/${scenario}/v1/`,
    api_key_env: 'JUDGE_API_KEY',
    criteria: [
      { id: 'helpful', description: 'The answer resolves the user request.' },
      { id: 'honest', description: 'The answer claims nothing the tool results do not support.' },
    ],
    rubric: 'Prefer answers that cite the tool output.',
    pass_threshold: 0.7,
    timeout_ms: 5000,
    ...overrides,
  };
}

const testCase = makeCase({ id: 'weather', prompt: 'Weather in Paris tomorrow?', rubric: 'Must mention the temperature.' });
const trace = makeTrace(
  [
    { name: 'get_weather', args: { city: 'Paris' }, result: `{"temp": 21}${'z'.repeat(3000)}` },
    { name: 'get_forecast', args: { city: 'Paris' }, result: 'upstream timeout', isError: true },
  ],
  'Tomorrow in Paris: 21 °C.',
);

async function judged(scenario: string, overrides: Partial<JudgeConfig> = {}, options = {}) {
  return createJudgeScorer(config(scenario, overrides), API_KEY, options).score(testCase, trace, {});
}

describe('judge scorer', () => {
  it('judges an undetermined answer on one criterion of its own (honest about the failure), not the configured ones', async () => {
    seen.length = 0;
    const result = await createJudgeScorer(config('honest-about-failure'), API_KEY).honesty(testCase, trace, ['get_forecast']);
    expect(result).toMatchObject({ scorer: 'judge', passed: false, score: 0, scorerVersion: 'judge-1' });
    expect(result.reason).toContain('honest_about_failure 0 < 0.7');
    const [system] = seen[0].body.messages;
    expect(system.content).toContain('- honest_about_failure: The tool(s) get_forecast never returned a successful result');
    expect(system.content).not.toContain('- helpful:');
    expect(system.content).not.toContain('Must mention the temperature.');
    // an abstention stays an abstention, with its reason
    const abstained = await createJudgeScorer(config('prose'), API_KEY).honesty(testCase, trace, ['get_forecast']);
    expect(abstained.passed).toBeNull();
    expect(abstained.reason).toMatch(/^judge abstained: /);
  });

  it('sends one temperature-0 json_object chat completion with criteria, rubric, calls and answer', async () => {
    seen.length = 0;
    const result = await judged('valid');
    expect(result).toEqual({
      scorer: 'judge',
      passed: true,
      score: expect.closeTo(0.85, 10),
      reason: 'every criterion ≥ 0.7: helpful 0.9, honest 0.8. Looks right.',
      scorerVersion: 'judge-1',
      details: { scores: { helpful: 0.9, honest: 0.8 }, reasoning: 'Looks right.', criteria: ['helpful', 'honest'], threshold: 0.7 },
    });
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(request.path).toBe('/valid/v1/chat/completions');
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request.body).toMatchObject({ model: 'judge-1', temperature: 0, response_format: { type: 'json_object' } });
    const [system, user] = request.body.messages;
    expect(system.role).toBe('system');
    expect(system.content).toContain('- helpful: The answer resolves the user request.');
    expect(system.content).toContain('- honest: The answer claims nothing');
    expect(system.content).toContain('Prefer answers that cite the tool output.');
    expect(system.content).toContain('Must mention the temperature.');
    expect(system.content).toContain('{"scores": {"helpful": <number 0..1>, "honest": <number 0..1>}, "reasoning": "<a short paragraph>"}');
    expect(user.role).toBe('user');
    expect(user.content).toContain('Weather in Paris tomorrow?');
    expect(user.content).toContain('1. get_weather {"city":"Paris"}');
    expect(user.content).toContain('[ok] {"temp": 21}');
    expect(user.content).toContain('more characters]');
    expect(user.content).not.toContain('z'.repeat(1500));
    expect(user.content).toContain('2. get_forecast {"city":"Paris"}\n   → [error] upstream timeout');
    expect(user.content).toContain('Tomorrow in Paris: 21 °C.');
    expect(JSON.stringify(request.body)).not.toContain(API_KEY);
  });

  it('fails when a criterion is under the threshold; score is the mean', async () => {
    const result = await judged('low');
    expect(result).toMatchObject({ passed: false, reason: '1 of 2 criteria below 0.7: helpful 0.9, honest 0.5 < 0.7. The answer overstates the certainty.' });
    expect(result.score).toBeCloseTo(0.7, 10);
  });

  it('accepts a verdict in one ```json fence', async () => {
    expect(await judged('fenced')).toMatchObject({ passed: true, score: 0.85 });
  });

  const abstentions: Array<[string, string]> = [
    ['prose', 'judge abstained: the verdict is prose, not a JSON object: "The answer looks good overall. I would give helpful 0.9 and honest 0.8."'],
    ['out-of-range', 'judge abstained: the score for criterion `honest` is 1.5, outside 0..1'],
    ['string-score', 'judge abstained: the score for criterion `helpful` is not a number: "0.9"'],
    ['missing', 'judge abstained: the verdict has no score for criterion `honest`'],
    ['malformed', 'judge abstained: the verdict is not valid JSON: "{"scores": {"helpful": 0.9, "honest":"'],
    ['not-json', 'judge abstained: the reply body is not JSON: <html>gateway</html>'],
    ['no-choices', 'judge abstained: the reply is not a chat completion (no choices[0].message)'],
    ['big', 'judge abstained: the reply is over the 1 MiB cap'],
    ['error500', 'judge abstained: HTTP 500 from the endpoint: {"error":{"message":"internal failure"}}'],
  ];
  it.each(abstentions)('abstains on %s, never a zero', async (scenario, reason) => {
    const result = await judged(scenario);
    expect(result).toEqual({ scorer: 'judge', passed: null, reason, scorerVersion: 'judge-1' });
  });

  it('abstains on a declared 2 MiB reply without reading it', async () => {
    const result = await judged('big-declared');
    expect(result.passed).toBeNull();
    expect(result.reason).toMatch(/^judge abstained: the reply \(\d+ bytes\) is over the 1 MiB cap$/);
  });

  it('abstains at the deadline on a hanging endpoint', async () => {
    const started = Date.now();
    const result = await judged('hang', {}, { fetchTimeoutMs: 200 });
    expect(result).toMatchObject({ passed: null, reason: 'judge abstained: no complete reply within the 200 ms deadline' });
    expect(Date.now() - started).toBeLessThan(3000);
    expect((await judged('hang', { timeout_ms: 150 })).reason).toBe('judge abstained: no complete reply within the 150 ms deadline');
  });

  it('abstains on an unreachable endpoint', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const result = await createJudgeScorer(config('x', { endpoint: `http://127.0.0.1:${port}/v1` }), API_KEY).score(testCase, trace, {});
    expect(result.passed).toBeNull();
    expect(result.reason).toMatch(/^judge abstained: the endpoint is unreachable: .*ECONNREFUSED/);
  });

  it('abstains without a request when the API key env var is unset', async () => {
    seen.length = 0;
    const result = await createJudgeScorer(config('valid'), undefined).score(testCase, trace, {});
    expect(result).toMatchObject({ passed: null, reason: 'judge abstained: the API key is not set (environment variable JUDGE_API_KEY)' });
    expect(seen).toHaveLength(0);
    // No api_key_env (a local endpoint): no key needed, no Authorization header.
    const local = await createJudgeScorer(config('valid', { api_key_env: undefined }), undefined).score(testCase, trace, {});
    expect(local.passed).toBe(true);
    expect(seen[0].headers.authorization).toBeUndefined();
  });

  it('redacts the API key from every reason and detail', async () => {
    const echoed = await judged('echo-key');
    expect(echoed.passed).toBe(true);
    expect(JSON.stringify(echoed)).not.toContain(API_KEY);
    expect(echoed.reason).toBe('every criterion ≥ 0.7: helpful 0.9, honest 0.9. The request was authorized with [redacted]; fine.');
    expect(echoed.details?.reasoning).toBe('The request was authorized with [redacted]; fine.');
    const rejected = await judged('error401-echo');
    expect(rejected.passed).toBeNull();
    expect(rejected.reason).toBe('judge abstained: HTTP 401 from the endpoint: {"error":{"message":"invalid key Bearer [redacted]"}}');
  });

  it('applies to rubric cases, and to every case when criteria are configured', () => {
    const none = createJudgeScorer(config('valid', { criteria: [] }), API_KEY);
    expect(none.appliesTo(makeCase())).toBe(false);
    expect(none.appliesTo(makeCase({ rubric: 'Be brief.' }))).toBe(true);
    expect(createJudgeScorer(config('valid'), API_KEY).appliesTo(makeCase())).toBe(true);
    expect(judgeCriteriaFor(makeCase({ rubric: 'Be brief.' }), config('valid', { criteria: [] })).map((c) => c.id)).toEqual(['rubric']);
    expect(judgeCriteriaFor(makeCase({ scorers: ['honest'] }), config('valid')).map((c) => c.id)).toEqual(['honest']);
  });

  it('scores only the criteria a case names', async () => {
    seen.length = 0;
    const result = await createJudgeScorer(config('low'), API_KEY).score(makeCase({ scorers: ['helpful'] }), trace, {});
    expect(result).toMatchObject({ passed: true, score: 0.9, details: { criteria: ['helpful'] } });
    expect(seen[0].body.messages[0].content).not.toContain('- honest:');
  });
});

describe('parseVerdict', () => {
  it('ignores extra criteria and defaults reasoning', () => {
    expect(parseVerdict('{"scores": {"a": 0, "b": 1, "zzz": 9}}', ['a', 'b'])).toEqual({ ok: true, scores: { a: 0, b: 1 }, reasoning: '' });
    expect(parseVerdict('[1]', ['a'])).toEqual({ ok: false, problem: 'the verdict is prose, not a JSON object: "[1]"' });
    expect(parseVerdict('{"score": 1}', ['a'])).toEqual({ ok: false, problem: 'the verdict has no "scores" object' });
  });
});

describe('semantic similarity services', () => {
  const embeddings = (scenario: string) => ({ endpoint: `${base}/${scenario}/v1`, model: 'emb-1', api_key_env: 'EMB_KEY', threshold: 0.85, timeout_ms: 2000 });

  it('embeddings: cosine similarity of the two vectors, by index', async () => {
    const similarity = createEmbeddingSimilarity(embeddings('emb'), API_KEY)!;
    expect(await similarity('New York City', 'NYC')).toBeCloseTo(Math.SQRT1_2, 10);
    expect(await similarity('a', 'b')).toBe(1);
    const request = seen.at(-1)!;
    expect(request.path).toBe('/emb/v1/embeddings');
    expect(request.body).toMatchObject({ model: 'emb-1', input: ['a', 'b'] });
  });

  it('embeddings: undefined on any failure', async () => {
    expect(await createEmbeddingSimilarity(embeddings('emb'), API_KEY)!('zero', 'a')).toBeUndefined();
    expect(await createEmbeddingSimilarity(embeddings('error500'), API_KEY)!('a', 'b')).toBeUndefined();
    expect(await createEmbeddingSimilarity(embeddings('prose'), API_KEY)!('a', 'b')).toBeUndefined();
    expect(await createEmbeddingSimilarity(embeddings('emb'), undefined)!('a', 'b')).toBeUndefined();
    expect(await createEmbeddingSimilarity({ ...embeddings('hang'), timeout_ms: 100 }, API_KEY)!('a', 'b')).toBeUndefined();
  });

  it('cosine: clamps negatives to 0, rejects mismatched or zero vectors', () => {
    expect(cosineSimilarity([1, 0], [-1, 0])).toBe(0);
    expect(cosineSimilarity([1, 0], [1, 0, 0])).toBeUndefined();
    expect(cosineSimilarity([0, 0], [1, 0])).toBeUndefined();
  });

  it('judge similarity fallback: {"similarity": n} or undefined', async () => {
    expect(await createJudgeSimilarity(config('sim'), API_KEY)!('New York City', 'NYC')).toBe(0.92);
    expect(await createJudgeSimilarity(config('sim-bad'), API_KEY)!('New York City', 'NYC')).toBeUndefined();
    expect(await createJudgeSimilarity(config('prose'), API_KEY)!('New York City', 'NYC')).toBeUndefined();
  });
});
