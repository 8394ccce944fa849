import { describe, expect, it } from 'vitest';
import { parseSse } from '../../src/core/mcp/sse.js';

describe('parseSse', () => {
  it('reads data events, tolerates comments and CRLF, and keeps an unfinished event as rest', () => {
    const parsed = parseSse(': keepalive\r\n\r\nevent: message\r\nid: 7\r\ndata: {"a":1}\r\n\r\ndata: {"b":\ndata: 2}\n\ndata: partial');
    expect(parsed.comments).toBe(1);
    expect(parsed.events).toEqual([
      { event: 'message', id: '7', data: '{"a":1}' },
      { event: undefined, id: undefined, data: '{"b":\n2}' },
    ]);
    expect(parsed.rest).toBe('data: partial');
  });

  it('strips exactly one space after the colon and ignores unknown fields', () => {
    expect(parseSse('data:  two\nretry: 5\nfoo: bar\n\n').events).toEqual([{ event: undefined, id: undefined, data: ' two' }]);
  });
});
