import { describe, expect, it } from 'vitest';
import { Utf8Text } from '../../src/core/mcp/utf8-text.js';

/**
 * Issue 11 item 2: stdout lines and HTTP bodies are decoded as their bytes arrive, half a megabyte
 * at a time, instead of joining the bytes of a 15 MB answer into one block first. Whatever the
 * chunking, the text must be exactly what decoding the joined bytes gives.
 */
const STAGE = 512 * 1024;

function decodeInChunks(bytes: Buffer, sizes: number[], fatal = true, text = new Utf8Text(fatal)): string | undefined {
  let offset = 0;
  for (let i = 0; offset < bytes.length; i += 1) {
    const size = sizes[i % sizes.length];
    text.append(bytes.subarray(offset, offset + size));
    offset += size;
  }
  return text.finish();
}

describe('Utf8Text', () => {
  // Two-, three- and four-byte characters, so that some fall across every chunk and stage boundary.
  const mixed = Buffer.from(`{"name":"${'aé€😀'.repeat(Math.ceil((3 * STAGE) / 10))}"}`);

  it('gives what decoding the joined bytes gives, however the bytes are cut', () => {
    const expected = mixed.toString('utf8');
    for (const sizes of [[mixed.length], [65_536], [1, 2, 3, 65_535], [STAGE - 1, 3], [STAGE + 1], [7, STAGE]]) {
      expect(decodeInChunks(mixed, sizes)).toBe(expected);
    }
  });

  it('is reused line after line, and a text of one chunk is that chunk decoded', () => {
    const text = new Utf8Text(true);
    expect(decodeInChunks(Buffer.from('{"a":1}'), [100], true, text)).toBe('{"a":1}');
    expect(decodeInChunks(mixed, [65_536], true, text)).toBe(mixed.toString('utf8'));
    expect(text.finish()).toBe('');
    expect(decodeInChunks(Buffer.from('ü'), [1], true, text)).toBe('ü');
  });

  it('fatal: bytes that are not UTF-8 anywhere make the text unreadable, and the next text is read afresh', () => {
    const text = new Utf8Text(true);
    for (const at of [0, 100, STAGE - 1, STAGE, 2 * STAGE + 5, mixed.length - 1]) {
      const broken = Buffer.from(mixed);
      broken[at] = 0xff;
      expect(decodeInChunks(broken, [65_536], true, text), `0xff at ${at}`).toBeUndefined();
    }
    // Cut inside its last character: not UTF-8 either.
    expect(decodeInChunks(Buffer.from('ok €').subarray(0, 5), [2], true, text)).toBeUndefined();
    expect(decodeInChunks(Buffer.from('{"after":"é"}'), [3], true, text)).toBe('{"after":"é"}');
  });

  it('not fatal: bytes that are not UTF-8 become U+FFFD, as Buffer#toString makes them', () => {
    const broken = Buffer.from(mixed);
    broken[STAGE - 1] = 0xff;
    broken[STAGE + 10] = 0xc3; // a lead byte followed by ASCII
    expect(decodeInChunks(broken, [65_536], false)).toBe(broken.toString('utf8'));
  });

  it('can give only the head of a long text', () => {
    const text = new Utf8Text(false);
    for (let offset = 0; offset < mixed.length; offset += 65_536) text.append(mixed.subarray(offset, offset + 65_536));
    expect(text.finish(1000)).toBe(mixed.toString('utf8').slice(0, 1000));
  });
});
