import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * o200k_base token counts, off the main thread. The tokenizer is megabytes of JavaScript: loading
 * it costs a few hundred milliseconds of CPU, which on the main thread would stall a conformance
 * run's checks (and add that much to the run). A worker thread loads it while the checks run and
 * counts there. Where no worker can load it (a bundle without node_modules, or the worker dies),
 * it loads on this thread instead: the same counts, only slower.
 */

/** Counts each text (special-token text such as "<|endoftext|>" counted as text, never thrown). */
export type CountTokens = ((texts: string[]) => Promise<number[]>) & { readonly where: 'worker' | 'thread' };

const MODULE = 'gpt-tokenizer/encoding/o200k_base';

/** The worker: plain CommonJS, so it runs the same from src (tests), lib/ and anywhere node_modules is. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { countTokens } = require(workerData.path);
const options = { disallowedSpecial: new Set() };
parentPort.on('message', ({ id, texts }) => {
  try {
    parentPort.postMessage({ id, counts: texts.map((text) => countTokens(text, options)) });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

type InThread = (text: string, options: { disallowedSpecial: Set<string> }) => number;

let counter: Promise<CountTokens> | undefined;

/**
 * Starts the tokenizer (once per process) and resolves when counting will not stall this thread:
 * at once with a worker, after loading it here without one. A conformance run calls it first thing.
 */
export function loadTokenizer(): Promise<CountTokens> {
  counter ??= start();
  return counter;
}

async function start(): Promise<CountTokens> {
  const path = workerPath();
  return path ? workerCounter(path) : await inThreadCounter();
}

/** The tokenizer's CommonJS file when it is on disk (not in a bundle, where a worker cannot reach it). */
function workerPath(): string | undefined {
  try {
    const path: unknown = createRequire(import.meta.url).resolve(MODULE);
    return typeof path === 'string' && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

async function inThreadCounter(): Promise<CountTokens> {
  const module = (await import('gpt-tokenizer/encoding/o200k_base')) as { countTokens: InThread };
  const options = { disallowedSpecial: new Set<string>() };
  return Object.assign(async (texts: string[]) => texts.map((text) => module.countTokens(text, options)), { where: 'thread' as const });
}

/** Exported for tests: a path the worker cannot load shows the fallback. */
export function workerCounter(path: string): CountTokens {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { path } });
  const pending = new Map<number, { resolve: (counts: number[]) => void; reject: (error: Error) => void }>();
  let next = 0;
  let failed: Error | undefined;
  // An idle worker must not keep the process alive; one with questions out must.
  worker.unref();
  const settle = () => (pending.size > 0 ? worker.ref() : worker.unref());
  worker.on('message', (message: { id: number; counts?: number[]; error?: string }) => {
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    settle();
    if (message.counts) waiter.resolve(message.counts);
    else waiter.reject(new Error(message.error ?? 'the token counter failed'));
  });
  const fail = (error: Error) => {
    failed = error;
    for (const waiter of pending.values()) waiter.reject(error);
    pending.clear();
    settle();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the token counter exited (${code})`)));
  const fallback = () => inThreadCounter();
  const count = async (texts: string[]): Promise<number[]> => {
    if (failed) return (await fallback())(texts);
    try {
      return await new Promise<number[]>((resolve, reject) => {
        const id = (next += 1);
        pending.set(id, { resolve, reject });
        settle();
        worker.postMessage({ id, texts });
      });
    } catch {
      // The worker could not load the tokenizer or died: count here.
      return (await fallback())(texts);
    }
  };
  return Object.assign(count, { where: 'worker' as const });
}
