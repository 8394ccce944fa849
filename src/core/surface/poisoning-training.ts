import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { definitionText, type TrainingOptions, type TrainingSample } from './classifier.js';

/**
 * What the poisoning classifier is trained on, shared by the training script
 * (train-poisoning-model.mjs), the leave-one-out bench (bench/poisoning-model.mjs) and the test
 * that the shipped model is the one these inputs give.
 */
export const TRAINING = {
  /**
   * In-sample labelled corpora only: a held-out corpus joins after its one measurement, never before.
   * Held-out corpora 22–25, measured and read, are kept out, measured (2026-12-06, bench/poisoning-model.mjs
   * --first --grid with them among the folds): with the lexicons as each corpus was first measured, 881 of
   * 1,035 poisoned and 21 of 1,035 clean tools flagged over corpora 3–25 at 0.8, but a published tool left
   * out of training read 0.87 (learn_shopify_api) and two lexicon findings on published tools were no longer
   * lowered (0.35, 0.30): SUSPECT would have had to rise to 0.9 and CLEAR to 0.4, which flags 820 of 1,035.
   * With training corpora 18–22 as well: 902 and 17, the same published tool at 0.92.
   */
  corpora: ['poisoning-heldout.json', 'poisoning-heldout-2.json', 'poisoning-heldout-3.json', 'poisoning-heldout-4.json', 'poisoning-heldout-5.json', 'poisoning-heldout-6.json', 'poisoning-heldout-7.json', 'poisoning-heldout-8.json', 'poisoning-heldout-9.json', 'poisoning-heldout-10.json', 'poisoning-heldout-11.json', 'poisoning-heldout-12.json', 'poisoning-heldout-13.json', 'poisoning-heldout-14.json', 'poisoning-heldout-15.json', 'poisoning-heldout-16.json', 'poisoning-heldout-17.json', 'poisoning-heldout-18.json', 'poisoning-heldout-19.json', 'poisoning-heldout-20.json', 'poisoning-heldout-21.json'].map((name) => `__tests__/fixtures/corpora/${name}`),
  /**
   * Corpora written as training data by people who had read neither the rules nor the other
   * corpora, never held out (their README sections say so). More writers, more of the ways poisoning
   * and honest documentation are phrased: with the sixteen, each held-out corpus left out in turn and
   * weighed with the lexicons as it was first measured (bench/poisoning-model.mjs --first), corpora
   * 3–15 had 505 of 585 poisoned tools and 8 of 585 clean ones flagged, against 474 and 9 without them.
   * The seventeenth is short tools, mostly in other languages: short clean text in them had read as
   * poisoned (suspicion.ts).
   *
   * Corpora 18–22 (subtle poisoning that works against the user) are read for the lexicons
   * (poisoning-principles-13.test.ts) but kept out of the model, measured: with them,
   * --first --grid gave 754 of 855 poisoned and 9 of 855 clean at 0.8 (735 and 14 without), but a
   * published tool left out of training (learn_shopify_api) read 0.91 and our own plain Spanish
   * flight search 0.83, so SUSPECT, chosen as suspicion.ts says, would have risen to 0.95.
   */
  written: Array.from({ length: 17 }, (_, index) => `__tests__/fixtures/corpora/poisoning-training-${index + 1}.json`),
  /** Written as training data, read for the lexicons only (above). */
  lexiconsOnly: [18, 19, 20, 21, 22].map((index) => `__tests__/fixtures/corpora/poisoning-training-${index}.json`),
  /** The probes written round by round after corpus 4 (in-sample from the first). */
  probes: ['', '-round2', '-round3', '-round4', '-round5', '-round6', '-round7', '-round8'].map((round) => `__tests__/surface/poisoning-probe-4${round}.json`),
  /** Published servers' tools, taken as clean (not the twelve bench/surface.mjs judges). */
  realServers: '__tests__/fixtures/real-servers/tools.json',
  /** Every weight kept: cutting to the largest 40,000 flagged more clean tools when measured (2.5 MB instead of 320 KB). */
  options: { bits: 20, epochs: 10, l2: 1e-4 } satisfies TrainingOptions,
};

export interface LabelledTool {
  poisoned: boolean;
  tool: Record<string, unknown>;
  /** The names of the other tools of its server (a corpus tool stands alone). */
  names?: string[];
}

/** A corpus or probe file: `{ tools|samples: [{ label, tool }] }` or the array itself. */
export function readLabelled(root: string, path: string): LabelledTool[] {
  const parsed = JSON.parse(readFileSync(join(root, path), 'utf8')) as unknown;
  const list = (Array.isArray(parsed) ? parsed : ((parsed as { samples?: unknown[] }).samples ?? (parsed as { tools: unknown[] }).tools)) as Array<{ label: string; tool: Record<string, unknown> }>;
  return list.map((sample) => ({ poisoned: sample.label === 'poisoned', tool: sample.tool }));
}

/** The published servers' tools, by server. */
export function readRealServers(root: string): Array<{ server: string; tools: LabelledTool[] }> {
  const parsed = JSON.parse(readFileSync(join(root, TRAINING.realServers), 'utf8')) as Record<string, { names: string[]; tools: Record<string, unknown>[] }>;
  return Object.entries(parsed).map(([server, { names, tools }]) => ({ server, tools: tools.map((tool) => ({ poisoned: false, tool, names })) }));
}

/** Every training sample of TRAINING, in a fixed order. */
export function trainingTools(root: string): LabelledTool[] {
  return [...TRAINING.corpora, ...TRAINING.written, ...TRAINING.probes].flatMap((path) => readLabelled(root, path)).concat(readRealServers(root).flatMap((server) => server.tools));
}

const ENGLISH = new Set(['the', 'a', 'an', 'to', 'of', 'and', 'or', 'for', 'in', 'is', 'are', 'with', 'this', 'that', 'it', 'by', 'on', 'from', 'be', 'as']);

/** English or not, by its commonest words: enough to keep a language from standing for a label. */
function english(text: string): boolean {
  const words = text.match(/\p{L}+/gu) ?? [];
  return words.length > 0 && words.filter((word) => ENGLISH.has(word)).length / words.length >= 0.08;
}

/**
 * Samples for train(): within English text and within the rest, each class weighs as much as the
 * other. The published servers' tools are English and clean, the corpora's other languages half
 * poisoned: weighed as they come, a language alone read as poisoned (a Spanish or Japanese
 * description of a flight search scored 0.6–0.85).
 */
export function weighted(tools: readonly LabelledTool[]): TrainingSample[] {
  const samples = tools.map((sample) => ({ text: definitionText(sample.tool), poisoned: sample.poisoned }));
  const groups = new Map<boolean, { poisoned: number; clean: number }>();
  const groupOf = samples.map((sample) => english(sample.text));
  samples.forEach((sample, index) => {
    const group = groups.get(groupOf[index]!) ?? { poisoned: 0, clean: 0 };
    group[sample.poisoned ? 'poisoned' : 'clean'] += 1;
    groups.set(groupOf[index]!, group);
  });
  return samples.map((sample, index) => {
    const group = groups.get(groupOf[index]!)!;
    const size = group.poisoned + group.clean;
    const count = sample.poisoned ? group.poisoned : group.clean;
    // A group of one class only keeps its weight: there is nothing to balance it against.
    return { ...sample, weight: group.poisoned === 0 || group.clean === 0 ? 1 : size / (2 * count) };
  });
}
