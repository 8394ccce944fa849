/**
 * Issue 12 item 10: from `node dist/index.js` to the first request at the server under 300 ms. The
 * bundle's main chunk is what every run parses; whatever the action's entry reaches through static
 * imports lands there. A conformance-only run over stdio needs none of layers 1–3, the HTTP client or
 * the megabyte of precompiled validators (loaded while the server starts): those are reached only
 * through `await import(...)` (src/core/on-demand.ts, validators/precompiled.ts, src/action/toolkit.ts),
 * which the bundler turns into lazily loaded chunks. Checked on the module graph (esbuild's metafile
 * of the same entry), not on time.
 */
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './harness.js';

/** Every input the entry reaches through static imports (type-only imports are gone by then). */
async function staticClosure(entry: string): Promise<string[]> {
  const { metafile } = await build({ entryPoints: [entry], absWorkingDir: REPO_ROOT, bundle: true, platform: 'node', format: 'esm', splitting: true, outdir: 'out/cold-path', write: false, metafile: true, logLevel: 'silent' });
  const reached = new Set([entry]);
  const queue = [entry];
  while (queue.length > 0) {
    for (const imported of metafile.inputs[queue.shift()!]?.imports ?? []) {
      if (imported.kind === 'dynamic-import' || imported.external || reached.has(imported.path)) continue;
      reached.add(imported.path);
      queue.push(imported.path);
    }
  }
  return [...reached];
}

describe("the action's cold path (the bundle's main chunk)", () => {
  it('holds no code of layers 1–3, no HTTP client and no precompiled validators', async () => {
    const reached = await staticClosure('src/action/index.ts');
    expect(reached).toContain('src/core/conformance/runner.ts');
    expect(reached).toContain('src/core/mcp/stdio-transport.ts');
    const lazy = [
      /^src\/core\/(models|scorers|agent)\//,
      // Layer 0 keeps the fault names the config loader checks and the payload catalog the surface analysis reads.
      /^src\/core\/faults\/(?!validate\.ts$)/,
      /^src\/core\/injection\/(?!payloads\.ts$)/,
      /^src\/core\/stats\/run-record\.ts$/,
      /^src\/core\/evals\/(behaviour|upper-layers|aggregate)\.ts$/,
      /^src\/core\/telemetry\/(export|summary|trace-context)\.ts$/,
      /^src\/core\/mcp\/http-transport\.ts$/,
      /^src\/core\/validators\/standalone\.ts$/,
      /^node_modules\/undici\//,
      /^node_modules\/(gpt-tokenizer|apache-arrow|@actions\/(artifact|cache|github))\//,
    ];
    expect(reached.filter((path) => lazy.some((pattern) => pattern.test(path)))).toEqual([]);
  });
});
