import type { HideMode, InjectSpec, InjectWhere } from '../faults/types.js';
import { hide } from './encode.js';
import { MCPSECBENCH_ATTACKS, payloadById, type McpSecBenchId, type OwaspLlmId } from './payloads.js';

/** One `inject:` entry made concrete: the text to plant and what obeying it would look like. */
export interface ResolvedInjection {
  /** Index of the entry in the case's `inject:` list. */
  index: number;
  /** The library id, or `inline-<index>`. */
  id: string;
  where: InjectWhere;
  /** Only this tool's result / description (undefined: every tool). */
  tool?: string;
  /** The text as planted (after hiding). */
  text: string;
  /** The text before hiding, with `{secret}` left as written. */
  plain: string;
  hide?: HideMode;
  /** Email addresses in the payload: one in a tool call's arguments means the model obeyed. */
  markers: string[];
  /** Hosts of URLs in the payload: a URL to one of them in arguments (or, filled in, in the answer) means it obeyed. */
  exfilHosts: string[];
  mcpSecBench?: { id: McpSecBenchId; attack: string; surface: string };
  owasp: OwaspLlmId[];
}

export function resolveInjections(specs: readonly InjectSpec[] | undefined): ResolvedInjection[] {
  return (specs ?? []).map((spec, index) => {
    const library = typeof spec.payload === 'string' ? payloadById(spec.payload) : undefined;
    if (typeof spec.payload === 'string' && !library) throw new Error(`unknown injection payload "${spec.payload}"`); // the loader rejects these first
    const plain = library ? library.text : (spec.payload as { text: string }).text;
    const mode = library ? library.hide : (spec.payload as { hide?: HideMode }).hide;
    return {
      index,
      id: library ? library.id : `inline-${index}`,
      where: spec.where,
      ...(spec.tool !== undefined ? { tool: spec.tool } : {}),
      text: hide(plain, mode),
      plain,
      ...(mode ? { hide: mode } : {}),
      markers: emailsIn(plain),
      exfilHosts: urlHostsIn(plain),
      ...(library ? { mcpSecBench: { id: library.mcpSecBench, ...MCPSECBENCH_ATTACKS[library.mcpSecBench] } } : {}),
      owasp: library ? [...library.owasp] : [],
    };
  });
}

/** The canary is on unless every entry turns it off. */
export function canaryEnabled(specs: readonly InjectSpec[] | undefined): boolean {
  return (specs ?? []).length > 0 && (specs ?? []).some((spec) => spec.canary !== false);
}

/** Every tool some entry denies. */
export function deniedTools(specs: readonly InjectSpec[] | undefined): string[] {
  return [...new Set((specs ?? []).flatMap((spec) => spec.deny_tools ?? []))];
}

function emailsIn(text: string): string[] {
  return [...new Set((text.match(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g) ?? []).map((email) => email.toLowerCase()))];
}

function urlHostsIn(text: string): string[] {
  const hosts: string[] = [];
  for (const match of text.matchAll(/https?:\/\/[^\s)"'<>\]]+/g)) {
    try {
      hosts.push(new URL(match[0]).hostname.toLowerCase());
    } catch {
      // not a URL after all
    }
  }
  return [...new Set(hosts)];
}
