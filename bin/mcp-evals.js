#!/usr/bin/env node
// The CLI runs from lib/cli-bundle/ (src/ compiled, then bundled), which `npm ci` builds in a clone
// (the prepare script).
import { setFlagsFromString } from 'node:v8';

// One line instead of a crash deep in a dependency: the CLI is built and tested for Node 22+. An
// older Node is told so and still tried (Node 20 mostly works), so a CI image that lags is not
// stopped before it can upgrade.
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.error(`mcp-evals: needs Node.js 22 or later; this is Node.js ${process.versions.node} (past its end of life, untested): upgrade if anything fails.`);
}

// A reader that stops early (`mcp-evals checks | head`) closes the pipe: stop quietly, as Unix tools do.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error?.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
}
// undici parses HTTP with llhttp compiled to WebAssembly, and V8 re-compiles its parser with TurboFan
// on background threads once it runs hot: ~0.1 s of CPU on Node 22 for a conformance run's few
// hundred small responses, more than the faster code ever saves. The baseline compiler suffices.
// (Node 24 no longer reads this flag once V8 has started: there it changes nothing.)
setFlagsFromString('--liftoff-only');
let main;
try {
  ({ main } = await import('../lib/cli-bundle/main.js'));
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('lib/cli-bundle/main.js')) throw error;
  console.error('mcp-evals: lib/ is not built: run `npm run build` in this checkout (after `npm ci`).');
  process.exit(3);
}
process.exitCode = await main(process.argv.slice(2));
