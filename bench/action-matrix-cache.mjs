#!/usr/bin/env node
// The matrix cache figures: a 2 models × 2 shards matrix run twice with the bundled action
// (dist/index.js, as the runner runs it) against the fake Actions cache service and a scripted
// model (the fixtures of __tests__/action/matrix-cache.test.ts, __tests__/action/matrix-fixture.ts).
// Per cell: model calls and wall time on run 1 (fresh) and run 2 (each cell restores its own
// entry). Run 2 should make 0 model calls in every cell; exit 1 when it does not.
//
//   npm run bench:action   (rebuilds dist/, then prints the cold start and these figures)
//   node --import tsx bench/action-matrix-cache.mjs [--entry dist/index.js] [--node PATH]
//
// tsx is needed for the TypeScript fixtures, not for the action: the action runs from the bundle,
// under this node or PATH (e.g. a Node 24 binary, the action's runtime).
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const entry = option('--entry', 'dist/index.js');
// The harness reads the action's node when it loads.
if (args.includes('--node')) process.env.MCP_EVALS_ACTION_NODE = option('--node');
const { ACTION_NODE } = await import('../__tests__/action/harness.ts');
const { CELLS, startMatrix } = await import('../__tests__/action/matrix-fixture.ts');
const matrix = await startMatrix();
const rows = [];
let failed = false;
try {
  for (const [run, runId] of [[1, '600'], [2, '601']]) {
    for (const { model, shard } of CELLS) {
      const { result, calls, wallMs } = await matrix.cell(entry, model, shard, runId);
      if (result.code !== 0) {
        console.error(`${model} shard ${shard}, run ${run}: the action exited ${result.code}\n${result.stdout}\n${result.stderr}`);
        failed = true;
      }
      rows.push({ run, model, shard, calls, wallMs });
    }
  }
} finally {
  await matrix.close();
}

const version = spawnSync(ACTION_NODE, ['--version'], { encoding: 'utf8' }).stdout.trim();
console.log(`matrix cache: ${entry} on node ${version}, 2 models × 2 shards × 4 cases × 2 runs each, run twice`);
console.log('cell                 run 1: calls   wall   run 2: calls   wall');
for (const { model, shard } of CELLS) {
  const [first, second] = [1, 2].map((run) => rows.find((row) => row.run === run && row.model === model && row.shard === shard));
  console.log(`${`${model} ${shard}`.padEnd(20)} ${String(first.calls).padStart(12)} ${`${first.wallMs.toFixed(0)} ms`.padStart(8)} ${String(second.calls).padStart(14)} ${`${second.wallMs.toFixed(0)} ms`.padStart(8)}`);
}
const total = (run, key) => rows.filter((row) => row.run === run).reduce((sum, row) => sum + row[key], 0);
console.log(`${'all cells'.padEnd(20)} ${String(total(1, 'calls')).padStart(12)} ${`${total(1, 'wallMs').toFixed(0)} ms`.padStart(8)} ${String(total(2, 'calls')).padStart(14)} ${`${total(2, 'wallMs').toFixed(0)} ms`.padStart(8)}   (run 2 / run 1 wall: ${(total(2, 'wallMs') / total(1, 'wallMs')).toFixed(2)}×)`);
if (total(2, 'calls') !== 0) {
  console.error('run 2 made model calls: a cell did not restore its own cache entry');
  failed = true;
}
process.exitCode = failed ? 1 : 0;
