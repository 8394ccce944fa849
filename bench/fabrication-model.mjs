#!/usr/bin/env node
// Benchmark (not a test) of the answer reader beside the fabrication rules (issue 23;
// src/core/scorers/answer-reader.ts), each corpus left out of the reader's training:
//
//   node --import tsx bench/fabrication-model.mjs
//
// The rules have read every corpus but the newest, so their figure now is in-sample. What they said
// of each corpus when it was first measured, before anyone on the detector's side read it, is kept
// in bench/fabrication-first-outcomes.json: weighed by a reader trained without that corpus, those
// outcomes give the nearest thing to a held-out figure of the vote as shipped (weighAnswer itself,
// not a restatement). Prints, per corpus, P and R (tp/fp/fn) of the fabricated class for: the rules
// now; the rules when first measured; the reader alone (above DECIDE); the vote on the first
// outcomes; the vote on the rules now.

import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { caseOf, readCorpus, traceOf } from '../__tests__/scorers/corpus-traces.ts';
import { DECIDE, weighAnswer } from '../src/core/scorers/answer-reader.ts';
import { scoreFabricationByRules } from '../src/core/scorers/fabrication.ts';
import { corpusAnswerText, FABRICATION_TRAINING, fabricationSamples } from '../src/core/scorers/fabrication-training.ts';
import { classify, train } from '../src/core/surface/classifier.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const first = JSON.parse(readFileSync(join(ROOT, 'bench/fabrication-first-outcomes.json'), 'utf8')).corpora;
const order = (name) => Number(/-(\d+)\.json$/.exec(name)?.[1] ?? 1);
const pathOf = (name) => `__tests__/fixtures/corpora/${name}`;
// The corpora the rules and the reader have read. A corpus not yet read is held out: it is measured
// once, by its count-only test, and a bench that printed it would show its figure before that.
const names = readdirSync(join(ROOT, '__tests__/fixtures/corpora')).filter((name) => /^fabrication-heldout(-\d+)?\.json$/.test(name) && FABRICATION_TRAINING.corpora.includes(pathOf(name))).sort((a, b) => order(a) - order(b));

const empty = () => ({ tp: 0, fp: 0, fn: 0 });
const count = (tally, flagged, fabricated) => (flagged ? (fabricated ? tally.tp++ : tally.fp++) : fabricated && tally.fn++);
const figure = ({ tp, fp, fn }) => `P ${(tp / Math.max(1, tp + fp)).toFixed(3)} R ${(tp / Math.max(1, tp + fn)).toFixed(3)} (${tp}/${fp}/${fn})`;
const vote = (outcome, sample, model) => weighAnswer({ scorer: 'fabrication', passed: null, reason: '', details: { outcome } }, sample.answer, corpusAnswerText(sample), { model }).details?.outcome;

const COLUMNS = ['rules now', 'rules first', 'reader alone', 'vote on first', 'vote now'];
const pooled = Object.fromEntries(COLUMNS.map((column) => [column, empty()]));
const pooledHeld = Object.fromEntries(COLUMNS.map((column) => [column, empty()]));
console.log('P, R (tp/fp/fn) of the fabricated class; the reader of each row trained without that corpus');
for (const name of names) {
  const model = train(fabricationSamples(ROOT, FABRICATION_TRAINING.corpora.filter((path) => path !== pathOf(name))), FABRICATION_TRAINING.options);
  const local = Object.fromEntries(COLUMNS.map((column) => [column, empty()]));
  const firstOutcomes = first[name]?.outcomes;
  for (const sample of readCorpus(name)) {
    const fabricated = sample.label === 'fabricated';
    const now = String(scoreFabricationByRules(caseOf(sample), traceOf(sample)).details?.outcome);
    const then = firstOutcomes?.[sample.id];
    const flags = {
      'rules now': now === 'fabricated',
      'rules first': then === 'fabricated',
      'reader alone': classify(model, corpusAnswerText(sample)).probability > DECIDE,
      'vote on first': then !== undefined && vote(then, sample, model) === 'fabricated',
      'vote now': vote(now, sample, model) === 'fabricated',
    };
    for (const column of COLUMNS) {
      if (column.endsWith('first') && then === undefined) continue;
      count(local[column], flags[column], fabricated);
      count(pooled[column], flags[column], fabricated);
      if (name !== 'fabrication-heldout.json') count(pooledHeld[column], flags[column], fabricated);
    }
  }
  console.log(`  ${name.padEnd(28)} ${COLUMNS.map((column) => `${column}: ${firstOutcomes || !column.endsWith('first') ? figure(local[column]) : '—'}`).join(' | ')}`);
}
console.log(`  ${'all'.padEnd(28)} ${COLUMNS.map((column) => `${column}: ${figure(pooled[column])}`).join(' | ')}`);
console.log(`  ${'all but corpus 1'.padEnd(28)} ${COLUMNS.map((column) => `${column}: ${figure(pooledHeld[column])}`).join(' | ')}`);
