#!/usr/bin/env node
// Ecosystem benchmark (issue 22 item 8): Layer 0 run as a new user runs it, on published servers
// nobody on the team wrote, at pinned versions. A check's precision is measured here, apart from
// our fixtures; docs/ecosystem.md keeps the team's judgement of every FAIL this prints.
//
//   npm run bench:ecosystem                 # install into the cache (once), run every server, print the table
//   node bench/ecosystem.mjs --only everything-stdio,sdk-v2-http
//   node bench/ecosystem.mjs --only mcp2-stdio,mcp2-http,fastmcp-stdio,fastmcp-http --rounds 5   # stdio/HTTP ratios
//   MCP_EVALS_ECOSYSTEM_CACHE=DIR           # where the servers are installed (default ~/.cache/mcp-evals-ecosystem)
//
// Writes DIR/results/<server>/report.json per server and DIR/results/summary.json (the table and each FAIL).
// PyPI serves only some versions here: each pip package is installed on its own, and a server whose
// package is not served is listed as "not installed" rather than failing the bench.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const CLI = join(ROOT, 'bin', 'mcp-evals.js');
const CACHE = process.env.MCP_EVALS_ECOSYSTEM_CACHE ?? join(homedir(), '.cache', 'mcp-evals-ecosystem');
const NPM_DIR = join(CACHE, 'npm');
const VENV = join(CACHE, 'venv');
const INLINE = join(CACHE, 'inline');
const RESULTS = join(CACHE, 'results');
const PY = join(VENV, 'bin', 'python');

/** Pinned npm packages. */
const NPM = {
  '@modelcontextprotocol/server-everything': '2026.8.31',
  '@modelcontextprotocol/server-memory': '2026.8.31',
  '@modelcontextprotocol/server-filesystem': '2026.8.31',
  '@modelcontextprotocol/server-sequential-thinking': '2026.8.31',
  '@modelcontextprotocol/server': '2.4.0',
  '@playwright/mcp': '0.0.83',
};
/** Pinned pip packages, each installed on its own (take what PyPI serves here). */
const PIP = ['mcp==2.3.0', 'fastmcp==4.0.10', 'mcp-server-time==2025.9.25', 'mcp-server-fetch==2025.4.7', 'mcp-server-git==2025.9.25'];

const mod = (name, ...rest) => join(NPM_DIR, 'node_modules', name, ...rest);

// Tiny servers written for this bench on published SDKs (clearly not published servers themselves):
// they show what each SDK does by default, with one read-only tool, one resource and one prompt.
const SDK_V2_SERVER = `// Written for bench/ecosystem.mjs: a minimal server on the published @modelcontextprotocol/server 2.4.0.
import { createServer } from 'node:http';
import { McpServer, createMcpHandler, hostHeaderValidationResponse, localhostAllowedHostnames, localhostAllowedOrigins, originValidationResponse } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

function factory() {
  const server = new McpServer({ name: 'bench-sdk-v2', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.registerTool('echo', { description: 'Echoes the text back.', inputSchema: z.object({ text: z.string() }), annotations: { readOnlyHint: true } }, async ({ text }) => ({ content: [{ type: 'text', text }] }));
  return server;
}

const port = process.argv.indexOf('--port');
if (port === -1) {
  serveStdio(factory);
} else {
  const handler = createMcpHandler(factory);
  createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = Buffer.concat(chunks);
    const headers = new Headers();
    for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
    const request = new Request(\`http://127.0.0.1\${req.url}\`, { method: req.method, headers, body: ['GET', 'HEAD'].includes(req.method) ? undefined : body });
    // The SDK's entry does no Origin/Host validation: its documentation puts these in front of it.
    const response = hostHeaderValidationResponse(request, localhostAllowedHostnames()) ?? originValidationResponse(request, localhostAllowedOrigins()) ?? (await handler.fetch(request));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (!response.body) return res.end();
    for await (const chunk of response.body) res.write(chunk);
    res.end();
  }).listen(Number(process.argv[port + 1]), '127.0.0.1');
}
`;

const FASTMCP_SERVER = `# Written for bench/ecosystem.mjs: a minimal server on the published fastmcp 4.0.10.
import sys
from fastmcp import FastMCP

mcp = FastMCP("bench-fastmcp")

@mcp.tool(annotations={"readOnlyHint": True})
def echo(text: str) -> str:
    """Echoes the text back."""
    return text

if "--port" in sys.argv:
    mcp.run(transport="http", host="127.0.0.1", port=int(sys.argv[sys.argv.index("--port") + 1]))
else:
    mcp.run()
`;

const MCP2_SERVER = `# Written for bench/ecosystem.mjs: a minimal server on the published Python SDK mcp 2.3.0.
import sys
from mcp.server.mcpserver import MCPServer

mcp = MCPServer("bench-mcp2")

@mcp.tool(annotations={"readOnlyHint": True})
def echo(text: str) -> str:
    """Echoes the text back."""
    return text

if "--port" in sys.argv:
    mcp.run(transport="streamable-http", host="127.0.0.1", port=int(sys.argv[sys.argv.index("--port") + 1]))
else:
    mcp.run()
`;

/** Every configuration: a stdio command, or an HTTP server started on a free port. */
function servers() {
  const fsRoot = join(CACHE, 'fs-root');
  mkdirSync(fsRoot, { recursive: true });
  const node = process.execPath;
  return [
    { id: 'everything-stdio', sdk: 'TS SDK 1.x', stdio: [node, mod('@modelcontextprotocol/server-everything', 'dist', 'index.js'), 'stdio'] },
    { id: 'everything-http', sdk: 'TS SDK 1.x', http: (port) => ({ start: [node, mod('@modelcontextprotocol/server-everything', 'dist', 'index.js'), 'streamableHttp'], env: { PORT: String(port) }, path: '/mcp' }) },
    { id: 'memory-stdio', sdk: 'TS SDK 1.x', stdio: [node, mod('@modelcontextprotocol/server-memory', 'dist', 'index.js')], env: { MEMORY_FILE_PATH: join(CACHE, 'memory.jsonl') } },
    { id: 'filesystem-stdio', sdk: 'TS SDK 1.x', stdio: [node, mod('@modelcontextprotocol/server-filesystem', 'dist', 'index.js'), fsRoot] },
    { id: 'sequential-thinking-stdio', sdk: 'TS SDK 1.x', stdio: [node, mod('@modelcontextprotocol/server-sequential-thinking', 'dist', 'index.js')] },
    { id: 'sdk-v2-stdio', sdk: 'TS SDK 2.4.0 (inline)', stdio: [node, join(INLINE, 'sdk-v2.mjs')] },
    { id: 'sdk-v2-http', sdk: 'TS SDK 2.4.0 (inline)', http: (port) => ({ start: [node, join(INLINE, 'sdk-v2.mjs'), '--port', String(port)], path: '/mcp' }) },
    { id: 'playwright-stdio', sdk: 'TS SDK (playwright)', stdio: [node, mod('@playwright/mcp', 'cli.js'), '--headless', '--isolated'] },
    { id: 'playwright-http', sdk: 'TS SDK (playwright)', http: (port) => ({ start: [node, mod('@playwright/mcp', 'cli.js'), '--headless', '--isolated', '--port', String(port)], path: '/mcp', host: 'localhost' }) },
    { id: 'mcp2-stdio', sdk: 'Python mcp 2.3.0 (inline)', pip: 'mcp', stdio: [PY, join(INLINE, 'mcp2.py')] },
    { id: 'mcp2-http', sdk: 'Python mcp 2.3.0 (inline)', pip: 'mcp', http: (port) => ({ start: [PY, join(INLINE, 'mcp2.py'), '--port', String(port)], path: '/mcp' }) },
    { id: 'fastmcp-stdio', sdk: 'fastmcp 4.0.10 (inline)', pip: 'fastmcp', stdio: [PY, join(INLINE, 'fastmcp4.py')] },
    { id: 'fastmcp-http', sdk: 'fastmcp 4.0.10 (inline)', pip: 'fastmcp', http: (port) => ({ start: [PY, join(INLINE, 'fastmcp4.py'), '--port', String(port)], path: '/mcp' }) },
    { id: 'time-stdio', sdk: 'Python SDK 1.x', pip: 'mcp-server-time', stdio: [PY, '-m', 'mcp_server_time'] },
    { id: 'fetch-stdio', sdk: 'Python SDK 1.x', pip: 'mcp-server-fetch', stdio: [PY, '-m', 'mcp_server_fetch'] },
    { id: 'git-stdio', sdk: 'Python SDK 1.x', pip: 'mcp-server-git', stdio: [PY, '-m', 'mcp_server_git', '--repository', ROOT] },
  ];
}

function install() {
  mkdirSync(NPM_DIR, { recursive: true });
  mkdirSync(INLINE, { recursive: true });
  const pkgPath = join(NPM_DIR, 'package.json');
  const wanted = JSON.stringify({ name: 'mcp-evals-ecosystem', private: true, dependencies: NPM }, null, 2);
  if (!existsSync(pkgPath) || readFileSync(pkgPath, 'utf8') !== wanted || !existsSync(join(NPM_DIR, 'node_modules'))) {
    writeFileSync(pkgPath, wanted);
    process.stderr.write('installing npm servers...\n');
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: NPM_DIR, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  writeFileSync(join(INLINE, 'sdk-v2.mjs'), SDK_V2_SERVER);
  // The inline server resolves the SDK from the npm cache.
  writeFileSync(join(INLINE, 'package.json'), JSON.stringify({ type: 'module' }));
  spawnSync('ln', ['-sfn', join(NPM_DIR, 'node_modules'), join(INLINE, 'node_modules')]);
  writeFileSync(join(INLINE, 'fastmcp4.py'), FASTMCP_SERVER);
  writeFileSync(join(INLINE, 'mcp2.py'), MCP2_SERVER);
  if (!existsSync(PY)) execFileSync('python3', ['-m', 'venv', VENV], { stdio: 'inherit' });
  const installed = new Set();
  for (const spec of PIP) {
    const name = spec.split('==')[0];
    const marker = join(VENV, `.installed-${spec}`);
    if (!existsSync(marker)) {
      const result = spawnSync(join(VENV, 'bin', 'pip'), ['install', '-q', spec], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
      if (result.status === 0) writeFileSync(marker, '');
      else process.stderr.write(`pip: ${spec} not installed (${(result.stderr ?? '').trim().split('\n').pop()})\n`);
    }
    if (existsSync(marker)) installed.add(name);
  }
  return installed;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const quote = (parts) => parts.map((part) => (/^[\w@%+=:,./-]+$/.test(part) ? part : JSON.stringify(part))).join(' ');

async function runOne(server) {
  const out = join(RESULTS, server.id);
  const args = ['--liftoff-only', CLI, 'conformance', '--out', out];
  const env = { ...process.env, ...(server.env ?? {}) };
  if (server.stdio) {
    args.push('--command', quote(server.stdio));
    for (const name of Object.keys(server.env ?? {})) args.push('--env', name);
  } else {
    const port = await freePort();
    const http = server.http(port);
    args.push('--url', `http://${http.host ?? '127.0.0.1'}:${port}${http.path}`, '--start', quote(http.start));
    for (const [name, value] of Object.entries(http.env ?? {})) args.push('--env', `${name}=${value}`);
  }
  const started = process.hrtime.bigint();
  let result = spawnSync(process.execPath, args, { env, encoding: 'utf8', timeout: 300_000 });
  // A shared checkout being rebuilt (lib/ briefly missing) is not the server's doing: once more.
  if (result.status === 3 && /lib\/ is not built/.test(`${result.stdout}${result.stderr}`)) result = spawnSync(process.execPath, args, { env, encoding: 'utf8', timeout: 300_000 });
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  let report;
  try {
    report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
  } catch {
    report = undefined;
  }
  const section = report?.conformance;
  return {
    id: server.id,
    sdk: server.sdk,
    server: report ? [report.header.server.name, report.header.server.version].filter(Boolean).join(' ') : '',
    era: section ? `${section.era}${section.eraModel ? ` ${section.eraModel}` : ''}` : 'n/a',
    summary: section?.summary,
    wallMs: Math.round(wallMs),
    exit: result.status ?? result.signal,
    fails: (section?.checks ?? []).filter((check) => check.status === 'fail').map((check) => ({ id: check.id, level: check.level, requirements: check.requirements, message: check.message })),
    warns: (section?.checks ?? []).filter((check) => check.status === 'warn').map((check) => ({ id: check.id, message: check.message })),
    notEvaluated: section?.notEvaluated?.reason,
    // What the CLI said when it wrote no report (exit 2 or 3): the end of its output.
    output: report ? undefined : `${result.stdout ?? ''}${result.stderr ?? ''}`.slice(-600),
  };
}

async function main() {
  const onlyIndex = process.argv.indexOf('--only');
  const only = onlyIndex === -1 ? undefined : new Set(process.argv[onlyIndex + 1].split(','));
  const roundsIndex = process.argv.indexOf('--rounds');
  const rounds = roundsIndex === -1 ? 1 : Math.max(1, Number(process.argv[roundsIndex + 1]) || 1);
  const installed = install();
  mkdirSync(RESULTS, { recursive: true });
  const rows = [];
  /** Wall times per server over the rounds: the servers run in turn within each round, so a load that comes and goes hits both of a pair. */
  const walls = new Map();
  for (let round = 1; round <= rounds; round += 1) {
    for (const server of servers()) {
      if (only && !only.has(server.id)) continue;
      if (server.pip && !installed.has(server.pip)) {
        if (round === 1) rows.push({ id: server.id, sdk: server.sdk, era: 'not installed', exit: '-', wallMs: 0, fails: [], warns: [] });
        continue;
      }
      process.stderr.write(`${server.id}${rounds > 1 ? ` (round ${round}/${rounds})` : ''}...\n`);
      const row = await runOne(server);
      walls.set(server.id, [...(walls.get(server.id) ?? []), row.wallMs]);
      if (round === 1) rows.push(row);
    }
  }
  writeFileSync(join(RESULTS, 'summary.json'), `${JSON.stringify(rows, null, 2)}\n`);
  const lines = ['| server | SDK | era | pass | fail | warn | skip | wall | exit |', '|---|---|---|---:|---:|---:|---:|---:|---:|'];
  for (const row of rows) {
    const s = row.summary ?? {};
    lines.push(`| ${row.id}${row.server ? ` (${row.server})` : ''} | ${row.sdk} | ${row.era} | ${s.pass ?? '-'} | ${s.fail ?? '-'} | ${s.warn ?? '-'} | ${s.skip ?? '-'} | ${(row.wallMs / 1000).toFixed(1)} s | ${row.exit} |`);
  }
  process.stdout.write(`${lines.join('\n')}\n\nFAILs:\n`);
  for (const row of rows) for (const fail of row.fails) process.stdout.write(`- ${row.id}: ${fail.id} [${fail.level} ${fail.requirements.join(' ')}] ${fail.message.slice(0, 400)}\n`);
  if (rounds > 1) process.stdout.write(`\n${stdioOverHttp(walls).join('\n')}\n`);
  process.stdout.write(`\nresults: ${join(RESULTS, 'summary.json')}\n`);
}

/** Issue 22 item 7: each server's stdio wall over its HTTP wall, round by round (same round, same load), and the median. */
function stdioOverHttp(walls) {
  const lines = ['stdio / HTTP wall, per round (median):'];
  for (const [id, stdio] of walls) {
    if (!id.endsWith('-stdio')) continue;
    const http = walls.get(id.replace(/-stdio$/, '-http'));
    if (!http) continue;
    const ratios = stdio.map((ms, round) => ms / http[round]);
    const sorted = [...ratios].sort((a, b) => a - b);
    const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
    lines.push(`- ${id.replace(/-stdio$/, '')}: ${ratios.map((ratio) => `${ratio.toFixed(2)}x`).join(' ')} (median ${median.toFixed(2)}x; stdio ${stdio.map((ms) => (ms / 1000).toFixed(1)).join('/')} s, HTTP ${http.map((ms) => (ms / 1000).toFixed(1)).join('/')} s)`);
  }
  return lines;
}

await main();
