#!/usr/bin/env node
// Benchmark (not a test): what does a full conformance run of mcp-evals cost next to the
// official MCP conformance suite, against the same server, on the same machine? Two servers: the
// example server (correct), and the reference fixture whose tools/call never answers.
//
//   npm run bench                      (builds, then runs this with the defaults)
//   node bench/conformance.mjs [--runs N] [--warmup N] [--timeout-s S]
//                              [--official-version V] [--ours-node PATH] [--no-gnu-time]
//                              [--no-build] [--keep]
//
//   --runs N               timed runs of each tool (default 5), interleaved ours/official
//   --warmup N             untimed runs of each tool first (default 1): the first run of each
//                          pays for cold disk caches, which is not what a CI user sees twice
//   --timeout-s S          kill a single run after S seconds (default 300)
//   --official-version V   @modelcontextprotocol/conformance version (default 0.2.0-alpha.12: the first with --requirements 2026-07-28)
//   --ours-node PATH       node binary for mcp-evals (default: the one running this script),
//                          e.g. bench/.cache/<dir>/node_modules/.bin/node to compare on Node 22
//   --no-gnu-time          measure CPU/RSS with the in-process hook even if /usr/bin/time exists
//   --no-build             measure lib/ as it is, even if src/ is newer or does not compile
//   --keep                 keep the temporary folder (logs, reports) and print where it is
//   --scenario KEY         only this server: example or hang (default: both)
//   --server "CMD"         instead, a server nobody here wrote: CMD starts it over HTTP, with {port}
//                          replaced by a free port (and PORT set to it), e.g.
//                          --server "node .../server-everything/dist/index.js streamableHttp"
//   --server-path P        its MCP endpoint's path (default /mcp)
//   --server-title T       what to call it in the output (default: the command)
//
// Exit codes: 0 the benchmark ran (whatever either tool said about the server); 1 it could not
// run (setup, build, install, server start, a tool crashed or hung); 2 bad flags.
//
// The official suite needs Node 22+, and this project runs on Node 20, so the script installs
// the npm packages `node` (a real Node binary) and the suite into bench/.cache/ once, and runs
// the suite with that binary. Only the npm registry is needed.

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, closeSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import os from 'node:os';
import { dirname, join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SPEC = '2026-07-28';
const OFFICIAL_PKG = '@modelcontextprotocol/conformance';
const NODE22_VERSION = '22.23.3';
// The first build that scores 2026-07-28 (--requirements); npm's `latest` (0.1.16) knows only 2025 revisions.
const DEFAULT_OFFICIAL_VERSION = '0.2.0-alpha.12';
const GNU_TIME = '/usr/bin/time';
const HOOK = join(ROOT, 'bench', 'rusage-hook.mjs');

/** The benchmark itself could not run: exit 1 with this message (never a stack trace). */
class BenchError extends Error {}

// -------------------------------------------------------------------------------------------
// Options
// -------------------------------------------------------------------------------------------

function parseOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      runs: { type: 'string', default: '5' },
      warmup: { type: 'string', default: '1' },
      'timeout-s': { type: 'string', default: '300' },
      'official-version': { type: 'string', default: DEFAULT_OFFICIAL_VERSION },
      'ours-node': { type: 'string', default: process.execPath },
      'no-gnu-time': { type: 'boolean', default: false },
      'no-build': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      scenario: { type: 'string' },
      server: { type: 'string' },
      'server-path': { type: 'string', default: '/mcp' },
      'server-title': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    // The header comment is the manual; print it rather than keep two copies in sync.
    const text = readFileSync(fileURLToPath(import.meta.url), 'utf8');
    const lines = text.split('\n').slice(1);
    console.log(lines.slice(0, lines.findIndex((l) => !l.startsWith('//'))).map((l) => l.slice(3)).join('\n'));
    process.exit(0);
  }
  const int = (name, min) => {
    const n = Number(values[name]);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer >= ${min}, got "${values[name]}"`);
    return n;
  };
  return {
    runs: int('runs', 1),
    warmup: int('warmup', 0),
    timeoutMs: int('timeout-s', 1) * 1000,
    officialVersion: values['official-version'],
    oursNode: values['ours-node'],
    gnuTime: !values['no-gnu-time'],
    build: !values['no-build'],
    keep: values.keep,
    scenario: values.scenario,
    external: values.server === undefined ? undefined : { key: 'external', title: values['server-title'] ?? values.server, command: values.server, path: values['server-path'], extra: [] },
  };
}

// -------------------------------------------------------------------------------------------
// The run
// -------------------------------------------------------------------------------------------

async function main(opts) {
  const meter = pickMeter(opts);
  const built = await ensureBuilt(opts.build);
  const official = await ensureOfficialSuite(opts.officialVersion);
  const selection = await selectOfficialScenarios(official);
  const oursNodeVersion = (await capture(opts.oursNode, ['--version'])).stdout.trim() || '(unknown version)';

  const work = mkdtempSync(join(os.tmpdir(), 'mcp-evals-bench-'));
  cleanup.push(async () => {
    if (opts.keep || process.exitCode) console.error(`bench: logs and reports kept in ${work}`);
    else rmSync(work, { recursive: true, force: true });
  });

  const scenarios = opts.external ? [opts.external] : SCENARIOS.filter((each) => !opts.scenario || each.key === opts.scenario);
  for (const scenario of scenarios) {
    console.log(`=== ${scenario.title} ===`);
    await benchScenario(opts, { meter, built, official, selection, oursNodeVersion, work, scenario });
    console.log('');
  }
}

/**
 * Two servers: the example server (a correct one), and the reference fixture with a tools/call
 * that never answers (issue 11 item 6: a hanging method must cost about one deadline).
 */
const SCENARIOS = [
  { key: 'example', title: 'the example server (golden-template/server)', script: join('golden-template', 'server', 'server.mjs'), extra: [] },
  // A tool that hangs may be killed at the cap (60 s, or --timeout-s if lower): that is a figure here
  // (a lower bound on its wall time), not a failure. The official suite waits 30 s per scenario.
  { key: 'hang', title: 'a server whose tools/call hangs (reference fixture --hang-method=tools/call)', script: join('__tests__', 'fixtures', 'servers', 'reference-server.mjs'), extra: ['--hang-method=tools/call'], allowTimeout: true, capMs: 60_000 },
];

async function benchScenario(opts, { meter, built, official, selection, oursNodeVersion, work, scenario }) {
  // One server, started once and shared by every run of both tools: the tools are what is
  // measured, and a fresh server per run would add its startup to neither figure anyway (it runs
  // outside the measured process) while adding noise. Its own CPU per run is reported separately.
  const server = await startServer(scenario);
  cleanup.push(() => server.stop());

  const tools = [
    {
      key: 'ours',
      label: 'mcp-evals',
      node: opts.oursNode,
      args: (out) => [join(ROOT, 'bin', 'mcp-evals.js'), 'conformance', '--url', server.url, '--out', out],
      okExit: [0, 1], // 1 = a check failed on this server: a result, not a benchmark failure
      parse: parseOurs,
    },
    {
      key: 'official',
      label: 'official',
      node: official.node,
      args: (out) => [official.cli, 'server', '--url', server.url, ...selection.args, '-o', out],
      okExit: [0, 1], // 1 = some scenario failed
      parse: parseOfficial(official),
    },
  ];

  printHeader({ opts, official, selection, oursNodeVersion, server, meter, tools, built });

  const samples = { ours: [], official: [] };
  const total = opts.warmup + opts.runs;
  for (let i = 0; i < total; i++) {
    const timed = i >= opts.warmup;
    // Alternate which tool goes first so that drift in machine load (thermal, other jobs,
    // page cache) lands on both evenly instead of always on the second one.
    const order = i % 2 === 0 ? tools : [...tools].reverse();
    for (const tool of order) {
      const tag = `${tool.key}-${i}`;
      const timeoutMs = Math.min(opts.timeoutMs, scenario.capMs ?? Infinity);
      const sample = await measure(tool, join(work, `${scenario.key}-${tag}`), meter, server, timeoutMs, scenario.allowTimeout);
      const label = timed ? `run ${i - opts.warmup + 1}/${opts.runs}` : `warm-up ${i + 1}/${opts.warmup}`;
      process.stderr.write(`  ${label.padEnd(12)} ${tool.label.padEnd(9)} ${sample.wallS.toFixed(2)} s wall, ${fmtCpu(sample)} CPU\n`);
      if (timed) samples[tool.key].push(sample);
    }
  }
  if (server.exited()) throw new BenchError(`the server exited during the benchmark:\n${server.tail()}`);

  printResults(tools, samples, meter);
  await server.stop();
}

// -------------------------------------------------------------------------------------------
// Setup: build, official suite install, scenario selection, server
// -------------------------------------------------------------------------------------------

/**
 * lib/ is what bin/mcp-evals.js runs; a stale one would benchmark code that is not in src/.
 * Returns a line for the header saying what was measured.
 */
async function ensureBuilt(build) {
  const entry = join(ROOT, 'lib', 'cli', 'main.js');
  const exists = existsSync(entry);
  const stale = !exists || newestMtime(join(ROOT, 'src')) > statSync(entry).mtimeMs;
  if (!build) {
    if (!exists) throw new BenchError('lib/ does not exist: run npm run build (or drop --no-build)');
    return `lib/ as built at ${new Date(statSync(entry).mtimeMs).toISOString()} (--no-build${stale ? '; src/ has newer changes' : ''})`;
  }
  if (!stale) return 'lib/ up to date with src/';
  process.stderr.write('bench: lib/ is missing or older than src/: npm run build\n');
  const res = await capture('npm', ['run', 'build', '--silent'], { cwd: ROOT });
  if (res.code !== 0 || !existsSync(entry)) {
    throw new BenchError(`npm run build failed (exit ${res.code}), so the mcp-evals to measure would not match src/ ` +
      `(--no-build measures lib/ as it is):\n${tail(res.stdout + res.stderr, 30)}`);
  }
  return 'lib/ rebuilt from src/ by this run';
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Installs node@22 and the suite into bench/.cache/<name> once. The folder name carries both
 * versions so that trying another suite version never reuses (or clobbers) a different one.
 */
async function ensureOfficialSuite(version) {
  const prefix = join(ROOT, 'bench', '.cache', `conformance-${version}-node-${NODE22_VERSION}`);
  const node = join(prefix, 'node_modules', '.bin', 'node');
  const pkgDir = join(prefix, 'node_modules', ...OFFICIAL_PKG.split('/'));
  const installed = async () => {
    if (!existsSync(node) || !existsSync(join(pkgDir, 'package.json'))) return false;
    const v = await capture(node, ['--version']).catch(() => ({ code: -1, stdout: '' }));
    const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
    return v.code === 0 && v.stdout.trim() === `v${NODE22_VERSION}` && pkg.version === version;
  };
  if (!(await installed())) {
    const args = ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', prefix, `node@${NODE22_VERSION}`, `${OFFICIAL_PKG}@${version}`];
    process.stderr.write(`bench: installing once: npm ${args.join(' ')}\n`);
    const res = await capture('npm', args, { cwd: ROOT });
    if (res.code !== 0) throw new BenchError(`npm install failed (exit ${res.code}); the npm registry must be reachable:\n${tail(res.stdout + res.stderr, 30)}`);
    if (!(await installed())) {
      // The `node` package fetches its binary in a preinstall script; an npm configured to
      // skip install scripts (ignore-scripts, allowScripts policy) leaves no binary behind.
      throw new BenchError(`npm install finished but ${relative(ROOT, node)} is not a working Node ${NODE22_VERSION} ` +
        `(were install scripts disabled? the "node" package downloads its binary in preinstall):\n${tail(res.stdout + res.stderr, 15)}`);
    }
  }
  const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  const bin = typeof pkg.bin === 'string' ? pkg.bin : Object.values(pkg.bin)[0];
  const distDir = join(pkgDir, 'dist');
  // The suite's bundled source, kept to find which scenarios name fixture tools (see below).
  const source = existsSync(distDir)
    ? readdirSync(distDir).filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(distDir, f), 'utf8')).join('\n')
    : '';
  return { version, node, cli: join(pkgDir, bin), prefix, nodeVersion: `v${NODE22_VERSION}`, source };
}

/**
 * Which flags make the suite run the 2026-07-28 scenarios differs by version, so ask the CLI
 * rather than trust a flag name from an issue: newer builds have `--requirements <revision>`;
 * 0.1.x has only `--spec-version`, whose accepted values it lists when given an unknown one.
 * If 2026-07-28 is not selectable at all, fall back to the newest dated revision the suite knows
 * and say so loudly: the figures then compare against 2025-era scenarios.
 */
async function selectOfficialScenarios(official) {
  const run = (...args) => capture(official.node, [official.cli, ...args]);
  const help = await run('server', '--help');
  if (help.code !== 0) throw new BenchError(`"conformance server --help" failed (exit ${help.code}):\n${tail(help.stdout + help.stderr, 15)}`);
  if (/--requirements\b/.test(help.stdout)) {
    return { args: ['--requirements', SPEC], exact: true, note: `selected with --requirements ${SPEC}` };
  }
  if (!/--spec-version\b/.test(help.stdout)) {
    throw new BenchError(`this suite version has neither --requirements nor --spec-version; cannot select ${SPEC} scenarios:\n${help.stdout}`);
  }
  const countListed = (text) => text.split('\n').filter((l) => /^\s+- \S/.test(l)).length;
  const probe = await run('list', '--server', '--spec-version', SPEC);
  if (probe.code === 0 && countListed(probe.stdout) > 0) {
    return { args: ['--spec-version', SPEC], exact: true, note: `selected with --spec-version ${SPEC}` };
  }
  const valid = /Valid versions: (.*)/.exec(probe.stderr + probe.stdout)?.[1].split(/,\s*/).map((v) => v.trim()) ?? [];
  const counts = {};
  for (const v of valid) counts[v] = countListed((await run('list', '--server', '--spec-version', v)).stdout);
  const fallback = valid.filter((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && counts[v] > 0).sort().pop();
  if (!fallback) throw new BenchError(`the suite accepts no spec version with server scenarios (valid: ${valid.join(', ') || 'none listed'})`);
  return {
    args: ['--spec-version', fallback],
    exact: false,
    note: `${OFFICIAL_PKG}@${official.version} cannot select ${SPEC}: --spec-version accepts only ` +
      `${valid.map((v) => `${v} (${counts[v]} server scenarios)`).join(', ')} and has no --requirements flag. ` +
      `Ran --spec-version ${fallback}, its newest dated revision: these are 2025-era scenarios ` +
      `(initialize + session), not the ${SPEC} ones. Try --official-version 0.2.0-alpha.12 for a build with --requirements ${SPEC}.`,
  };
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(scenario) {
  if (scenario.command) return startExternalServer(scenario);
  const port = await freePort();
  const args = [join(ROOT, scenario.script), '--http', '--port', String(port), ...scenario.extra];
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  // The server logs every rejected request to stderr; keep draining it (a full pipe would stall
  // the server mid-benchmark) but remember only the end, for error messages.
  let log = '';
  let exitCode = null;
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new BenchError(`the server did not print "listening ..." within 15 s:\n${log}`)), 15_000);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
      log = (log + chunk).slice(-4000);
      const match = /listening (http:\/\/\S+)/.exec(log);
      if (match) { clearTimeout(timer); resolve(match[1]); }
    });
    child.on('error', (error) => { clearTimeout(timer); reject(new BenchError(`cannot start the server: ${error.message}`)); });
    child.on('exit', (code, signal) => {
      exitCode = code ?? signal;
      clearTimeout(timer);
      reject(new BenchError(`the server exited (${exitCode}) before listening:\n${log}`));
    });
  });
  return running(child, url, `node ${relative(ROOT, args[0])} ${args.slice(1).join(' ')}`, () => exitCode, () => log);
}

/**
 * A server nobody here wrote (--server): it prints nothing we could wait for, so it is ready when
 * its port accepts a connection. Python servers take seconds to import: 60 s.
 */
async function startExternalServer(scenario) {
  const port = await freePort();
  const command = scenario.command.replaceAll('{port}', String(port));
  // exec: the shell becomes the server, so a signal to the child reaches the server itself.
  const child = spawn('sh', ['-c', `exec ${command}`], { cwd: ROOT, env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  let exitCode = null;
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => { log = (log + chunk).slice(-4000); });
  child.on('exit', (code, signal) => { exitCode = code ?? signal; });
  const deadline = Date.now() + 60_000;
  while (!(await accepts(port))) {
    if (exitCode !== null) throw new BenchError(`the server exited (${exitCode}) before listening:\n${log}`);
    if (Date.now() > deadline) { child.kill('SIGKILL'); throw new BenchError(`the server did not accept connections on port ${port} within 60 s:\n${log}`); }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return running(child, `http://127.0.0.1:${port}${scenario.path}`, command, () => exitCode, () => log);
}

/** A started server as the bench uses it: where it listens, whether it exited, and how to stop it (TERM, then KILL after 5 s). */
function running(child, url, command, exitCode, log) {
  return {
    url,
    pid: child.pid,
    command,
    exited: () => exitCode() !== null,
    tail: () => tail(log(), 20),
    stop: () => new Promise((resolve) => {
      if (exitCode() !== null) return resolve();
      const force = setTimeout(() => child.kill('SIGKILL'), 5000);
      child.once('exit', () => { clearTimeout(force); resolve(); });
      child.kill('SIGTERM');
    }),
  };
}

function accepts(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

// -------------------------------------------------------------------------------------------
// Measuring one run
// -------------------------------------------------------------------------------------------

/**
 * GNU time reads the child's rusage from wait4(), which is exact and costs the child nothing.
 * Without it, the child reports its own process.resourceUsage() through bench/rusage-hook.mjs.
 */
function pickMeter(opts) {
  if (opts.gnuTime && existsSync(GNU_TIME)) return { kind: 'gnu-time', describe: `${GNU_TIME} -f '%e %U %S %M' (rusage of the child from wait4)` };
  const why = opts.gnuTime
    ? `${GNU_TIME} not found (Debian/Ubuntu: apt-get install -y time)`
    : '--no-gnu-time given';
  return { kind: 'hook', describe: `${why}; CPU and peak RSS come from process.resourceUsage() inside each child (node --import bench/rusage-hook.mjs)` };
}

async function measure(tool, dir, meter, server, timeoutMs, allowTimeout = false) {
  rmSync(dir, { recursive: true, force: true });
  const outDir = join(dir, 'out');
  const usageFile = join(dir, 'usage.txt');
  mkdirSync(outDir, { recursive: true });
  const nodeArgs = tool.args(outDir);
  let command;
  let args;
  const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' };
  if (meter.kind === 'gnu-time') {
    command = GNU_TIME;
    args = ['-f', '%e %U %S %M', '-o', usageFile, tool.node, ...nodeArgs];
  } else {
    command = tool.node;
    args = ['--import', pathToFileURL(HOOK).href, ...nodeArgs];
    env.MCP_EVALS_BENCH_RUSAGE_FILE = usageFile;
  }
  const stdoutFile = join(dir, 'stdout.txt');
  const stderrFile = join(dir, 'stderr.txt');
  const outFd = openSync(stdoutFile, 'w');
  const errFd = openSync(stderrFile, 'w');
  const serverCpuBefore = serverCpuS(server.pid);
  const started = process.hrtime.bigint();
  // detached: its own process group, so a hung run can be killed with everything under it.
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', outFd, errFd], detached: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    try { process.kill(-child.pid, 'SIGKILL'); } catch { /* already gone */ }
  }, timeoutMs);
  const { code, signal } = await new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code, signal }));
  }).finally(() => { clearTimeout(timer); closeSync(outFd); closeSync(errFd); });
  const wallS = Number(process.hrtime.bigint() - started) / 1e9;
  const serverCpuAfter = serverCpuS(server.pid);

  const stdout = readFileSync(stdoutFile, 'utf8');
  const stderr = readFileSync(stderrFile, 'utf8');
  const shown = `${tool.node} ${nodeArgs.join(' ')}`;
  if (timedOut && allowTimeout) {
    // Killed with its process group (GNU time too): only the wall time is known, as a lower bound.
    return { wallS, cpuS: null, userS: null, sysS: null, maxRssKiB: null, serverCpuS: null, result: null, killed: true };
  }
  if (timedOut) throw new BenchError(`${tool.label} did not finish within ${timeoutMs / 1000} s (killed): ${shown}\nlast output:\n${tail(stdout + stderr, 20)}`);
  if (!tool.okExit.includes(code)) {
    throw new BenchError(`${tool.label} exited with ${code ?? signal} (expected ${tool.okExit.join(' or ')}): ${shown}\n${tail(stdout + stderr, 30)}`);
  }
  const usage = readUsage(meter, usageFile);
  const result = tool.parse({ stdout, outDir });
  return {
    wallS,
    ...usage,
    serverCpuS: serverCpuBefore !== null && serverCpuAfter !== null ? serverCpuAfter - serverCpuBefore : null,
    result,
  };
}

function readUsage(meter, file) {
  if (!existsSync(file)) return { cpuS: null, userS: null, sysS: null, maxRssKiB: null };
  const text = readFileSync(file, 'utf8');
  if (meter.kind === 'hook') {
    const u = JSON.parse(text);
    return { userS: u.userS, sysS: u.sysS, cpuS: u.userS + u.sysS, maxRssKiB: u.maxRssKiB };
  }
  // GNU time puts "Command exited with non-zero status 1" above the figures; take the last line.
  const last = text.trim().split('\n').pop();
  const [, user, sys, rss] = last.split(/\s+/).map(Number);
  if ([user, sys, rss].some((n) => !Number.isFinite(n))) throw new BenchError(`cannot read GNU time output: ${JSON.stringify(text)}`);
  return { userS: user, sysS: sys, cpuS: user + sys, maxRssKiB: rss };
}

/** The shared server's utime+stime in seconds, from /proc (Linux only; null elsewhere). */
function serverCpuS(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state); utime and stime are fields 14 and 15, in clock ticks.
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ is 100 on every Linux ABI in use
  } catch {
    return null;
  }
}

// -------------------------------------------------------------------------------------------
// Reading what each tool concluded
// -------------------------------------------------------------------------------------------

/** mcp-evals writes report.json; its conformance section is the contract (DESIGN.md). */
function parseOurs({ outDir }) {
  const file = join(outDir, 'report.json');
  if (!existsSync(file)) throw new BenchError(`mcp-evals wrote no ${file}`);
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const section = report.conformance;
  if (!section?.checks) throw new BenchError(`${file} has no conformance.checks`);
  const counts = { pass: 0, fail: 0, warn: 0, skip: 0 };
  for (const check of section.checks) counts[check.status] = (counts[check.status] ?? 0) + 1;
  return {
    units: 'checks',
    total: section.checks.length,
    counts,
    era: section.era,
    signature: section.checks.map((c) => `${c.id}:${c.status}`).join(','),
    failures: section.checks.filter((c) => c.status === 'fail').map((c) => ({ name: c.id, message: c.message })),
  };
}

// A failing check whose message says a tool / prompt / resource the suite expects is absent, or
// that the check was "not testable" for want of one, failed because the suite targets its own
// fixture server (the SDKs' "everything"-style test server), not because of the server under test.
const FIXTURE_MESSAGE = /\b(?:Tool|Prompt) '?([\w.-]+)'? not found|Resource not found: (test:\/\/\S+)|Not testable|Prerequisite failed|fixture/i;
const CAPABILITY_MESSAGE = /Method not found|-32601/;

function parseOfficial(official) {
  return ({ stdout, outDir }) => {
    // The suite's own verdict per scenario, from its SUMMARY block ("✓ name: 1 passed, 0 failed").
    const summaryAt = stdout.indexOf('=== SUMMARY ===');
    if (summaryAt < 0) throw new BenchError(`the official suite printed no SUMMARY:\n${tail(stdout, 20)}`);
    const scenarios = [];
    for (const line of stdout.slice(summaryAt).split('\n')) {
      const m = /^([✓✗]) (\S+): (\d+) passed, (\d+) failed/.exec(line);
      if (m) scenarios.push({ name: m[2], ok: m[1] === '✓', checks: [] });
    }
    if (!scenarios.length) throw new BenchError(`cannot read the official suite's SUMMARY:\n${tail(stdout, 20)}`);
    const planned = Number(/\((\d+) scenarios\)/.exec(stdout)?.[1] ?? NaN);
    // Newer builds list scenarios that ran but do not count for the revision (extension, pending).
    const notScored = new Set();
    const notScoredAt = stdout.indexOf('Not scored for');
    if (notScoredAt >= 0) {
      for (const line of stdout.slice(notScoredAt).split('\n')) {
        const m = /^\s+[✓✗] (\S+) \(/.exec(line);
        if (m) notScored.add(m[1]);
      }
    }
    // Per-check detail from -o: one folder per scenario, server-<name>-<start time>/checks.json.
    const byName = new Map(scenarios.map((s) => [s.name, s]));
    const starts = [];
    for (const folder of readdirSync(outDir)) {
      const m = /^server-(.+)-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z$/.exec(folder);
      const file = join(outDir, folder, 'checks.json');
      if (!m || !byName.has(m[1])) continue;
      if (existsSync(file)) byName.get(m[1]).checks = JSON.parse(readFileSync(file, 'utf8'));
      starts.push({ name: m[1], at: Date.parse(`${m[2]}T${m[3]}:${m[4]}:${m[5]}.${m[6]}Z`) });
    }
    // The suite runs scenarios one after another and stamps each folder when the scenario starts,
    // so the gap to the next stamp is (about) how long a scenario took; the last one is unknown.
    starts.sort((a, b) => a.at - b.at);
    for (let i = 0; i + 1 < starts.length; i++) byName.get(starts[i].name).durationS = (starts[i + 1].at - starts[i].at) / 1000;
    const checkCounts = {};
    for (const s of scenarios) for (const c of s.checks) checkCounts[c.status] = (checkCounts[c.status] ?? 0) + 1;
    for (const s of scenarios) {
      s.scored = !notScored.has(s.name);
      if (!s.ok) s.cause = classifyFailure(s, official.source);
    }
    // Second pass: a failure that names a fixture some other scenario was found to need (e.g.
    // "tools/call for failing_job returned -32602") is a fixture failure too.
    const fixtures = new Set(scenarios.flatMap((s) => s.cause?.needs ?? []));
    for (const s of scenarios.filter((x) => x.cause?.cause === 'other')) {
      const named = [...fixtures].filter((name) => s.cause.messages.some((msg) => msg.split(/[^\w:/{}.-]+/).includes(name)));
      if (named.length) Object.assign(s.cause, { cause: 'fixture', needs: named });
    }
    const counts = {
      pass: scenarios.filter((s) => s.ok).length,
      fail: scenarios.filter((s) => !s.ok).length,
    };
    return {
      units: 'scenarios',
      total: scenarios.length,
      planned,
      counts,
      checkCounts,
      scenarios,
      signature: scenarios.map((s) => `${s.name}:${s.ok}`).join(','),
    };
  };
}

/**
 * Why an official scenario failed here: 'fixture' (it needs the suite's own test tools, prompts
 * or resources), 'capability' (a method this example server does not implement, e.g.
 * logging/setLevel, completion/complete, resources/subscribe), or 'other' (worth reading: it may
 * be a real finding). The scenario's bundled source is also scanned for test_* / test:// names,
 * because some scenarios need a fixture but fail earlier, on a missing method.
 */
function classifyFailure(scenario, source) {
  const bad = scenario.checks.filter((c) => c.status === 'FAILURE');
  const messages = bad.map((c) => c.errorMessage ?? c.details?.message ?? '');
  const needs = new Set();
  for (const msg of messages) {
    const m = FIXTURE_MESSAGE.exec(msg);
    if (m && (m[1] || m[2])) needs.add(m[1] || m[2]);
  }
  for (const name of fixtureNamesInSource(source, scenario.name)) needs.add(name);
  const fixtureMessage = messages.some((msg) => FIXTURE_MESSAGE.test(msg));
  const missingMethod = messages.some((msg) => CAPABILITY_MESSAGE.test(msg));
  const cause = needs.size > 0 || fixtureMessage ? 'fixture' : missingMethod ? 'capability' : 'other';
  // A fixture scenario that died on a missing method before reaching its fixture: say so, since
  // the server would fail it even next to the fixture tools.
  const alsoMissingMethod = cause === 'fixture' && !fixtureMessage && missingMethod;
  return { cause, needs: [...needs], alsoMissingMethod, messages, firstMessage: messages.find(Boolean) ?? '(no message)' };
}

/** Best effort: the class body between `this.name=\`<scenario>\`` and the next scenario class. */
function fixtureNamesInSource(source, scenario) {
  const start = source.indexOf(`this.name=\`${scenario}\``);
  if (start < 0) return [];
  const end = source.indexOf('this.name=`', start + 12);
  const body = source.slice(start, end < 0 ? start + 20_000 : end);
  return [...new Set(body.match(/\btest_[a-z0-9_]+|test:\/\/[a-z0-9_/{}.-]+/gi) ?? [])];
}

// -------------------------------------------------------------------------------------------
// Output
// -------------------------------------------------------------------------------------------

function printHeader({ opts, official, selection, oursNodeVersion, server, meter, tools, built }) {
  const cpus = os.cpus();
  const rel = (p) => (p.startsWith(ROOT) ? relative(ROOT, p) : p);
  const lines = [
    `mcp-evals conformance benchmark — ${new Date().toISOString()}`,
    `machine     ${cpus.length} CPUs (${cpus[0]?.model?.trim() ?? 'unknown'}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ${os.platform()} ${os.release()}, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
    `node        mcp-evals on ${oursNodeVersion} (${rel(opts.oursNode)}); official suite on ${official.nodeVersion} (npm node@${NODE22_VERSION})`,
    `server      ${server.command} -> ${server.url}`,
    `            one server for all runs of both tools, started once; its CPU is not in either tool's figures (shown apart)`,
    `measured    ${opts.runs} timed runs per tool after ${opts.warmup} warm-up, alternating which tool goes first; ${meter.describe}`,
    `mcp-evals   ${rel(tools[0].node)} ${tools[0].args('<tmp>/out').map(rel).join(' ')}`,
    `            ${built}`,
    `official    ${rel(tools[1].node)} ${tools[1].args('<tmp>/out').map(rel).join(' ')}`,
    `            ${OFFICIAL_PKG}@${official.version}; ${selection.exact ? selection.note : `NOT the ${SPEC} scenarios: see NOTE`}`,
  ];
  console.log(lines.join('\n'));
  if (!selection.exact) console.log(`\nNOTE: ${selection.note}`);
  console.log('');
}

function printResults(tools, samples, meter) {
  const [ours, official] = [samples.ours, samples.official];
  const stat = (list, pick, fn) => {
    const values = list.map(pick).filter((v) => v !== null && v !== undefined);
    return values.length ? fn(values) : null;
  };
  const rows = [
    ['wall time, median', (s) => stat(s, (x) => x.wallS, median), fmtS],
    ['wall time, min', (s) => stat(s, (x) => x.wallS, (v) => Math.min(...v)), fmtS],
    ['CPU user+sys, median', (s) => stat(s, (x) => x.cpuS, median), fmtS],
    ['CPU user+sys, min', (s) => stat(s, (x) => x.cpuS, (v) => Math.min(...v)), fmtS],
    ['peak RSS, median', (s) => stat(s, (x) => x.maxRssKiB, median), fmtMiB],
    ['peak RSS, max', (s) => stat(s, (x) => x.maxRssKiB, (v) => Math.max(...v)), fmtMiB],
    ['server CPU per run, median', (s) => stat(s, (x) => x.serverCpuS, median), fmtS],
  ];
  const table = [['metric', 'mcp-evals', 'official', 'ratio (official/ours)']];
  for (const [name, get, fmt] of rows) {
    const a = get(ours);
    const b = get(official);
    table.push([name, fmt(a), fmt(b), a && b ? `${(b / a).toFixed(2)}x` : '—']);
  }
  const r0 = ours.at(-1).result;
  const r1 = official.at(-1).result;
  const killed = (list) => list.filter((s) => s.killed).length;
  if (killed(ours) || killed(official)) {
    table.push(['runs killed at --timeout-s', `${killed(ours)}`, `${killed(official)}`, 'wall time above is then a lower bound']);
  }
  if (!r0 || !r1) {
    printTable(table);
    if (r0) console.log(`mcp-evals on this server: ${r0.counts.pass} pass, ${r0.counts.fail} fail, ${r0.counts.warn} warn, ${r0.counts.skip} skip of ${r0.total} checks`);
    return;
  }
  const checkTotal = Object.values(r1.checkCounts).reduce((a, b) => a + b, 0);
  table.push(['ran', `${r0.total} checks`, `${r1.total} scenarios (${checkTotal} checks)`, '—']);
  table.push(['passed', `${r0.counts.pass}`, `${r1.counts.pass} scenarios (${r1.checkCounts.SUCCESS ?? 0} checks)`, '—']);
  table.push(['failed', `${r0.counts.fail}`, `${r1.counts.fail} scenarios (${r1.checkCounts.FAILURE ?? 0} checks)`, '—']);
  table.push(['warned / skipped / info', `${r0.counts.warn} / ${r0.counts.skip} / —`,
    `${r1.checkCounts.WARNING ?? 0} / ${r1.checkCounts.SKIPPED ?? 0} / ${r1.checkCounts.INFO ?? 0} checks`, '—']);
  printTable(table);
  if (meter.kind === 'hook') console.log('(CPU and RSS measured in-process via bench/rusage-hook.mjs: GNU time was not used)');

  // Per-run figures, so that noise (or one slow outlier) is visible rather than hidden by the median.
  console.log('\nper run (wall s / CPU s / RSS MiB):');
  for (const tool of tools) {
    console.log(`  ${tool.label.padEnd(10)} ${samples[tool.key].map((s) => `${s.wallS.toFixed(2)}/${fmtNum(s.cpuS)}/${s.maxRssKiB ? (s.maxRssKiB / 1024).toFixed(0) : '?'}`).join('  ')}`);
  }
  for (const tool of tools) {
    const distinct = new Set(samples[tool.key].map((s) => s.result?.signature));
    if (distinct.size > 1) console.log(`  NOTE: ${tool.label}'s verdicts differed between runs (${distinct.size} distinct outcomes): the counts above are from the last run`);
  }

  // What the official suite's failures on this server mean: most need its fixture server.
  const failed = r1.scenarios.filter((s) => !s.ok);
  const groups = { fixture: [], capability: [], other: [] };
  for (const s of failed) groups[s.cause.cause].push(s);
  console.log(`\nofficial suite on this server: ${r1.counts.pass}/${r1.total} scenarios passed` +
    (Number.isFinite(r1.planned) && r1.planned !== r1.total ? ` (it announced ${r1.planned})` : '') + '.');
  console.log(`  ${groups.fixture.length} of the ${failed.length} failing scenarios need the suite's own fixture server ` +
    `(tools/prompts/resources such as test_simple_text, test://static-text): they fail on any server that is not that fixture, ` +
    `so they say nothing about this one:`);
  for (const s of groups.fixture) {
    const needs = s.cause.needs.length
      ? `${s.cause.needs.slice(0, 4).join(', ')}${s.cause.needs.length > 4 ? ', …' : ''}`
      : `what it says: ${oneLine(s.cause.firstMessage)}`;
    const earlier = s.cause.alsoMissingMethod ? ` (and failed before that: ${oneLine(s.cause.firstMessage)})` : '';
    console.log(`    ✗ ${s.name}${s.scored ? '' : ' (not scored)'}: needs ${needs}${earlier}`);
  }
  if (groups.capability.length) {
    console.log(`  ${groups.capability.length} fail on a method the example server does not implement (optional features):`);
    for (const s of groups.capability) console.log(`    ✗ ${s.name}: ${oneLine(s.cause.firstMessage)}`);
  }
  if (groups.other.length) {
    console.log(`  ${groups.other.length} fail for another reason (read these: they may be real findings):`);
    for (const s of groups.other) console.log(`    ✗ ${s.name}${s.scored ? '' : ' (not scored)'}: ${oneLine(s.cause.firstMessage)}`);
  }
  // Where the official suite's wall time goes (idle waits show up as wall time without CPU).
  const slow = official.map((run) => run.result.scenarios.filter((s) => s.durationS >= 0.5).map((s) => `${s.name} ${s.durationS.toFixed(1)} s`));
  const slowLast = slow.at(-1);
  if (slowLast.length) console.log(`  scenarios taking 0.5 s or more (last run): ${slowLast.join(', ')}`);
  const notScored = r1.scenarios.filter((s) => !s.scored);
  if (notScored.length) {
    const scored = r1.scenarios.filter((s) => s.scored);
    console.log(`  ${notScored.length} scenarios ran but are not scored for ${SPEC} by the suite (extension / pending); ` +
      `scored alone: ${scored.filter((s) => s.ok).length}/${scored.length} passed, ` +
      `${scored.filter((s) => !s.ok && s.cause.cause === 'fixture').length} of the failures need fixtures.`);
  }
  console.log(`\nmcp-evals on this server (${r0.era ?? 'era ?'}): ${r0.counts.pass} pass, ${r0.counts.fail} fail, ${r0.counts.warn} warn, ${r0.counts.skip} skip of ${r0.total} checks` +
    (r0.failures.length ? `; failing: ${r0.failures.map((f) => f.name).join(', ')}` : ''));
}

function printTable(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  const line = (r) => `| ${r.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join(' | ')} |`;
  console.log(line(rows[0]));
  console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const r of rows.slice(1)) console.log(line(r));
}

// -------------------------------------------------------------------------------------------
// Small helpers
// -------------------------------------------------------------------------------------------

function capture(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d) => { stdout += d; });
    child.stderr.setEncoding('utf8').on('data', (d) => { stderr += d; });
    child.on('error', (error) => reject(new BenchError(`cannot run ${command}: ${error.message}`)));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

const fmtNum = (v) => (v === null || v === undefined ? '?' : v.toFixed(2));
const fmtS = (v) => (v === null ? 'n/a' : `${v.toFixed(2)} s`);
const fmtMiB = (v) => (v === null ? 'n/a' : `${(v / 1024).toFixed(0)} MiB`);
const fmtCpu = (s) => (s.cpuS === null ? '? s' : `${s.cpuS.toFixed(2)} s`);
const oneLine = (text) => String(text).replace(/\s+/g, ' ').slice(0, 140);
const tail = (text, lines) => String(text).trimEnd().split('\n').slice(-lines).join('\n');

// -------------------------------------------------------------------------------------------
// Entry (last, so that every helper above is initialized before main() runs)
// -------------------------------------------------------------------------------------------

let opts;
try {
  opts = parseOptions(process.argv.slice(2));
} catch (error) {
  console.error(`bench: ${error.message}`);
  process.exit(2);
}

const cleanup = [];
try {
  await main(opts);
} catch (error) {
  process.exitCode = 1;
  if (error instanceof BenchError) {
    console.error(`\nbench: could not run: ${error.message}`);
  } else {
    console.error('\nbench: internal error (a bug in bench/conformance.mjs):');
    console.error(error);
  }
} finally {
  await runCleanup();
}

async function runCleanup() {
  while (cleanup.length) await cleanup.pop()().catch(() => {});
}
