import { describe, expect, it } from 'vitest';
import { buildRuns, runBuilder } from '../../src/core/daemon/otlp-runs.js';
import { renderRunPage } from '../../src/core/daemon/page.js';
import type { StoredSpan } from '../../src/core/daemon/store.js';

/** Spans → runs on standard GenAI attributes: how a run stopped, and what each model call returned. */

const T = 'ef'.repeat(16);
const span = (id: number, attributes: Record<string, unknown>, extra: Partial<StoredSpan> = {}): StoredSpan => ({
  traceId: T,
  spanId: id.toString(16).padStart(16, '0'),
  ...(id > 1 ? { parentSpanId: '0000000000000001' } : {}),
  name: String(attributes['gen_ai.operation.name']),
  kind: 1,
  startNs: String(1_700_000_000_000_000_000n + BigInt(id) * 1_000_000n),
  endNs: String(1_700_000_000_000_000_000n + BigInt(id) * 1_000_000n + 500_000n),
  statusCode: 0,
  attributes,
  resource: { 'service.name': 'shop' },
  ...extra,
});

describe('buildRuns on standard GenAI spans', () => {
  it('takes the stop reason from the agent span\'s error.type (max_steps is not a failed model call), and labels model calls that asked for tools', () => {
    const spans = [
      span(1, { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'bot', 'error.type': 'max_steps' }, { statusCode: 2, statusMessage: 'step limit reached' }),
      span(2, { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'gpt-x', 'gen_ai.output.messages': JSON.stringify([{ role: 'assistant', parts: [{ type: 'tool_call', id: 'c1', name: 'get_weather', arguments: { city: 'Oslo' } }] }]) }),
      span(3, { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'gpt-x', 'gen_ai.response.finish_reasons': ['tool_calls'] }),
      span(4, { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'gpt-x', 'gen_ai.output.messages': JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: 'still thinking' }] }]) }),
    ];
    const [run] = buildRuns(spans);
    expect(run.trace.stopReason).toBe('max_steps');
    const models = run.trace.spans.filter((s) => s.kind === 'model');
    expect(models.map((s) => s.attributes?.toolCalls)).toEqual([['get_weather'], ['tool call'], []]);
    const html = renderRunPage([run], () => []);
    expect(html).toContain('stop max_steps');
    expect(html).toContain('→ get_weather');
    expect(html.match(/→ text/g)).toHaveLength(1);
  });

  it('prices standard GenAI model spans from the CLI\'s table (a config\'s pricing over it); an unknown model leaves the cost unknown, never 0', () => {
    const chat = (id: number, model: string) => span(id, { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': model, 'gen_ai.usage.input_tokens': 1000, 'gen_ai.usage.output_tokens': 500 });
    const agent = span(1, { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'bot' });
    const [priced] = buildRuns([agent, chat(2, 'gpt-4o-mini'), chat(3, 'gpt-4o-mini-2024-07-18')]);
    expect(priced.costUsd).toBeCloseTo(2 * (1000 * 0.15 + 500 * 0.6) / 1e6, 12);
    expect(priced.trace.spans.filter((s) => s.kind === 'model').map((s) => s.attributes?.costUsd)).toEqual([expect.closeTo(0.00045, 12), expect.closeTo(0.00045, 12)]);
    const [unknown] = buildRuns([agent, chat(2, 'gpt-4o-mini'), chat(3, 'in-house-llm')]);
    expect(unknown.costUsd).toBeNull();
    const [overridden] = runBuilder({ 'in-house-llm': { input_per_mtok: 1, output_per_mtok: 2 } })([agent, chat(2, 'in-house-llm')]);
    expect(overridden.costUsd).toBeCloseTo((1000 * 1 + 500 * 2) / 1e6, 12);
  });
});
