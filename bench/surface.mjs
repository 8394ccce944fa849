#!/usr/bin/env node
// Benchmark (not a test) of the tool-surface analysis (src/core/surface, docs/surface.md):
//
//   node bench/surface.mjs [--servers]   run `mcp-evals surface` over stdio on published servers
//                                        from npm and print their findings, one table row per server
//   node bench/surface.mjs --speed [--runs N] [--tools N]
//                                        what the surface section adds to a conformance run of a
//                                        server with N tools (default 100): runs with and without it
//                                        interleaved, medians and the difference; first each run in a
//                                        fresh process (what a CI job pays: the rank table's loading and
//                                        a cold JIT included), then in one warm process, then the
//                                        analysis alone. Wall times, CPU times (all
//                                        threads) and the main thread's busy time
//                                        (event-loop utilisation: what competes with the checks; on a
//                                        loaded machine it also counts time spent waiting for a core,
//                                        and the CPU figures are the steadier ones)
//   node bench/surface.mjs --corpus FILE [--list]
//                                        the poisoning detector on a labelled corpus of tool definitions
//                                        ({ tools|samples: [{ id, label: poisoned|clean, tool }] }): each
//                                        tool analysed as a server of its own; prints the share of poisoned
//                                        tools flagged and of clean ones flagged (--list: which, and why)
//   --cache DIR                          install the servers into DIR (kept, reused when present)
//   --keep                               keep the temporary folder and print where it is
//
// With the servers, every warning and error is looked up in bench/surface-judgements.json (the
// team's judgement of each: right, debatable or wrong, and why) and precision is printed from it;
// a finding without a judgement is listed as unjudged.
//
// The published servers are installed into a temporary folder at bench time (npm registry only),
// never as project dependencies. Run `npm run build` first: this measures lib/.
// Exit codes: 0 the benchmark ran; 1 it could not (install, build, a server did not start); 2 bad flags.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'bin', 'mcp-evals.js');

/** Published servers: npm package, pinned version, how to start it (`DIR` is a scratch folder it may read). */
const SERVERS = [
  { pkg: '@modelcontextprotocol/server-everything', version: '2026.8.31', args: ['stdio'] },
  { pkg: '@modelcontextprotocol/server-memory', version: '2026.8.31', args: [] },
  { pkg: '@modelcontextprotocol/server-filesystem', version: '2026.8.31', args: ['DIR'] },
  { pkg: '@modelcontextprotocol/server-sequential-thinking', version: '2026.8.31', args: [] },
  { pkg: '@modelcontextprotocol/server-github', version: '2025.4.8', args: [] },
  { pkg: '@playwright/mcp', version: '0.0.83', args: [] },
  { pkg: '@antv/mcp-server-chart', version: '0.9.10', args: [] },
  { pkg: '@upstash/context7-mcp', version: '4.1.1', args: [] },
  { pkg: '@wonderwhy-er/desktop-commander', version: '0.2.52', args: [] },
  { pkg: 'mcp-server-kubernetes', version: '4.1.7', args: [] },
  { pkg: '@cyanheads/git-mcp-server', version: '2.15.3', args: [] },
  { pkg: '@modelcontextprotocol/server-puppeteer', version: '2025.5.12', args: [] },
];

let flags;
try {
  flags = parseArgs({ options: { corpus: { type: 'string' }, list: { type: 'boolean' }, cache: { type: 'string' }, servers: { type: 'boolean' }, speed: { type: 'boolean' }, runs: { type: 'string' }, tools: { type: 'string' }, keep: { type: 'boolean' } } }).values;
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
if (!existsSync(join(ROOT, 'lib', 'cli', 'main.js'))) {
  console.error('lib/ is missing: run `npm run build` first');
  process.exit(1);
}
/** Finding ids that say "poisoned" (the poisoning class, the classifier's included). */
const { POISONING_FINDINGS } = await import(join(ROOT, 'lib', 'core', 'surface', 'catalog.js'));

if (flags.corpus) {
  await corpus(flags.corpus, flags.list);
  process.exit(0);
}

const work = flags.cache ?? mkdtempSync(join(tmpdir(), 'mcp-evals-surface-bench-'));
try {
  if (flags.speed) await speed(Number(flags.runs ?? 7), Number(flags.tools ?? 100));
  if (flags.servers || !flags.speed) published();
} finally {
  if (flags.keep) console.log(`kept ${work}`);
  else if (!flags.cache) rmSync(work, { recursive: true, force: true });
}

function published() {
  const missing = SERVERS.some((s) => {
    const file = join(work, 'node_modules', s.pkg, 'package.json');
    return !existsSync(file) || JSON.parse(readFileSync(file, 'utf8')).version !== s.version;
  });
  const install = !missing ? { status: 0 } : spawnSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', '--prefix', work, ...SERVERS.map((s) => `${s.pkg}@${s.version}`)], { encoding: 'utf8' });
  if (install.status !== 0) {
    console.error(`npm install failed:\n${install.stderr}`);
    process.exit(1);
  }
  const rows = [];
  const findings = [];
  for (const server of SERVERS) {
    const manifest = JSON.parse(readFileSync(join(work, 'node_modules', server.pkg, 'package.json'), 'utf8'));
    const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin)[0];
    const entry = join(work, 'node_modules', server.pkg, bin);
    const args = server.args.map((arg) => (arg === 'DIR' ? work : arg));
    const out = join(work, `out-${server.pkg.split('/').pop()}`);
    const command = [process.execPath, entry, ...args].map((part) => JSON.stringify(part)).join(' ');
    rmSync(join(out, 'report.json'), { force: true });
    const run = spawnSync(process.execPath, [CLI, 'surface', '--command', command, '--out', out, '--timeout', '20000'], { encoding: 'utf8', cwd: work });
    if (!existsSync(join(out, 'report.json'))) {
      rows.push(`| ${server.pkg}@${manifest.version} | could not evaluate (exit ${run.status}): ${(run.stderr || run.stdout).trim().split('\n').pop()} |`);
      continue;
    }
    const surface = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')).surface;
    const ids = {};
    for (const item of surface.findings) ids[item.id] = (ids[item.id] ?? 0) + 1;
    const top = Object.entries(ids).sort((a, b) => b[1] - a[1]).map(([id, n]) => `${id} ×${n}`).join(', ');
    rows.push(
      `| ${server.pkg.replace('@modelcontextprotocol/', '')}@${manifest.version} | ${surface.counts.tools}/${surface.counts.prompts}/${surface.counts.resources} | ${surface.score ?? '–'} | ${surface.summary.error} | ${surface.summary.warning} | ${surface.summary.note} | ${surface.cost.openai} (${(surface.cost.windowShare * 100).toFixed(2)}%) | ${surface.confusable.length} | ${top} |`,
    );
    for (const item of surface.findings) findings.push({ server: server.pkg, key: findingKey(server.pkg, item), item });
  }
  console.log('| server | tools/prompts/resources | score | errors | warnings | notes | tokens (share of 200k) | confusable pairs | findings by id |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---|');
  for (const row of rows) console.log(row);
  precision(findings);
}

/** The key a judgement is filed under: server, finding id, where. */
function findingKey(pkg, item) {
  const pair = item.id === 'confusable-tools' ? ` ~ ${item.message.match(/and "([^"]+)"/)?.[1] ?? ''}` : '';
  return `${pkg} ${item.id} ${item.kind}:${item.name}${item.pointer}${pair}`;
}

/** Precision of warnings and errors (and of each class) from the team's judgements. */
function precision(findings) {
  const file = join(ROOT, 'bench', 'surface-judgements.json');
  const judged = new Map(existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).judgements.map((j) => [j.key, j]) : []);
  const classOf = (id) => (id === 'confusable-tools' ? 'confusable pairs' : POISONING_FINDINGS.has(id) ? 'poisoning class' : 'other warnings and errors');
  const tally = new Map();
  const unjudged = [];
  for (const { key, item } of findings) {
    if (item.level === 'note') continue;
    const verdict = judged.get(key)?.verdict;
    for (const group of ['all warnings and errors', classOf(item.id)]) {
      const t = tally.get(group) ?? { right: 0, debatable: 0, wrong: 0, unjudged: 0 };
      t[verdict ?? 'unjudged'] += 1;
      tally.set(group, t);
    }
    if (!verdict) unjudged.push(`${item.level}\t${key}\t${item.evidence ?? item.message}`);
  }
  console.log('\nPrecision from bench/surface-judgements.json (right / judged; debatable counts as not right):');
  for (const [group, t] of tally) {
    const n = t.right + t.debatable + t.wrong;
    console.log(`  ${group.padEnd(26)} ${t.right}/${n} right${n ? ` (${((100 * t.right) / n).toFixed(1)} %)` : ''}, ${t.debatable} debatable, ${t.wrong} wrong${t.unjudged ? `, ${t.unjudged} unjudged` : ''}`);
  }
  const notes = findings.filter(({ item }) => item.level === 'note').length;
  const sampled = [...judged.values()].filter((j) => j.level === 'note');
  console.log(`  notes: ${notes}; ${sampled.length} sampled in the file, ${sampled.filter((j) => j.verdict === 'right').length} right`);
  const found = new Set(findings.map(({ key }) => key));
  const stale = [...judged.keys()].filter((key) => !found.has(key));
  if (stale.length) console.log(`  judgements with no such finding now (the rules changed; judge again or drop): ${stale.join('; ')}`);
  if (unjudged.length) {
    console.log('\nUnjudged warnings and errors (level, key, evidence):');
    for (const line of unjudged) console.log(line);
  }
}

async function corpus(file, list) {
  const { analyzeSurface } = await import(join(ROOT, 'lib', 'core', 'surface', 'analyze.js'));
  const parsed = JSON.parse(readFileSync(file, 'utf8'));
  const samples = Array.isArray(parsed) ? parsed : (parsed.samples ?? parsed.tools);
  const tally = { poisoned: { n: 0, flagged: 0 }, clean: { n: 0, flagged: 0 } };
  const lines = [];
  for (const sample of samples) {
    const surface = await analyzeSurface({ tools: [sample.tool], prompts: [], resources: [], resourceTemplates: [], problems: [] });
    const hits = surface.findings.filter((item) => POISONING_FINDINGS.has(item.id) && item.level !== 'note');
    const label = sample.label === 'poisoned' ? 'poisoned' : 'clean';
    tally[label].n += 1;
    if (hits.length > 0) tally[label].flagged += 1;
    const wrong = label === 'poisoned' ? hits.length === 0 : hits.length > 0;
    if (wrong) lines.push(`${label === 'poisoned' ? 'MISSED' : 'FALSE '} ${sample.id}${hits.length ? `: ${hits.map((item) => `${item.id} (${item.evidence ?? item.message})`.slice(0, 160)).join('; ')}` : ''}`);
  }
  const share = (t) => `${t.flagged}/${t.n} (${t.n ? ((100 * t.flagged) / t.n).toFixed(1) : '–'} %)`;
  console.log(`${file}: poisoned flagged ${share(tally.poisoned)}, clean flagged ${share(tally.clean)}`);
  if (list) for (const line of lines) console.log(line);
}

async function speed(runs, tools) {
  const runner = join(ROOT, 'lib', 'core', 'conformance', 'runner.js');
  const serverCommand = `${JSON.stringify(process.execPath)} ${JSON.stringify(join(ROOT, '__tests__', 'fixtures', 'servers', 'surface-server.mjs'))} --profile=many --tools=${tools}`;
  const spec = { kind: 'stdio', command: serverCommand };
  const options = { timeoutMs: 10_000, callTools: 'none' };
  const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
  const cpuMs = (usage) => (usage.user + usage.system) / 1000;
  const row = (label, off, on, unit = 'ms') =>
    console.log(`  ${label.padEnd(22)} without ${off.toFixed(0)} ${unit}, with ${on.toFixed(0)} ${unit}: adds ${(on - off).toFixed(0)} ${unit} (ratio ${(on / off).toFixed(3)})`);

  // 1. A fresh process per run, as `mcp-evals conformance` in CI: one conformance run, then exit.
  const child = `const { runConformance } = await import(${JSON.stringify(runner)});
    const started = performance.now();
    const loop = performance.eventLoopUtilization();
    const run = await runConformance(${JSON.stringify(spec)}, { ...${JSON.stringify(options)}, surface: process.argv[1] === 'on' });
    const cpu = process.cpuUsage();
    const mainMs = performance.eventLoopUtilization(loop).active;
    console.log(JSON.stringify({ ms: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000, mainMs, analysis: run.surface?.durationMs }));`;
  const fresh = (surface) => {
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', child, surface ? 'on' : 'off'], { encoding: 'utf8', cwd: work });
    if (result.status !== 0) throw new Error(`the fresh-process run failed: ${result.stderr}`);
    return JSON.parse(result.stdout.trim().split('\n').pop());
  };
  fresh(true); // warm-up: disk caches
  const cold = { on: [], off: [] };
  for (let i = 0; i < runs; i += 1) {
    cold.on.push(fresh(true));
    cold.off.push(fresh(false));
  }
  console.log(`conformance of a ${tools}-tool server over stdio, ${runs} interleaved runs each (medians):`);
  console.log('  a fresh process per run (what a CI job pays):');
  row('wall', median(cold.off.map((r) => r.ms)), median(cold.on.map((r) => r.ms)));
  row('process CPU', median(cold.off.map((r) => r.cpuMs)), median(cold.on.map((r) => r.cpuMs)));
  row('main thread busy', median(cold.off.map((r) => r.mainMs)), median(cold.on.map((r) => r.mainMs)));
  console.log(`  ${'analysis, cold'.padEnd(22)} median ${median(cold.on.map((r) => r.analysis)).toFixed(1)} ms (report.surface.durationMs: analysed while the checks wait on the server, so this interleaves with them)`);

  // 2. One warm process: the tokenizer loaded and the code compiled by earlier runs.
  const { runConformance } = await import(runner);
  const timed = async (surface) => {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const run = await runConformance(spec, { ...options, surface });
    return { ms: performance.now() - started, cpuMs: cpuMs(process.cpuUsage(cpu)), analysis: run.surface?.durationMs };
  };
  await timed(true); // warm-up: the tokenizer's first load
  await timed(false);
  const warm = { on: [], off: [] };
  for (let i = 0; i < runs; i += 1) {
    warm.on.push(await timed(true));
    warm.off.push(await timed(false));
  }
  const analysis = warm.on.map((r) => r.analysis);
  console.log('  one warm process:');
  row('wall', median(warm.off.map((r) => r.ms)), median(warm.on.map((r) => r.ms)));
  row('process CPU', median(warm.off.map((r) => r.cpuMs)), median(warm.on.map((r) => r.cpuMs)));
  console.log(`  ${'analysis, warm'.padEnd(22)} median ${median(analysis).toFixed(1)} ms, min ${Math.min(...analysis).toFixed(1)} ms (report.surface.durationMs)`);

  // 3. The analysis alone, in this process, on the definitions the server lists: CPU time, steady under load.
  const { analyzeSurface } = await import(join(ROOT, 'lib', 'core', 'surface', 'analyze.js'));
  const listed = spawnSync(process.execPath, [join(ROOT, '__tests__', 'fixtures', 'servers', 'surface-server.mjs'), '--profile=many', `--tools=${tools}`], {
    input: `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} })}\n`,
    encoding: 'utf8',
  });
  const definitions = { tools: JSON.parse(listed.stdout.split('\n')[0]).result.tools, prompts: [], resources: [], resourceTemplates: [], problems: [] };
  const alone = [];
  for (let i = 0; i < Math.max(runs, 15); i += 1) {
    const cpu = process.cpuUsage();
    await analyzeSurface(definitions);
    alone.push(cpuMs(process.cpuUsage(cpu)));
  }
  console.log(`  ${'analysis alone, CPU'.padEnd(22)} median ${median(alone).toFixed(1)} ms, min ${Math.min(...alone).toFixed(1)} ms over ${alone.length} runs; budget 50 ms`);
}
