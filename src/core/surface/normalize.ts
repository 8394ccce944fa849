/**
 * What a string says once its disguises are removed: a poisoned definition hides its
 * instruction in base64, hex, URL escapes, HTML entities, rot13, Unicode tag characters,
 * look-alike letters of another script, HTML comments or letters spaced apart, and the
 * poisoning rules read every such reading, not only the text as listed.
 */

import { joins } from './text.js';

/** One reading of a string: the text, and how it was uncovered ("decoding base64"; undefined: as listed). */
export interface Reading {
  text: string;
  via?: string;
}

/**
 * Decoded text is a reading only when it looks like prose: mostly printable, with a space. Marks
 * count as printable: Thai, Hindi or Tamil words are written with them (a base64 Thai instruction
 * read as one fifth unprintable, and went unread).
 */
function prose(text: string): boolean {
  if (text.length < 8 || !/\s/.test(text)) return false;
  const printable = text.match(/[\p{L}\p{M}\p{N}\p{P}\p{Zs}\p{S}]/gu)?.length ?? 0;
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
/**
 * Terminal escape sequences (CSI "ESC[8m" conceals what follows, cursor moves write over it; OSC sets
 * titles and links): a terminal shows the text without them, or none of it, and a model reads it all.
 * Removed, the words they touched read as words ("ESC[8mIgnore" is "Ignore").
 */
const TERMINAL_ESCAPES = /\u001B(\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001B]{0,2000}(\u0007|\u001B\\)|[@-Z\\-_])/g;
/** Soft hyphens and the combining grapheme joiner: invisible inside a word, and they split it for any word list ("up\u00ADlo\u00ADad"). */
const SOFT_BREAKS = /[\u00AD\u034F]/g;
/** A Latin letter under a combining mark; eight in a row ("c̣ọp̣ỵ ẹṿẹṛỵ") are a disguise, not spelling (spelling composes them: "é"). */
const MARKED_LETTER = /[A-Za-z][\u0300-\u036F\u1AB0-\u1AFF\u1DC0-\u1DFF\u20D0-\u20FF\uFE20-\uFE2F]+/g;
const MARKED_RUN = /(?:[A-Za-z][\u0300-\u036F\u1AB0-\u1AFF\u1DC0-\u1DFF\u20D0-\u20FF\uFE20-\uFE2F]+[\s,.;:'-]*){8}/;
/** Eight character codes or more in a row, printable ASCII ("83, 101, 110, 100, 32, …", String.fromCharCode). */
const CHAR_CODES = /(?<![\d.])(?:(?:3[2-9]|[4-9]\d|1[01]\d|12[0-6])[\s,;]+){7,}(?:3[2-9]|[4-9]\d|1[01]\d|12[0-6])(?![\d.])/g;
/** Eight Morse letters or more: dots and dashes, letters a space apart, words a slash or three spaces apart. */
const MORSE_RUN = /(?:[.\-](?:[.\-]){0,6}(?: +\/ +| +)){7,}[.\-]{1,7}/g;
const MORSE: Record<string, string> = Object.fromEntries(
  'a.- b-... c-.-. d-.. e. f..-. g--. h.... i.. j.--- k-.- l.-.. m-- n-. o--- p.--. q--.- r.-. s... t- u..- v...- w.-- x-..- y-.-- z--.. 0----- 1.---- 2..--- 3...-- 4....- 5..... 6-.... 7--... 8---.. 9----. ..-.-.- ,--..-- ?..--.. /-..-. :---... \'.----. @.--.-.'
    .split(' ')
    .map((entry) => [entry.slice(1), entry[0]!]),
);
/** Base32 (RFC 4648): upper-case letters and 2–7, in a run too long for a word. */
const BASE32 = /(?<![A-Za-z0-9])[A-Z2-7]{24,}={0,6}(?![A-Za-z0-9])/g;
/** Four escapes or more written out as text ("\\u0070\\u0075…"): JSON or JavaScript source a model decodes at sight. */
const UNICODE_ESCAPES = /(?:\\u[0-9a-fA-F]{4}\s*){4,}/g;
/** Adobe Ascii85 between its delimiters ("<~…~>"). */
const ASCII85 = /<~([!-u\s]{10,}?)~>/g;
/** Four character references or more: "&#65;&#115;…" spells text a Markdown renderer shows and a reader of the JSON does not. */
const ENTITIES = /(?:&(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,6});[^&]*){4,}/i;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
/** A comment a Markdown renderer hides from the user and a model still reads. */
const COMMENT = /<!--([\s\S]{8,}?)-->/g;
/** An address written forwards: what a passage written backwards reveals only once turned. */
const ADDRESS_TURNED = /\bhttps?:\/\/[\w.-]+\.[a-z]{2,}|[\w.+-]+@[\w-]+\.[a-z]{2,}\b/i;
/** Words common enough in English instructions that rot13 text turns up many of them once decoded. */
const COMMON = new Set(
  [
    'the and to of in your you this that all every is are never do not with for from it any each call tool user',
    // Function words of the lexicon's other Latin-script languages: rot13 inside an Italian or Spanish description decodes to them.
    'a e il lo la gli di da con per tra ogni tutti tutte senza sempre questo questa che non',
    'el los las del y que en por para sin cada todo todos siempre este esta',
    'le les des du de et pour avec sans chaque tout tous toujours ne pas ce cette',
    'der die das und zu mit ohne jede jeden alle immer nicht dem den ist',
    'os as do da dos das em com sem todo sempre não',
  ]
    .join(' ')
    .split(' '),
);

/**
 * Cyrillic and Greek letters drawn like Latin ones: a word that mixes them with Latin letters
 * ("Ignоrе" with a Cyrillic о and е) reads as English to a model and to no word list.
 */
const LOOK_ALIKE: Record<string, string> = Object.fromEntries(
  [...'аaбbвBеeкkмMнHоoрpсcтTуyхxіiјjѕsԁdһhӏlАAВBЕEКKМMНHОOРPСCТTХXІIЈJЅSοoαaνvιiρpκkτtυuΑAΒBΕEΗHΙIΚKΜMΝNΟOΡPΤTΧXΥYΖZ']
    .reduce<string[][]>((pairs, char, index, all) => (index % 2 === 0 ? [...pairs, [char, all[index + 1]!]] : pairs), []),
);
const MIXED_WORD = /(?=[\p{L}]*\p{Script=Latin})(?=[\p{L}]*[\p{Script=Cyrillic}\p{Script=Greek}])[\p{L}]{2,}/u;

/** Names are short (MCP allows 128 characters); MIXED_WORD looks ahead from every letter, quadratic on a hostile 15 MB name. */
const MAX_NAME = 128;

/**
 * An identifier written in Latin letters with look-alikes of another script among them
 * ("set_thermоstat" with a Cyrillic о), read as the Latin name it imitates; undefined when it mixes
 * none. A name in one script, or with letters that have no Latin look-alike, is spelling.
 */
export function lookAlikeName(name: string): string | undefined {
  if (name.length > MAX_NAME || !MIXED_WORD.test(name)) return undefined;
  const latin = [...name].map((char) => LOOK_ALIKE[char] ?? char).join('');
  return /[\p{Script=Cyrillic}\p{Script=Greek}]/u.test(latin) ? undefined : latin;
}

const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '9': 'g', '@': 'a', $: 's' };
/** A word of two letters or more with two digits or more standing in for letters ("pr3v10u5"; not "base64", "sha1", "x509" or "2026"). */
const LEET_WORD = /(?<![\p{L}\p{N}])(?=(?:[0134579@$]*\p{L}){2})(?=(?:\p{L}*[0134579@$]){2})[\p{L}0134579@$]{4,}(?![\p{L}\p{N}])/gu;
/** Once such words are there, any word mixing letters and those digits is rewritten ("4ll"); "base64" or "v2" is not ("6", "2" stand for no letter). */
const LEET_ANY = /(?<![\p{L}\p{N}])(?=[0134579@$]*\p{L})(?=\p{L}*[0134579@$])[\p{L}0134579@$]{2,}(?![\p{L}\p{N}])/gu;
/** Letters drawn in another block (fullwidth, mathematical bold or italic) that compatibility normalisation makes ASCII. */
const STYLED = /[\uFF21-\uFF3A\uFF41-\uFF5A\u{1D400}-\u{1D6A5}\u{1D7CE}-\u{1D7FF}]/gu;

function morse(run: string): string {
  return run
    .trim()
    .split(/ *\/ *| {3,}/)
    .map((word) => word.split(/ +/).map((code) => MORSE[code] ?? '?').join(''))
    .join(' ');
}

function base32(run: string): string | undefined {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of run.replace(/=+$/, '')) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return utf8(Buffer.from(bytes));
}

function ascii85(body: string): string | undefined {
  const chars = body.replace(/\s+/g, '');
  const bytes: number[] = [];
  for (let at = 0; at < chars.length; ) {
    if (chars[at] === 'z') {
      bytes.push(0, 0, 0, 0);
      at += 1;
      continue;
    }
    const group = chars.slice(at, at + 5);
    at += 5;
    const padded = group.padEnd(5, 'u');
    let value = 0;
    for (const char of padded) value = value * 85 + (char.charCodeAt(0) - 33);
    if (value > 0xffffffff) return undefined;
    const four = [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
    bytes.push(...four.slice(0, group.length - 1));
  }
  return utf8(Buffer.from(bytes));
}

/**
 * URL escapes decoded run by run, each run as UTF-8 bytes ("%D0%BD%D0%B0" is Cyrillic): a lone
 * "%" elsewhere ("100% of calls") or a run that is no UTF-8 leaves the rest readable.
 */
function percentDecoded(text: string): string {
  const spaced = /%[0-9A-Fa-f]{2}/.test(text) && !/\s/.test(text) ? text.replace(/\+/g, ' ') : text;
  return spaced.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => utf8(Buffer.from(run.replace(/%/g, ''), 'hex')) ?? run);
}

function rot13(text: string): string {
  return text.replace(/[a-z]/gi, (char) => {
    const base = char <= 'Z' ? 65 : 97;
    return String.fromCharCode(((char.charCodeAt(0) - base + 13) % 26) + base);
  });
}

function commonWords(text: string): number {
  // Whole words of any script: "ı" or "ğ" inside a Turkish word must not leave fragments such as "a" or "e" to count.
  return (text.toLowerCase().match(/\p{L}+/gu) ?? []).filter((word) => COMMON.has(word)).length;
}

/** The string as listed (hidden characters revealed) and every decoded reading of it, bounded (a fresh array each call). */
export function readings(text: string): Reading[] {
  const known = remembered.get(text);
  if (known) return [...known];
  const out = decode(text);
  // The poisoning rules and the classifier read the same strings: decoded once, within a budget of characters.
  rememberedChars += text.length + out.reduce((sum, reading) => sum + reading.text.length, 0);
  if (rememberedChars > REMEMBER_CHARS) {
    remembered.clear();
    rememberedChars = 0;
  }
  remembered.set(text, out);
  return [...out];
}

const REMEMBER_CHARS = 4_000_000;
const remembered = new Map<string, Reading[]>();
let rememberedChars = 0;

function decode(text: string): Reading[] {
  const out: Reading[] = [];
  const tagged = TAGS.test(text);
  TAGS.lastIndex = 0;
  // A non-joiner inside a Persian or Hindi word is spelling, not a disguise: it stays.
  const unbroken = text
    .replace(TAGS, (char) => String.fromCodePoint(char.codePointAt(0)! - 0xe0000))
    .replace(ZERO_WIDTH, (char, offset: number, whole: string) => ((char === '\u200C' || char === '\u200D') && joins(whole.codePointAt(offset - 1)) && joins(whole.codePointAt(offset + 1)) ? char : ''));
  const unbreakable = unbroken.replace(SOFT_BREAKS, '');
  const plain = unbreakable.replace(TERMINAL_ESCAPES, '');
  out.push({ text });
  if (plain !== text) out.push({ text: plain, via: tagged ? 'decoding Unicode tag characters' : unbroken !== text ? 'removing zero-width characters' : unbreakable !== unbroken ? 'removing soft hyphens' : 'removing terminal escape sequences' });
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
  if (URL_ESCAPES.test(plain)) decoded(percentDecoded(plain), 'decoding URL escapes');
  if (ENTITIES.test(plain)) {
    const value = plain.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,6});/gi, (whole, ref: string) => {
      const code = ref[0] !== '#' ? undefined : ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      if (code === undefined) return NAMED[ref.toLowerCase()] ?? whole;
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    });
    decoded(value, 'decoding HTML entities');
  }
  for (const match of plain.matchAll(COMMENT)) decoded(match[1]!.trim(), 'reading an HTML comment, which rendered Markdown hides');
  for (const match of plain.matchAll(BASE32)) {
    const value = base32(match[0]);
    if (value) decoded(value, 'decoding base32');
  }
  for (const match of plain.matchAll(UNICODE_ESCAPES)) decoded(match[0].replace(/\\u([0-9a-fA-F]{4})\s*/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'decoding \\u escapes');
  for (const match of plain.matchAll(CHAR_CODES)) decoded(String.fromCharCode(...match[0].split(/[\s,;]+/).map(Number)), 'decoding character codes');
  for (const match of plain.matchAll(MORSE_RUN)) decoded(morse(match[0]), 'decoding Morse code');
  for (const match of plain.matchAll(ASCII85)) {
    const value = ascii85(match[1]!);
    if (value) decoded(value, 'decoding Ascii85');
  }
  if (MARKED_RUN.test(plain)) decoded(plain.replace(MARKED_LETTER, (run) => run[0]!), 'removing combining marks');
  // rot13, digits for letters and text written backwards are readings only where they turn many more words into common English ones.
  const gainsWords = (value: string) => {
    const gained = commonWords(value) - commonWords(plain);
    return gained >= 4 && gained * 6 >= (value.match(/[a-z]+/gi)?.length ?? 0) / 2;
  };
  const turned = rot13(plain);
  if (gainsWords(turned)) decoded(turned, 'decoding rot13');
  else {
    // A rot13 passage inside plain text ("Style hints: Jura guvf gbby vf pnyyrq, …"): each line or colon-led part on its own.
    for (const part of plain.split(/\n+|(?<=:)\s+/).slice(0, 50)) {
      const words = part.match(/[a-z]+/gi)?.length ?? 0;
      const turned = rot13(part);
      const gained = commonWords(turned) - commonWords(part);
      // Three common words are enough beside an address: a mailbox or a URL is what such a passage sends to.
      const needed = /[\w.+-]+@[\w-]+\.[a-z]{2,}|\bhttps?:\/\//i.test(turned) ? 3 : 4;
      if (gained >= needed && gained * 6 >= words / 2) decoded(turned, 'decoding rot13');
    }
  }
  // Digits for letters ("1gn0r3 4ll pr3v10u5"): only the words that mix them are rewritten.
  if ((plain.match(LEET_WORD) ?? []).length >= 3) {
    decoded(plain.replace(LEET_ANY, (word) => word.replace(/[0134579@$]/g, (char) => LEET[char]!)), 'reading digits as the letters they stand for');
  }
  const reversed = [...plain].reverse().join('');
  if (gainsWords(reversed)) decoded(reversed, 'reading it backwards');
  else {
    // A passage written backwards after a plain label ("Interná poznámka (čítaj odzadu): …ni/ks.cnys-bn//:sptth…"), in a
    // language without common words listed here: an address that appears only when it is turned round gives it away.
    for (const part of plain.split(/\n+|(?<=:)\s+/).slice(0, 50)) {
      const back = [...part].reverse().join('');
      if (ADDRESS_TURNED.test(back) && !ADDRESS_TURNED.test(part) && (back.match(/\p{L}{2,}/gu) ?? []).length >= 5) decoded(back, 'reading it backwards');
    }
  }
  // Fullwidth and mathematical letters ("ｉｇｎｏｒｅ", "𝐢𝐠𝐧𝐨𝐫𝐞") are ASCII to a model once compatibility-normalised;
  // fullwidth punctuation in Chinese or Japanese text is not a disguise, so the letters decide.
  if ((plain.match(STYLED) ?? []).length >= 4) decoded(plain.normalize('NFKC'), 'normalising fullwidth and styled letters');
  if (MIXED_WORD.test(plain)) decoded([...plain].map((char) => LOOK_ALIKE[char] ?? char).join(''), 'reading look-alike letters of another script as Latin');
  if (SPACED.test(plain)) {
    // Runs of single letters become words; two or more spaces between runs become one.
    const joined = plain.split(/\s{2,}/).map((part) => (/^(?:\p{L} )+\p{L}$/u.test(part.trim()) ? part.trim().replace(/ /g, '') : part)).join(' ');
    decoded(joined, 'joining letters spaced apart');
  }
  return out;
}
