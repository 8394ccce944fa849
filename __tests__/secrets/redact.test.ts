import { describe, expect, it } from 'vitest';
import { RUN_SECRETS, Redactor, redactText, registerRunSecrets, secretForms, urlSecrets } from '../../src/core/mcp/redact.js';
import { leaksIn } from '../helpers/secret-scan.js';

const SECRET = 'sk-test-Zq9+/Xy_01234567890abcdef';

/** The secret hidden the ways a server or a model echoes it, each inside other text. */
function echoes(secret: string): string[] {
  const bytes = Buffer.from(secret);
  return [
    `raw ${secret} end`,
    ...[0, 1, 2, 3, 4].map((pad) => `b64 ${Buffer.concat([Buffer.from('p'.repeat(pad)), bytes, Buffer.from('tail')]).toString('base64')} end`),
    ...[0, 1, 2].map((pad) => `b64url ${Buffer.concat([Buffer.from('q'.repeat(pad)), bytes]).toString('base64url')} end`),
    `basic ${Buffer.from(`user:${secret}`).toString('base64')}`,
    `hex ${bytes.toString('hex')} HEX ${bytes.toString('hex').toUpperCase()}`,
    `url ${encodeURIComponent(secret)} lower ${encodeURIComponent(secret).toLowerCase()}`,
    `json ${JSON.stringify({ key: secret })}`,
  ];
}

describe('the redactor', () => {
  it('removes a secret in raw, base64 (every alignment), base64url, hex, URL-encoded and JSON forms', () => {
    const redactor = new Redactor([SECRET]);
    for (const text of echoes(SECRET)) {
      expect(leaksIn(text, [SECRET]), text).not.toEqual([]); // the scanner sees it before
      expect(leaksIn(redactor.redact(text), [SECRET]), text).toEqual([]);
    }
  });

  it('redactText (the helper the model and OTLP errors use) covers the encoded forms too', () => {
    // Before: only the raw form went; a base64 key in an error message survived.
    const text = `401: bad key ${Buffer.from(SECRET).toString('base64')}`;
    expect(leaksIn(redactText(text, [SECRET]), [SECRET])).toEqual([]);
  });

  it('leaves text without a secret alone, and ignores values too short to look for', () => {
    const redactor = new Redactor([SECRET, 'abc', '']);
    expect(redactor.size).toBe(1);
    expect(redactor.redact('the weather in Berlin is 14 °C')).toBe('the weather in Berlin is 14 °C');
    expect(secretForms(SECRET).every((form) => form.length >= 6)).toBe(true);
  });

  it('a secret that contains another is removed whole', () => {
    const redactor = new Redactor(['token-123456', 'token-123456-and-more']);
    expect(redactor.redact('x token-123456-and-more y')).toBe('x [redacted] y');
  });

  it('finds the credentials of a URL: userinfo and token-like query values', () => {
    expect(urlSecrets('http://alice:pa55word@127.0.0.1:3000/mcp?token=qtok-98765&mode=fast&api_key=k-555555')).toEqual(['alice', 'pa55word', 'alice:pa55word', 'qtok-98765', 'k-555555']);
    expect(urlSecrets('not a url')).toEqual([]);
  });

  it('stays linear on a large hostile text', () => {
    const redactor = new Redactor(['aaaaaaaaab', 'secret-value-1', 'secret-value-2']);
    const text = 'a'.repeat(5_000_000);
    expect(redactor.redact(text).length).toBe(text.length);
  });

  it('registers the credential of a header, Basic auth decoded, and only for credential headers', () => {
    registerRunSecrets({ headers: { Authorization: `Basic ${Buffer.from('alice:hunter2-secret').toString('base64')}`, 'X-Api-Key': 'xkey-0123456789', Accept: 'application/json' } });
    expect(RUN_SECRETS.redact('echo alice:hunter2-secret / hunter2-secret / xkey-0123456789 / application/json')).toBe('echo [redacted] / [redacted] / [redacted] / application/json');
  });
});
