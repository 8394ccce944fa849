/**
 * Plain-text helpers every surface analysis shares: words of a description or an identifier,
 * stop words, JSON pointers, and a bounded walk over every string a definition holds.
 */

/** Longest text examined per string: a hostile server's megabyte description costs no more than this. */
export const MAX_TEXT_CHARS = 20_000;
/** Nesting deeper than this is not walked (schemas are shallow; a hostile one need not be). */
const MAX_DEPTH = 32;
/** Strings walked per definition at most. */
const MAX_STRINGS = 5_000;

export const STOP_WORDS = new Set(
  (
    'a an the and or but nor of to in on at by for from with without into onto over under as is are was were be been being ' +
    'it its this that these those there here which who whom whose what when where why how than then so such can could may ' +
    'might must shall should will would do does did done not no yes if else any all each every some one two your you our we ' +
    'their they them he she his her i me my mine us also only just more most other same own very too via per e g eg ie etc ' +
    'about above after again against because before below between both during few further once out up down off while'
  ).split(' '),
);

/** Lower-case words of prose (letters and digits), in order. */
export function words(text: string): string[] {
  return text.slice(0, MAX_TEXT_CHARS).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Words of an identifier: `readFile`, `read_file`, `read-file.v2` → read, file (, v2). */
export function identifierWords(name: string): string[] {
  return words(name.slice(0, 256).replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_.\-/:]+/g, ' '));
}

/** A light stem, so `files` meets `file` and `searching` meets `search` (no dictionary). */
export function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && word.endsWith('es') && /(ch|sh|x|ss)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Content words: stop words dropped, stemmed. */
export function contentWords(list: string[]): string[] {
  return list.filter((word) => !STOP_WORDS.has(word) && word.length > 1).map(stem);
}

/** RFC 6901: `~` and `/` escaped in one reference token. */
export function pointerToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function stringField(value: Record<string, unknown>, key: string): string | undefined {
  const field = value[key];
  return typeof field === 'string' ? field : undefined;
}

/** A string found in a definition, with where it is; `key` marks a property name rather than a value. */
export interface FoundString {
  pointer: string;
  text: string;
  key: boolean;
}

/** Every string value and object key in a definition (depth-first, bounded), `_meta` left out; a run of character codes as the text it spells the codes of. */
export function walkStrings(value: unknown): FoundString[] {
  const out: FoundString[] = [];
  const visit = (node: unknown, pointer: string, depth: number) => {
    if (out.length >= MAX_STRINGS || depth > MAX_DEPTH) return;
    if (typeof node === 'string') {
      out.push({ pointer, text: node.slice(0, MAX_TEXT_CHARS), key: false });
    } else if (Array.isArray(node)) {
      // Printable character codes in a row are text a model can be told to decode ("examples": [[83, 101, 110, 100, …]]).
      if (node.length >= 8 && node.every((item) => Number.isInteger(item) && item >= 9 && item <= 126)) out.push({ pointer, text: node.slice(0, MAX_TEXT_CHARS).join(', '), key: false });
      node.forEach((item, index) => visit(item, `${pointer}/${index}`, depth + 1));
    } else if (isObject(node)) {
      for (const [key, child] of Object.entries(node)) {
        if (key === '_meta') continue;
        const at = `${pointer}/${pointerToken(key)}`;
        out.push({ pointer: at, text: key.slice(0, MAX_TEXT_CHARS), key: true });
        visit(child, at, depth + 1);
      }
    }
  };
  visit(value, '', 0);
  return out;
}

/** Cut for display, on a character boundary. */
export function clip(text: string, chars: number): string {
  // Code points are at most two code units: what lies past twice the limit is never shown, and never spread.
  const list = [...text.slice(0, chars * 2 + 2)];
  return list.length > chars ? `${list.slice(0, chars).join('')}…` : text;
}

/** Scripts whose spelling uses ZWNJ and ZWJ: Arabic-script languages (Persian, Urdu, Kurdish) and the Brahmic scripts of South Asia. */
const JOINING_SCRIPT = /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Nko}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Mongolian}]/u;

export function joins(code: number | undefined): boolean {
  return code !== undefined && code >= 0x0600 && JOINING_SCRIPT.test(String.fromCodePoint(code));
}
