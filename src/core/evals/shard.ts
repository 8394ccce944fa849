import { ConfigurationError } from '../errors.js';

export interface Shard {
  /** 1-based, as written on the command line (`--shard 2/4`). */
  index: number;
  total: number;
}

export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const total = Number(match?.[2]);
  if (!match || total < 1 || index < 1 || index > total) throw new ConfigurationError(`--shard must look like i/n with 1 ≤ i ≤ n, got "${text}"`);
  return { index, total };
}

/** Cases are dealt round-robin in file order, so every shard gets a similar mix and all models of a case stay together. */
export function inShard(position: number, shard: Shard | undefined): boolean {
  return shard === undefined || position % shard.total === shard.index - 1;
}
