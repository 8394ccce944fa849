/**
 * Untrusted text (what a server or a model sent) made inert before it reaches a terminal or a
 * runner log: control and bidi characters shown as escapes instead of acting, newlines escaped,
 * and nothing a GitHub runner would read as a workflow command (`::cmd::` at a line's start,
 * `##[cmd]` anywhere in a line). One sanitiser for every place such text is printed.
 */

/** C0 controls, DEL, C1 controls, and the bidi marks, embeddings, overrides and isolates. */
const CONTROL_OR_BIDI = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** The same, but keeping tab and newline (text we laid out ourselves, with untrusted parts in it). */
const CONTROL_OR_BIDI_BUT_LAYOUT = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** Our own colours (SGR: ESC [ digits ; m), the one escape sequence the CLI writes itself. */
const SGR = /\u001B\[[0-9;]*m/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\u001B': '\\e', '\u0000': '\\0' };

/** `\e`, `\n`, `\u202E`: what the character is, in plain ASCII. */
function visible(char: string): string {
  return NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Where a runner looks for `::`: a line's start after any run of white space, and it strips every
 * Unicode white space (.NET's TrimStart), not only blanks: U+00A0, U+1680, U+2000–U+200A, U+202F,
 * U+205F, U+3000, U+FEFF, NEL, the Mongolian vowel separator. Line breaks are left out of the run
 * (`^` in multiline mode already opens a line after \n, \r, U+2028 and U+2029), so each line is
 * scanned once: a run across lines would make a text of a million newlines quadratic.
 */
const COMMAND_AT_LINE_START = /^([\t\v\f \u0085\u00A0\u1680\u180E\u2000-\u200A\u202F\u205F\u3000\uFEFF]*)::/gm;

/** Workflow commands: `::` opening a line (after any white space) becomes `\::`, and `##[` anywhere becomes `#\#[`. */
export function neutralizeCommands(text: string): string {
  return text.replace(COMMAND_AT_LINE_START, '$1\\::').replace(/##\[/g, '#\\#[');
}

/** One untrusted value (a name, a message): every control and bidi character, newlines too, shown as an escape; no workflow command. */
export function inertText(text: string): string {
  return neutralizeCommands(text.replace(CONTROL_OR_BIDI, visible));
}

/**
 * A whole block of output we laid out (lines, and our colours when `keepColor`), with untrusted
 * parts in it: controls and bidi characters other than newline and tab shown as escapes, and no
 * line that a runner would take for a workflow command. The net under every terminal writer.
 */
export function inertLines(text: string, options: { keepColor?: boolean } = {}): string {
  if (!options.keepColor) return neutralizeCommands(text.replace(CONTROL_OR_BIDI_BUT_LAYOUT, visible));
  const parts = text.split(SGR);
  const colours = text.match(SGR) ?? [];
  return neutralizeCommands(parts.map((part, i) => part.replace(CONTROL_OR_BIDI_BUT_LAYOUT, visible) + (colours[i] ?? '')).join(''));
}
