#!/usr/bin/env node
// Bundle size and cold start of the action, side by side with Node's own start-up, as ratios.
//
// Cold start: from spawning `node dist/layer0/index.js` (as the runner does, inputs in INPUT_*)
// to the first request the server under test receives. The server is a few lines that note the
// time of its first stdin byte and then exit, so nothing after that moment is measured.
// What that path parses is dist/index.js alone: the layers 1–3 and the HTTP client (src/core/on-demand.ts),
// the precompiled validators (loaded while the server starts) and the @actions toolkit are lazy chunks.
// Usage: node bench/action-start.mjs [--runs 15] [--node PATH]   (PATH: e.g. a Node 24 binary)
//        npm run bench:action   (rebuilds dist/, then this and bench/action-matrix-cache.mjs)
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const runs = Number(option('--runs', '15'));
const node = option('--node', process.execPath);

function sizeOf(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  return total;
}

const work = mkdtempSync(join(tmpdir(), 'mcp-evals-action-start-'));
const server = join(work, 'server.mjs');
const mark = join(work, 'first-request');
writeFileSync(server, `import { writeFileSync } from 'node:fs';\nprocess.stdin.once('data', () => { writeFileSync(${JSON.stringify(mark)}, String(performance.timeOrigin + performance.now())); process.exit(0); });\n`);

function once() {
  rmSync(mark, { force: true });
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    GITHUB_WORKSPACE: work,
    GITHUB_STEP_SUMMARY: join(work, 'summary.md'),
    GITHUB_OUTPUT: join(work, 'output'),
    'INPUT_SERVER-COMMAND': `${node} ${server}`,
    'INPUT_REPORT-DIR': join(work, 'report'),
    INPUT_ANNOTATIONS: 'false',
  };
  writeFileSync(env.GITHUB_OUTPUT, '');
  const started = performance.timeOrigin + performance.now();
  return new Promise((done) => {
    const child = spawn(node, [join(root, 'dist', 'layer0', 'index.js')], { cwd: work, env, stdio: 'ignore' });
    const poll = setInterval(() => {
      try {
        const at = Number(readFileSync(mark, 'utf8'));
        clearInterval(poll);
        child.kill('SIGKILL');
        done(at - started);
      } catch {}
    }, 2);
    child.on('exit', () => setTimeout(() => { clearInterval(poll); done(Number.NaN); }, 50));
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
function nodeAlone() {
  const samples = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    spawnSync(node, ['-e', '0']);
    samples.push(performance.now() - started);
  }
  return median(samples);
}

const samples = [];
for (let i = 0; i < runs; i += 1) samples.push(await once());
const measured = samples.filter(Number.isFinite);
const bare = nodeAlone();
const dist = sizeOf(join(root, 'dist'));
const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
console.log(`node ${version}, ${runs} runs each (medians)`);
console.log(`dist/ size:                     ${(dist / 1024 / 1024).toFixed(2)} MB (target under 8 MB)`);
console.log(`node -e 0:                      ${bare.toFixed(0)} ms`);
console.log(`action start → first request:   ${measured.length ? median(measured).toFixed(0) : 'n/a'} ms (${measured.length ? (median(measured) / bare).toFixed(1) : '?'}× node -e 0; target under 300 ms)`);
rmSync(work, { recursive: true, force: true });
