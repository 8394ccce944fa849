import { it } from 'vitest';
import { runOnFixture } from '../helpers/conformance.js';
const IDS = ['tool-definitions','tool-schemas-valid','tool-schema-refs-resolve','tool-schema-no-remote-refs','tool-schema-bounds','tool-names','tool-mcp-header','tool-call-result-shape','tool-unknown-name','tool-call-invalid-params','tool-invalid-arguments-rejected'];
for (const transport of ['stdio','http'] as const) for (const era of [undefined, '2025-11-25'] as const) it(`${transport} ${era}`, async () => {
  const run = await runOnFixture({ transport, era, only: IDS });
  for (const c of run.section.checks) {
    console.log(`${transport} ${era ?? 'modern'} ${c.id} ${c.status}: ${c.message}`);
    for (const s of c.subResults ?? []) console.log(`    ${s.id} ${s.status}: ${s.message}`);
  }
});
