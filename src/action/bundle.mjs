#!/usr/bin/env node
// Builds the action's one bundle with @vercel/ncc (ESM, minified; ncc compiles the TypeScript itself):
//   src/action/index.ts → <out>/index.js, its lazily loaded chunks (src/action/toolkit.ts: the
//   @actions artifact, cache and GitHub clients, loaded only when a run needs them) and licenses.txt
//                                                                       (action.yml)
//   <out>/layer0/index.js: a two-line entry that imports the same bundle (layer0/action.yml)
// Usage: node src/action/bundle.mjs [out, default dist]
//
// ncc's CLI also writes a package.json ({"type": "module"}) next to each bundle. It is left out on
// purpose: the repository's own package.json ("type": "module", the version) must be the first one
// src/core/paths.ts finds walking up from dist/, so that toolVersion() reads the real version and
// schemasDir() finds schemas/ at the root of the action's checkout.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ncc from '@vercel/ncc';
import { transform } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const out = resolve(process.argv[2] ?? join(root, 'dist'));

const { code, assets } = await ncc(join(root, 'src/action/index.ts'), {
  target: 'es2022',
  minify: true,
  sourceMap: false,
  cache: false,
  license: 'licenses.txt',
  quiet: true,
});
await clean(out);
await clean(join(out, 'layer0'));
await mkdir(join(out, 'layer0'), { recursive: true });
await writeFile(join(out, 'index.js'), code);
for (const [name, asset] of Object.entries(assets)) {
  if (name === 'package.json') continue;
  await mkdir(dirname(join(out, name)), { recursive: true });
  // ncc minifies the entry only; its chunks are minified here (ESM, names kept for readable stacks).
  const source = name.endsWith('.js') ? (await transform(String(asset.source), { format: 'esm', minify: true, keepNames: true, charset: 'utf8', target: 'es2022' })).code : asset.source;
  await writeFile(join(out, name), source);
}
await writeFile(
  join(out, 'layer0', 'index.js'),
  "// layer0/action.yml's entry: the conformance-only action, from the shared bundle (built by src/action/bundle.mjs).\nimport { runLayer0 } from '../index.js';\n\nawait runLayer0();\n",
);
process.stdout.write(`src/action/index.ts → ${join(out, 'index.js')} (${Math.round(Buffer.byteLength(code) / 1024)} kB, ${Object.keys(assets).length} assets) + layer0/index.js\n`);

/** Removes what an earlier build left (bundles, chunks, licenses), keeping anything else and the nested bundle folders. */
async function clean(dir) {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.isFile() && (/\.(c|m)?js$/.test(entry.name) || entry.name === 'licenses.txt' || entry.name === 'package.json')) await rm(join(dir, entry.name));
  }
}
