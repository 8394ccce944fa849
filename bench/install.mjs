#!/usr/bin/env node
// What installing the CLI costs a user (issue 27 item 3), side by side with the package as it was
// published before it shipped its bundle alone: packages installed, seconds, MB on disk. Both
// packages are packed from this checkout (lib/ as built now); "before" is the same tarball with the
// runtime dependencies and `files` of the earlier package.json (git show BEFORE:package.json), so the
// difference is the dependencies alone. Installs go into fresh temporary projects from the npm
// registry with the machine's npm cache (warm after the first round: it measures installing, not
// downloading). Benchmark, not a test.
//
//   npm run build && node bench/install.mjs [--runs 3] [--before c3bb61f]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, before: { type: 'string', default: 'c3bb61f' } } });
const runs = Number(values.runs);

const npm = (args, cwd) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const scratch = mkdtempSync(join(tmpdir(), 'mcp-evals-bench-install-'));

/** Packs this checkout; with `pkgOverride`, repacks it with those package.json fields. */
function pack(name, pkgOverride) {
  const out = mkdtempSync(join(scratch, `${name}-`));
  const [packed] = JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', out], ROOT));
  const tarball = join(out, packed.filename);
  if (!pkgOverride) return tarball;
  execFileSync('tar', ['-xzf', tarball, '-C', out]);
  const file = join(out, 'package', 'package.json');
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), ...pkgOverride }, null, 2));
  rmSync(tarball);
  const [repacked] = JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', out], join(out, 'package')));
  return join(out, repacked.filename);
}

function sizeOf(dir) {
  let bytes = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) if (entry.isFile()) bytes += statSync(join(entry.parentPath, entry.name)).size;
  return bytes;
}

/** Packages under node_modules (every folder with a package.json that names a package). */
function packagesIn(dir) {
  return readdirSync(join(dir, 'node_modules'), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && entry.name === 'package.json' && /node_modules\/(@[^/]+\/)?[^/@]+$/.test(entry.parentPath)).length;
}

function install(tarball) {
  const dir = mkdtempSync(join(scratch, 'project-'));
  writeFileSync(join(dir, 'package.json'), '{"name":"user-project","version":"1.0.0","private":true}');
  const start = process.hrtime.bigint();
  npm(['install', '--no-audit', '--no-fund', '--ignore-scripts', '--prefer-offline', tarball], dir);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const result = { seconds, packages: packagesIn(dir), mb: sizeOf(join(dir, 'node_modules')) / 1e6 };
  rmSync(dir, { recursive: true, force: true });
  return result;
}

const before = JSON.parse(execFileSync('git', ['show', `${values.before}:package.json`], { cwd: ROOT, encoding: 'utf8' }));
const tarballs = {
  [`before (${values.before}: ${Object.keys(before.dependencies ?? {}).length} runtime dependencies)`]: pack('before', { dependencies: before.dependencies, files: before.files }),
  'now (the bundle alone)': pack('now'),
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = Object.entries(tarballs).map(([label, tarball]) => {
  install(tarball); // warms the npm cache: later rounds measure installing, not downloading
  const results = Array.from({ length: runs }, () => install(tarball));
  return { label, seconds: median(results.map((r) => r.seconds)), packages: results[0].packages, mb: results[0].mb };
});
rmSync(scratch, { recursive: true, force: true });
console.log(`npm install of the CLI into a new project, median of ${runs} (warm npm cache), node ${process.version}`);
for (const row of rows) console.log(`${row.label.padEnd(52)} ${String(row.packages).padStart(4)} packages  ${row.seconds.toFixed(1).padStart(5)} s  ${row.mb.toFixed(1).padStart(6)} MB`);
const [old, now] = rows;
console.log(`ratio: ${(old.packages / now.packages).toFixed(0)}× fewer packages, ${(old.seconds / now.seconds).toFixed(1)}× faster, ${(old.mb / now.mb).toFixed(1)}× less disk`);
