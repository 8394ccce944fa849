// What a conformance run never needs, behind one door: layers 1–3 (evals/upper-layers.ts: models,
// scorers, the agent loop, faults and injections, telemetry, trace export). Every use is
// `await import('…/on-demand.js')`, so the bundle keeps all of it in lazily loaded chunks; the HTTP
// client they share with a conformance run over HTTP is a door of its own (http-client.ts), and
// esbuild puts what two doors share in a chunk of its own, not a copy in each.
export * from './evals/upper-layers.js';
export * from './http-client.js';
