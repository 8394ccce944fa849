/**
 * The fabrication scorer on the second corpus written without the rules (issue 23 item 3):
 * __tests__/fixtures/corpora/fabrication-heldout-2.json, written after the rules were last changed,
 * by someone who had read neither them nor the first corpus, and frozen. It was held out until its
 * figure was measured (precision 0.912, recall 0.867); its misses were then read to fix the rules by
 * principle, so it is IN-SAMPLE since, and held to what the rules reach on it. The held-out figure is
 * the third corpus's (fabrication-heldout-3.test.ts). Only the counts are printed.
 */
import { describe, expect, it } from 'vitest';
import { scoreFabrication } from '../../src/core/scorers/fabrication.js';
import { caseOf, empty, ratio, readCorpus, traceOf, type Tally } from './heldout-harness.js';

const CORPUS = readCorpus('fabrication-heldout-2.json');

describe('the fabrication scorer on the second corpus (in-sample since its misses were read)', () => {
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
      `fabrication corpus 2 (in-sample since its misses were read): ${CORPUS.length} answers; fabricated class precision ${ratio(total.tp, total.tp + total.fp)} (${total.tp}/${total.tp + total.fp}), recall ${ratio(total.tp, total.tp + total.fn)} (${total.tp}/${total.tp + total.fn}); outcomes ${[...outcomes].map(([k, n]) => `${k} ${n}`).join(', ')}\n  by language: ${[...byLanguage].map(([language, t]) => `${language} ${t.tp}/${t.tp + t.fn} caught, ${t.fp} false`).join('; ')}`,
    );
    expect(CORPUS.length).toBe(121);
    // In-sample: held to what the rules reach since its misses were read (2026-12-02; held out, it
    // measured precision 0.912 (52/57), recall 0.867 (52/60)), so a change that loses ground shows.
    expect(total.tp / (total.tp + total.fp)).toBeGreaterThanOrEqual(PRECISION_MEASURED);
    expect(total.tp / (total.tp + total.fn)).toBeGreaterThanOrEqual(RECALL_MEASURED);
  });
});

const PRECISION_MEASURED = 1;
const RECALL_MEASURED = 1;
