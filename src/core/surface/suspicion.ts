import { finding, POISONING_FINDINGS } from './catalog.js';
import { classify, definitionText, heaviestWords, type ClassifierModel } from './classifier.js';
import { isFirm, type NamedDefinition } from './poisoning.js';
import type { SurfaceFinding } from './types.js';

/**
 * The classifier's say in the poisoning verdict of a tool. Below CLEAR it lowers the lexicons'
 * judgements of wording on that tool to notes, keeping them visible with the reason: left out of
 * its training, it read most of their false alarms on unseen corpora and on 72 published servers
 * as ordinary documentation, and few of their true catches. Invisible characters are facts and are
 * never lowered. Above SUSPECT, on a tool the lexicons did not flag, it adds poisoning-suspected, a
 * warning (a statistical reading is never an error) naming the words that weigh most. SUSPECT was
 * chosen as the lowest value, in steps of 0.05, at which the classifier alone flagged none of the
 * 1,100 published tools when each corpus and each published server was left out of its training:
 * 0.9 while the training held fifteen corpora, 0.85 with sixteen corpora written as training data
 * (held-out corpora 16 and 17 were measured at 0.85; the rule then gave 0.75, but short clean
 * Spanish and Japanese tools of our own read 0.84 and 0.85), 0.8 with seventeen: the seventeenth,
 * 120 short tools, 100 of them in twenty other languages, brought those two down to 0.59 and 0.65
 * (the highest published tool, left out, read 0.77). Held-out corpora 18 and 19 were measured at
 * 0.8, and 20 and 21 too; with all four in the training the highest published tool reads 0.75, so
 * the rule still gives 0.8. With the lexicons as each corpus was first measured
 * (bench/poisoning-model.mjs --first --grid, corpora 3-21): 735 of 855 poisoned tools flagged and
 * 14 of 855 clean ones at 0.8, 754 and 18 at 0.75, 714 and 11 at 0.85. Training corpora 18–22 are kept
 * out of the training for this rule's sake (poisoning-training.ts); held-out corpora 22 to 25 were
 * measured at 0.8.
 */
export const CLEAR = 0.3;
export const SUSPECT = 0.8;

/** Lexicon findings of wording, which a reading as clean lowers to a note. */
export const SOFT_FINDINGS = new Set(['model-instruction', 'secret-reference', 'data-request', 'exfiltration-url', 'tool-shadowing', 'hidden-parameter']);

/** Whether a reading as clean may lower the finding: wording, but not what no documentation does (FIRM). */
export function lowerable(item: Pick<SurfaceFinding, 'id'> & { message?: string }): boolean {
  return SOFT_FINDINGS.has(item.id) && !isFirm(item.message);
}

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
      if (!lowerable(item)) continue;
      out[index] = { ...item, level: 'note', message: `${item.message} (a note: the classifier reads this definition as ordinary documentation, ${probability.toFixed(2)})` };
    }
  }
  return out;
}
