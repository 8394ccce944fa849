import { readFileSync } from 'node:fs';
import { endianness } from 'node:os';
import { join } from 'node:path';
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants';
import { packageRoot } from '../../paths.js';

/**
 * o200k_base token counts, the same as gpt-tokenizer's `countTokens` (a test compares them on
 * real text and a generated corpus), at a fraction of its start-up cost: the ranks are
 * gpt-tokenizer's, written by generate.mjs into data/o200k_base.bin as hash buckets that are read,
 * not parsed (milliseconds, where gpt-tokenizer builds a 200,000-entry Map from a 2.4 MB array
 * literal in about 400 ms). The text is split with gpt-tokenizer's own regular expression; each
 * piece is merged lowest rank first, leftmost on ties, as tiktoken does, with a heap, so that a
 * hostile 100,000-letter word costs n log n rather than n².
 * Special-token text ("<|endoftext|>") is counted as ordinary text.
 */

/** Kept in step with generate.mjs. */
const BUCKETS = 1 << 16;

interface RankTable {
  /** Where each bucket's entries start in `entries`, and where the last one ends. */
  bucketStarts: Uint32Array;
  /** Per token: length, rank (3 bytes, little-endian), its bytes. */
  entries: Uint8Array;
}

let table: RankTable | undefined;

function hash(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5; // FNV-1a
  for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}

function loadTable(): RankTable {
  const path = join(packageRoot(), 'data', 'o200k_base.bin');
  let file: Buffer;
  try {
    file = readFileSync(path);
  } catch (error) {
    throw new Error(`the o200k_base rank table ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`);
  }
  const indexBytes = (BUCKETS + 1) * 4;
  // A view, not a copy, where the machine reads little-endian (x64, arm64: every runner).
  const bucketStarts =
    endianness() === 'LE' && file.byteOffset % 4 === 0
      ? new Uint32Array(file.buffer, file.byteOffset, BUCKETS + 1)
      : Uint32Array.from({ length: BUCKETS + 1 }, (_, bucket) => file.readUInt32LE(bucket * 4));
  return { bucketStarts, entries: file.subarray(indexBytes) };
}

/** The rank of bytes[start, end), or -1 when no token has exactly those bytes. */
function rankOf({ bucketStarts, entries }: RankTable, bytes: Uint8Array, start: number, end: number): number {
  const length = end - start;
  const bucket = hash(bytes, start, end) & (BUCKETS - 1);
  for (let at = bucketStarts[bucket]!, stop = bucketStarts[bucket + 1]!; at < stop; at += 4 + entries[at]!) {
    if (entries[at] !== length) continue;
    let same = true;
    for (let i = 0; i < length; i++) {
      if (entries[at + 4 + i] !== bytes[start + i]) {
        same = false;
        break;
      }
    }
    if (same) return entries[at + 1]! | (entries[at + 2]! << 8) | (entries[at + 3]! << 16);
  }
  return -1;
}

const encoder = new TextEncoder();
let scratch = new Uint8Array(1024);

/** Tokens of one pre-split piece: byte pair merges, lowest rank first, leftmost on ties. */
function countPiece(table: RankTable, piece: string): number {
  if (scratch.length < piece.length * 3) scratch = new Uint8Array(piece.length * 3);
  const n = encoder.encodeInto(piece, scratch).written;
  const bytes = scratch;
  if (rankOf(table, bytes, 0, n) !== -1) return 1;
  // Parts are linked by their start offsets; pairRank[i] is the rank of part i joined with the next.
  const next = new Int32Array(n);
  const prev = new Int32Array(n);
  const pairRank = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    next[i] = i + 1;
    prev[i] = i - 1;
  }
  const heap = new MinHeap(n);
  for (let i = 0; i + 1 < n; i++) {
    pairRank[i] = rankOf(table, bytes, i, i + 2);
    if (pairRank[i] !== -1) heap.push(pairRank[i]!, i);
  }
  if (n > 0) pairRank[n - 1] = -1;
  let parts = n;
  const alive = new Uint8Array(n).fill(1);
  const rejoin = (i: number) => {
    const right = next[i]!;
    pairRank[i] = right < n ? rankOf(table, bytes, i, next[right]!) : -1;
    if (pairRank[i] !== -1) heap.push(pairRank[i]!, i);
  };
  while (heap.pop()) {
    const { rank, offset: i } = heap;
    // Stale: the part is gone, or its pair changed since (a different span has a different rank).
    if (alive[i] === 0 || pairRank[i] !== rank) continue;
    const gone = next[i]!;
    alive[gone] = 0;
    next[i] = next[gone]!;
    if (next[i]! < n) prev[next[i]!] = i;
    parts--;
    rejoin(i);
    if (prev[i]! >= 0) rejoin(prev[i]!);
  }
  return parts;
}

/**
 * A binary min-heap of (rank, offset), ordered by rank then offset, each pair one number
 * (rank × 2³² + offset). Allocation-free: a Float64Array that doubles when full, and pop() leaves the
 * pair in `rank` and `offset`. A 64 KiB hostile word makes ~100,000 pushes and pops: returning a
 * tuple and swapping through array literals made ~360 MB of garbage for one such name.
 */
class MinHeap {
  private keys: Float64Array;
  private size = 0;
  rank = 0;
  offset = 0;

  constructor(capacity: number) {
    this.keys = new Float64Array(Math.max(16, capacity));
  }

  push(rank: number, offset: number): void {
    if (this.size === this.keys.length) {
      const grown = new Float64Array(this.keys.length * 2);
      grown.set(this.keys);
      this.keys = grown;
    }
    const keys = this.keys;
    const key = rank * 0x100000000 + offset;
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent]! <= key) break;
      keys[i] = keys[parent]!;
      i = parent;
    }
    keys[i] = key;
  }

  /** Takes the least pair into `rank` and `offset`; false when the heap is empty. */
  pop(): boolean {
    if (this.size === 0) return false;
    const keys = this.keys;
    const top = keys[0]!;
    const last = keys[--this.size]!;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= this.size) break;
      const right = left + 1;
      const least = right < this.size && keys[right]! < keys[left]! ? right : left;
      if (keys[least]! >= last) break;
      keys[i] = keys[least]!;
      i = least;
    }
    if (this.size > 0) keys[i] = last;
    this.rank = Math.floor(top / 0x100000000);
    this.offset = top % 0x100000000;
    return true;
  }
}

/** Recent pieces and their counts: definitions repeat "type", "string", "description" all the time. */
const pieceCounts = new Map<string, number>();
const PIECE_CACHE_SIZE = 50_000;

/** The number of o200k_base tokens in `text`. */
export function countO200kTokens(text: string): number {
  table ??= loadTable();
  let total = 0;
  for (const [piece] of text.matchAll(O200K_TOKEN_SPLIT_REGEX)) {
    let tokens = pieceCounts.get(piece);
    if (tokens === undefined) {
      tokens = countPiece(table, piece);
      if (pieceCounts.size >= PIECE_CACHE_SIZE) pieceCounts.clear();
      if (piece.length <= 256) pieceCounts.set(piece, tokens);
    }
    total += tokens;
  }
  return total;
}
