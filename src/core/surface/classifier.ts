import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../paths.js';
import { NEGATION } from './intent-lexicon.js';
import { readings } from './normalize.js';
import { walkStrings } from './text.js';

/**
 * A second reader for tool poisoning: logistic regression over hashed words, word pairs and
 * character n-grams of everything a definition says (its decoded readings included), in any
 * script. The lexicons of poisoning.ts find what poisoning does in the phrasings they list, and
 * also trip on ordinary documentation that names secrets, the user or other tools; this reads the
 * whole definition against what our labelled corpora and 72 published servers wrote, and
 * suspicion.ts lets it lower the lexicons' findings on what reads as documentation. Trained by
 * train-poisoning-model.mjs (beside this file) on poisoning-training.ts's inputs, read from
 * data/poisoning-model.bin; bench/poisoning-model.mjs measures it, each corpus left out of its
 * own training.
 */

/** Kept in step with the model file's header (a stale file is refused, never misread). */
const MAGIC = 0x4d50_4d31; // "MPM1"
const MIN_GRAM = 3;
const MAX_GRAM = 5;
/** A run of letters longer than this (CJK has no spaces) is read in pieces of this length. */
const MAX_TOKEN = 24;
/** The text a definition contributes at most: its bounded strings already cap it, this caps the readings. */
const MAX_CHARS = 40_000;

/** A model's weights by feature: a Map as training builds it, or the arrays a model file is read into. */
export interface Weights extends Iterable<[number, number]> {
  readonly size: number;
  get(feature: number): number | undefined;
  keys(): Iterable<number>;
  values(): Iterable<number>;
}

export interface ClassifierModel {
  bits: number;
  bias: number;
  weights: Weights;
}

/**
 * Weights read from a file, kept as the table classify() reads (4 MB for 2^20 features) and the
 * features that have one: a Map of the shipped 420,000 weights cost 60 MB of memory at load
 * (measured), which a run against a hostile server's huge answers could not spare.
 */
class TableWeights implements Weights {
  constructor(
    readonly table: Float32Array,
    private readonly features: Uint32Array,
  ) {}
  get size(): number {
    return this.features.length;
  }
  get(feature: number): number | undefined {
    return this.table[feature] || undefined;
  }
  keys(): Iterable<number> {
    return this.features.values();
  }
  *values(): Generator<number> {
    for (const feature of this.features) yield this.table[feature]!;
  }
  *[Symbol.iterator](): Generator<[number, number]> {
    for (const feature of this.features) yield [feature, this.table[feature]!];
  }
}

/** Everything a definition says, once its disguises are removed: its string values and their decoded readings. */
export function definitionText(definition: unknown): string {
  const parts: string[] = [];
  let chars = 0;
  for (const found of walkStrings(definition)) {
    if (chars >= MAX_CHARS) break;
    // Keys are the schema's own words, alike in every definition (they diluted the text and cost recall when measured).
    if (found.key) continue;
    for (const reading of readings(found.text)) {
      if (chars >= MAX_CHARS) break;
      parts.push(reading.text);
      chars += reading.text.length;
    }
  }
  return parts.join('\n').slice(0, MAX_CHARS).normalize('NFKC').toLowerCase();
}

// FNV-1a over UTF-16 units, fed piece by piece: a feature's hash is that of its name ("c:" and the
// n-gram, "w:" and the word) without building the string.
const FNV_PRIME = 0x01000193;
const feed = (h: number, text: string): number => {
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return h;
};
const WORD = feed(0x811c9dc5, 'w:');
const PAIR = feed(0x811c9dc5, 'b:');
const GRAM = feed(0x811c9dc5, 'c:');

const TOKEN = /[\p{L}\p{M}\p{N}_]+|[^\s\p{L}\p{M}\p{N}]/gu;
/** Negations read per text at most: a hostile text of ten thousand "no"s costs no more than this. */
const MAX_NEGATIONS = 500;
/** A negation reaches to the end of its clause, at most this far: "do not include credentials, tokens or keys". */
const NEGATION_REACH = 80;
const CLAUSE_END = /[.;:!?\n。；！？]/;

/**
 * The words for "tool" and "user" in the languages of the corpora, read as the English word. The
 * published servers' tools, the clean text the classifier learns most from, are English: a
 * language's own word for "tool" or "user" was seen almost only in poisoned corpus items, and
 * weighed as poisoning by itself (a Spanish flight search that said "usa esta herramienta cuando
 * el usuario …" scored 0.94 once corpus 12 joined the training). Read as one concept, the word
 * weighs what "tool" and "user" weigh in English, where both classes use them.
 */
const CONCEPTS = new Map<string, string>([
  ...'herramienta herramientas outil outils werkzeug werkzeuge ferramenta ferramentas strumento strumenti инструмент инструмента инструменты инструментом інструмент інструмента narzędzie narzędzia araç aracı aracını alat 工具 ツール 도구 أداة الأداة כלי ابزار टूल'
    .split(' ')
    .map((word): [string, string] => [word, 'tool']),
  ...'usuario usuarios utilisateur utilisateurs nutzer nutzers benutzer benutzers usuário usuários utente utenti пользователь пользователя пользователю користувач користувача користувачу użytkownik użytkownika użytkownikowi kullanıcı kullanıcının kullanıcıya pengguna 用户 ユーザー 사용자 المستخدم המשתמש کاربر उपयोगकर्ता'
    .split(' ')
    .map((word): [string, string] => [word, 'user']),
]);

/** The tokens, each with whether a negation before it in its clause covers it. */
function tokens(text: string): Array<{ token: string; negated: boolean; concept?: boolean }> {
  const scopes: Array<[number, number]> = [];
  // The lexicon's own NEGATION, searched from each end on: a global copy would be compiled again (its Unicode alternations cost tens of milliseconds).
  for (let from = 0; scopes.length < MAX_NEGATIONS; ) {
    const match = NEGATION.exec(from === 0 ? text : text.slice(from));
    if (!match) break;
    const start = from + match.index + Math.max(1, match[0].length);
    const rest = text.slice(start, start + NEGATION_REACH);
    const end = rest.search(CLAUSE_END);
    scopes.push([start, start + (end < 0 ? rest.length : end)]);
    from = start;
  }
  // Tokens and scopes both come in order: one sweep, however many negations a hostile text holds.
  const out: Array<{ token: string; negated: boolean; concept?: boolean }> = [];
  let next = 0;
  let negatedUntil = -1;
  for (const match of text.matchAll(TOKEN)) {
    while (next < scopes.length && scopes[next]![0] <= match.index) negatedUntil = Math.max(negatedUntil, scopes[next++]![1]);
    const negated = match.index < negatedUntil;
    const concept = CONCEPTS.get(match[0].toLowerCase());
    if (concept) out.push({ token: concept, negated, concept: true });
    else for (let at = 0; at < match[0].length; at += MAX_TOKEN) out.push({ token: match[0].slice(at, at + MAX_TOKEN), negated });
  }
  return out;
}

/** Words and word pairs under a negation are other features than the same words asserted ("never send the token"). */
function tokenFeatures(text: string, bits: number): number[][] {
  const mask = (1 << bits) - 1;
  const list = tokens(text);
  return list.map(({ token, negated, concept }, index) => {
    const mark = negated ? '¬' : '';
    const features = [(feed(feed(WORD, mark), token) >>> 0) & mask];
    if (index + 1 < list.length) features.push((feed(feed(feed(feed(PAIR, mark), token), ' '), list[index + 1]!.token) >>> 0) & mask);
    // A word read as its concept keeps no spelling of its own: its n-grams would say the language again.
    if (concept) return features;
    // Character n-grams of "<token>", 3 to 5 long: each start's hash grows by one character per length.
    const length = token.length + 2;
    const at = (i: number) => (i === 0 ? 60 : i === length - 1 ? 62 : token.charCodeAt(i - 1)); // "<" and ">"
    for (let start = 0; start + MIN_GRAM <= length; start++) {
      let h = GRAM;
      for (let n = 1; n <= MAX_GRAM && start + n <= length; n++) {
        h = Math.imul(h ^ at(start + n - 1), FNV_PRIME);
        if (n >= MIN_GRAM) features.push((h >>> 0) & mask);
      }
    }
    return features;
  });
}

/** The distinct features, ascending, and their values: log counts, scaled to length 1 (a long description weighs no more than a short one). */
function weightedFeatures(text: string, bits: number): { features: Uint32Array; values: Float64Array } {
  const all = Uint32Array.from(tokenFeatures(text, bits).flat()).sort();
  const features: number[] = [];
  const values: number[] = [];
  let norm = 0;
  for (let start = 0; start < all.length; ) {
    let end = start + 1;
    while (end < all.length && all[end] === all[start]) end++;
    const value = 1 + Math.log(end - start);
    features.push(all[start]!);
    values.push(value);
    norm += value * value;
    start = end;
  }
  norm = Math.sqrt(norm) || 1;
  return { features: Uint32Array.from(features), values: Float64Array.from(values, (value) => value / norm) };
}

/** The feature vector, as a map from feature to value. */
export function featureVector(text: string, bits: number): Map<number, number> {
  const { features, values } = weightedFeatures(text, bits);
  return new Map(Array.from(features, (feature, index) => [feature, values[index]!]));
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** How likely the definition's text is poisoned, 0–1. */
export function classify(model: ClassifierModel, text: string): { probability: number } {
  // A dense table rather than the model's Map: one array read per feature, on every tool of every run.
  const dense = denseWeights(model);
  const { features, values } = weightedFeatures(text, model.bits);
  let z = model.bias;
  for (let index = 0; index < features.length; index++) z += dense[features[index]!]! * values[index]!;
  return { probability: sigmoid(z) };
}

const denseTables = new WeakMap<ClassifierModel, Float32Array>();

/** The weights (float32 as stored) as a table indexed by feature (4 MB for 2^20 features), built once per model. */
function denseWeights(model: ClassifierModel): Float32Array {
  if (model.weights instanceof TableWeights) return model.weights.table;
  let table = denseTables.get(model);
  if (!table) {
    table = new Float32Array(1 << model.bits);
    for (const [feature, weight] of model.weights) table[feature] = weight;
    denseTables.set(model, table);
  }
  return table;
}

/** The words whose features push hardest towards "poisoned", heaviest first: what a finding names. */
export function heaviestWords(model: ClassifierModel, text: string, count = 5): string[] {
  const vector = featureVector(text, model.bits);
  const list = tokens(text);
  const pull = new Map<string, number>();
  tokenFeatures(text, model.bits).forEach((features, index) => {
    const { token } = list[index]!;
    if (!/[\p{L}\p{N}]/u.test(token)) return;
    let sum = 0;
    for (const feature of features) sum += (model.weights.get(feature) ?? 0) * (vector.get(feature) ?? 0);
    pull.set(token, Math.max(pull.get(token) ?? -Infinity, sum));
  });
  return [...pull].filter(([, sum]) => sum > 0).sort((a, b) => b[1] - a[1]).slice(0, count).map(([token]) => token);
}

export interface TrainingSample {
  text: string;
  poisoned: boolean;
  /** How much the sample counts (poisoning-training.ts balances the classes with it). */
  weight?: number;
}

export interface TrainingOptions {
  bits?: number;
  epochs?: number;
  l2?: number;
  /** Weights kept, largest first: the file stays small, the figures do not move. */
  keep?: number;
}

/** Logistic regression by AdaGrad, in a fixed order: on one engine, the same samples give the same model, byte for byte. */
export function train(samples: readonly TrainingSample[], options: TrainingOptions = {}): ClassifierModel {
  const bits = options.bits ?? 20;
  const epochs = options.epochs ?? 30;
  const l2 = options.l2 ?? 1e-4;
  const rate = 0.5;
  const rows = samples.map((sample) => ({ x: [...featureVector(sample.text, bits)], y: sample.poisoned ? 1 : 0, weight: sample.weight ?? 1 }));
  const weights = new Float64Array(1 << bits);
  const squares = new Float64Array(1 << bits).fill(1e-8);
  let bias = 0;
  let biasSquares = 1e-8;
  let seed = 7;
  const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const order = rows.map((_, index) => index);
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const index of order) {
      const row = rows[index]!;
      let z = bias;
      for (const [feature, value] of row.x) z += weights[feature]! * value;
      const gradient = (sigmoid(z) - row.y) * row.weight;
      for (const [feature, value] of row.x) {
        const g = gradient * value + l2 * weights[feature]!;
        squares[feature]! += g * g;
        weights[feature]! -= (rate * g) / Math.sqrt(squares[feature]!);
      }
      biasSquares += gradient * gradient;
      bias -= (rate * gradient) / Math.sqrt(biasSquares);
    }
  }
  const kept = [...weights.keys()].filter((feature) => weights[feature] !== 0).sort((a, b) => Math.abs(weights[b]!) - Math.abs(weights[a]!) || a - b).slice(0, options.keep ?? Infinity);
  return { bits, bias, weights: new Map(kept.sort((a, b) => a - b).map((feature) => [feature, Math.fround(weights[feature]!)])) };
}

/** The model as data/poisoning-model.bin holds it: magic, bits, count, bias, then indices and weights (little-endian). */
export function encodeModel(model: ClassifierModel): Buffer {
  const count = model.weights.size;
  const file = Buffer.alloc(16 + count * 8);
  file.writeUInt32LE(MAGIC, 0);
  file.writeUInt32LE(model.bits, 4);
  file.writeUInt32LE(count, 8);
  file.writeFloatLE(model.bias, 12);
  let at = 16;
  for (const feature of model.weights.keys()) (file.writeUInt32LE(feature, at), (at += 4));
  for (const weight of model.weights.values()) (file.writeFloatLE(weight, at), (at += 4));
  return file;
}

export function decodeModel(file: Buffer): ClassifierModel {
  if (file.length < 16 || file.readUInt32LE(0) !== MAGIC) throw new Error('not a classifier model of this version');
  const bits = file.readUInt32LE(4);
  const count = file.readUInt32LE(8);
  if (bits < 1 || bits > 24) throw new Error(`a classifier model of 2^${bits} features`);
  if (file.length !== 16 + count * 8) throw new Error('a truncated classifier model');
  const table = new Float32Array(1 << bits);
  const features = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    const feature = file.readUInt32LE(16 + i * 4);
    if (feature >= table.length) throw new Error('a classifier model with a feature out of range');
    features[i] = feature;
    table[feature] = file.readFloatLE(16 + count * 4 + i * 4);
  }
  return { bits, bias: file.readFloatLE(12), weights: new TableWeights(table, features) };
}

export interface LoadedModel {
  model?: ClassifierModel;
  /** Why there is no model: a report shows it, and the lexicons judge alone. */
  problem?: string;
}

/** A weights file read and decoded, or why it cannot be (its error code, or what decodeModel refused). */
export function readModelFile(path: string): { model: ClassifierModel } | { reason: string } {
  try {
    return { model: decodeModel(readFileSync(path)) };
  } catch (error) {
    return { reason: (error as NodeJS.ErrnoException).code ?? (error as Error).message };
  }
}

export function readPoisoningModel(path: string): LoadedModel {
  const read = readModelFile(path);
  return 'model' in read ? read : { problem: `the poisoning classifier ${path} cannot be read (${read.reason}): poisoning was judged by the lexicons alone` };
}

let shipped: LoadedModel | undefined;

/** The shipped model (data/poisoning-model.bin), read once. */
export function poisoningModel(): LoadedModel {
  return (shipped ??= readPoisoningModel(join(packageRoot(), 'data', 'poisoning-model.bin')));
}
