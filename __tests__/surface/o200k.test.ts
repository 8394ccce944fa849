import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { countTokens as libraryCount } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { countO200kTokens } from '../../src/core/surface/tokenizer/o200k.js';

/**
 * Our o200k_base counter must agree with gpt-tokenizer, whose ranks and split pattern it uses,
 * token for token: on real text (the spec's JSON schemas, our docs, the fixture servers' tool
 * definitions) and on generated strings built to hit the edges (CJK, emoji sequences, combining
 * marks, lone surrogates, contractions, whitespace runs, digits, special-token text).
 */

const ROOT = join(import.meta.dirname, '..', '..');
const expected = (text: string) => libraryCount(text, { disallowedSpecial: new Set() });

function filesIn(dir: string, suffix: string): string[] {
  return readdirSync(join(ROOT, dir)).filter((name) => name.endsWith(suffix)).map((name) => readFileSync(join(ROOT, dir, name), 'utf8'));
}

/** A deterministic generator, so that a mismatch reproduces. */
function generatedCorpus(count: number): string[] {
  const atoms = [
    'a', 'b', 'the', ' ', '  ', '\n', '\r\n', '\t', '\n\n', '  \n', '1', '23', '456', '7890', '"', '{', '}', ':', ',', '/', '\\', '.', '-', '_',
    "'s", "'LL", "'Re", 'A', 'Z', 'HTTP', 'JSON', 'é', 'ñ', 'ß', 'Ω', 'й', 'ع', 'ह', '日本', '語', '🙂', '👩‍👩‍👧', '\u0301', '\u200b', '\uD800', '\u{E0041}',
    '<|endoftext|>', '<|im_start|>',
  ];
  let seed = 7;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) / 0x7fffffff;
  const texts: string[] = [];
  for (let i = 0; i < count; i++) {
    let text = '';
    const length = 1 + Math.floor(next() * 40);
    for (let j = 0; j < length; j++) text += next() < 0.9 ? atoms[Math.floor(next() * atoms.length)] : String.fromCodePoint(Math.floor(next() * 0x3000));
    texts.push(text);
  }
  return texts;
}

describe('o200k_base token counts', () => {
  it('agree with gpt-tokenizer on real definitions, schemas and docs', () => {
    const texts = [
      ...filesIn('__tests__/fixtures/servers', '.mjs'),
      ...filesIn('golden-template/server', '.mjs'),
      ...filesIn('docs', '.md'),
      readFileSync(join(ROOT, 'README.md'), 'utf8'),
      readFileSync(join(ROOT, 'schemas', 'schema-2026-07-28.json'), 'utf8'),
      readFileSync(join(ROOT, 'schemas', 'report.schema.json'), 'utf8'),
    ];
    expect(texts.length).toBeGreaterThan(5);
    const ours = texts.map(countO200kTokens);
    expect(ours).toEqual(texts.map(expected));
    expect(ours.reduce((sum, n) => sum + n, 0)).toBeGreaterThan(10_000);
  });

  it('agree with gpt-tokenizer on 20,000 generated strings full of edge cases', () => {
    const texts = generatedCorpus(20_000);
    const mismatches = texts.filter((text) => countO200kTokens(text) !== expected(text));
    expect(mismatches.slice(0, 5)).toEqual([]);
  });

  it('agree on long single words, where merges chain (the heap path)', () => {
    for (const text of ['a'.repeat(3000), 'ab'.repeat(1500), '日本語'.repeat(500), 'x1'.repeat(800), ' '.repeat(2000) + 'z']) expect(countO200kTokens(text)).toBe(expected(text));
  });

  it('read a rank table that matches the pinned gpt-tokenizer (data/o200k_base.bin; `npm run tokenizer` rewrites it)', () => {
    const out = execFileSync(process.execPath, [join(ROOT, 'src', 'core', 'surface', 'tokenizer', 'generate.mjs'), '--check'], { encoding: 'utf8' });
    expect(out).toMatch(/is up to date \(199998 tokens\)/);
  });

  it('count a hostile 200,000-letter word (quadratic in a plain merge loop) and never throw', () => {
    const tokens = countO200kTokens('q'.repeat(200_000));
    expect(tokens).toBeGreaterThan(200_000 / 20);
    expect(tokens).toBeLessThanOrEqual(200_000);
    expect(countO200kTokens('')).toBe(0);
  });
});
