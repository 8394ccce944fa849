#!/usr/bin/env node
// Acme ops assistant: a small example MCP server for mcp-evals.
//
//   node server.mjs                        stdio (the default)
//   node server.mjs --http [--port N]      Streamable HTTP on http://127.0.0.1:N/mcp (N=0: any free port)
//
// Built on the official TypeScript SDK v2 (`@modelcontextprotocol/server` 2.x, plus `zod` 4),
// which speaks the stateless 2026-07-28 protocol (server/discover, per-request `_meta`,
// `resultType`, `ttlMs`/`cacheScope`) and still answers 2025-era clients (initialize) on the
// same transports. Everything here is deterministic (fixed tables, no network, no clock, no
// randomness) so that golden evals give the same answers on every run.

import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';

import {
  createMcpHandler,
  fromJsonSchema,
  localhostAllowedOrigins,
  McpServer,
  PROTOCOL_VERSION_META_KEY,
  ProtocolError,
  ProtocolErrorCode,
  UnsupportedProtocolVersionError,
  validateOriginHeader,
} from '@modelcontextprotocol/server';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod';

// ---------------------------------------------------------------------------------------------
// Fictional data
// ---------------------------------------------------------------------------------------------

const WEATHER = {
  berlin: { celsius: 14, conditions: 'overcast', humidityPct: 72 },
  london: { celsius: 12, conditions: 'light rain', humidityPct: 81 },
  'new york': { celsius: 18, conditions: 'sunny', humidityPct: 55 },
  paris: { celsius: 16, conditions: 'partly cloudy', humidityPct: 64 },
  tokyo: { celsius: 21, conditions: 'clear', humidityPct: 60 },
};
const CONDITIONS = ['sunny', 'clear', 'partly cloudy', 'overcast', 'light rain', 'windy'];

const INVOICES = [
  { id: 'INV-1001', customer: 'Globex', month: '2026-05', amount: 1250.0, currency: 'USD', status: 'paid' },
  { id: 'INV-1002', customer: 'Globex', month: '2026-06', amount: 980.5, currency: 'USD', status: 'open' },
  { id: 'INV-1003', customer: 'Initech', month: '2026-06', amount: 4200.0, currency: 'EUR', status: 'overdue' },
  { id: 'INV-1004', customer: 'Umbrella', month: '2026-06', amount: 310.75, currency: 'GBP', status: 'paid' },
  { id: 'INV-1005', customer: 'Globex', month: '2026-07', amount: 1999.99, currency: 'USD', status: 'open' },
  { id: 'INV-1006', customer: 'Initech', month: '2026-07', amount: 150.0, currency: 'EUR', status: 'open' },
];

// Units of currency per 1 USD. Fixed on purpose: evals need stable answers, not live rates.
const USD_RATES = { USD: 1, EUR: 0.92, GBP: 0.79, JPY: 151.5, CHF: 0.88, CAD: 1.37 };

const TRAVEL_POLICY = `# Acme travel policy

- Book economy class for flights under 6 hours; premium economy above that.
- Hotels: up to 180 USD per night (250 USD in London, New York and Tokyo).
- Meals: a per-diem of 60 USD; keep receipts for anything above 25 USD.
- Submit expenses within 30 days of return, with the trip's purchase-order number.
`;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** A tool result with both forms the spec asks for: structured data and its JSON as text. */
function structured(data) {
  return { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data };
}

/** A tool *execution* error: the model sees it and can correct itself (not a protocol error). */
function toolError(message) {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** Stable fake weather for places not in the table (a string hash; never random). */
function weatherFor(location) {
  const known = WEATHER[location.trim().toLowerCase()];
  if (known) return known;
  let h = 0;
  for (const ch of location.trim().toLowerCase()) h = (h * 31 + ch.codePointAt(0)) >>> 0;
  return { celsius: (h % 35) - 5, conditions: CONDITIONS[h % CONDITIONS.length], humidityPct: 30 + (h % 60) };
}

const round2 = (n) => Math.round(n * 100) / 100;

// get_weather's output schema is written as plain JSON Schema (2020-12, the MCP default dialect)
// rather than zod so the `$ref` into `$defs` is visible here exactly as tools/list will show it.
const weatherOutputSchema = {
  type: 'object',
  $defs: {
    temperature: {
      type: 'object',
      properties: {
        value: { type: 'number' },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
      },
      required: ['value', 'unit'],
      additionalProperties: false,
    },
  },
  properties: {
    location: { type: 'string' },
    temperature: { $ref: '#/$defs/temperature' },
    conditions: { type: 'string' },
    humidity_pct: { type: 'integer', minimum: 0, maximum: 100 },
  },
  required: ['location', 'temperature', 'conditions', 'humidity_pct'],
  additionalProperties: false,
};

// ---------------------------------------------------------------------------------------------
// The server definition. The SDK calls this factory for every HTTP request and once per stdio
// connection: 2026-07-28 is stateless, so nothing may survive between requests anyway.
// ---------------------------------------------------------------------------------------------

function createAcmeServer() {
  const server = new McpServer(
    { name: 'acme-ops-assistant', version: '1.0.0' },
    {
      instructions: 'Acme ops assistant: weather, invoices, currency conversion and outgoing email.',
      // Without hints the SDK sends ttlMs: 0 / cacheScope: "private" (valid but uncacheable).
      // The lists are the same for every caller and change only on deploy, so say so.
      cacheHints: {
        'server/discover': { ttlMs: 300_000, cacheScope: 'public' },
        'tools/list': { ttlMs: 300_000, cacheScope: 'public' },
        'prompts/list': { ttlMs: 300_000, cacheScope: 'public' },
        'resources/list': { ttlMs: 300_000, cacheScope: 'public' },
        'resources/templates/list': { ttlMs: 300_000, cacheScope: 'public' },
      },
    },
  );

  server.registerTool(
    'get_weather',
    {
      title: 'Get weather',
      description: 'Current weather for a city. Returns temperature, conditions and humidity.',
      inputSchema: z.object({
        location: z.string().trim().min(1).describe('City name, e.g. "Berlin"'),
        units: z.enum(['celsius', 'fahrenheit']).optional().describe('Temperature unit (default celsius)'),
      }),
      outputSchema: fromJsonSchema(weatherOutputSchema),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ location, units = 'celsius' }) => {
      const w = weatherFor(location);
      const value = units === 'fahrenheit' ? round2((w.celsius * 9) / 5 + 32) : w.celsius;
      return structured({
        location,
        temperature: { value, unit: units },
        conditions: w.conditions,
        humidity_pct: w.humidityPct,
      });
    },
  );

  server.registerTool(
    'search_invoices',
    {
      title: 'Search invoices',
      description: 'List invoices of one customer, optionally only those of one month.',
      inputSchema: z.object({
        customer: z.string().trim().min(1).describe('Customer name, e.g. "Globex" (case-insensitive)'),
        month: z
          .string()
          .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM')
          .optional()
          .describe('Billing month as YYYY-MM'),
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ customer, month }) => {
      const invoices = INVOICES.filter(
        (inv) => inv.customer.toLowerCase() === customer.toLowerCase() && (month === undefined || inv.month === month),
      ).map(({ id, month, amount, currency, status }) => ({ id, month, amount, currency, status }));
      // An empty list is a valid answer, not an error: the search worked and found nothing.
      return structured({ customer, month: month ?? null, count: invoices.length, invoices });
    },
  );

  server.registerTool(
    'send_email',
    {
      title: 'Send email',
      description: 'Send an email on behalf of the Acme ops team. Use only when the user asks to send one.',
      inputSchema: z.object({
        // A plain pattern rather than z.email(): zod's email regex is long and the model sees it.
        to: z.string().regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, 'to must be an email address').describe('Recipient address'),
        subject: z.string().min(1).max(200).describe('Subject line, at most 200 characters'),
        body: z.string().min(1).describe('Plain-text body of the email'),
        attachment_id: z
          .string()
          .regex(/^INV-\d{4}$/, 'attachment_id must be an invoice id like INV-1001')
          .optional()
          .describe('Invoice to attach, e.g. "INV-1001"'),
      }),
      // Sending mail cannot be undone: clients should ask the user before calling this.
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    },
    async ({ to, subject, attachment_id }) => {
      if (attachment_id !== undefined && !INVOICES.some((inv) => inv.id === attachment_id)) {
        return toolError(`No invoice ${attachment_id} to attach. Use search_invoices to find a valid id.`);
      }
      // A demo: nothing is sent. The reply has the shape a real mail API's confirmation would.
      const attached = attachment_id ? ` with ${attachment_id} attached` : '';
      return { content: [{ type: 'text', text: `Email "${subject}" queued for delivery to ${to}${attached}.` }] };
    },
  );

  server.registerTool(
    'convert_currency',
    {
      title: 'Convert currency',
      description: `Convert an amount between currencies at Acme's fixed rates (${Object.keys(USD_RATES).join(', ')}).`,
      inputSchema: z.object({
        amount: z.number().finite().nonnegative().describe('Amount in the source currency'),
        from: z.string().regex(/^[A-Z]{3}$/, 'from must be a 3-letter ISO 4217 code').describe('e.g. "EUR"').meta({ examples: ['EUR'] }),
        to: z.string().regex(/^[A-Z]{3}$/, 'to must be a 3-letter ISO 4217 code').describe('e.g. "USD"').meta({ examples: ['USD'] }),
      }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ amount, from, to }) => {
      for (const code of [from, to]) {
        if (!(code in USD_RATES)) {
          return toolError(`Unsupported currency ${code}; supported: ${Object.keys(USD_RATES).join(', ')}.`);
        }
      }
      const rate = USD_RATES[to] / USD_RATES[from];
      return { content: [{ type: 'text', text: `${amount} ${from} = ${round2(amount * rate)} ${to} (rate ${rate.toFixed(6)})` }] };
    },
  );

  server.registerResource(
    'travel_policy',
    'acme://policies/travel',
    {
      title: 'Acme travel policy',
      description: 'Rules for booking and expensing business travel.',
      mimeType: 'text/markdown',
      cacheHint: { ttlMs: 3_600_000, cacheScope: 'public' }, // same text for everyone, changes rarely
    },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: TRAVEL_POLICY }] }),
  );
  // (No extra code for unknown URIs: the SDK answers resources/read misses with -32602.)

  server.registerPrompt(
    'summarize_invoice',
    {
      title: 'Summarize an invoice',
      description: 'Ask for a short, customer-friendly summary of one invoice.',
      argsSchema: z.object({ invoice_id: z.string().describe('Invoice id, e.g. "INV-1001"') }),
    },
    async ({ invoice_id }) => {
      const inv = INVOICES.find((i) => i.id === invoice_id);
      // An unknown id is a bad argument: -32602, the code the spec asks prompts/get to use.
      if (!inv) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown invoice ${invoice_id}.`);
      return {
        description: `Summary request for ${inv.id}`,
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text:
                `Summarize invoice ${inv.id} for ${inv.customer} in two sentences: ` +
                `${inv.amount.toFixed(2)} ${inv.currency} billed for ${inv.month}, status ${inv.status}.`,
            },
          },
        ],
      };
    },
  );

  return server;
}

// ---------------------------------------------------------------------------------------------
// Transports
// ---------------------------------------------------------------------------------------------

const logError = (error) => console.error(`[acme-ops] ${error.message}`); // stderr only: stdout is the wire

const { values: opts } = parseArgs({ options: { http: { type: 'boolean' }, port: { type: 'string', default: '0' } } });

if (!opts.http) {
  // stdio: the SDK owns stdin/stdout; we must never print to stdout ourselves.
  // A 2025-era client (initialize first) gets a 2025-era session from the same factory; pass
  // { legacy: 'reject' } to serve 2026-07-28 only.
  const wire = new StdioServerTransport();
  serveStdio(createAcmeServer, { transport: wire, onerror: logError });
  rejectUnsupportedVersions(wire);
} else {
  // Requests without the 2026-07-28 `_meta` envelope are served the 2025 way (stateless, from the
  // same factory); pass { legacy: 'reject' } for a 2026-07-28-only endpoint.
  const mcp = createMcpHandler(createAcmeServer, { onerror: logError });

  // The SDK handler is a web-standard fetch(Request) -> Response; bridge it to node:http.
  const httpServer = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/healthz' && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      return;
    }
    if (url.pathname !== '/mcp') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    // A local server must refuse browser requests from foreign sites (DNS rebinding). The SDK's
    // originValidationResponse() would do this too, but its body uses the legacy code -32000.
    if (!validateOriginHeader(req.headers.origin, localhostAllowedOrigins()).ok) {
      res.writeHead(403, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32600, message: 'Forbidden origin.' } }));
      return;
    }
    // MCP header values must be visible ASCII (anything else travels base64-encoded). Node hands
    // raw bytes over as latin1, and SDK 2.4.0 compares them as they come, so check them here.
    if (hasInvalidMcpHeader(req.rawHeaders)) {
      const id = await requestIdOf(req); // the error must echo the request's id
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32020, message: 'Invalid character in an MCP header.' } }));
      return;
    }
    // Aborting tells the SDK the client went away (HTTP cancellation = closing the stream).
    const abort = new AbortController();
    res.on('close', () => res.writableFinished || abort.abort());
    try {
      const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
      const request = new Request(url, {
        method: req.method,
        headers: headersOf(req),
        body: hasBody ? Readable.toWeb(req) : undefined,
        duplex: 'half',
        signal: abort.signal,
      });
      const response = await mcp.fetch(request);
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (response.body) {
        for await (const chunk of response.body) res.write(chunk); // SSE frames go out as they come
      }
      res.end();
    } catch (error) {
      logError(error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error.' } }));
    }
  });

  // Node's HTTP parser refuses control characters in headers before our handler runs, with an
  // empty 400; 2026-07-28 wants a JSON-RPC -32020 (header error) body there, so write it here.
  httpServer.on('clientError', (err, socket) => {
    const body = err.code === 'HPE_INVALID_HEADER_TOKEN'
      ? JSON.stringify({ jsonrpc: '2.0', error: { code: -32020, message: 'Invalid character in a request header.' } })
      : '';
    if (!socket.writable) return socket.destroy();
    socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });

  // 127.0.0.1, not 0.0.0.0: an example server should not be reachable from the network.
  httpServer.listen(Number(opts.port), '127.0.0.1', () => {
    console.error(`listening http://127.0.0.1:${httpServer.address().port}/mcp`);
  });
  const shutdown = () => {
    httpServer.close(() => process.exit(0));
    httpServer.closeAllConnections(); // open SSE streams (subscriptions/listen) would block close()
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

function hasInvalidMcpHeader(rawHeaders) {
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (/^mcp-/i.test(rawHeaders[i]) && !/^[\x20-\x7e]*$/.test(rawHeaders[i + 1])) return true;
  }
  return false;
}

async function requestIdOf(req) {
  let text = '';
  for await (const chunk of req) {
    text += chunk;
    if (text.length > 1_000_000) return null;
  }
  try {
    return JSON.parse(text).id ?? null;
  } catch {
    return null;
  }
}

function headersOf(req) {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  return headers;
}

// Workaround for SDK 2.4.0: serveStdio checks the protocol version of the message that opens the
// connection only; once a connection is pinned to 2026-07-28, later requests claiming another
// version are served anyway. The spec versions every request on its own, so a request whose
// `_meta` names a version we do not serve must get -32022, whenever it arrives.
function rejectUnsupportedVersions(wire) {
  const supported = ['2026-07-28'];
  const deliver = wire.onmessage; // installed by serveStdio
  wire.onmessage = (message) => {
    const requested = message.params?._meta?.[PROTOCOL_VERSION_META_KEY];
    const isRequest = 'method' in message && 'id' in message;
    if (isRequest && typeof requested === 'string' && !supported.includes(requested)) {
      const error = new UnsupportedProtocolVersionError({ supported, requested });
      const response = { jsonrpc: '2.0', id: message.id, error: { code: error.code, message: error.message, data: error.data } };
      wire.send(response).catch(logError);
      return;
    }
    deliver(message);
  };
}
