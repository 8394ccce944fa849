#!/usr/bin/env node
// Builds the action's one bundle with esbuild (ESM, minified, names kept for readable stacks):
//   src/action/index.ts → <out>/index.js (what every run parses: the cold path), the chunks it
//   imports on demand (layers 1–3, the precompiled validators, the @actions artifact, cache and
//   GitHub clients of src/action/toolkit.ts) and licenses.txt                    (action.yml)
//   <out>/layer0/index.js: a two-line entry that imports the same bundle (layer0/action.yml)
// Usage: node src/action/bundle.mjs [out, default dist]
//
// esbuild rather than ncc: ncc (webpack) cannot split one module out of a package, and
// @actions/core imports its OIDC client (@actions/http-client and its copy of undici, ~430 kB
// minified, ~60 ms of every cold start) for getIDToken alone, which this action never calls before
// the server under test has started. `lazyOidc` below leaves that one import behind a dynamic import.
//
// No package.json is written next to the bundles: the repository's own ("type": "module", the
// version) must be the first one src/core/paths.ts finds walking up from dist/, so that
// toolVersion() reads the real version and schemasDir() finds schemas/ at the root of the checkout.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const out = resolve(process.argv[2] ?? join(root, 'dist'));

/**
 * @actions/core's `import { OidcClient } from './oidc-utils.js'`, answered by a class that imports the
 * real one when getIDToken is called. The stand-in has a relative name: an absolute path would end up
 * in the chunk hashes, and dist/ would differ between checkouts.
 */
const lazyOidc = {
  name: 'lazy-oidc',
  setup(builder) {
    builder.onResolve({ filter: /^\.\/oidc-utils\.js$/ }, (args) =>
      /[\\/]@actions[\\/]core[\\/]lib[\\/]core\.js$/.test(args.importer) ? { path: '@actions/core/lib/oidc-utils.js', namespace: 'lazy-oidc', pluginData: { dir: dirname(args.importer) } } : undefined,
    );
    builder.onLoad({ filter: /.*/, namespace: 'lazy-oidc' }, (args) => ({
      contents: "export class OidcClient {\n  static async getIDToken(audience) {\n    const { OidcClient } = await import('./oidc-utils.js');\n    return OidcClient.getIDToken(audience);\n  }\n}\n",
      resolveDir: args.pluginData.dir,
    }));
  },
};

await clean(out);
await clean(join(out, 'layer0'));
const { metafile } = await build({
  entryPoints: { index: join(root, 'src/action/index.ts') },
  absWorkingDir: root,
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  minify: true,
  keepNames: true,
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
  plugins: [lazyOidc],
  // CommonJS dependencies call require(); an ES module has none of its own.
  banner: { js: "import{createRequire as __mcpEvalsCreateRequire}from'node:module';const require=__mcpEvalsCreateRequire(import.meta.url);" },
});
await mkdir(join(out, 'layer0'), { recursive: true });
await writeFile(
  join(out, 'layer0', 'index.js'),
  "// layer0/action.yml's entry: the conformance-only action, from the shared bundle (built by src/action/bundle.mjs).\nimport { runLayer0 } from '../index.js';\n\nawait runLayer0();\n",
);
await writeFile(join(out, 'licenses.txt'), await licenses(Object.keys(metafile.inputs)));
const outputs = Object.entries(metafile.outputs).filter(([name]) => name.endsWith('.js'));
const main = metafile.outputs[join(relative(root, out), 'index.js')];
process.stdout.write(`src/action/index.ts → ${join(out, 'index.js')} (${Math.round((main?.bytes ?? 0) / 1024)} kB, ${outputs.length - 1} chunks) + layer0/index.js\n`);

/** The license of every package the bundle holds code of (name, version, license, its license file), sorted by name. */
async function licenses(inputs) {
  const packages = new Map();
  for (const input of inputs) {
    // Inputs are relative to root, or absolute behind a plugin's namespace ("lazy-oidc:/…").
    const match = /^(.*node_modules[\\/](?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(input.replace(/^[a-z-]+:/, ''));
    if (match) packages.set(resolve(root, match[1]), undefined);
  }
  const entries = [];
  for (const dir of packages.keys()) {
    const manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'));
    const files = (await readdir(dir)).filter((name) => /^(licen[cs]e|copying|notice)/i.test(name)).sort();
    const texts = await Promise.all(files.map((name) => readFile(join(dir, name), 'utf8')));
    entries.push({ key: `${manifest.name}@${manifest.version}`, text: `${manifest.name} ${manifest.version}\n${manifest.license ?? 'UNKNOWN'}\n${texts.join('\n').trim()}\n` });
  }
  const unique = new Map(entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map((entry) => [entry.key, entry.text]));
  return [...unique.values()].join('\n');
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
