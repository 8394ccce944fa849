/**
 * Finds a secret in written bytes whatever encoding hides it, without knowing how the redactor
 * works: every base64 / base64url run is decoded at each of its four character offsets, every
 * hex run at both nibble offsets, and %-escapes are decoded, before looking for the raw bytes.
 */
export function leaksIn(text: string, secrets: readonly string[]): string[] {
  const found: string[] = [];
  for (const secret of secrets) {
    const needle = Buffer.from(secret);
    const hit = (how: string) => found.push(`${how} form of secret #${secrets.indexOf(secret) + 1} (${secret.slice(0, 4)}…)`);
    if (text.includes(secret)) hit('raw');
    if (!text.includes(secret) && text.includes(JSON.stringify(secret).slice(1, -1))) hit('JSON-escaped');
    for (const run of text.match(/[A-Za-z0-9+/_-]{6,}/g) ?? []) {
      const normal = run.replace(/-/g, '+').replace(/_/g, '/');
      for (let shift = 0; shift < 4; shift++) {
        if (Buffer.from(normal.slice(shift), 'base64').includes(needle)) {
          hit('base64');
          break;
        }
      }
    }
    for (const run of text.match(/[0-9a-fA-F]{8,}/g) ?? []) {
      for (let shift = 0; shift < 2; shift++) {
        const even = run.slice(shift, shift + Math.floor((run.length - shift) / 2) * 2);
        if (Buffer.from(even, 'hex').includes(needle)) hit('hex');
      }
    }
    const unescaped = text.replace(/\+/g, ' ').replace(/(%[0-9A-Fa-f]{2})+/g, (escapes) => {
      try {
        return decodeURIComponent(escapes);
      } catch {
        return escapes;
      }
    });
    if (unescaped !== text && unescaped.includes(secret)) hit('URL-encoded');
  }
  return found;
}

/** Lines a GitHub runner would execute as workflow commands, and raw terminal controls: what untrusted text must never produce. */
export function unsafeLines(text: string): string[] {
  return text.split('\n').filter((line) => /^[\s\u0085\u180E]*::/.test(line) || line.includes('##[') || /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/.test(line.replace(/\r$/, '')));
}
