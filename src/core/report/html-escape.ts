/**
 * Making untrusted text (server messages, tool results, model answers, case ids) safe for
 * report.html. Everything a server, a tool or a model wrote goes through `escapeHtml` before it
 * is put in the page, in text and in attribute values alike.
 */

/** Characters HTML forbids or that render as traps: C0 controls but tab/LF/CR, DEL, C1, lone surrogates, non-characters. */
const HTML_UNSAFE = /[^\t\n\r\u0020-\u007E\u00A0-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Bidi overrides and isolates: they can make a tool name or an argument read backwards. */
const BIDI = /[\u202A-\u202E\u2066-\u2069]/g;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text as HTML character data or a quoted attribute value: `& < > " '` escaped, control
 * characters and bidi overrides removed. Safe in element content and in `"…"` or `'…'` attributes
 * (never in an unquoted attribute, a `<script>` or a `<style>`).
 */
export function escapeHtml(text: unknown): string {
  const value = typeof text === 'string' ? text : text === undefined || text === null ? '' : String(text);
  return value.replace(HTML_UNSAFE, '').replace(BIDI, '').replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

