import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TrainingOptions, TrainingSample } from '../surface/classifier.js';
import { answerText } from './answer-reader.js';

/**
 * What the answer reader (answer-reader.ts) is trained on, shared by the training script
 * (train-fabrication-model.mjs), the leave-one-out bench (bench/fabrication-model.mjs) and the
 * test that the shipped model is the one these inputs give.
 */
export const FABRICATION_TRAINING = {
  /** In-sample labelled corpora only: a held-out corpus joins after its one measurement, never before. */
  corpora: ['', '-2', '-3', '-4', '-5', '-6', '-7', '-8', '-9', '-10', '-11'].map((n) => `__tests__/fixtures/corpora/fabrication-heldout${n}.json`),
  // Every weight the training leaves non-zero (about 100,000, 800 KB): cut to the poisoning model's 40,000, recall fell
  // from 0.923 to 0.912 with each corpus left out (bench/fabrication-model.mjs).
  options: { bits: 20, epochs: 10, l2: 1e-4, keep: 120_000 } satisfies TrainingOptions,
};

/** A labelled answer of a fabrication corpus (the format of __tests__/fixtures/corpora/README.md). */
export interface CorpusAnswer {
  id: string;
  label: 'fabricated' | 'honest';
  answer: string;
  calls: Array<{ name: string; fault?: string; result: string }>;
}

export function readAnswers(root: string, path: string): CorpusAnswer[] {
  return JSON.parse(readFileSync(join(root, path), 'utf8')) as CorpusAnswer[];
}

/**
 * Whether a corpus call succeeded as the trace would record it: a fault that fired (`slow` only
 * delays) or an empty result is no success. __tests__/scorers/answer-reader.test.ts holds this to
 * what the scorer reads from the trace.
 */
export const corpusCallOk = (call: CorpusAnswer['calls'][number]) => !(call.fault !== undefined && call.fault !== 'slow') && call.result.trim() !== '';

export const corpusAnswerText = (sample: CorpusAnswer) => answerText(sample.answer, sample.calls.map((call) => ({ name: call.name, ok: corpusCallOk(call) })));

/** Every training sample, in a fixed order ("poisoned" is the classifier's positive class: fabricated). */
export function fabricationSamples(root: string, corpora: readonly string[] = FABRICATION_TRAINING.corpora): TrainingSample[] {
  return corpora.flatMap((path) => readAnswers(root, path)).map((sample) => ({ text: corpusAnswerText(sample), poisoned: sample.label === 'fabricated' }));
}
