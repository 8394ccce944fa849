import type { CheckResult, ConformanceSection, Level, Status } from '../../src/core/conformance/types.js';
import type { Exchange } from '../../src/core/mcp/types.js';
import type { Report } from '../../src/core/report/types.js';

/** A message a hostile server could put in a check's message: table breakers, HTML, a mention, a newline, a control char. */
export const HOSTILE = 'tool "a|b" said <script>alert(1)</script> & pinged @octocat\nsecond line\u0001 with \u001b[31mred\u001b[0m';

export const HTTP_EXCHANGE: Exchange = {
  seq: 3,
  transport: 'http',
  era: '2026-07-28',
  request: {
    method: 'tools/list',
    httpMethod: 'POST',
    headers: { 'content-type': 'application/json', 'mcp-method': 'tools/list', authorization: '[redacted]' },
    body: '{"jsonrpc":"2.0","id":3,"method":"tools/list"}',
  },
  response: {
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: '{"jsonrpc":"2.0","id":3,"result":{"tools":[]}}',
    messages: [{ jsonrpc: '2.0', id: 3, result: { tools: [] } }],
    answer: { jsonrpc: '2.0', id: 3, result: { tools: [] } },
    garbage: [],
    contentType: 'application/json',
  },
  startedAt: 1_760_000_000_000,
  durationMs: 12,
};

export const FAILED_EXCHANGE: Exchange = {
  seq: 4,
  transport: 'stdio',
  era: 'probe',
  request: { method: 'server/discover', body: '{"jsonrpc":"2.0","id":4,"method":"server/discover"}' },
  failure: 'no answer within 3000ms',
  startedAt: 1_760_000_000_100,
  durationMs: 3000,
};

export function makeCheck(id: string, status: Status, overrides: Partial<CheckResult> = {}): CheckResult {
  const level: Level = overrides.level ?? 'MUST';
  return {
    id,
    title: `Title of ${id}`,
    level,
    status,
    requirements: ['DISC-02'],
    era: '2026-07-28',
    message: `${id} ${status}`,
    durationMs: 5,
    evidence: [],
    ...overrides,
  };
}

export function summarize(checks: CheckResult[]): ConformanceSection['summary'] {
  const count = (status: Status) => checks.filter((check) => check.status === status).length;
  return { pass: count('pass'), fail: count('fail'), warn: count('warn'), skip: count('skip'), total: checks.length };
}

/** The mixed checks: 3 pass, 2 fail, 2 warn, 2 skip; assertion 7 has only a skipped check, assertion 6 none. */
export function mixedChecks(): CheckResult[] {
  return [
    makeCheck('discover-supported-versions', 'pass', { assertion: 1, requirements: ['DISC-02', 'VER-01'], evidence: [HTTP_EXCHANGE] }),
    makeCheck('discover-capabilities', 'pass', { assertion: 1, requirements: ['DISC-03'] }),
    makeCheck('tools-list-order', 'fail', {
      assertion: 2,
      requirements: ['LIST-03'],
      message: HOSTILE,
      evidence: [HTTP_EXCHANGE, FAILED_EXCHANGE],
      subResults: [
        { id: 'page-1', status: 'pass', message: 'ok' },
        { id: 'page-2', status: 'fail', message: 'order changed <b>\u0002' },
      ],
    }),
    makeCheck('list-ttl', 'warn', { level: 'SHOULD', assertion: 3, requirements: ['CACHE-01'], message: 'ttlMs missing | see @someone' }),
    makeCheck('result-type', 'pass', { assertion: 4, requirements: ['RT-01'] }),
    makeCheck('tool-schema-ref', 'fail', { assertion: 5, requirements: ['TOOL-07'], message: 'schema has a remote $ref' }),
    makeCheck('logging-levels', 'warn', { level: 'MAY', requirements: ['LOG-02'], message: 'no logging' }),
    makeCheck('mcp-method-header', 'skip', { assertion: 7, requirements: ['HTTP-HDR-05'], message: 'stdio: no headers' }),
    makeCheck('completions', 'skip', { level: 'MAY', requirements: [], message: 'the server does not declare completions' }),
  ];
}

export function makeReport(checks: CheckResult[] = mixedChecks(), overrides: Partial<ConformanceSection> = {}): Report {
  return {
    schemaVersion: 1,
    header: {
      tool: { name: 'mcp-evals', version: '0.1.0' },
      specRevision: '2026-07-28',
      protocolEra: '2026-07-28',
      server: { name: 'demo-server', version: '1.2.3', transport: 'http', target: 'http://127.0.0.1:3000/mcp' },
      node: 'v20.19.0',
      platform: 'linux-x64',
      startedAt: '2026-08-01T12:00:00.000Z',
      durationMs: 4321,
      experiment: 'abc123',
    },
    conformance: {
      era: '2026-07-28',
      supportedVersions: ['2026-07-28', '2025-11-25'],
      capabilities: { tools: { listChanged: true } },
      checks,
      stderr: 'server log line\n',
      summary: summarize(checks),
      durationMs: 4200,
      ...overrides,
    },
  };
}
