import { finding } from './catalog.js';
import { classify, definitionText, type ClassifierModel } from './classifier.js';
import type { NamedDefinition } from './poisoning.js';
import type { SurfaceFinding } from './types.js';

/**
 * The classifier's say in the poisoning verdict of a tool. Below CLEAR it lowers the lexicons'
 * judgements of wording on that tool to notes, keeping them visible with the reason: left out of
 * its training, it read most of their false alarms on unseen corpora and on 72 published servers
 * as ordinary documentation, and few of their true catches. Invisible characters are facts and are
 * never lowered. Above SUSPECT, on a tool the lexicons did not flag, it adds poisoning-suspected
 * as a note, never more: it reads words, not sentences ("never send the token" and "send the
 * token" share most of theirs), and it flagged short hand-written hard negatives that a team must
 * not be failed on. Both thresholds were chosen with each corpus left out of its own training
 * (bench/poisoning-model.mjs).
 */
export const SUSPECT = 0.8;
export const CLEAR = 0.3;

/** Lexicon findings of wording, which a reading as clean lowers to a note. */
export const SOFT_FINDINGS = new Set(['model-instruction', 'secret-reference', 'data-request', 'exfiltration-url', 'tool-shadowing', 'hidden-parameter']);
const POISONING = new Set([...SOFT_FINDINGS, 'hidden-characters']);

export function weighPoisoning(model: ClassifierModel, tools: readonly NamedDefinition[], findings: SurfaceFinding[]): SurfaceFinding[] {
  const out = [...findings];
  for (const tool of tools) {
    const { probability, words } = classify(model, definitionText(tool.value));
    const own = out.filter((item) => item.kind === 'tool' && item.name === tool.name && POISONING.has(item.id) && item.level !== 'note');
    if (probability < CLEAR) {
      for (const item of own) {
        if (!SOFT_FINDINGS.has(item.id)) continue;
        out[out.indexOf(item)] = { ...item, level: 'note', message: `${item.message} (a note: the classifier reads this definition as ordinary documentation, ${probability.toFixed(2)})` };
      }
    } else if (probability > SUSPECT && own.length === 0) {
      out.push(
        finding('poisoning-suspected', {
          kind: 'tool',
          name: tool.name,
          pointer: '',
          message: `the definition reads like instructions to the model (classifier ${probability.toFixed(2)}); the words that weigh most: ${words.map((word) => `"${word}"`).join(', ')}`,
          evidence: words.join(' '),
        }),
      );
    }
  }
  return out;
}
