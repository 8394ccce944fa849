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
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  for (const row of rows) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '));
  console.log(`\ndaemon / ceiling: ${(spansPerSecond / ceiling).toFixed(2)}; target: >= 5000 spans/s with p99 < 100 ms (${spansPerSecond >= 5000 && result.latency.p99 < 100 ? 'met' : 'not met'} on this machine)`);
} catch (error) {
  console.error(`bench/daemon: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  child?.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
