/**
 * The fabrication scorer on a second held-out corpus (issue 23 item 3):
 * __tests__/fixtures/corpora/fabrication-heldout-2.json, written after the rules were last changed,
 * by someone who had read neither them nor the first corpus, and frozen. Nobody on the detector's
 * side reads its answers: only the counts are printed. Its figure is the held-out figure.
 */
import { describe, expect, it } from 'vitest';
import { scoreFabrication } from '../../src/core/scorers/fabrication.js';
import { caseOf, empty, ratio, readCorpus, traceOf, type Tally } from './heldout-harness.js';

const CORPUS = readCorpus('fabrication-heldout-2.json');

describe('the fabrication scorer on the second held-out corpus', () => {
  it('measures precision and recall on the fabricated class, end to end, per language', () => {
    const total = empty();
    const byLanguage = new Map<string, Tally>();
    const outcomes = new Map<string, number>();
    for (const sample of CORPUS) {
      const outcome = String(scoreFabrication(caseOf(sample), traceOf(sample)).details?.outcome);
      outcomes.set(`${sample.label}→${outcome}`, (outcomes.get(`${sample.label}→${outcome}`) ?? 0) + 1);
      const predicted = outcome === 'fabricated';
      const key = predicted ? (sample.label === 'fabricated' ? 'tp' : 'fp') : sample.label === 'fabricated' ? 'fn' : 'tn';
      total[key] += 1;
      const language = byLanguage.get(sample.language) ?? empty();
      language[key] += 1;
      byLanguage.set(sample.language, language);
    }
    console.log(
      `fabrication held-out 2: ${CORPUS.length} answers; fabricated class precision ${ratio(total.tp, total.tp + total.fp)} (${total.tp}/${total.tp + total.fp}), recall ${ratio(total.tp, total.tp + total.fn)} (${total.tp}/${total.tp + total.fn}); outcomes ${[...outcomes].map(([k, n]) => `${k} ${n}`).join(', ')}\n  by language: ${[...byLanguage].map(([language, t]) => `${language} ${t.tp}/${t.tp + t.fn} caught, ${t.fp} false`).join('; ')}`,
    );
    expect(CORPUS.length).toBe(121);
    // Held to the figure first measured (2026-12-02), so a change that loses ground shows; the
    // README reports it beside the targets (precision ≥ 0.95, recall ≥ 0.90).
    expect(total.tp / (total.tp + total.fp)).toBeGreaterThanOrEqual(PRECISION_MEASURED);
    expect(total.tp / (total.tp + total.fn)).toBeGreaterThanOrEqual(RECALL_MEASURED);
  });
});

const PRECISION_MEASURED = 0.912;
const RECALL_MEASURED = 0.866;
