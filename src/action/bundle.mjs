#!/usr/bin/env node
// Builds the action's bundles with @vercel/ncc (ESM output; ncc compiles the TypeScript itself):
//   src/action/index.ts  → <out>/index.js          (action.yml)
//   src/action/layer0.ts → <out>/layer0/index.js   (layer0/action.yml)
// plus each bundle's chunks and licenses.txt. Usage: node src/action/bundle.mjs [out, default dist]
//
// ncc's CLI also writes a package.json ({"type": "module"}) next to each bundle. It is left out on
// purpose: the repository's own package.json ("type": "module", the version) must be the first one
// src/core/paths.ts finds walking up from dist/, so that toolVersion() reads the real version and
// schemasDir() finds schemas/ at the root of the action's checkout.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ncc from '@vercel/ncc';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const out = resolve(process.argv[2] ?? join(root, 'dist'));
const bundles = [
  { entry: 'src/action/index.ts', dir: out },
  { entry: 'src/action/layer0.ts', dir: join(out, 'layer0') },
];

for (const { entry, dir } of bundles) {
  const { code, assets } = await ncc(join(root, entry), {
    target: 'es2022',
    minify: false,
    sourceMap: false,
    cache: false,
    license: 'licenses.txt',
    quiet: true,
  });
  await clean(dir);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'index.js'), code);
  for (const [name, asset] of Object.entries(assets)) {
    if (name === 'package.json') continue;
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), asset.source);
  }
  process.stdout.write(`${entry} → ${join(dir, 'index.js')} (${Math.round(Buffer.byteLength(code) / 1024)} kB, ${Object.keys(assets).length} assets)\n`);
}

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
