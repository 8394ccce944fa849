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

/** Workflow commands: `::` opening a line (after blanks) becomes `\::`, and `##[` anywhere becomes `#\#[`. */
export function neutralizeCommands(text: string): string {
  return text.replace(/^([ \t]*)::/gm, '$1\\::').replace(/##\[/g, '#\\#[');
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
