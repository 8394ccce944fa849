import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { DETERMINISTIC_SCORERS } from '../scorers/deterministic.js';
import type { RescoreJudge } from '../rescore/rescore.js';
import type { ScoringContext } from '../scorers/types.js';
import { captureRuns, exportDataset, listDataset } from './datasets.js';
import { compareExperiments, registerExperiment } from './experiments.js';
import { HttpError, readBody, readJson, sendError, sendJson } from './http.js';
import { ingestOtlp } from './ingest.js';
import { renderRunPage, renderRunsPage } from './page.js';
import { checkHostAndOrigin, requireContentType } from './request-guard.js';
import { parseScoreRequest, scoreRow, scoreRuns } from './score.js';
import type { DaemonStore, RunFilter, StoredRun } from './store.js';

/**
 * `mcp-evals serve`'s HTTP front: routing, auth and limits over the operations (ingest, datasets,
 * score, experiments), each in its own module and each a function of the store. Every answer is
 * JSON (the page at `/` excepted), every error `{"error": {"status", "message"}}`, and nothing a
 * client sends can crash the process: an unexpected throw is a 500 that names no internals.
 */

export interface DaemonOptions {
  store: DaemonStore;
  host: string;
  /** 0: any free port. */
  port: number;
  /** Bearer token every request must carry (required off loopback; the CLI enforces it). */
  token?: string;
  requestTimeoutMs: number;
  quotaPerMinute?: number;
  judge?: RescoreJudge;
  /** The judge's per-call timeout (config timeout_ms). */
  judgeTimeoutMs: number;
  context?: ScoringContext;
  /** The largest body accepted, before and after gzip (default 16 MiB). */
  maxBodyBytes?: number;
  clock?: () => number;
  /** Called for a 500 (the daemon logs it; the client gets no stack). */
  onInternalError?: (error: unknown) => void;
}

export interface RunningDaemon {
  url: string;
  server: Server;
  close(): Promise<void>;
}

export const DEFAULT_MAX_BODY_BYTES = 16 * 1024 * 1024;
const JSON_LIMIT = 1024 * 1024;
const JSON_TYPES = ['application/json'];
const OTLP_TYPES = ['application/json', 'application/x-protobuf', 'application/protobuf'];

export async function startDaemon(options: DaemonOptions): Promise<RunningDaemon> {
  let port = options.port;
  const handler = createHandler(options, () => port);
  const server = createServer((request, response) => {
    handler(request, response).catch((error: unknown) => {
      options.onInternalError?.(error);
      sendError(response, 500, 'internal error (logged by the daemon)');
    });
  });
  // A slow or stalled client cannot hold a connection past the request timeout (+ slack to answer).
  server.requestTimeout = options.requestTimeoutMs + 5000;
  server.headersTimeout = Math.min(60_000, server.requestTimeout);
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n{"error":{"status":400,"message":"malformed HTTP request"}}');
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  port = address.port;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    server,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

type Handler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

function createHandler(options: DaemonOptions, port: () => number): Handler {
  const { store } = options;
  const clock = options.clock ?? Date.now;
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const token = options.token ? Buffer.from(options.token) : undefined;

  return async (request, response) => {
    try {
      const url = new URL(request.url ?? '/', 'http://daemon');
      const path = url.pathname;
      const method = request.method ?? 'GET';
      checkHostAndOrigin(request, { host: options.host, port: port() });
      if (token) {
        // The scheme is case-insensitive (RFC 9110 §11.1): `bearer x` is `Bearer x`.
        const given = Buffer.from(/^bearer +(.*)$/i.exec(String(request.headers.authorization ?? ''))?.[1] ?? '');
        if (given.length !== token.length || !timingSafeEqual(given, token)) {
          response.setHeader('www-authenticate', 'Bearer');
          throw new HttpError(401, 'this daemon needs `Authorization: Bearer <token>` (the value of the environment variable named by --token-env)');
        }
      }
      const allow = (...methods: string[]) => {
        if (!methods.includes(method)) {
          response.setHeader('allow', methods.join(', '));
          throw new HttpError(405, `${method} is not allowed on ${path} (allowed: ${methods.join(', ')})`);
        }
      };

      if (path === '/v1/traces') {
        allow('POST');
        requireContentType(request, OTLP_TYPES);
        const body = await readBody(request, maxBody);
        const outcome = ingestOtlp(store, request.headers['content-type'], body);
        response.writeHead(200, { 'content-type': outcome.contentType, 'content-length': Buffer.byteLength(outcome.body) });
        response.end(outcome.body);
        return;
      }
      if (path === '/healthz') {
        allow('GET');
        return sendJson(response, 200, { ok: true });
      }
      if (path === '/v1/api/runs') {
        allow('GET');
        const runs = store.listRuns(runFilter(url.searchParams));
        return sendJson(response, 200, { runs: runs.map(runSummary) });
      }
      const run = /^\/v1\/api\/runs\/([^/]+)$/.exec(path);
      if (run) {
        allow('GET');
        const found = store.listRuns({ traceIds: [pathPart(run[1]).toLowerCase()], limit: 1000 });
        if (found.length === 0) throw new HttpError(404, `no run with trace id ${pathPart(run[1]).slice(0, 80)}`);
        return sendJson(response, 200, { runs: found.map((r) => ({ ...runSummary(r), trace: r.trace, scores: store.listScores({ traceIds: [r.traceId] }).filter((s) => s.runId === r.runId).map(scoreRow) })) });
      }
      const dataset = /^\/v1\/api\/datasets\/([^/]+)(\/capture|\/export)?$/.exec(path);
      if (dataset) {
        const name = pathPart(dataset[1]);
        if (dataset[2] === '/capture') {
          allow('POST');
          const body = await readJsonBody(request);
          const traceIds = body.trace_ids;
          if (!Array.isArray(traceIds) || traceIds.length === 0 || traceIds.length > 1000 || !traceIds.every((id) => typeof id === 'string' && id !== '')) throw new HttpError(400, '`trace_ids` must be a non-empty array (at most 1000) of trace ids');
          if (body.use_output_as_expected !== undefined && typeof body.use_output_as_expected !== 'boolean') throw new HttpError(400, '`use_output_as_expected` must be true or false');
          return sendJson(response, 200, captureRuns(store, name, { traceIds: traceIds as string[], useOutputAsExpected: body.use_output_as_expected === true }, clock()));
        }
        allow('GET');
        if (dataset[2] === '/export') {
          const text = exportDataset(store, name, url.searchParams.get('format'));
          response.writeHead(200, { 'content-type': 'application/yaml; charset=utf-8', 'content-disposition': `attachment; filename="${name}.tasks.yaml"` });
          response.end(text);
          return;
        }
        return sendJson(response, 200, listDataset(store, name));
      }
      if (path === '/v1/api/scorers') {
        allow('GET');
        return sendJson(response, 200, {
          scorers: DETERMINISTIC_SCORERS.map((definition) => ({
            id: definition.id,
            summary: definition.summary,
            needs_config: definition.needsConfig,
            config: definition.config,
            ...(definition.parameter ? { parameter: definition.parameter.label } : {}),
          })),
        });
      }
      if (path === '/v1/api/score') {
        allow('POST');
        const body = await readJsonBody(request);
        const parsed = parseScoreRequest(body, options.judge);
        const gone = new AbortController();
        response.once('close', () => {
          if (!response.writableFinished) gone.abort('the client went away before the answer');
        });
        const outcome = await scoreRuns(store, parsed, {
          signal: gone.signal,
          judge: options.judge,
          judgeTimeoutMs: options.judgeTimeoutMs,
          requestTimeoutMs: options.requestTimeoutMs,
          ...(options.quotaPerMinute !== undefined ? { quotaPerMinute: options.quotaPerMinute } : {}),
          context: options.context ?? {},
          clock,
        });
        return sendJson(response, 200, outcome);
      }
      if (path === '/v1/api/experiments') {
        allow('POST');
        const { createdMs, ...experiment } = registerExperiment(store, await readJsonBody(request), clock());
        return sendJson(response, 200, { experiment: { ...experiment, created_at: new Date(createdMs).toISOString() } });
      }
      if (path === '/v1/api/experiments/compare') {
        allow('GET');
        return sendJson(response, 200, compareExperiments(store, url.searchParams.get('baseline'), url.searchParams.get('candidate'), url.searchParams.get('max_drop')));
      }
      if (path === '/') {
        allow('GET');
        return sendHtml(response, renderRunsPage(store.listRuns(runFilter(url.searchParams)), url.searchParams));
      }
      const page = /^\/runs\/([^/]+)$/.exec(path);
      if (page) {
        allow('GET');
        const found = store.listRuns({ traceIds: [pathPart(page[1]).toLowerCase()], limit: 1000 });
        if (found.length === 0) throw new HttpError(404, 'no such run');
        return sendHtml(response, renderRunPage(found, (r) => store.listScores({ traceIds: [r.traceId] }).filter((s) => s.runId === r.runId)));
      }
      throw new HttpError(404, `no route ${method} ${path.slice(0, 200)}; the API is under /v1 (docs/daemon.md)`);
    } catch (error) {
      if (error instanceof HttpError) return sendError(response, error.status, error.message);
      if (error instanceof Error && error.name === 'ConfigurationError') return sendError(response, 400, error.message);
      throw error;
    }
  };
}

/** An API body: declared `application/json` (415 otherwise: what a cross-site form or text/plain POST sends), then parsed. */
async function readJsonBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  requireContentType(request, JSON_TYPES);
  return readJson(request, JSON_LIMIT);
}

/** A percent-decoded path segment; a malformed escape is the client's mistake (400), not a crash. */
function pathPart(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new HttpError(400, `malformed percent-encoding in the path: "${text.slice(0, 80)}"`);
  }
}

/** ?project=&status=ok|error&from=ISO&to=ISO&limit=N */
function runFilter(params: URLSearchParams): RunFilter {
  const filter: RunFilter = {};
  const project = params.get('project');
  if (project) filter.project = project;
  const status = params.get('status');
  if (status) {
    if (status !== 'ok' && status !== 'error') throw new HttpError(400, `status must be ok or error, got "${status.slice(0, 40)}"`);
    filter.status = status;
  }
  for (const key of ['from', 'to'] as const) {
    const value = params.get(key);
    if (!value) continue;
    const ms = /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value) : NaN;
    if (!Number.isFinite(ms)) throw new HttpError(400, `${key} must be an ISO 8601 time, got "${value.slice(0, 40)}"`);
    if (key === 'from') filter.fromMs = ms;
    else filter.toMs = ms;
  }
  const limit = params.get('limit');
  if (limit) {
    const n = Number(limit);
    if (!Number.isInteger(n) || n < 1 || n > 1000) throw new HttpError(400, 'limit must be a whole number from 1 to 1000');
    filter.limit = n;
  }
  return filter;
}

export function runSummary(run: StoredRun) {
  return {
    trace_id: run.traceId,
    run_id: run.runId,
    project: run.project,
    status: run.status,
    started_at: new Date(run.startMs).toISOString(),
    duration_ms: run.durationMs,
    model: run.model,
    agent: run.caseId,
    input: run.input,
    answer: run.answer,
    usage: { input_tokens: run.inputTokens, output_tokens: run.outputTokens },
    cost_usd: run.costUsd,
    tool_calls: run.toolCalls,
    dropped_spans: run.droppedSpans ?? 0,
    ...(run.trace.error ? { error: run.trace.error } : {}),
  };
}

/** The page's policy: no script, no remote anything; the inline style is the page's own. */
const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

function sendHtml(response: ServerResponse, html: string): void {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': CSP, 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'cache-control': 'no-store' });
  response.end(html);
}
