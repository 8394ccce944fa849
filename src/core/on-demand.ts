// What a conformance run over stdio (the action's cold path) never needs, behind one door: layers 1–3
// (evals/upper-layers.ts: models, scorers, the agent loop, faults and injections, telemetry, trace
// export) and the HTTP client (undici: HTTP servers under test, model APIs). Every use is
// `await import('…/on-demand.js')`, so the bundle keeps all of it in one lazily loaded chunk. One door,
// not one per concern: the chunks of several doors would each carry a copy of what they share (undici).
export * from './evals/upper-layers.js';
export { HttpConnection, describe as describeHttpError } from './mcp/http-transport.js';
export { request } from 'undici';
