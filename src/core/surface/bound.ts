import { isObject } from './text.js';

/**
 * What the surface analysis reads of one definition, bounded: a server that lists 15 MB names or
 * descriptions costs the analysis no more than a definition of this size (six such names took a
 * `mcp-evals surface` run to 1 GB peak RSS: every phase copied, split or tokenized them whole).
 * Pins are still taken of the whole definition, so a change beyond the cap is a change.
 */

/** Characters read of one string (a value or a property name). */
export const MAX_STRING_CHARS = 64 * 1024;
/** Characters read of one definition's strings together; past it, strings are read as empty. */
export const MAX_DEFINITION_CHARS = 1024 * 1024;
/** Nesting read at most (schemas are shallow; a hostile one need not be). */
const MAX_DEPTH = 64;

export interface BoundedDefinition {
  value: Record<string, unknown>;
  /** Characters left unread; 0 when the definition was read whole. */
  cutChars: number;
  /** The longest string cut: where it is and how long it was. */
  longest?: { pointer: string; chars: number };
}

/** A copy of the definition with every string cut to MAX_STRING_CHARS and all of them to MAX_DEFINITION_CHARS. */
export function boundDefinition(definition: Record<string, unknown>): BoundedDefinition {
  let budget = MAX_DEFINITION_CHARS;
  let cutChars = 0;
  let longest: BoundedDefinition['longest'];
  const cut = (text: string, pointer: string): string => {
    const kept = Math.min(text.length, MAX_STRING_CHARS, budget);
    budget -= kept;
    if (kept === text.length) return text;
    cutChars += text.length - kept;
    if (!longest || text.length > longest.chars) longest = { pointer, chars: text.length };
    // A copy, not a slice: V8 may keep a slice as a view of the whole string.
    return Buffer.from(text.slice(0, kept), 'utf16le').toString('utf16le');
  };
  const copy = (node: unknown, pointer: string, depth: number): unknown => {
    if (typeof node === 'string') return cut(node, pointer);
    if (node === null || typeof node !== 'object') return node;
    if (depth >= MAX_DEPTH) return null;
    if (Array.isArray(node)) return node.map((item, index) => copy(item, `${pointer}/${index}`, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(node)) {
      const at = `${pointer}/${key.length > 64 ? `${key.slice(0, 64)}…` : key}`;
      out[cut(key, at)] = copy(child, at, depth + 1);
    }
    return out;
  };
  const value = copy(definition, '', 0);
  return { value: isObject(value) ? value : {}, cutChars, ...(longest ? { longest } : {}) };
}
