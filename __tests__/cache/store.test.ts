/**
 * What protects a cached trace (issue 23 item 8): with a signing key kept outside the cache, an
 * entry edited with its hash recomputed is a miss; without one, the plain sha-256 catches only
 * corruption, which the README states as "the cache is trusted".
 */
import { createHash, createHmac } from 'node:crypto';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileResultStore } from '../../src/core/cache/store.js';

const KEY = 'ab'.repeat(32);

async function fileOf(dir: string): Promise<string> {
  const [shard] = await readdir(dir);
  const [name] = await readdir(join(dir, shard));
  return join(dir, shard, name);
}

describe('the result cache store', () => {
  it('signed: an entry edited with its sha-256 (or even an HMAC under another key) recomputed is a miss; the signed one is a hit', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cache-'));
    const store = new FileResultStore<{ passed: boolean }>(dir, 'the-signing-key');
    await store.put(KEY, { passed: false });
    expect(await store.get(KEY)).toEqual({ passed: false });
    const file = await fileOf(dir);
    const stored = JSON.parse(await readFile(file, 'utf8'));
    expect(Object.keys(stored).sort()).toEqual(['hmac', 'value']);

    const forged = JSON.stringify({ passed: true });
    await writeFile(file, JSON.stringify({ sha256: createHash('sha256').update(forged).digest('hex'), value: { passed: true } }));
    expect(await store.get(KEY)).toBeUndefined();
    await writeFile(file, JSON.stringify({ hmac: createHmac('sha256', 'a-guessed-key').update(forged).digest('hex'), value: { passed: true } }));
    expect(await store.get(KEY)).toBeUndefined();
    await writeFile(file, JSON.stringify({ hmac: stored.hmac, value: { passed: true } }));
    expect(await store.get(KEY)).toBeUndefined();
    // A store under another key, or none, does not take the signed entry either.
    await store.put(KEY, { passed: false });
    expect(await new FileResultStore(dir, 'another-key').get(KEY)).toBeUndefined();
    expect(await new FileResultStore(dir).get(KEY)).toBeUndefined();
  });

  it('unsigned: corruption is a miss, but a forged entry with its sha-256 recomputed is trusted (the documented limit)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cache-'));
    const store = new FileResultStore<{ passed: boolean }>(dir);
    await store.put(KEY, { passed: false });
    const file = await fileOf(dir);
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace('false', 'true'));
    expect(await store.get(KEY)).toBeUndefined();
    const forged = JSON.stringify({ passed: true });
    await writeFile(file, JSON.stringify({ sha256: createHash('sha256').update(forged).digest('hex'), value: { passed: true } }));
    expect(await store.get(KEY)).toEqual({ passed: true });
  });
});
