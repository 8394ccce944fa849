/**
 * A fake of the slice of GitHub's REST API the action uses, on 127.0.0.1 (random port), for
 * GITHUB_API_URL. It records every request and keeps state (comments, workflow runs, artifacts)
 * that tests seed and inspect; behaviour is settable per test (e.g. a 403 on comments, as a fork's
 * read-only token gets).
 *
 *   GET    /repos/{o}/{r}                                   default_branch
 *   GET    /repos/{o}/{r}/issues/{n}/comments               paginated (per_page, page, Link: rel="next")
 *   POST   /repos/{o}/{r}/issues/{n}/comments               creates
 *   PATCH  /repos/{o}/{r}/issues/comments/{id}              updates
 *   GET    /repos/{o}/{r}/actions/workflows/{wf}/runs       ?branch &status (a conclusion)
 *   GET    /repos/{o}/{r}/actions/runs                      ?branch &status
 *   GET    /repos/{o}/{r}/actions/runs/{id}/artifacts       ?name
 *   GET    /repos/{o}/{r}/actions/artifacts/{id}/zip        302 to /_blobs/{id}.zip
 *   GET    /_blobs/{id}.zip                                 the artifact's files as a zip
 *   GET    /user                                            the token's user (tokenUser), else 403 as for an installation token
 *   POST   /graphql                                         { viewer { login } }: the token's user, else github-actions[bot]
 *   GET    /repos/{o}/{r}/pulls/{n}                         head.sha from prHeads
 *   GET    /repos/{o}/{r}/compare/{base}...{head}           ahead / behind / identical by commitOrder, else 404
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedGitHubRequest {
  method: string;
  /** Path without the query. */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
  status: number;
}

export interface FakeComment {
  id: number;
  body: string;
  user: { login: string; type: string };
}

export interface FakeRun {
  id: number;
  run_number: number;
  head_branch: string;
  head_sha: string;
  status: 'completed' | 'in_progress';
  conclusion: 'success' | 'failure' | null;
  /** The workflow file's name (`evals.yml`); runs listed per workflow match on it. */
  workflow: string;
  /** What triggered it; default push. */
  event?: string;
  /** Where its head commit lives; default the repository the run is listed for. */
  head_repository?: { full_name: string };
  created_at: string;
  updated_at: string;
}

export interface FakeArtifact {
  id: number;
  name: string;
  /** Path inside the zip → content. */
  files: Record<string, string>;
}

export interface FakeGitHub {
  url: string;
  requests: RecordedGitHubRequest[];
  /** Issue / PR number → its comments, oldest first. */
  comments: Map<number, FakeComment[]>;
  runs: FakeRun[];
  /** Run id → its artifacts. */
  artifacts: Map<number, FakeArtifact[]>;
  defaultBranch: string;
  /** Answer every comment route with this status (403: a read-only token). */
  commentStatus?: number;
  /** The user a personal token belongs to; undefined: the token is an installation token (GITHUB_TOKEN), github-actions[bot]. */
  tokenUser?: { login: string; type: string };
  /** Pull request number → its current head commit. */
  prHeads: Map<number, string>;
  /** Commits of the repository, oldest first, for the compare API. */
  commitOrder: string[];
  /** Requests to routes of this kind. */
  requestsTo(kind: 'comments' | 'runs' | 'artifacts'): RecordedGitHubRequest[];
  close(): Promise<void>;
}

export async function startFakeGitHub(): Promise<FakeGitHub> {
  let nextId = 1000;
  const fake: FakeGitHub = {
    url: '',
    requests: [],
    comments: new Map(),
    runs: [],
    artifacts: new Map(),
    defaultBranch: 'main',
    prHeads: new Map(),
    commitOrder: [],
    requestsTo(kind) {
      const pattern = kind === 'comments' ? /\/comments/ : kind === 'runs' ? /\/runs$/ : /artifacts|_blobs/;
      return fake.requests.filter((request) => pattern.test(request.path));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => send(res, 500, { message: String(error) }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', fake.url);
    const text = await readBody(req);
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // kept as text
    }
    const record: RecordedGitHubRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')])),
      body,
      status: 0,
    };
    fake.requests.push(record);
    const reply = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      record.status = status;
      send(res, status, payload, headers);
    };
    const method = record.method;
    const path = url.pathname;
    let m: RegExpExecArray | null;

    if (/\/comments$|\/issues\/comments\//.test(path) && fake.commentStatus !== undefined) {
      return reply(fake.commentStatus, { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest' });
    }
    if (path === '/user' && method === 'GET') {
      if (!fake.tokenUser) return reply(403, { message: 'Resource not accessible by integration', documentation_url: 'https://docs.github.com/rest/users/users#get-the-authenticated-user' });
      return reply(200, { login: fake.tokenUser.login, type: fake.tokenUser.type, id: 1 });
    }
    if (path === '/graphql' && method === 'POST') {
      return reply(200, { data: { viewer: { login: fake.tokenUser?.login ?? 'github-actions[bot]' } } });
    }
    if ((m = /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)$/.exec(path)) && method === 'GET') {
      const head = fake.prHeads.get(Number(m[1]));
      if (!head) return reply(404, { message: 'Not Found' });
      return reply(200, { number: Number(m[1]), head: { sha: head } });
    }
    if ((m = /^\/repos\/[^/]+\/[^/]+\/compare\/([^.]+)\.\.\.(.+)$/.exec(path)) && method === 'GET') {
      const base = fake.commitOrder.indexOf(m[1]);
      const head = fake.commitOrder.indexOf(decodeURIComponent(m[2]));
      if (base < 0 || head < 0) return reply(404, { message: 'Not Found' });
      return reply(200, { status: head > base ? 'ahead' : head < base ? 'behind' : 'identical', ahead_by: Math.max(0, head - base), behind_by: Math.max(0, base - head) });
    }
    if ((m = /^\/repos\/([^/]+)\/([^/]+)$/.exec(path)) && method === 'GET') {
      return reply(200, { full_name: `${m[1]}/${m[2]}`, default_branch: fake.defaultBranch });
    }
    if ((m = /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/comments$/.exec(path))) {
      const issue = Number(m[1]);
      const list = fake.comments.get(issue) ?? [];
      fake.comments.set(issue, list);
      if (method === 'GET') {
        const perPage = Number(url.searchParams.get('per_page') ?? 30);
        const page = Number(url.searchParams.get('page') ?? 1);
        const slice = list.slice((page - 1) * perPage, page * perPage);
        const headers: Record<string, string> = {};
        if (page * perPage < list.length) {
          const next = new URL(url);
          next.searchParams.set('page', String(page + 1));
          next.searchParams.set('per_page', String(perPage));
          headers.link = `<${next.href}>; rel="next"`;
        }
        return reply(200, slice.map(view), headers);
      }
      if (method === 'POST') {
        const comment: FakeComment = { id: nextId++, body: String((body as { body?: unknown })?.body ?? ''), user: fake.tokenUser ?? { login: 'github-actions[bot]', type: 'Bot' } };
        list.push(comment);
        return reply(201, view(comment));
      }
    }
    if ((m = /^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/.exec(path)) && method === 'PATCH') {
      const id = Number(m[1]);
      const comment = [...fake.comments.values()].flat().find((c) => c.id === id);
      if (!comment) return reply(404, { message: 'Not Found' });
      comment.body = String((body as { body?: unknown })?.body ?? '');
      return reply(200, view(comment));
    }
    if ((m = /^\/repos\/([^/]+\/[^/]+)\/actions\/(?:workflows\/([^/]+)\/)?runs$/.exec(path)) && method === 'GET') {
      const repository = m[1];
      const workflow = m[2];
      const branch = url.searchParams.get('branch');
      const status = url.searchParams.get('status');
      const runs = fake.runs
        .filter((run) => (workflow === undefined || run.workflow === workflow) && (!branch || run.head_branch === branch) && (!status || run.conclusion === status || run.status === status))
        .sort((a, b) => b.id - a.id)
        .map((run) => ({ event: 'push', head_repository: { full_name: repository }, repository: { full_name: repository }, ...run }));
      return reply(200, { total_count: runs.length, workflow_runs: runs });
    }
    if ((m = /^\/repos\/[^/]+\/[^/]+\/actions\/runs\/(\d+)\/artifacts$/.exec(path)) && method === 'GET') {
      const name = url.searchParams.get('name');
      const artifacts = (fake.artifacts.get(Number(m[1])) ?? []).filter((artifact) => !name || artifact.name === name);
      return reply(200, {
        total_count: artifacts.length,
        artifacts: artifacts.map((artifact) => ({ id: artifact.id, name: artifact.name, size_in_bytes: zip(artifact.files).length, created_at: '2026-07-01T00:00:00Z', expired: false })),
      });
    }
    if ((m = /^\/repos\/[^/]+\/[^/]+\/actions\/artifacts\/(\d+)\/zip$/.exec(path)) && method === 'GET') {
      if (!findArtifact(Number(m[1]))) return reply(404, { message: 'Not Found' });
      return reply(302, '', { location: `${fake.url}/_blobs/${m[1]}.zip` });
    }
    if ((m = /^\/_blobs\/(\d+)\.zip$/.exec(path)) && method === 'GET') {
      const artifact = findArtifact(Number(m[1]));
      if (!artifact) return reply(404, { message: 'Not Found' });
      record.status = 200;
      res.writeHead(200, { 'content-type': 'application/zip' });
      res.end(zip(artifact.files));
      return;
    }
    return reply(404, { message: 'Not Found', path });
  }

  function findArtifact(id: number): FakeArtifact | undefined {
    return [...fake.artifacts.values()].flat().find((artifact) => artifact.id === id);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

function view(comment: FakeComment) {
  return { id: comment.id, body: comment.body, user: comment.user, html_url: `https://github.com/octo/mcp-server/issues/1#issuecomment-${comment.id}` };
}

function send(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}): void {
  const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

// ---------------------------------------------------------------------------------------------
// A minimal zip writer (stored entries, no compression), as GitHub serves an artifact's archive.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

export function zip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(content, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(0, 10); // time
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, nameBytes, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}
