import { finding, POISONING_FINDINGS } from './catalog.js';
import { classify, definitionText, heaviestWords, type ClassifierModel } from './classifier.js';
import type { NamedDefinition } from './poisoning.js';
import type { SurfaceFinding } from './types.js';

/**
 * The classifier's say in the poisoning verdict of a tool. Below CLEAR it lowers the lexicons'
 * judgements of wording on that tool to notes, keeping them visible with the reason: left out of
 * its training, it read most of their false alarms on unseen corpora and on 72 published servers
 * as ordinary documentation, and few of their true catches. Invisible characters are facts and are
 * never lowered. Above SUSPECT, on a tool the lexicons did not flag, it adds poisoning-suspected, a
 * warning (a statistical reading is never an error) naming the words that weigh most. SUSPECT is
 * high on purpose: it reads topics as much as intent (a plain currency converter scored 0.7, some
 * hand-written hard negatives above 0.9); above 0.9, left out of its training, it added no false
 * alarm on the published servers' tools, and on two held-out corpora flagged 14 and 27 of 45
 * poisoned tools and no clean one before it was let to (bench/poisoning-model.mjs chose both
 * thresholds).
 */
export const CLEAR = 0.3;
export const SUSPECT = 0.9;

/** Lexicon findings of wording, which a reading as clean lowers to a note. */
export const SOFT_FINDINGS = new Set(['model-instruction', 'secret-reference', 'data-request', 'exfiltration-url', 'tool-shadowing', 'hidden-parameter']);

export function weighPoisoning(model: ClassifierModel, tools: readonly NamedDefinition[], findings: SurfaceFinding[]): SurfaceFinding[] {
  const out = [...findings];
  // Each tool's poisoning findings, by position, gathered once (a list of thousands is not searched per tool).
  const byTool = new Map<string, number[]>();
  out.forEach((item, index) => {
    if (item.kind === 'tool' && POISONING_FINDINGS.has(item.id) && item.level !== 'note') byTool.set(item.name, [...(byTool.get(item.name) ?? []), index]);
  });
  for (const tool of tools) {
    const own = byTool.get(tool.name) ?? [];
    const text = definitionText(tool.value);
    const { probability } = classify(model, text);
    if (own.length === 0) {
      if (probability <= SUSPECT) continue;
      const words = heaviestWords(model, text);
      out.push(
        finding('poisoning-suspected', {
          kind: 'tool',
          name: tool.name,
          pointer: '',
          message: `the definition reads like instructions to the model (classifier ${probability.toFixed(2)}; no listed phrasing matched); the words that weigh most: ${words.map((word) => `"${word}"`).join(', ')}`,
          evidence: words.join(' '),
        }),
      );
      continue;
    }
    if (probability >= CLEAR) continue;
    for (const index of own) {
      const item = out[index]!;
      if (!SOFT_FINDINGS.has(item.id)) continue;
      out[index] = { ...item, level: 'note', message: `${item.message} (a note: the classifier reads this definition as ordinary documentation, ${probability.toFixed(2)})` };
    }
  }
  return out;
}
