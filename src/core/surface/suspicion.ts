import { finding, POISONING_FINDINGS } from './catalog.js';
import { classify, definitionText, heaviestWords, type ClassifierModel } from './classifier.js';
import { FIRM, type NamedDefinition } from './poisoning.js';
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
 * 0.9 while the training held fifteen corpora, 0.85 once sixteen corpora written as training data
 * joined them (held-out corpora 16 and 17 were measured at 0.85). With corpora 16 and 17 in the
 * training that rule would give 0.75 (the highest published tool read 0.74), but the shipped model
 * reads two short, clean Spanish and Japanese tools of our own at 0.84 and 0.85: short text in
 * other languages reads higher than it should, so SUSPECT stays at 0.85. With the lexicons as each
 * corpus was first measured (bench/poisoning-model.mjs --first --grid): 578 of 675 poisoned tools
 * flagged and 9 of 675 clean ones at 0.85, 600 and 11 at 0.8, 554 and 8 at 0.9.
 */
export const CLEAR = 0.3;
export const SUSPECT = 0.85;

/** Lexicon findings of wording, which a reading as clean lowers to a note. */
export const SOFT_FINDINGS = new Set(['model-instruction', 'secret-reference', 'data-request', 'exfiltration-url', 'tool-shadowing', 'hidden-parameter']);

/** Whether a reading as clean may lower the finding: wording, but not what no documentation does (FIRM). */
export function lowerable(item: Pick<SurfaceFinding, 'id'> & { message?: string }): boolean {
  return SOFT_FINDINGS.has(item.id) && !Object.values(FIRM).some((words) => item.message?.includes(words));
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
