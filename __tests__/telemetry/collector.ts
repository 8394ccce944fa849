import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The body as sent, gunzipped when it came with Content-Encoding: gzip. */
  body: string;
}

export interface Collector {
  /** Base URL, http://127.0.0.1:PORT (no path). */
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/**
 * A stand-in OTLP/HTTP collector on 127.0.0.1: records every request, then answers as `respond`
 * says; `hang` never answers (the exporter's deadline must end it).
 */
export async function startCollector(respond: { status?: number; body?: string; hang?: boolean } = {}): Promise<Collector> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: body.toString('utf8') });
      if (respond.hang) return;
      res.writeHead(respond.status ?? 200, { 'content-type': 'application/json' });
      res.end(respond.body ?? '{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
