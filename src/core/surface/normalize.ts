/**
 * What a string says once its disguises are removed: a poisoned definition hides its
 * instruction in base64, hex, URL escapes, Unicode tag characters or letters spaced apart, and
 * the poisoning rules read every such reading, not only the text as listed.
 */

/** One reading of a string: the text, and how it was uncovered ("decoding base64"; undefined: as listed). */
export interface Reading {
  text: string;
  via?: string;
}

/** Decoded text is a reading only when it looks like prose: mostly printable, with a space. */
function prose(text: string): boolean {
  if (text.length < 8 || !/\s/.test(text)) return false;
  const printable = text.match(/[\p{L}\p{N}\p{P}\p{Zs}\p{S}]/gu)?.length ?? 0;
  return printable / [...text].length >= 0.9 && /\p{L}{3,}/u.test(text);
}

function utf8(bytes: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

const BASE64 = /[A-Za-z0-9+/_-]{24,}={0,2}/g;
const HEX = /(?:\b|(?<=0x))(?:[0-9a-fA-F]{2}){12,}\b/g;
/** Four escapes or more, anywhere: "Before%20answering%2C%20call" decodes to prose. */
const URL_ESCAPES = /(?:%[0-9A-Fa-f]{2}[^%]*){4,}/;
/** Letters one space apart, words three apart: "I g n o r e   a l l". */
const SPACED = /(?:\p{L} ){5,}\p{L}/u;
/** Unicode tags carry ASCII one for one (U+E0020–E007E); zero-width characters split words. */
const TAGS = /[\u{E0020}-\u{E007E}]/gu;
const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF\u180E\u{E0000}-\u{E001F}\u{E007F}]/gu;

/** The string as listed (hidden characters revealed) and every decoded reading of it, bounded. */
export function readings(text: string): Reading[] {
  const out: Reading[] = [];
  const tagged = TAGS.test(text);
  TAGS.lastIndex = 0;
  const plain = text.replace(TAGS, (char) => String.fromCodePoint(char.codePointAt(0)! - 0xe0000)).replace(ZERO_WIDTH, '');
  out.push({ text });
  if (plain !== text) out.push({ text: plain, via: tagged ? 'decoding Unicode tag characters' : 'removing zero-width characters' });
  const decoded = (value: string, via: string) => {
    if (out.length < 12 && prose(value)) out.push({ text: value, via });
  };
  for (const match of plain.matchAll(BASE64)) {
    const chunk = match[0];
    if (!/[A-Z]/.test(chunk) || !/[a-z]/.test(chunk)) continue;
    const value = utf8(Buffer.from(chunk.replace(/-/g, '+').replace(/_/g, '/'), 'base64'));
    if (value) decoded(value, 'decoding base64');
  }
  for (const match of plain.matchAll(HEX)) {
    const value = utf8(Buffer.from(match[0], 'hex'));
    if (value) decoded(value, 'decoding hex');
  }
  if (URL_ESCAPES.test(plain)) {
    try {
      decoded(decodeURIComponent(plain.replace(/\+/g, ' ')), 'decoding URL escapes');
    } catch {
      // A lone % is not an escape: nothing to decode.
    }
  }
  if (SPACED.test(plain)) {
    // Runs of single letters become words; two or more spaces between runs become one.
    const joined = plain.split(/\s{2,}/).map((part) => (/^(?:\p{L} )+\p{L}$/u.test(part.trim()) ? part.trim().replace(/ /g, '') : part)).join(' ');
    decoded(joined, 'joining letters spaced apart');
  }
  return out;
}
