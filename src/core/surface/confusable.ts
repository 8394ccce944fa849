import { finding } from './catalog.js';
import { isVerb, propertiesOf, toolName } from './smells.js';
import { contentWords, identifierWords, stringField, words } from './text.js';
import type { ConfusablePair, SurfaceFinding } from './types.js';

/**
 * Confusable tools: pairs a model is likely to mix up because their names, descriptions and
 * parameter names say nearly the same thing. TF-IDF cosine over those words, plus the overlap
 * of the name tokens; thresholds below, calibrated on __tests__/fixtures/servers (see
 * docs/surface.md): distinct tools of a well-described server stay under them.
 */

/**
 * When a pair is confusable (calibrated on the 12 published servers of bench/surface.mjs, with
 * the team's judgements in bench/surface-judgements.json):
 * - names made of the same words (browser_network_request / browser_network_requests);
 * - descriptions this alike (names left out), whatever the names;
 * - descriptions a little over half as alike, when the names differ only by verbs (kubectl_get / kubectl_describe);
 * - names sharing most words (one extends the other), this close over names and descriptions, and
 *   descriptions alike too.
 * Names that differ by an object noun (search_code / search_issues) tell the tools apart.
 */
export const DESCRIPTION_ALONE = 0.85;
export const DESCRIPTION_WITH_VERBS = 0.55;
export const COSINE_WITH_NAMES = 0.7;
export const NAME_OVERLAP = 0.6;
/** ...and descriptions this alike: get_pull_request / get_pull_request_files say different things. */
export const DESCRIPTION_WITH_EXTENDED_NAME = 0.6;
/** Name words count this many times in a tool's document: a name is what a model matches first. */
const NAME_WEIGHT = 2;
const MAX_TOOLS = 1000;
/** Names that differ by opposed verbs (create_x / delete_x) ask for opposite things: a model does not mix them up. */
const OPPOSED = [
  ['create', 'delete'], ['add', 'remove'], ['add', 'delete'], ['create', 'remove'], ['insert', 'delete'], ['open', 'close'], ['start', 'stop'],
  ['enable', 'disable'], ['read', 'write'], ['get', 'set'], ['encode', 'decode'], ['encrypt', 'decrypt'], ['lock', 'unlock'],
  ['subscribe', 'unsubscribe'], ['upload', 'download'], ['import', 'export'], ['attach', 'detach'], ['link', 'unlink'],
  ['grant', 'revoke'], ['approve', 'reject'], ['follow', 'unfollow'], ['archive', 'unarchive'], ['show', 'hide'], ['push', 'pull'],
  ['install', 'uninstall'], ['set', 'clear'], ['set', 'unset'], ['set', 'delete'], ['create', 'get'], ['create', 'list'], ['create', 'read'], ['mount', 'unmount'],
  ['connect', 'disconnect'], ['login', 'logout'], ['register', 'unregister'], ['pause', 'resume'], ['start', 'kill'], ['start', 'terminate'], ['save', 'load'],
  ['bind', 'unbind'], ['merge', 'split'], ['create', 'update'], ['zip', 'unzip'], ['compress', 'decompress'], ['freeze', 'unfreeze'], ['pin', 'unpin'], ['mute', 'unmute'],
].map(([a, b]) => `${a}|${b}`);
const MAX_PAIRS = 50;
/** A verb that only one of two names has, and that undoes or stops: stop_port_forward / port_forward. */
const UNDOING = new Set(['stop', 'delete', 'remove', 'cancel', 'close', 'disable', 'clear', 'kill', 'uninstall', 'unset', 'revoke', 'terminate', 'abort', 'undo', 'unsubscribe', 'detach', 'unlink', 'unpin']);
/** A sentence (or parameter name) in this share of a server's tools (and in 3 at least) is boilerplate: it tells no tool apart. */
const BOILERPLATE_SHARE = 0.4;

type Vector = Map<string, number>;
/** A vector as parallel arrays sorted by term id: a dot product is one merge. */
interface Packed {
  ids: Int32Array;
  weights: Float64Array;
}

export function findConfusable(tools: Record<string, unknown>[]): { pairs: ConfusablePair[]; findings: SurfaceFinding[] } {
  const list = tools.slice(0, MAX_TOOLS);
  const names = list.map((tool, index) => toolName(tool, index));
  const nameTerms = names.map((name) => new Set(contentWords(identifierWords(name))));
  const sentences = list.map((tool) => sentencesOf(stringField(tool, 'description') ?? ''));
  const sentenceCount = new Map<string, number>();
  for (const own of sentences) for (const sentence of new Set(own)) sentenceCount.set(sentence, (sentenceCount.get(sentence) ?? 0) + 1);
  const boilerplate = (sentence: string) => (sentenceCount.get(sentence) ?? 0) >= Math.max(3, BOILERPLATE_SHARE * list.length);
  // "Use read_file instead" tells two tools apart: the sentence that says so must not make them look alike.
  const namesOther = (sentence: string, self: string) => names.some((other) => other !== self && other.length >= 3 && sentence.includes(other.toLowerCase()));
  const params = list.map((tool) => propertiesOf(tool).map((property) => property.name));
  const paramCount = new Map<string, number>();
  for (const own of params) for (const param of new Set(own)) paramCount.set(param, (paramCount.get(param) ?? 0) + 1);
  const commonParam = (param: string) => (paramCount.get(param) ?? 0) >= Math.max(3, BOILERPLATE_SHARE * list.length);
  const described = list.map((tool, index) => [
    ...sentences[index].filter((sentence) => !boilerplate(sentence) && !namesOther(sentence, names[index])).flatMap((sentence) => contentWords(words(sentence))),
    ...params[index].filter((param) => !commonParam(param)).flatMap((param) => contentWords(identifierWords(param))),
  ]);
  const whole = tfidf(described.map((document, index) => [...[...nameTerms[index]].flatMap((term) => Array<string>(NAME_WEIGHT).fill(term)), ...document]));
  const text = tfidf(described);
  const n = list.length;

  // Over every pair only the cheap tests; the opposed-verb rule and the description (sorted words) for the kept ones.
  const close: Array<{ i: number; j: number; cosine: number; nameOverlap: number }> = [];
  for (let i = 0; i < n; i += 1) {
    if (whole.norms[i] === 0) continue;
    for (let j = i + 1; j < n; j += 1) {
      if (whole.norms[j] === 0 || names[i] === names[j]) continue;
      const cosine = dot(whole.packed[i], whole.packed[j]) / (whole.norms[i] * whole.norms[j]);
      const textCosine = text.norms[i] && text.norms[j] ? dot(text.packed[i], text.packed[j]) / (text.norms[i] * text.norms[j]) : 0;
      if (cosine < COSINE_WITH_NAMES && textCosine < DESCRIPTION_WITH_VERBS && !(nameTerms[i].size > 0 && sameSet(nameTerms[i], nameTerms[j]))) continue;
      const nameOverlap = jaccard(nameTerms[i], nameTerms[j]);
      if (opposed(nameTerms[i], nameTerms[j])) continue;
      const confusable =
        nameOverlap === 1 || textCosine >= DESCRIPTION_ALONE || (textCosine >= DESCRIPTION_WITH_VERBS && differByVerbsOnly(nameTerms[i], nameTerms[j])) || (cosine >= COSINE_WITH_NAMES && nameOverlap >= NAME_OVERLAP && textCosine >= DESCRIPTION_WITH_EXTENDED_NAME);
      if (confusable) close.push({ i, j, cosine, nameOverlap });
    }
  }
  const vectors = whole.vectors;
  // Sorted by the cosine as reported (rounded), ties in list order.
  close.sort((x, y) => round(y.cosine) - round(x.cosine));
  const kept = close.slice(0, MAX_PAIRS).map(({ i, j, cosine, nameOverlap }) => describePair(names[i], names[j], vectors[i], vectors[j], cosine, nameOverlap));
  const findings = kept.map((pair) =>
    finding('confusable-tools', {
      kind: 'tool',
      name: pair.a,
      pointer: '/description',
      message: `"${pair.a}" and "${pair.b}" read alike (cosine ${pair.cosine.toFixed(2)}, name overlap ${pair.nameOverlap.toFixed(2)}); shared: ${pair.shared.join(', ')}`,
      evidence: `shared words: ${pair.shared.join(', ')}`,
      fix: `Say when to use each: "${pair.a}" is about ${pair.onlyA.join(', ') || '(nothing of its own yet)'}, "${pair.b}" about ${pair.onlyB.join(', ') || '(nothing of its own yet)'}; add "use ${pair.b} instead when …" to "${pair.a}" and the converse.`,
    }),
  );
  return { pairs: kept, findings };
}

function tfidf(documents: string[][]): { vectors: Vector[]; packed: Packed[]; norms: number[] } {
  const df = new Map<string, number>();
  for (const document of documents) for (const term of new Set(document)) df.set(term, (df.get(term) ?? 0) + 1);
  const n = documents.length;
  const vectors: Vector[] = documents.map((document) => {
    const vector: Vector = new Map();
    for (const term of document) vector.set(term, (vector.get(term) ?? 0) + 1);
    for (const [term, tf] of vector) vector.set(term, tf * (Math.log((1 + n) / (1 + df.get(term)!)) + 1));
    return vector;
  });
  const termIds = new Map([...df.keys()].map((term, index) => [term, index]));
  return { vectors, packed: vectors.map((vector) => pack(vector, termIds)), norms: vectors.map((vector) => Math.sqrt([...vector.values()].reduce((sum, w) => sum + w * w, 0))) };
}

function sameSet(a: Set<string>, b: Set<string>): boolean {
  return a.size === b.size && [...a].every((term) => b.has(term));
}

/** get/describe, install/upgrade: the names differ, but only in what they do, not in what to. */
function differByVerbsOnly(a: Set<string>, b: Set<string>): boolean {
  const onlyA = [...a].filter((term) => !b.has(term));
  const onlyB = [...b].filter((term) => !a.has(term));
  return onlyA.length > 0 && onlyB.length > 0 && [...onlyA, ...onlyB].every((term) => isVerb(term));
}

/** Sentences of a description, lower-cased and with spaces collapsed, so that repeated boilerplate compares equal. */
function sentencesOf(description: string): string[] {
  return description
    .slice(0, 20_000)
    .toLowerCase()
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

function opposed(a: Set<string>, b: Set<string>): boolean {
  const onlyA = [...a].filter((term) => !b.has(term));
  const onlyB = [...b].filter((term) => !a.has(term));
  if (onlyA.length + onlyB.length > 0 && (onlyA.every((term) => UNDOING.has(term)) && onlyB.length === 0 || onlyB.every((term) => UNDOING.has(term)) && onlyA.length === 0)) return true;
  return onlyA.some((x) => onlyB.some((y) => OPPOSED.includes(`${x}|${y}`) || OPPOSED.includes(`${y}|${x}`)));
}

function pack(vector: Vector, termIds: Map<string, number>): Packed {
  const entries = [...vector.entries()].map(([term, weight]) => [termIds.get(term)!, weight] as const).sort((x, y) => x[0] - y[0]);
  return { ids: Int32Array.from(entries, (entry) => entry[0]), weights: Float64Array.from(entries, (entry) => entry[1]) };
}

function dot(a: Packed, b: Packed): number {
  let sum = 0;
  let i = 0;
  let j = 0;
  while (i < a.ids.length && j < b.ids.length) {
    if (a.ids[i] === b.ids[j]) sum += a.weights[i++] * b.weights[j++];
    else if (a.ids[i] < b.ids[j]) i += 1;
    else j += 1;
  }
  return sum;
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let shared = 0;
  for (const term of a) if (b.has(term)) shared += 1;
  return shared / (a.size + b.size - shared);
}

function describePair(a: string, b: string, va: Vector, vb: Vector, cosine: number, nameOverlap: number): ConfusablePair {
  const byWeight = (vector: Vector, keep: (term: string) => boolean, limit: number) =>
    [...vector.entries()].filter(([term]) => keep(term)).sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0])).slice(0, limit).map(([term]) => term);
  return {
    a,
    b,
    cosine: round(cosine),
    nameOverlap: round(nameOverlap),
    shared: byWeight(va, (term) => vb.has(term), 8),
    onlyA: byWeight(va, (term) => !vb.has(term), 5),
    onlyB: byWeight(vb, (term) => !va.has(term), 5),
  };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** The confusable pair a wrong tool call forms with one of the tools expected, if any (for Layer 1's failure message). */
export function confusablePairOf(pairs: readonly ConfusablePair[], expected: readonly string[], called: string): ConfusablePair | undefined {
  return pairs.find((pair) => (pair.a === called && expected.includes(pair.b)) || (pair.b === called && expected.includes(pair.a)));
}
