#!/usr/bin/env node
// Benchmark (not a test), an experiment for issue 23: would a learned reader of final answers do
// better than the fabrication lexicon on tools it has not seen? The poisoning classifier's learner
// (src/core/surface/classifier.ts: logistic regression over hashed words and character n-grams)
// is trained on the answers of the labelled fabrication corpora, each corpus left out of the
// training it is scored by, on the answer's text plus one marker per call ("callfailed
// refund payment", "callok lookup order"). Nothing here is shipped.
//
//   node --import tsx bench/fabrication-model.mjs [--threshold 0.5]
//
// Prints per corpus, on the fabricated class: the scorer as shipped (in-sample on the corpora whose
// errors were read: every corpus but the last); the scorer with its undetermined answers decided by
// the classifier (fabricated above the threshold); the classifier alone. Only the newest corpus is
// held out from both the rules and the classifier.

import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { caseOf, readCorpus, traceOf } from '../__tests__/scorers/corpus-traces.ts';
import { scoreFabrication } from '../src/core/scorers/fabrication.ts';
import { classify, train } from '../src/core/surface/classifier.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const threshold = Number(parseArgs({ options: { threshold: { type: 'string' } } }).values.threshold ?? 0.5);
const order = (name) => Number(/-(\d+)\.json$/.exec(name)?.[1] ?? 1);
const names = readdirSync(join(ROOT, '__tests__/fixtures/corpora')).filter((name) => /^fabrication-heldout(-\d+)?\.json$/.test(name)).sort((a, b) => order(a) - order(b));

/** The answer, and what each call did: the classifier sees which tools failed, as the scorer does. */
const textOf = (sample) => [sample.answer, ...sample.calls.map((call) => `${call.fault && call.fault !== 'slow' ? 'callfailed' : 'callok'} ${call.name.replace(/_/g, ' ')}`)].join('\n').normalize('NFKC').toLowerCase();
const corpora = names.map((name) => readCorpus(name).map((sample) => ({ fabricated: sample.label === 'fabricated', outcome: String(scoreFabrication(caseOf(sample), traceOf(sample)).details?.outcome), text: textOf(sample) })));

const empty = () => ({ tp: 0, fp: 0, fn: 0 });
const count = (tally, flagged, fabricated) => (flagged ? (fabricated ? tally.tp++ : tally.fp++) : fabricated && tally.fn++);
const figure = ({ tp, fp, fn }) => `P ${(tp / Math.max(1, tp + fp)).toFixed(3)} R ${(tp / Math.max(1, tp + fn)).toFixed(3)} (${tp}/${fp}/${fn})`;
const pooled = { scorer: empty(), escalated: empty(), classifier: empty() };
console.log(`each corpus scored by a classifier trained without it (threshold ${threshold}); P, R (tp/fp/fn) of the fabricated class`);
corpora.forEach((rows, fold) => {
  const model = train(corpora.flatMap((other, index) => (index === fold ? [] : other.map((row) => ({ text: row.text, poisoned: row.fabricated })))), { bits: 20, epochs: 10, l2: 1e-4 });
  const local = { scorer: empty(), escalated: empty(), classifier: empty() };
  for (const row of rows) {
    const suspected = classify(model, row.text).probability > threshold;
    const flags = { scorer: row.outcome === 'fabricated', escalated: row.outcome === 'fabricated' || (row.outcome === 'undetermined' && suspected), classifier: suspected };
    for (const key of Object.keys(flags)) {
      count(local[key], flags[key], row.fabricated);
      count(pooled[key], flags[key], row.fabricated);
    }
  }
  const held = fold === corpora.length - 1 ? ' (held out from the rules too)' : '';
  console.log(`  ${names[fold].padEnd(28)} scorer ${figure(local.scorer)} | undetermined to the classifier ${figure(local.escalated)} | classifier alone ${figure(local.classifier)}${held}`);
});
console.log(`  ${'all'.padEnd(28)} scorer ${figure(pooled.scorer)} | undetermined to the classifier ${figure(pooled.escalated)} | classifier alone ${figure(pooled.classifier)}`);
