import type { TransportKind } from '../mcp/types.js';

/** What a 2025-11-25 server has to change to speak 2026-07-28, in the order that matters. */
export function migrationNote(transport: TransportKind): string {
  const steps = [
    'answer `server/discover` with `supportedVersions` (including "2026-07-28"), `capabilities`, `ttlMs` and `cacheScope`',
    'read the protocol version and client capabilities from each request\'s `params._meta` instead of from `initialize`, and keep no per-connection state',
    'put `resultType: "complete"` on every result, and `ttlMs`/`cacheScope` on list results and `resources/read`',
    'answer an unsupported version with -32022 (`data.supported`, `data.requested`) and a missing resource with -32602 (not -32002)',
  ];
  if (transport === 'http') {
    steps.push('validate the `MCP-Protocol-Version`, `Mcp-Method` and `Mcp-Name` headers against the body (400 with -32020 on a mismatch), and stop issuing `Mcp-Session-Id`');
  }
  steps.push('with the official TypeScript SDK, moving to `@modelcontextprotocol/server` 2.x does most of this');
  return `This server speaks 2025-11-25 (initialize and sessions) and has not migrated to 2026-07-28. To migrate: ${steps.map((step, i) => `(${i + 1}) ${step}`).join('; ')}.`;
}
