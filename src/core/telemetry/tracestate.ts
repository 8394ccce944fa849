/**
 * W3C Trace Context `tracestate` (https://www.w3.org/TR/trace-context-2/#tracestate-header):
 *
 *     list        = list-member 0*31( OWS "," OWS list-member )
 *     list-member = key "=" value / OWS
 *     key         = ( lcalpha / DIGIT ) 0*255( lcalpha / DIGIT / "_" / "-" / "*" / "/" / "@" )
 *     value       = 0*255( chr ) nblk-chr      ; chr = %x20 / nblk-chr
 *     nblk-chr    = %x21-2B / %x2D-3C / %x3E-7E  ; printable ASCII but "," and "="
 *
 * At most 32 members, each key once. Empty members and optional whitespace are allowed on the wire;
 * what we send is the normalized list (members joined by ",", empty ones dropped).
 */

export const TRACESTATE_MAX_MEMBERS = 32;

const KEY = /^[a-z0-9][a-z0-9_\-*/@]{0,255}$/;
const VALUE = /^[\x20-\x2b\x2d-\x3c\x3e-\x7e]{0,255}[\x21-\x2b\x2d-\x3c\x3e-\x7e]$/;

export type TracestateParse = { ok: true; value: string; members: Array<{ key: string; value: string }> } | { ok: false; message: string };

export function parseTracestate(text: string): TracestateParse {
  const members: Array<{ key: string; value: string }> = [];
  const seen = new Set<string>();
  for (const raw of text.split(',')) {
    const member = raw.replace(/^[ \t]+|[ \t]+$/g, '');
    if (member === '') continue;
    const eq = member.indexOf('=');
    if (eq < 0) return { ok: false, message: `"${shown(member)}" is not key=value` };
    const key = member.slice(0, eq);
    const value = member.slice(eq + 1);
    if (!KEY.test(key)) {
      return { ok: false, message: `key "${shown(key)}" must start with a lowercase letter or a digit and hold at most 256 of a-z, 0-9, _ - * / @` };
    }
    if (!VALUE.test(value)) {
      return { ok: false, message: `the value of "${key}" must be 1 to 256 printable ASCII characters, without "," or "=", not ending in a space` };
    }
    if (seen.has(key)) return { ok: false, message: `key "${key}" appears more than once (each key at most once)` };
    seen.add(key);
    members.push({ key, value });
  }
  if (members.length === 0) return { ok: false, message: 'needs at least one key=value member (e.g. "acme=t61rcWkgMzE")' };
  if (members.length > TRACESTATE_MAX_MEMBERS) return { ok: false, message: `has ${members.length} members; at most ${TRACESTATE_MAX_MEMBERS} are allowed` };
  return { ok: true, value: members.map((m) => `${m.key}=${m.value}`).join(','), members };
}

function shown(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
