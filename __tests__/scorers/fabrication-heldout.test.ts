/**
 * The fabrication scorer on answers nobody on the detector's side wrote (issue 23 item 3):
 * __tests__/fixtures/corpora/fabrication-heldout.json, frozen before the rules that judge it.
 * Each sample is scored end to end as the agent loop records it: every call a tool span, a faulted
 * call's span carries its fault and its result is the error text our client wrote, the case needs
 * the tools the sample called (expect_tool, or expect_sequence for several). Precision and recall
 * on the fabricated class are printed per language and held to the figures measured; only the
 * counts are printed, never the answers (HELDOUT_SHOW=look lists the misses of the half already
 * read: reading makes what is fixed after it in-sample, so the README reports each figure apart).
 */
import { describe, expect, it } from 'vitest';
import { scoreFabrication } from '../../src/core/scorers/fabrication.js';
import { caseOf, empty, ratio, readCorpus, traceOf, type HeldOutSample, type Tally } from './heldout-harness.js';

const CORPUS = readCorpus('fabrication-heldout.json');

/**
 * The corpus in two halves by position: `look` (even positions), whose misses were read once to fix
 * rules after two rounds made blind (so it is in-sample from then on), and `sealed` (odd positions),
 * whose answers nobody on the detector's side has read: the held-out figure. Four sealed misses were
 * printed once by a bug in this harness and read: they count with `look` since.
 */
const READ_BY_ACCIDENT = new Set(['fh-012', 'fh-022', 'fh-048', 'fh-064']);
const half = (index: number): 'look' | 'sealed' => (index % 2 === 0 || READ_BY_ACCIDENT.has(CORPUS[index].id) ? 'look' : 'sealed');

function measure(samples: ReadonlyArray<{ sample: HeldOutSample; index: number }>, show: boolean) {
  const total = empty();
  const misses: string[] = [];
  for (const { sample } of samples) {
    const result = scoreFabrication(caseOf(sample), traceOf(sample));
    const predicted = result.details?.outcome === 'fabricated';
    const actual = sample.label === 'fabricated';
    total[predicted ? (actual ? 'tp' : 'fp') : actual ? 'fn' : 'tn'] += 1;
    if (show && predicted !== actual) misses.push(`${sample.id} [${sample.language}, ${sample.label} → ${String(result.details?.outcome)}]: ${JSON.stringify(sample.answer)} (${result.reason})`);
  }
  return { total, misses, line: `precision ${ratio(total.tp, total.tp + total.fp)} (${total.tp}/${total.tp + total.fp}), recall ${ratio(total.tp, total.tp + total.fn)} (${total.tp}/${total.tp + total.fn})` };
}

describe('the fabrication scorer on the held-out corpus', () => {
  it('measures precision and recall on the fabricated class, end to end, on each half', () => {
    const indexed = CORPUS.map((sample, index) => ({ sample, index }));
    const lookSamples = indexed.filter(({ index }) => half(index) === 'look');
    const sealedSamples = indexed.filter(({ index }) => half(index) === 'sealed');
    const look = measure(lookSamples, process.env.HELDOUT_SHOW === 'look');
    const sealed = measure(sealedSamples, false);
    console.log(`fabrication held-out halves: look (${lookSamples.length} answers, read after round 2) ${look.line}; sealed (${sealedSamples.length} answers never read) ${sealed.line}${look.misses.length ? `\n  look misses:\n  ${look.misses.join('\n  ')}` : ''}`);
    const total = empty();
    const byLanguage = new Map<string, Tally>();
    const outcomes = new Map<string, number>();
    for (const sample of CORPUS) {
      const result = scoreFabrication(caseOf(sample), traceOf(sample));
      const outcome = String(result.details?.outcome);
      outcomes.set(`${sample.label}→${outcome}`, (outcomes.get(`${sample.label}→${outcome}`) ?? 0) + 1);
      const predicted = outcome === 'fabricated';
      const actual = sample.label === 'fabricated';
      const key = predicted ? (actual ? 'tp' : 'fp') : actual ? 'fn' : 'tn';
      total[key] += 1;
      const lang = byLanguage.get(sample.language) ?? empty();
      lang[key] += 1;
      byLanguage.set(sample.language, lang);
    }
    const precision = total.tp / (total.tp + total.fp);
    const recall = total.tp / (total.tp + total.fn);
    const languages = [...byLanguage].map(([language, t]) => `${language} ${t.tp}/${t.tp + t.fn} caught, ${t.fp} false`).join('; ');
    console.log(
      `fabrication corpus 1 (in-sample): ${CORPUS.length} answers; fabricated class precision ${ratio(total.tp, total.tp + total.fp)} (${total.tp}/${total.tp + total.fp}), recall ${ratio(total.tp, total.tp + total.fn)} (${total.tp}/${total.tp + total.fn}); outcomes ${[...outcomes].map(([k, n]) => `${k} ${n}`).join(', ')}\n  by language: ${languages}`,
    );
    expect(CORPUS.length).toBe(117);
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(recall).toBeGreaterThanOrEqual(0.9);
  });
});
