import { finding } from './catalog.js';
import { identifierWords, isObject, stringField, walkStrings, type FoundString } from './text.js';
import type { DefinitionKind, SurfaceFinding } from './types.js';

/**
 * Poisoning markers: text in a definition that speaks to the model instead of describing the
 * tool (tool poisoning, shadowing, exfiltration; Invariant Labs' disclosures and MCPSecBench's
 * attack types 8, 9 and 15). Every string a definition holds is read: names, titles,
 * descriptions, schema descriptions, defaults, enums, examples, property names.
 */

/** Code points no description needs, by class; shown as ⟦U+XXXX NAME⟧ in findings. */
function hiddenClass(code: number, previous: number | undefined, next: number | undefined): string | undefined {
  if (code >= 0xe0000 && code <= 0xe007f) return 'Unicode tag';
  if (code === 0x200b || code === 0x200c || code === 0x2060 || code === 0xfeff || code === 0x180e || code === 0x2061 || code === 0x2062 || code === 0x2063 || code === 0x2064) return 'zero-width';
  // A zero-width joiner between two non-ASCII symbols is how emoji sequences are built.
  if (code === 0x200d) return isAscii(previous) || isAscii(next) ? 'zero-width' : undefined;
  if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069) || code === 0x200e || code === 0x200f || code === 0x061c) return 'bidi control';
  if (code >= 0xe0100 && code <= 0xe01ef) return 'variation selector';
  // VS15/VS16 after a symbol pick text or emoji style; after a letter, a digit or another selector they carry nothing.
  if (code >= 0xfe00 && code <= 0xfe0f) return isAscii(previous) || (previous !== undefined && previous >= 0xfe00 && previous <= 0xfe0f) ? 'variation selector' : undefined;
  return undefined;
}

function isAscii(code: number | undefined): boolean {
  return code === undefined || code < 0x80;
}

const NAMES: Record<number, string> = {
  0x200b: 'ZERO WIDTH SPACE', 0x200c: 'ZERO WIDTH NON-JOINER', 0x200d: 'ZERO WIDTH JOINER', 0x2060: 'WORD JOINER', 0xfeff: 'ZERO WIDTH NO-BREAK SPACE',
  0x180e: 'MONGOLIAN VOWEL SEPARATOR', 0x200e: 'LEFT-TO-RIGHT MARK', 0x200f: 'RIGHT-TO-LEFT MARK', 0x061c: 'ARABIC LETTER MARK',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING', 0x202b: 'RIGHT-TO-LEFT EMBEDDING', 0x202c: 'POP DIRECTIONAL FORMATTING', 0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE', 0x2066: 'LEFT-TO-RIGHT ISOLATE', 0x2067: 'RIGHT-TO-LEFT ISOLATE', 0x2068: 'FIRST STRONG ISOLATE', 0x2069: 'POP DIRECTIONAL ISOLATE',
};

export interface HiddenScan {
  classes: string[];
  count: number;
  /** The text with every hidden character made visible; runs of Unicode tags decoded to the ASCII they smuggle. */
  visible: string;
}

/** Any code point hiddenClass may flag: most strings have none, and skip the per-character walk. */
const MAYBE_HIDDEN = /[\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFE00-\uFE0F\uFEFF]|\uDB40[\uDC00-\uDDEF]/;

/** Finds invisible characters and renders them visibly (undefined when there are none). */
export function scanHidden(text: string): HiddenScan | undefined {
  if (!MAYBE_HIDDEN.test(text)) return undefined;
  const points = [...text].map((char) => char.codePointAt(0)!);
  const classes = new Set<string>();
  let count = 0;
  let visible = '';
  let tags = '';
  const flushTags = () => {
    if (tags) visible += `⟦tags: "${tags}"⟧`;
    tags = '';
  };
  points.forEach((code, index) => {
    const kind = hiddenClass(code, points[index - 1], points[index + 1]);
    if (kind === 'Unicode tag') {
      classes.add(kind);
      count += 1;
      tags += code >= 0xe0020 && code <= 0xe007e ? String.fromCodePoint(code - 0xe0000) : `U+${code.toString(16).toUpperCase()}`;
      return;
    }
    flushTags();
    if (kind) {
      classes.add(kind);
      count += 1;
      visible += `⟦U+${code.toString(16).toUpperCase().padStart(4, '0')}${NAMES[code] ? ` ${NAMES[code]}` : ''}⟧`;
    } else {
      visible += String.fromCodePoint(code);
    }
  });
  flushTags();
  return count > 0 ? { classes: [...classes], count, visible } : undefined;
}

const INSTRUCTIONS: RegExp[] = [
  /\b(ignore|disregard|forget) (all |any )?(the )?(previous|prior|above|earlier|other) (instructions?|prompts?|rules|messages)/i,
  /\b(do not|don't|never|without) (tell|telling|inform|informing|mention|mentioning|reveal|revealing|notify|notifying|alert|alerting|show|showing)\b[^.]{0,30}\b(the )?user\b/i,
  /\b(the user|user) (must|should) (not|never) (know|see|be told|find out)/i,
  /<\s*\/?\s*(important|system|instructions?|secret|hidden|admin)\s*>/i,
  /\bbefore (using|calling|invoking|running) this tool,? (you )?(must |should |always |first )*(read|fetch|open|call|send|include|load|cat|pass|provide)\b/i,
  /\b(override|replace|forget) (your|the|all) (system prompt|instructions|guidelines|rules)\b/i,
  /\byou are now\b|\bnew instructions?:/i,
];

const SECRETS: RegExp[] = [
  /~\/\.ssh\b|\.ssh\/(id_|authorized_keys|config|known_hosts)/i,
  /\bid_(rsa|dsa|ecdsa|ed25519)\b/i,
  /(^|[\s"'`(/=])\.env(\.\w+)?\b/i,
  /\.aws\/credentials|\bcredentials\.json\b|\.git-credentials\b|\.netrc\b|\.npmrc\b|\.pgpass\b|\.docker\/config\.json/i,
  /\/etc\/(passwd|shadow)\b/i,
  /\bmcp\.json\b|claude_desktop_config\.json|\.cursor\/mcp/i,
  /\b(read|send|include|append|pass|copy|attach)\b[^.]{0,30}\b(private keys?|api keys?|secret keys?|ssh keys?)\b/i,
];

const URL = /\bhttps?:\/\/[^\s"'<>)]+/gi;
const PLACEHOLDER = /\{\{?[^}]*\}\}?|<[A-Za-z_][^>]*>|\$\{?[A-Z_]+\}?|%s/;
const APPEND = /\b(append|add|include|attach|put|encode|insert|send)\b[^.]{0,60}\b(to|in|into|as)\b[^.]{0,20}\b(the )?(url|link|query|query string|parameter|endpoint|address)\b/i;

/** Property names that carry data the user never typed, Invariant's "sidenote" pattern. */
const CARRIER_NAME = /^(side_?note|notes?|hidden|secret|internal|context|extra|debug|conversation|history|chat_?history|system_?prompt|instructions?|feedback|metadata|memo|reasoning)$/i;
const CARRIER_TEXT = /\b(conversation|chat history|previous messages|system prompt|your instructions|contents? of (the |any |a )?(file|files|\.|~)|secret|api key|access token|password|credentials|private key)\b/i;

const DIRECTIVE = /\b(instead of|do not (use|call)|don't (use|call)|never (use|call)|must|always|whenever|ignore|only use|deprecated)\b/i;

export interface NamedDefinition {
  kind: DefinitionKind;
  name: string;
  value: Record<string, unknown>;
}

/** Every poisoning marker in the listed definitions; `toolNames` are used to spot shadowing. */
export function findPoisoning(definitions: NamedDefinition[], toolNames: string[]): SurfaceFinding[] {
  const out: SurfaceFinding[] = [];
  for (const definition of definitions) {
    const strings = walkStrings(definition.value);
    const at = { kind: definition.kind, name: definition.name };
    for (const found of strings) {
      const hidden = scanHidden(found.text);
      if (hidden) {
        out.push(finding('hidden-characters', { ...at, pointer: found.pointer, message: `${hidden.count} invisible character(s) (${hidden.classes.join(', ')}) in ${where(found)}`, evidence: hidden.visible.slice(0, 600) }));
      }
      if (found.key) continue;
      const text = hidden ? hidden.visible.replace(/⟦tags: "([^"]*)"⟧/g, ' $1 ') : found.text;
      const secret = firstMatch(SECRETS, text);
      if (secret) out.push(finding('secret-reference', { ...at, pointer: found.pointer, message: `${where(found)} refers to secrets: "${secret.trim()}"`, evidence: secret.trim() }));
      // A single word ("string", an enum value) holds no instruction, URL sentence or tool directive.
      if (!/\s/.test(text)) continue;
      const instructions = INSTRUCTIONS.map((pattern) => pattern.exec(text)?.[0].slice(0, 200)).filter((match): match is string => match !== undefined);
      if (instructions.length > 0) {
        out.push(finding('model-instruction', { ...at, pointer: found.pointer, message: `${where(found)} addresses the model: ${instructions.map((match) => `"${match}"`).join(', ')}`, evidence: instructions.join(' | ') }));
      }
      const exfil = exfiltration(text);
      if (exfil) out.push(finding('exfiltration-url', { ...at, pointer: found.pointer, message: `${where(found)} invites data into a URL: ${exfil}`, evidence: exfil }));
      if (definition.kind === 'tool') {
        const shadow = shadowing(text, definition.name, toolNames);
        if (shadow) out.push(finding('tool-shadowing', { ...at, pointer: found.pointer, message: `${where(found)} directs the use of another tool, "${shadow.tool}": "${shadow.sentence}"`, evidence: shadow.sentence }));
      }
    }
    if (definition.kind === 'tool') out.push(...hiddenParameters(definition));
  }
  return out;
}

function where(found: FoundString): string {
  return found.key ? `the property name at ${found.pointer}` : found.pointer || 'the text';
}

function firstMatch(patterns: RegExp[], text: string): string | undefined {
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (match) return match[0].slice(0, 200);
  }
  return undefined;
}

function exfiltration(text: string): string | undefined {
  for (const match of text.matchAll(URL)) {
    const url = match[0];
    const queryOrPath = url.replace(/^https?:\/\/[^/?#]+/, '');
    if (PLACEHOLDER.test(queryOrPath)) return `${url.slice(0, 200)} (a placeholder for data)`;
  }
  URL.lastIndex = 0;
  if (/\bhttps?:\/\//i.test(text)) {
    const append = APPEND.exec(text);
    if (append) return `"${append[0].slice(0, 200)}"`;
  }
  return undefined;
}

function shadowing(text: string, self: string, toolNames: string[]): { tool: string; sentence: string } | undefined {
  for (const sentence of text.split(/(?<=[.!?])\s+|\n+/)) {
    if (!DIRECTIVE.test(sentence)) continue;
    for (const other of toolNames) {
      if (other === self || other.length < 3) continue;
      const index = sentence.indexOf(other);
      if (index === -1) continue;
      const before = sentence[index - 1];
      const after = sentence[index + other.length];
      if ((before && /[\w-]/.test(before)) || (after && /[\w-]/.test(after))) continue;
      // "Use X instead" from a deprecated tool points away from itself: that is the honest case.
      if (/\bdeprecated\b/i.test(sentence) && /\buse\b/i.test(sentence) && !/\b(do not|don't|never)\b/i.test(sentence)) continue;
      return { tool: other, sentence: sentence.trim().slice(0, 300) };
    }
  }
  return undefined;
}

function hiddenParameters(definition: NamedDefinition): SurfaceFinding[] {
  const schema = isObject(definition.value.inputSchema) ? definition.value.inputSchema : {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  const out: SurfaceFinding[] = [];
  for (const [name, value] of Object.entries(properties).slice(0, 500)) {
    const property = isObject(value) ? value : {};
    const text = `${stringField(property, 'description') ?? ''} ${stringField(property, 'title') ?? ''}`;
    const carrierName = CARRIER_NAME.test(name) || identifierWords(name).includes('sidenote');
    const carrierText = CARRIER_TEXT.exec(text);
    if (!(carrierName && (carrierText || text.trim() === '')) && !(carrierText && /\b(pass|include|put|add|send|provide|copy|paste|fill)\b/i.test(text))) continue;
    out.push(
      finding('hidden-parameter', {
        kind: definition.kind,
        name: definition.name,
        pointer: `/inputSchema/properties/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`,
        message: `parameter "${name}" looks like a carrier for data the user did not give${carrierText ? ` (its description asks for "${carrierText[0]}")` : ' (no description)'}`,
        evidence: carrierText ? `"${carrierText[0]}"${carrierName ? `; name "${name}"` : ''}` : `name "${name}", no description`,
      }),
    );
  }
  return out;
}
