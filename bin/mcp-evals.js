#!/usr/bin/env node
// The CLI runs from lib/ (the compiled src/), which `npm ci` builds in a clone (the prepare script).
let main;
try {
  ({ main } = await import('../lib/cli/main.js'));
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('lib/cli/main.js')) throw error;
  console.error('mcp-evals: lib/ is not built: run `npm ci` (it builds) or `npm run build` in this checkout.');
  process.exit(3);
}
process.exitCode = await main(process.argv.slice(2));
