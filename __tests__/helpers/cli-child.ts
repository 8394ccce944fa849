// cli-child.ts: the CLI's source entry point for tests that must run it in a child process (under
// tsx): a server that could pin the CPU or exhaust the heap must not take the test runner with it.
// On exit it reports the process's peak resident set size on stderr.
import { main } from '../../src/cli/main.js';

process.on('exit', () => {
  process.stderr.write(`\nmcp-evals-test peak-rss-kb=${process.resourceUsage().maxRSS}\n`);
});
process.exitCode = await main(process.argv.slice(2));
