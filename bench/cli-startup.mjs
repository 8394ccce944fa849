// How long the CLI takes to answer --version and --help, side by side with Node starting and
// exiting (`node -e 0`): the figure that matters is the ratio, since machines differ. Commands are
// loaded on demand (src/cli/main.ts), so these should stay within a few Node start-ups.
// Run after `npm run build`: node bench/cli-startup.mjs [runs]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../bin/mcp-evals.js', import.meta.url));
const runs = Number(process.argv[2] ?? 15);
const cases = [
  ['node -e 0', ['-e', '0']],
  ['mcp-evals --version', [bin, '--version']],
  ['mcp-evals --help', [bin, '--help']],
  ['mcp-evals merge --help', [bin, 'merge', '--help']],
  ['mcp-evals conformance --help', [bin, 'conformance', '--help']],
];

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const results = cases.map(([label, args]) => {
  const times = [];
  let status = 0;
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    status = spawnSync(process.execPath, args, { stdio: 'ignore' }).status;
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return { label, ms: median(times), status };
});
const base = results[0].ms;
console.log(`CLI start-up, median of ${runs} runs on node ${process.version}`);
for (const { label, ms, status } of results) console.log(`${label.padEnd(30)} ${ms.toFixed(0).padStart(5)} ms   ${(ms / base).toFixed(2)}× node${status === 0 ? '' : `   (exit ${status})`}`);
