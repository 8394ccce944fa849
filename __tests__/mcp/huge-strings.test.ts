import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { parseJsonMessage } from '../../src/core/mcp/connection.js';
import { HUGE_STRING_CHARS, parseSharingHugeStrings } from '../../src/core/mcp/huge-strings.js';

/**
 * Issue 11 item 3: a server that repeats a 15 MB name on every tools/list page made the run keep one
 * parsed copy per exchange. Equal huge strings are now parsed into one copy: nothing else changes.
 */
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

describe('parseSharingHugeStrings', () => {
  it('parses exactly as JSON.parse does, small and huge, keys and nesting included', () => {
    const huge = `huge_${'n'.repeat(HUGE_STRING_CHARS)}`;
    for (const text of ['{"a":[1,"x",{"b":null}]}', JSON.stringify({ jsonrpc: '2.0', id: 1, result: { tools: [{ name: huge, d: [huge, 'é\ud800'] }] } })]) {
      expect(parseSharingHugeStrings(text)).toEqual(JSON.parse(text));
    }
    expect(() => parseSharingHugeStrings(`{"a":"${'x'.repeat(HUGE_STRING_CHARS)}`)).toThrow(SyntaxError);
  });

  it('keeps one copy of a huge string however many answers repeat it', () => {
    const name = `huge_${'n'.repeat(4 * 1024 * 1024)}`;
    const line = JSON.stringify({ jsonrpc: '2.0', id: 1, result: { tools: [{ name, inputSchema: { type: 'object' } }] } });
    gc();
    const before = process.memoryUsage().heapUsed;
    const kept = Array.from({ length: 40 }, () => parseJsonMessage(line));
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    // Forty separate copies would be 160 MB (one byte per character); one shared copy is 4 MB.
    expect(grown).toBeLessThan(40 * 1024 * 1024);
    expect((kept[39]?.result as { tools: Array<{ name: string }> }).tools[0].name).toBe(name);
  });

  it('shares distinct huge strings a server cycles through, even more than the table holds (issue 26 item 5)', () => {
    // Ten distinct 2 MB names in turn, five rounds: a least-recently-used table of eight missed every
    // time (fifty copies, 95 MB measured); this one keeps sharing most of the ones it holds (about
    // twenty-two copies, 52 MB measured).
    const names = Array.from({ length: 10 }, (_, i) => `huge_${i}_${String.fromCharCode(97 + i).repeat(2 * 1024 * 1024)}`);
    const lines = names.map((name, i) => JSON.stringify({ jsonrpc: '2.0', id: i, result: { tools: [{ name, inputSchema: { type: 'object' } }] } }));
    gc();
    const before = process.memoryUsage().heapUsed;
    const kept = Array.from({ length: 50 }, (_, i) => parseJsonMessage(lines[i % lines.length]!));
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    expect(grown, `${Math.round(grown / 1048576)} MB`).toBeLessThan(70 * 1024 * 1024);
    expect(kept.map((message) => (message?.result as { tools: Array<{ name: string }> }).tools[0].name)).toEqual(Array.from({ length: 50 }, (_, i) => names[i % 10]));
  });
});
