import { classify, definitionText, type ClassifierModel } from './classifier.js';
import type { NamedDefinition } from './poisoning.js';
import type { SurfaceFinding } from './types.js';

/**
 * The classifier's say in the poisoning verdict of a tool: below CLEAR it lowers the lexicons'
 * judgements of wording on that tool to notes, keeping them visible with the reason. Left out of
 * its training, it read most of their false alarms on unseen corpora and on 72 published servers
 * as ordinary documentation, and few of their true catches (bench/poisoning-model.mjs, which chose
 * CLEAR so). Invisible characters are facts and are never lowered.
 *
 * It never flags on its own: it reads words, not intent, and a topic weighs like a payload (a plain
 * currency converter scored 0.8 because poisoned corpus tools move money; 3 of 24 hand-written hard
 * negatives scored higher still). A team must not be failed, or sent hunting, on that.
 */
export const CLEAR = 0.3;

/** Lexicon findings of wording, which a reading as clean lowers to a note. */
export const SOFT_FINDINGS = new Set(['model-instruction', 'secret-reference', 'data-request', 'exfiltration-url', 'tool-shadowing', 'hidden-parameter']);

export function weighPoisoning(model: ClassifierModel, tools: readonly NamedDefinition[], findings: SurfaceFinding[]): SurfaceFinding[] {
  const out = [...findings];
  for (const tool of tools) {
    const own = out.filter((item) => item.kind === 'tool' && item.name === tool.name && SOFT_FINDINGS.has(item.id) && item.level !== 'note');
    if (own.length === 0) continue;
    const { probability } = classify(model, definitionText(tool.value));
    if (probability >= CLEAR) continue;
    for (const item of own) out[out.indexOf(item)] = { ...item, level: 'note', message: `${item.message} (a note: the classifier reads this definition as ordinary documentation, ${probability.toFixed(2)})` };
  }
  return out;
}
