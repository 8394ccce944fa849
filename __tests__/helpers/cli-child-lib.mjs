// cli-child-lib.mjs: the CLI as users run it (lib/cli-bundle/, no tsx), for tests that measure the
// process itself: tsx's on-the-fly transpiling holds memory of its own (about 200 MB more peak RSS
// on Node 24), which is not the CLI's. On exit it reports the process's peak resident set size.
const { main } = await import('../../lib/cli-bundle/main.js');

process.on('exit', () => {
  process.stderr.write(`\nmcp-evals-test peak-rss-kb=${process.resourceUsage().maxRSS}\n`);
});
process.exitCode = await main(process.argv.slice(2));
