#!/usr/bin/env node
// Bundles the compiled CLI (lib/, tsc's output) into lib/cli-bundle/: what bin/mcp-evals.js runs.
// Loading ~250 separate ES modules cost a conformance run about 0.4 s of its 1.6 s CPU (resolving,
// reading and linking each file); one bundle, split only where the code imports on demand (each
// command, the tokenizer, the report's HTML), starts in about half that. Run by `npm run build`.
// Not minified: a user's stack trace should stay readable, and minifying saved ~5% of start-up.
//
//   node src/cli/bundle.mjs
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const outdir = join(root, 'lib', 'cli-bundle');

await rm(outdir, { recursive: true, force: true });
const { outputFiles } = await build({
  entryPoints: [join(root, 'lib', 'cli', 'main.js')],
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  logLevel: 'warning',
  write: false,
  // CommonJS dependencies (ajv, undici, yaml) call require(); an ES module has none of its own.
  banner: { js: "import { createRequire as __mcpEvalsCreateRequire } from 'node:module';\nconst require = __mcpEvalsCreateRequire(import.meta.url);" },
});
// esbuild writes code as ASCII (charset: 'ascii') but keeps comments as they are, and one curly quote
// in a comment makes V8 hold the whole chunk as a two-byte string, decoded on the slow path: undici's
// megabyte cost ~15 ms more CPU to load. Outside comments there is nothing left to escape.
await mkdir(outdir, { recursive: true });
for (const file of outputFiles) await writeFile(file.path, file.text.replace(/[^\0-\x7f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`));
