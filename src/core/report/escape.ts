/**
 * Making text safe for each output format. Check messages quote what the server sent (error
 * messages, tool names, headers), so every writer treats them as hostile: no markup, no
 * mentions, no terminal escapes, nothing an XML parser rejects.
 */

/** Characters XML 1.0 forbids (C0 controls but tab/LF/CR, lone surrogates, U+FFFE/FFFF), plus DEL and the C1 controls. */
const XML_UNSAFE = /[^\t\n\r\u0020-\u007E\u00A0-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Terminal hazards: C0 controls but tab and newline (ESC starts ANSI sequences), DEL, C1, and bidi overrides. */
const TERMINAL_UNSAFE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;

const ZWJ = '\u200D';

/** Cuts `text` to at most `max` UTF-16 units (never inside a surrogate pair), marking the cut with `…`. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}

/** Removes what a terminal would interpret (ANSI escapes, carriage returns, bidi overrides). */
export function stripTerminalControls(text: string): string {
  return text.replace(TERMINAL_UNSAFE, '');
}

/** Collapses every run of whitespace, newlines included, to one space. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Removes characters that are illegal (or control characters) in XML 1.0. */
export function stripXmlIllegal(text: string): string {
  return text.replace(XML_UNSAFE, '');
}

/** XML character data: legal characters only, `& < >` escaped. */
export function xmlText(text: string): string {
  return stripXmlIllegal(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An XML attribute value (for double quotes); whitespace characters kept as references so they survive normalization. */
export function xmlAttr(text: string): string {
  return xmlText(text).replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}

/**
 * Untrusted text as inline Markdown, safe inside a GFM table cell: HTML and Markdown
 * punctuation escaped (`$` too: GitHub renders `$…$` as math), `|` escaped, newlines as `<br>`, `@mentions` and `#123` references
 * neutralized with a zero-width joiner so a server's text cannot ping people or link issues.
 */
export function markdownInline(text: string): string {
  return stripTerminalControls(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]~|$]/g, '\\$&')
    .replace(/@/g, `@${ZWJ}`)
    .replace(/#(?=\d)/g, `#${ZWJ}`)
    .replace(/[ \t]*(?:\r\n|\r|\n)\s*/g, '<br>');
}

/** Untrusted text inside a Markdown code span: backticks cannot close it, and the cell cannot break. */
export function markdownCode(text: string): string {
  const safe = oneLine(stripTerminalControls(text)).replace(/`/g, 'ˋ').replace(/\|/g, '\\|');
  return `\`${safe || ' '}\``;
}

/**
 * Our own Markdown prose that may quote untrusted text (the migration note): inline code and
 * emphasis are kept, but HTML is escaped, mentions neutralized and newlines folded.
 */
export function markdownProse(text: string): string {
  return oneLine(stripTerminalControls(text))
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/@/g, `@${ZWJ}`)
    .replace(/#(?=\d)/g, `#${ZWJ}`);
}
