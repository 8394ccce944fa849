// The HTTP client (undici) and the Streamable HTTP transport, behind one door: a run over stdio never
// loads them, and a conformance run over HTTP loads them without layers 1–3 (on-demand.ts). That
// matters beyond their size: the fault proxy of layer 2 imports node:http, and the ES module facade
// of node:http reads every export, loading Node's own bundled undici (~28 ms of CPU) beside ours.
export { HttpConnection, describe as describeHttpError } from './mcp/http-transport.js';
export { request } from 'undici';
