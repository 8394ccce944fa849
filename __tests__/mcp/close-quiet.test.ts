import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StdioConnection } from '../../src/core/mcp/stdio-transport.js';

/*
 * The run closes its first stdio process while checks on other processes may still run
 * (runner.ts): what the server prints as it shuts down must not become a finding on some runs and
 * not on others, so it is not kept. What it printed before the close still is.
 */
const SERVER = `
process.stdout.write('not json, before the close\\n');
process.stdin.on('data', () => {});
process.stdin.on('end', () => { process.stdout.write('goodbye, not json either\\n'); setTimeout(() => process.exit(0), 50); });
`;

describe('a stdio process being closed', () => {
  it('keeps what it printed before the close and nothing it prints while it shuts down', async () => {
    const script = join(await mkdtemp(join(tmpdir(), 'close-quiet-')), 'server.mjs');
    await writeFile(script, SERVER);
    const connection = new StdioConnection({ command: `node ${JSON.stringify(script)}` });
    for (let waited = 0; connection.unsolicited().length === 0 && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(connection.unsolicited().map((record) => record.raw)).toEqual(['not json, before the close']);
    const closed = await connection.close();
    expect(closed.exitCode).toBe(0);
    expect(connection.unsolicited().map((record) => record.raw)).toEqual(['not json, before the close']);
  });
});
