import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { runBuilder } from '../../core/daemon/otlp-runs.js';
import { DAEMON_JUDGE_TIMEOUT_MS, loadServeConfig } from '../../core/daemon/serve-config.js';
import { DEFAULT_MAX_BODY_BYTES, startDaemon } from '../../core/daemon/server.js';
import { ConfigurationError } from '../../core/errors.js';
import { EXIT } from '../../core/exit-codes.js';
import { createJudgeScorer } from '../../core/scorers/judge.js';
import { secretsFromEnv } from '../../core/scorers/secrets.js';
import { parseFlags, positiveInteger } from '../args.js';
import type { Output } from '../output.js';

const DEFAULT_CONFIG = 'mcp-evals.yml';

const HELP = `mcp-evals serve — the regression loop as a daemon: OTLP traces in, datasets, scoring, experiments

Usage:
  mcp-evals serve [--port 4317] [--host 127.0.0.1] [--db .mcp-evals/mcpd.sqlite]
                  [--request-timeout-seconds 30] [--quota-per-minute N] [--token-env NAME]
                  [--config mcp-evals.yml] [--max-body-mb 16]

  --port N                     the port (0: any free one; the URL is printed)
  --host H                     the address to bind (default 127.0.0.1); anything but loopback
                               needs --token-env
  --db FILE                    the SQLite database (created, WAL mode, migrated on start)
  --request-timeout-seconds S  a request's deadline: POST /v1/api/score refuses (400) more judge
                               calls than fit it at the judge's timeout each (default 30)
  --quota-per-minute N         at most N scores stored per project per minute (default: no limit)
  --token-env NAME             every request must send \`Authorization: Bearer $NAME\`
  --config FILE                the judge (\`judge:\`), prices (\`pricing:\`) and secrets: an
                               mcp-evals.yml, or a daemon-only file with just those sections
                               (default mcp-evals.yml when it exists)
  --max-body-mb N              the largest request body, before and after gzip (default ${DEFAULT_MAX_BODY_BYTES / 1024 / 1024})

Endpoints (docs/daemon.md): POST /v1/traces (OTLP/HTTP JSON or protobuf, gzip),
GET /v1/api/runs, POST /v1/api/datasets/{name}/capture, GET /v1/api/datasets/{name}[/export],
GET /v1/api/scorers, POST /v1/api/score, POST /v1/api/experiments,
GET /v1/api/experiments/compare?baseline=A&candidate=B, and a page of recent runs at /.

Runs until SIGINT or SIGTERM. Exit codes: 0 stopped, 2 usage or configuration error.`;

/** `mcp-evals serve`. */
export async function serveCommand(argv: string[], out: Output): Promise<number> {
  const { values } = parseFlags(argv, {
    port: { type: 'string' },
    host: { type: 'string' },
    db: { type: 'string' },
    'request-timeout-seconds': { type: 'string' },
    'quota-per-minute': { type: 'string' },
    'token-env': { type: 'string' },
    config: { type: 'string' },
    'max-body-mb': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    out.stdout(HELP);
    return EXIT.ok;
  }
  const host = values.host ?? '127.0.0.1';
  const port = values.port === undefined ? 4317 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigurationError(`--port must be a port number (0-65535), got "${values.port}"`);
  let token: string | undefined;
  if (values['token-env'] !== undefined) {
    token = process.env[values['token-env']];
    if (!token) throw new ConfigurationError(`--token-env ${values['token-env']}: that environment variable is not set (or empty)`);
  } else if (!isLoopback(host)) {
    throw new ConfigurationError(`--host ${host} is not a loopback address: binding there needs a bearer token (--token-env NAME)`);
  }
  const requestTimeoutMs = positiveInteger(values['request-timeout-seconds'], '--request-timeout-seconds', 30) * 1000;
  const quota = values['quota-per-minute'] === undefined ? undefined : positiveInteger(values['quota-per-minute'], '--quota-per-minute', 1);
  const maxBodyBytes = positiveInteger(values['max-body-mb'], '--max-body-mb', DEFAULT_MAX_BODY_BYTES / 1024 / 1024) * 1024 * 1024;
  const configFile = values.config ?? (existsSync(DEFAULT_CONFIG) ? DEFAULT_CONFIG : undefined);
  const config = configFile === undefined ? { pricing: {} } : await loadServeConfig(resolve(configFile), process.env);
  const judgeConfig = config.judge;
  const judge = judgeConfig ? createJudgeScorer(judgeConfig, config.judgeApiKey) : undefined;

  const dbPath = resolve(values.db ?? '.mcp-evals/mcpd.sqlite');
  let SqliteStore: typeof import('../../core/daemon/store.js').SqliteStore;
  const restoreWarnings = quietSqliteWarning();
  try {
    ({ SqliteStore } = await import('../../core/daemon/store.js'));
  } catch (error) {
    // node:sqlite is built in from Node 22.13 (earlier 22.x only behind --experimental-sqlite).
    if ((error as NodeJS.ErrnoException).code !== 'ERR_UNKNOWN_BUILTIN_MODULE') throw error;
    out.stderr(`mcp-evals serve: needs Node 22.13 or later (node:sqlite); this is Node ${process.versions.node}`);
    return EXIT.couldNotEvaluate;
  } finally {
    restoreWarnings();
  }
  // Model spans without a stated cost are priced from the CLI's table, with the config's `pricing:` over it.
  const store = new SqliteStore(dbPath, { buildRuns: runBuilder(config.pricing) });
  let daemon;
  try {
    daemon = await startDaemon({
      store,
      host,
      port,
      ...(token ? { token } : {}),
      requestTimeoutMs,
      ...(quota !== undefined ? { quotaPerMinute: quota } : {}),
      ...(judge ? { judge } : {}),
      judgeTimeoutMs: judgeConfig?.timeout_ms ?? DAEMON_JUDGE_TIMEOUT_MS,
      context: config.full ? { secrets: secretsFromEnv(config.full, process.env) } : { secrets: config.judgeApiKey ? [config.judgeApiKey] : [] },
      maxBodyBytes,
      onInternalError: (error) => out.stderr(`mcp-evals serve: internal error (a bug; please report it): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
    });
  } catch (error) {
    store.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') throw new ConfigurationError(`cannot listen on ${host}:${port}: ${(error as Error).message}`);
    throw error;
  }
  out.stdout(`mcp-evals serve: listening on ${daemon.url} (database ${dbPath}${judge ? `, judge ${judge.model}` : ', no judge configured'}${token ? ', bearer token required' : ''})`);
  await new Promise<void>((done) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      done();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await daemon.close();
  store.close();
  out.stdout('mcp-evals serve: stopped');
  return EXIT.ok;
}

export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  if (bare === 'localhost' || bare === '::1') return true;
  return isIP(bare) === 4 && bare.startsWith('127.');
}

/**
 * Node 22 and 24 print "ExperimentalWarning: SQLite is an experimental feature" when node:sqlite
 * loads: noise in front of the daemon's first line that its user can do nothing about (the
 * store's SQL is plain and tested on both). Only that warning, only while the store loads.
 */
function quietSqliteWarning(): () => void {
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const type = typeof rest[0] === 'string' ? rest[0] : (rest[0] as { type?: string } | undefined)?.type;
    if (type === 'ExperimentalWarning' && String(warning).includes('SQLite')) return;
    (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  return () => {
    process.emitWarning = emitWarning;
  };
}
