#!/usr/bin/env node
// Writes data/o200k_base.bin: gpt-tokenizer's o200k_base merge ranks as bytes that a run reads
// rather than parses. gpt-tokenizer ships them as a 2.4 MB JavaScript array and builds a
// 200,000-entry Map on load, about 400 ms before the first token is counted (even as one string
// literal the table costs ~100 ms to import and ~70 ms to index in a fresh process). The file is
// committed, like schemas/, and read from the package root (src/core/paths.ts) by the CLI, the
// tests and the action's bundle alike, so dist/ carries no copy. It derives from the pinned
// gpt-tokenizer alone: after upgrading it, run `npm run tokenizer`; a test fails while it is stale.
//
// Layout (little-endian), read by o200k.ts; tokens are grouped in buckets by a hash of their bytes:
//   (BUCKETS + 1) × uint32   where each bucket's entries start, as offsets into the entries
//   entries                  per token: length (1 byte), rank (3 bytes), the token's bytes
//
//   node src/core/surface/tokenizer/generate.mjs [--check]   (--check: exit 1 if the file is stale)

import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ranks from 'gpt-tokenizer/bpeRanks/o200k_base';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
const OUT = join(ROOT, 'data', 'o200k_base.bin');
/** Kept in step with o200k.ts: ~3 tokens per bucket, a 256 KiB index. */
const BUCKETS = 1 << 16;

/** FNV-1a, as o200k.ts computes it. */
function hash(bytes) {
  let h = 0x811c9dc5;
  for (const byte of bytes) h = Math.imul(h ^ byte, 0x01000193);
  return h >>> 0;
}

const buckets = Array.from({ length: BUCKETS }, () => []);
let count = 0;
ranks.forEach((value, rank) => {
  if (value === undefined) return; // an unused rank
  const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : Buffer.from(value);
  if (bytes.length > 255) throw new Error(`o200k_base rank ${rank} is ${bytes.length} bytes: a one-byte length cannot hold it`);
  const entry = Buffer.alloc(4 + bytes.length);
  entry[0] = bytes.length;
  entry.writeUIntLE(rank, 1, 3);
  bytes.copy(entry, 4);
  buckets[hash(bytes) & (BUCKETS - 1)].push(entry);
  count++;
});
const index = Buffer.alloc((BUCKETS + 1) * 4);
let offset = 0;
buckets.forEach((entries, bucket) => {
  index.writeUInt32LE(offset, bucket * 4);
  for (const entry of entries) offset += entry.length;
});
index.writeUInt32LE(offset, BUCKETS * 4);
const file = Buffer.concat([index, ...buckets.flat()]);

if (process.argv.includes('--check')) {
  let current;
  try {
    current = readFileSync(OUT);
  } catch {
    current = undefined;
  }
  if (!current?.equals(file)) {
    console.error(`${OUT} is stale or missing for this gpt-tokenizer: run \`npm run tokenizer\``);
    process.exit(1);
  }
  console.log(`${OUT} is up to date (${count} tokens)`);
} else {
  writeFileSync(OUT, file);
  console.log(`wrote ${OUT} (${Math.round(file.length / 1024)} KiB, ${count} tokens)`);
}
