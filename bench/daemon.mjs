#!/usr/bin/env node
// Benchmark (not a test) of `mcp-evals serve`'s OTLP ingestion (src/core/daemon, docs/daemon.md):
//
//   node bench/daemon.mjs [--seconds 10] [--connections 8] [--spans 50]
//
// 1. The SQLite insert ceiling: the daemon's own store (lib/core/daemon/store.js) ingesting the same
//    batches in-process, one transaction per batch, runs rebuilt: the physical limit on this machine.
// 2. The daemon: `mcp-evals serve` in a child process on a fresh database, loaded over HTTP by
//    autocannon with OTLP/JSON exports of --spans spans each (fresh trace ids per request),
//    --connections at a time: spans per second acknowledged, and p50 / p99 acknowledgement latency.
// 3. One long trace: 10,000 spans of one trace sent in batches of 50 (200 requests, one after the
//    other, as a BatchSpanProcessor sends a long agent run): p50 / p99 acknowledgement latency, the
//    first and the last 20 batches side by side (equal when a batch costs what it holds), and the
//    first read after it (when the trace's run is rebuilt from its 10,000 spans).
// Printed side by side, with the daemon as a fraction of the ceiling. Run `npm run build` first.
// Exit codes: 0 the benchmark ran; 1 it could not; 2 bad flags.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'bin', 'mcp-evals.js');

let flags;
try {
  flags = parseArgs({ options: { seconds: { type: 'string' }, connections: { type: 'string' }, spans: { type: 'string' } } }).values;
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
const SECONDS = Number(flags.seconds ?? 10);
const CONNECTIONS = Number(flags.connections ?? 8);
const SPANS = Number(flags.spans ?? 50);
if (![SECONDS, CONNECTIONS, SPANS].every((n) => Number.isInteger(n) && n > 0)) {
  console.error('--seconds, --connections and --spans take positive whole numbers');
  process.exit(2);
}

const { SqliteStore } = await import(join(ROOT, 'lib/core/daemon/store.js'));
const { buildRuns } = await import(join(ROOT, 'lib/core/daemon/otlp-runs.js'));
const { decodeOtlpJson } = await import(join(ROOT, 'lib/core/daemon/otlp-decode.js'));

let counter = 0;
/** Batch `index` (0-based) of one long trace: the agent span first, then children of it. */
function longTraceBatch(traceId, index, size) {
  const start = 1_700_000_000_000_000_000n;
  const spans = [];
  for (let k = 0; k < size; k += 1) {
    const i = index * size + k;
    const op = i === 0 ? 'invoke_agent' : i % 2 ? 'chat' : 'execute_tool';
    spans.push({
      traceId,
      spanId: (i + 1).toString(16).padStart(16, '0'),
      ...(i > 0 ? { parentSpanId: '0000000000000001' } : {}),
      name: `${op} x`,
      kind: 1,
      startTimeUnixNano: String(start + BigInt(i) * 1_000_000n),
      endTimeUnixNano: String(start + BigInt(i) * 1_000_000n + 900_000n),
      attributes: [{ key: 'gen_ai.operation.name', value: { stringValue: op } }, { key: 'gen_ai.request.model', value: { stringValue: 'gpt-x' } }],
    });
  }
  return JSON.stringify({ resourceSpans: [{ resource: { attributes: [{ key: 'service.name', value: { stringValue: 'bench-long' } }] }, scopeSpans: [{ scope: { name: 'bench' }, spans }] }] });
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One OTLP/JSON export: an agent run of `SPANS` spans (an invoke_agent span, chat and execute_tool spans). */
function exportBody() {
  counter += 1;
  const traceId = `${process.pid.toString(16).padStart(8, '0')}${counter.toString(16).padStart(24, '0')}`;
  const start = BigInt(Date.now()) * 1_000_000n;
  const spans = [];
  for (let i = 0; i < SPANS; i += 1) {
    const op = i === 0 ? 'invoke_agent' : i % 2 ? 'chat' : 'execute_tool';
    spans.push({
      traceId,
      spanId: (i + 1).toString(16).padStart(16, '0'),
      ...(i > 0 ? { parentSpanId: '0000000000000001' } : {}),
      name: op === 'execute_tool' ? 'execute_tool get_weather' : op === 'chat' ? 'chat gpt-x' : 'invoke_agent bot',
      kind: op === 'chat' ? 3 : 1,
      startTimeUnixNano: String(start + BigInt(i) * 1_000_000n),
      endTimeUnixNano: String(start + BigInt(i) * 1_000_000n + 900_000n),
      attributes: [
        { key: 'gen_ai.operation.name', value: { stringValue: op } },
        { key: 'gen_ai.request.model', value: { stringValue: 'gpt-x' } },
        ...(op === 'chat' ? [{ key: 'gen_ai.usage.input_tokens', value: { intValue: '120' } }, { key: 'gen_ai.usage.output_tokens', value: { intValue: '30' } }] : []),
        ...(op === 'execute_tool' ? [{ key: 'gen_ai.tool.name', value: { stringValue: 'get_weather' } }, { key: 'gen_ai.tool.call.arguments', value: { stringValue: '{"city":"Paris"}' } }] : []),
      ],
    });
  }
  return JSON.stringify({ resourceSpans: [{ resource: { attributes: [{ key: 'service.name', value: { stringValue: 'bench' } }] }, scopeSpans: [{ scope: { name: 'bench' }, spans }] }] });
}

const dir = mkdtempSync(join(tmpdir(), 'mcpd-bench-'));
let child;
try {
  // 1. The ceiling: decode + store + rebuild runs, in-process, no HTTP.
  const store = new SqliteStore(join(dir, 'ceiling.sqlite'));
  const bodies = Array.from({ length: 200 }, exportBody);
  let stored = 0;
  const ceilingStart = performance.now();
  while (performance.now() - ceilingStart < Math.min(SECONDS, 5) * 1000) {
    const decoded = decodeOtlpJson(bodies[stored / SPANS % bodies.length] ?? exportBody());
    // Fresh ids each round so every insert is an insert.
    const suffix = (stored / SPANS).toString(16).padStart(8, '0');
    for (const span of decoded.spans) span.traceId = span.traceId.slice(0, 24) + suffix;
    store.ingest(decoded.spans, buildRuns);
    stored += decoded.spans.length;
  }
  const ceiling = stored / ((performance.now() - ceilingStart) / 1000);
  store.close();

  // 2. The daemon over HTTP.
  child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--db', join(dir, 'daemon.sqlite')], { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('serve did not start within 30 s')), 30_000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
  });
  const result = await autocannon({
    url: `${url}/v1/traces`,
    connections: CONNECTIONS,
    duration: SECONDS,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [{ setupRequest: (request) => ({ ...request, body: exportBody() }) }],
  });
  const ok = result['2xx'];
  const spansPerSecond = (ok * SPANS) / (result.duration || SECONDS);
  const rows = [
    ['', 'spans/s', 'p50 ack', 'p99 ack', 'errors'],
    ['SQLite insert ceiling (in-process, no HTTP)', ceiling.toFixed(0), '', '', ''],
    [`daemon over HTTP (${CONNECTIONS} connections, ${SPANS} spans/request)`, spansPerSecond.toFixed(0), `${result.latency.p50} ms`, `${result.latency.p99} ms`, String(result.non2xx + result.errors)],
  ];

  // 3. One 10,000-span trace in batches of 50.
  const LONG = 10_000;
  const BATCH = 50;
  const traceId = 'feed'.repeat(8);
  const acks = [];
  for (let index = 0; index < LONG / BATCH; index += 1) {
    const body = longTraceBatch(traceId, index, BATCH);
    const sent = performance.now();
    const response = await fetch(`${url}/v1/traces`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`long trace batch ${index}: HTTP ${response.status}`);
    acks.push(performance.now() - sent);
  }
  const readStart = performance.now();
  const read = await (await fetch(`${url}/v1/api/runs/${traceId}`)).json();
  const readMs = performance.now() - readStart;
  const againStart = performance.now();
  await (await fetch(`${url}/v1/api/runs/${traceId}`)).arrayBuffer();
  const againMs = performance.now() - againStart;
  const sortedAcks = [...acks].sort((a, b) => a - b);
  const mean = (list) => list.reduce((sum, v) => sum + v, 0) / list.length;
  const ms = (value) => `${value.toFixed(1)} ms`;
  rows.push([`one ${LONG.toLocaleString('en')}-span trace, ${LONG / BATCH} batches of ${BATCH} (1 connection)`, '', ms(percentile(sortedAcks, 50)), ms(percentile(sortedAcks, 99)), '']);
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  for (const row of rows) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '));
  console.log(`\nlong trace: first 20 batches ${ms(mean(acks.slice(0, 20)))} each, last 20 ${ms(mean(acks.slice(-20)))} each (last / first: ${(mean(acks.slice(-20)) / mean(acks.slice(0, 20))).toFixed(2)}); first read after it ${ms(readMs)}, the next ${ms(againMs)} (run rebuilt from ${read.runs?.[0]?.trace?.spans?.length ?? '?'} spans, dropped_spans ${read.runs?.[0]?.dropped_spans ?? '?'})`);
  console.log(`daemon / ceiling: ${(spansPerSecond / ceiling).toFixed(2)}; target: >= 5000 spans/s with p99 < 100 ms (${spansPerSecond >= 5000 && result.latency.p99 < 100 ? 'met' : 'not met'} on this machine)`);
} catch (error) {
  console.error(`bench/daemon: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  child?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
