import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { toolCosts } from '../../src/core/surface/cost.js';
import { loadTokenizer, workerCounter } from '../../src/core/surface/token-counter.js';

// The tokenizer loads and counts in a worker thread (off the conformance run's main thread); the
// counts must be exactly gpt-tokenizer's, and a worker that cannot load it falls back to this thread.
const TEXTS = ['Searches the files in the workspace for a text pattern.', '', 'a <|endoftext|> b <|im_start|>', 'naïve café 東京 🚀'.repeat(50)];
const direct = (text: string) => countTokens(text, { disallowedSpecial: new Set() });

describe('token counter', () => {
  it('counts in a worker thread, exactly as gpt-tokenizer does here (special-token text counted as text)', async () => {
    const count = await loadTokenizer();
    expect(count.where).toBe('worker');
    expect(await count(TEXTS)).toEqual(TEXTS.map(direct));
    // Questions in flight together get their own answers.
    const [a, b] = await Promise.all([count([TEXTS[0]]), count([TEXTS[3], TEXTS[2]])]);
    expect(a).toEqual([direct(TEXTS[0])]);
    expect(b).toEqual([direct(TEXTS[3]), direct(TEXTS[2])]);
  });

  it('falls back to this thread when the worker cannot load the tokenizer', async () => {
    const count = workerCounter('/nonexistent/gpt-tokenizer.js');
    expect(await count(TEXTS)).toEqual(TEXTS.map(direct));
    expect(await count(['again'])).toEqual([direct('again')]);
  });

  it('costs tools in batches: a long text is extrapolated from its first 200,000 characters', async () => {
    const count = await loadTokenizer();
    const small = { name: 'echo', description: 'Echoes the text back.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } };
    const huge = { name: 'big', description: 'word '.repeat(100_000), inputSchema: { type: 'object' } };
    const [smallCost, hugeCost] = await toolCosts([small, huge], count);
    expect(smallCost.openai).toBe(direct(JSON.stringify({ type: 'function', function: { name: 'echo', description: small.description, parameters: small.inputSchema } })));
    expect(smallCost.anthropic).toBe(Math.ceil(direct(JSON.stringify({ name: 'echo', description: small.description, input_schema: small.inputSchema })) * 1.2));
    const text = JSON.stringify({ type: 'function', function: { name: 'big', description: huge.description, parameters: huge.inputSchema } });
    expect(hugeCost.openai).toBe(Math.ceil((direct(text.slice(0, 200_000)) * text.length) / 200_000));
  });
});
