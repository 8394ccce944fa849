import { ConfigurationError } from '../core/errors.js';
import { toolVersion } from '../core/version.js';

import { EXIT } from '../core/exit-codes.js';
import { AMBIENT_SECRET_ENV, PROXY_ENV, registerRunSecrets } from '../core/mcp/redact.js';
import { consoleOutput, guarded, type Output } from './output.js';
import { didYouMean } from './suggest.js';

const USAGE = `mcp-evals — conformance and behaviour evals for MCP servers

Usage:
  mcp-evals conformance (--url URL | --command "CMD ARGS") [options]
  mcp-evals surface (--url URL | --command "CMD ARGS") [--baseline FILE] [--surface-fail-on changed|warning|error|never]
                                   what a model reads: description smells, confusable tools, token cost, poisoning, silent changes
  mcp-evals run [--config mcp-evals.yml] [--layers 0,1] [--models a,b] [--runs N] [--out DIR] [--shard i/n] [--no-cache]
  mcp-evals merge DIR... --out DIR combine shard reports into one
  mcp-evals baseline accept [--report DIR] [--out .mcp-evals/baseline.json] [--commit SHA] [--force]
                                   approve a run's report as the baseline later runs are gated against
  mcp-evals baseline show [--file FILE]   the baseline's source, age and cases
  mcp-evals init [DIR]             start from the golden template (config, tasks.yaml, rubric, example server)
  mcp-evals doctor [--config mcp-evals.yml]   walk config → server → tools → models → scoring; stop at the first problem
  mcp-evals score [--report DIR] [--scorers a,b] [--traces id,...] [--from TIME] [--limit N] [--dry-run]
                                   score stored runs after the fact
  mcp-evals scorers [--json]       list the built-in scorers with what each needs (needs_config)
  mcp-evals capture --trace ID [--report DIR] [--golden tasks.yaml] [--use-output-as-expected]
                                   turn a run into a golden case (source_trace_id)
  mcp-evals compare BASELINE CANDIDATE [--json] | --daemon URL V1 V2   per-scorer and per-metric deltas of two reports
  mcp-evals serve [--port 4317] [--host 127.0.0.1] [--db FILE] [--token-env NAME]
                                   the loop as a daemon: OTLP traces in, datasets, scoring, experiments over HTTP
  mcp-evals history append|show [--file .mcp-evals/history.jsonl]   pass rates run by run, and trends
  mcp-evals checks                 list every conformance check with its requirements
  mcp-evals docs [--write FILE]    print (or write) docs/conformance.md from the check registry
  mcp-evals --version

Run \`mcp-evals COMMAND --help\` for a command's options.
Exit codes: 0 pass, 1 a check failed or a gate regressed, 2 usage or configuration error,
3 could not evaluate (server or model unreachable, auth, quota, budget exhausted, or an internal error).`;

type Command = (argv: string[], out: Output) => Promise<number>;

/**
 * Each command's module, loaded only when that command runs: `--version` and `--help` load none
 * (no conformance checks, model providers or ajv), and a command loads only its own.
 */
const COMMANDS: Record<string, () => Promise<Command>> = {
  conformance: async () => (await import('./commands/conformance.js')).conformanceCommand,
  surface: async () => (await import('./commands/surface.js')).surfaceCommand,
  run: async () => (await import('./commands/run.js')).runCommand,
  merge: async () => (await import('./commands/merge.js')).mergeCommand,
  init: async () => (await import('./commands/init.js')).initCommand,
  baseline: async () => (await import('./commands/baseline.js')).baselineCommand,
  score: async () => (await import('./commands/score.js')).scoreCommand,
  scorers: async () => (await import('./commands/scorers.js')).scorersCommand,
  capture: async () => (await import('./commands/capture.js')).captureCommand,
  compare: async () => (await import('./commands/compare.js')).compareCommand,
  serve: async () => (await import('./commands/serve.js')).serveCommand,
  history: async () => (await import('./commands/history.js')).historyCommand,
  checks: async () => (await import('./commands/checks.js')).checksCommand,
  docs: async () => (await import('./commands/docs.js')).docsCommand,
  doctor: async () => (await import('./commands/doctor.js')).doctorCommand,
};

/** The command names, in the order USAGE lists them (tests run `--help` on each). */
export const COMMAND_NAMES = Object.keys(COMMANDS);

/** The whole CLI: returns the exit code instead of exiting, so tests can call it in-process. */
export async function main(argv: string[], out: Output = consoleOutput()): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    out.stdout(USAGE);
    return command === undefined ? EXIT.usage : EXIT.ok;
  }
  if (command === '--version' || command === '-v') {
    out.stdout(toolVersion());
    return EXIT.ok;
  }
  out = guarded(out);
  // The ambient keys, and a proxy's password (a started server inherits the proxy variables).
  registerRunSecrets({ env: process.env, envNames: AMBIENT_SECRET_ENV, urls: PROXY_ENV.map((name) => process.env[name]) });
  const load = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!load) {
    out.stderr(`mcp-evals: unknown command "${command}".${didYouMean(command, COMMAND_NAMES)}\n\n${USAGE}`);
    return EXIT.usage;
  }
  try {
    return await (await load())(rest, out);
  } catch (error) {
    if (error instanceof ConfigurationError) {
      out.stderr(`mcp-evals: ${error.message}`);
      return EXIT.usage;
    }
    out.stderr(`mcp-evals: internal error (a bug; please report it with this trace):\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return EXIT.internal;
  }
}
