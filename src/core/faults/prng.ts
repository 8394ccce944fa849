import { createHash } from 'node:crypto';

/**
 * A small seeded PRNG (sfc32: 128-bit state, good statistical quality, trivial to reproduce).
 * Seeded from sha256 of the key parts, so `(case id, repeat, seed, entry)` always gives the same
 * stream on every machine and Node version.
 */
export function seededRandom(...key: Array<string | number>): () => number {
  const digest = createHash('sha256').update(key.map(String).join('\u0000')).digest();
  let a = digest.readUInt32LE(0);
  let b = digest.readUInt32LE(4);
  let c = digest.readUInt32LE(8);
  let d = digest.readUInt32LE(12);
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // Discard the first outputs: sfc32 mixes its seed in over a few rounds.
  for (let i = 0; i < 12; i += 1) next();
  return next;
}
