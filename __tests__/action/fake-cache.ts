/**
 * A fake of GitHub's cache service as @actions/cache 6.3.0 speaks to it on github.com today
 * (ACTIONS_CACHE_SERVICE_V2 set, so lib/internal/shared/cacheTwirpClient.js): Twirp JSON calls
 * under ACTIONS_RESULTS_URL with the runtime token as a bearer, an upload through the Azure blob
 * SDK to the signed URL the service hands out (one Put Blob for an archive under 128 MiB), and a
 * plain GET of the signed download URL (not an *.blob.core.windows.net host, so no SDK).
 *
 *   POST /twirp/github.actions.results.api.v1.CacheService/CreateCacheEntry          {key, version} → {ok, signed_upload_url}
 *   PUT  /devstoreaccount1/cache/{id}                                                the archive (x-ms-blob-type: BlockBlob)
 *   POST /twirp/github.actions.results.api.v1.CacheService/FinalizeCacheEntryUpload  {key, version, size_bytes} → {ok, entry_id}
 *   POST /twirp/github.actions.results.api.v1.CacheService/GetCacheEntryDownloadURL  {key, restore_keys, version} → {ok, signed_download_url, matched_key}
 *   GET  /devstoreaccount1/cache/{id}                                                the archive
 *
 * Entries are immutable: a second CreateCacheEntry for a key and version answers Twirp
 * `already_exists` (HTTP 409), as the service does. Lookup: the key exactly, then each restore key
 * as a prefix, newest entry first; always within the same version (paths and compression).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const SERVICE = '/twirp/github.actions.results.api.v1.CacheService/';

export interface FakeCacheEntry {
  id: number;
  key: string;
  version: string;
  data: Buffer | undefined;
  finalized: boolean;
  createdAt: number;
}

export interface FakeCacheService {
  url: string;
  entries: FakeCacheEntry[];
  /** Twirp method names in call order, with the key they named. */
  calls: Array<{ method: string; key: string; authorization: string }>;
  /** Answer CreateCacheEntry with this HTTP status and a Twirp error (e.g. 429, 500). */
  createStatus?: number;
  /** The environment a step gets to use this service. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

export async function startFakeCacheService(): Promise<FakeCacheService> {
  let nextId = 1;
  let clock = 0;
  const fake: FakeCacheService = {
    url: '',
    entries: [],
    calls: [],
    env: () => ({ ACTIONS_CACHE_SERVICE_V2: 'true', ACTIONS_RESULTS_URL: `${fake.url}/`, ACTIONS_RUNTIME_TOKEN: 'fake-runtime-token' }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => twirpError(res, 500, 'internal', String(error)));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', fake.url);
    const body = await readBody(req);
    const blob = /^\/devstoreaccount1\/cache\/(\d+)$/.exec(url.pathname);
    if (blob) {
      const entry = fake.entries.find((candidate) => candidate.id === Number(blob[1]));
      if (!entry) return void res.writeHead(404).end();
      if (req.method === 'PUT') {
        if (entry.finalized) return void res.writeHead(409).end();
        entry.data = body;
        res.writeHead(201, { etag: `"0x${entry.id}"`, 'last-modified': new Date().toUTCString(), 'x-ms-request-id': String(entry.id), 'x-ms-version': '2025-01-05', 'x-ms-request-server-encrypted': 'true' });
        return void res.end();
      }
      if (req.method === 'GET' && entry.finalized && entry.data) {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(entry.data.length) });
        return void res.end(entry.data);
      }
      return void res.writeHead(404).end();
    }
    if (req.method !== 'POST' || !url.pathname.startsWith(SERVICE)) return twirpError(res, 404, 'bad_route', `no route ${req.method} ${url.pathname}`);
    const method = url.pathname.slice(SERVICE.length);
    const request = JSON.parse(body.toString('utf8') || '{}') as { key?: string; version?: string; restore_keys?: string[]; size_bytes?: string };
    fake.calls.push({ method, key: request.key ?? '', authorization: String(req.headers.authorization ?? '') });
    if (req.headers.authorization !== 'Bearer fake-runtime-token') return twirpError(res, 401, 'unauthenticated', 'no runtime token');
    const key = request.key ?? '';
    const version = request.version ?? '';
    switch (method) {
      case 'CreateCacheEntry': {
        if (fake.createStatus !== undefined) return twirpError(res, fake.createStatus, fake.createStatus === 429 ? 'resource_exhausted' : 'internal', 'cache service unavailable');
        if (fake.entries.some((entry) => entry.key === key && entry.version === version)) {
          return twirpError(res, 409, 'already_exists', 'cache entry with the same key, version, and scope already exists');
        }
        const entry: FakeCacheEntry = { id: nextId++, key, version, data: undefined, finalized: false, createdAt: ++clock };
        fake.entries.push(entry);
        return json(res, { ok: true, signed_upload_url: `${fake.url}/devstoreaccount1/cache/${entry.id}?sv=2025-01-05&sig=fake` });
      }
      case 'FinalizeCacheEntryUpload': {
        const entry = fake.entries.find((candidate) => candidate.key === key && candidate.version === version && !candidate.finalized);
        if (!entry?.data || String(entry.data.length) !== String(request.size_bytes)) return json(res, { ok: false, entry_id: '0', message: 'no upload of that size for this key' });
        entry.finalized = true;
        return json(res, { ok: true, entry_id: String(entry.id) });
      }
      case 'GetCacheEntryDownloadURL': {
        const ready = fake.entries.filter((entry) => entry.finalized && entry.version === version).sort((a, b) => b.createdAt - a.createdAt);
        const match = ready.find((entry) => entry.key === key) ?? (request.restore_keys ?? []).map((prefix) => ready.find((entry) => entry.key.startsWith(prefix))).find(Boolean);
        if (!match) return json(res, { ok: false, signed_download_url: '', matched_key: '' });
        return json(res, { ok: true, signed_download_url: `${fake.url}/devstoreaccount1/cache/${match.id}?sv=2025-01-05&sig=fake`, matched_key: match.key });
      }
      default:
        return twirpError(res, 404, 'bad_route', `no method ${method}`);
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

function json(res: ServerResponse, payload: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(payload));
}

function twirpError(res: ServerResponse, status: number, code: string, msg: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ code, msg }));
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
