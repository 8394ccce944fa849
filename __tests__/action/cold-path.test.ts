/**
 * Issue 12 item 10: from `node dist/index.js` to the first request at the server under 300 ms. The
 * bundle's main chunk is what every run parses; whatever the action's entry reaches through static
 * imports lands there. A conformance-only run over stdio needs none of layers 1–3, the HTTP client or
 * the megabyte of precompiled validators (loaded while the server starts): those are reached only
 * through `await import(...)` (src/core/on-demand.ts, validators/precompiled.ts, src/action/toolkit.ts),
 * which the bundler turns into lazily loaded chunks. Checked on the module graph (esbuild's metafile
 * of the same entry) and on the committed dist/ (what the runner parses), not on time: the time is
 * bench/action-start.mjs's figure.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
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

/** What no cold start parses before its first request at the server. */
const LAZY = [
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
  // What runs once the server has answered loads while it starts (suite.ts, later.ts).
  // (@actions/http-client is reached here through @actions/core; bundle.mjs cuts that import: see the dist/ test.)
  /^node_modules\/(yaml|re2js)\//,
  /^node_modules\/ajv\/dist\/(2020|core|compile)/,
  /^src\/core\/conformance\/(registry|spec-schemas|tool-schema|linear-regex|context)\.ts$/,
  /^src\/core\/conformance\/checks\//,
  /^src\/core\/surface\/(analyze|smells|confusable|poisoning|cost)\.ts$/,
  /^src\/core\/report\/(write|html|pr-comment|markdown|schema)\.ts$/,
  /^src\/core\/gate\/(compare|baseline)\.ts$/,
  /^src\/core\/(config\/load|golden\/yaml-source)\.ts$/,
];

describe("the action's cold path (the bundle's main chunk)", () => {
  it('holds no code of layers 1–3, no HTTP client and no precompiled validators', async () => {
    const reached = await staticClosure('src/action/index.ts');
    expect(reached).toContain('src/core/conformance/runner.ts');
    expect(reached).toContain('src/core/mcp/stdio-transport.ts');
    expect(reached.filter((path) => LAZY.some((pattern) => pattern.test(path)))).toEqual([]);
  });

  it('is so in the committed dist/: index.js and the chunks it imports statically hold none of the lazy libraries', async () => {
    const dist = join(REPO_ROOT, 'dist');
    const read = (file: string) => readFile(join(dist, file), 'utf8');
    const closure = new Map<string, string>();
    const queue = ['index.js'];
    while (queue.length > 0) {
      const file = queue.shift()!;
      if (closure.has(file)) continue;
      const text = await read(file);
      closure.set(file, text);
      // Static imports only (`import{a as b}from"./chunk-X.js"`); `import("./x.js")` is a lazy chunk.
      for (const match of text.matchAll(/(?:^|[;}\n])\s*import\s*(?:[\w${},\s*]+?\s*from\s*)?["']\.\/([\w.-]+\.js)["']/g)) queue.push(match[1]);
    }
    expect(closure.size).toBeGreaterThan(1);
    const everything = (await Promise.all((await readdir(dist)).filter((file) => file.endsWith('.js')).map(read))).join('\n');
    // Names esbuild keeps (keepNames) for a class or function of each: present in dist/, absent from its cold path.
    const markers = { re2js: '"RE2Flags"', yaml: '"YAMLParseError"', ajv: '"Ajv2020"', '@actions/http-client': '"HttpClient"', 'report.html': '"renderHtmlReport"', checks: '"SpecSchemas"' };
    for (const [what, marker] of Object.entries(markers)) {
      expect(everything, `${what} is in dist/ at all`).toContain(marker);
      expect([...closure].filter(([, text]) => text.includes(marker)).map(([file]) => file), `${what} on the cold path`).toEqual([]);
    }
  });
});

describe("the CLI's conformance command (its chunk of lib/cli-bundle)", () => {
  it('reaches the runner and the transports, and nothing that can wait for the server (the checks load while it starts)', async () => {
    const reached = await staticClosure('src/cli/commands/conformance.ts');
    expect(reached).toContain('src/core/conformance/runner.ts');
    expect(reached).toContain('src/core/mcp/stdio-transport.ts');
    expect(reached.filter((path) => LAZY.some((pattern) => pattern.test(path)))).toEqual([]);
  });
});
