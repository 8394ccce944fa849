#!/usr/bin/env node
// The CLI runs from lib/cli-bundle/ (src/ compiled, then bundled), which `npm ci` builds in a clone
// (the prepare script).
// A reader that stops early (`mcp-evals checks | head`) closes the pipe: stop quietly, as Unix tools do.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error?.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
}
let main;
try {
  ({ main } = await import('../lib/cli-bundle/main.js'));
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('lib/cli-bundle/main.js')) throw error;
  console.error('mcp-evals: lib/ is not built: run `npm ci` (it builds) or `npm run build` in this checkout.');
  process.exit(3);
}
process.exitCode = await main(process.argv.slice(2));
