#!/usr/bin/env node
// Benchmark (not a test): the fabrication detector's figures, in-sample and held-out apart.
// The detector is the rules (fabrication.ts) weighed by the answer reader (answer-reader.ts).
// In-sample: what the rules were written against or fixed on and the reader trained on: our own
// labelled corpus (__tests__/scorers/fabrication-corpus.test.ts; the rules only) and the first eleven
// corpora written by others, whose errors were read (fabrication-heldout.json, -2 … -11). Held-out:
// the twelfth and thirteenth corpora (fabrication-heldout-12.json, a travel agency's tools; -13, an
// online shop's operations), written by people who had read neither the rules nor the other corpora,
// never read on the detector's side, each measured once (the thirteenth with the rules and the reader
// unchanged since the twelfth).
// All are scored end to end on traces built as the agent loop records them (one fault per case,
// the fault on the tool span, our client's error text as the faulted call's result).
//
//   node bench/fabrication.mjs
//
// It runs the vitest files (each holds its corpus to what the rules reach on it) and prints their
// figure lines, then whether the held-out figure meets issue 23's target (precision ≥ 0.95 and
// recall ≥ 0.90 on the fabricated class); exit 1 when a test fails.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const groups = [
  { title: 'in-sample (own corpus; corpora 1 to 11, their errors read and the reader trained on them)', files: ['__tests__/scorers/fabrication-corpus.test.ts', '__tests__/scorers/fabrication-heldout.test.ts', '__tests__/scorers/fabrication-heldout-2.test.ts', '__tests__/scorers/fabrication-heldout-3.test.ts', '__tests__/scorers/fabrication-heldout-4.test.ts', '__tests__/scorers/fabrication-heldout-5.test.ts', '__tests__/scorers/fabrication-heldout-6.test.ts', '__tests__/scorers/fabrication-heldout-7.test.ts', '__tests__/scorers/fabrication-heldout-8.test.ts', '__tests__/scorers/fabrication-heldout-9.test.ts', '__tests__/scorers/fabrication-heldout-10.test.ts', '__tests__/scorers/fabrication-heldout-11.test.ts'] },
  { title: 'held-out (corpora 12 and 13, never read, each measured once)', files: ['__tests__/scorers/fabrication-heldout-12.test.ts', '__tests__/scorers/fabrication-heldout-13.test.ts'] },
];

console.log('fabrication detector (fabricated class, end to end, one fault per case)');
let failed = false;
const heldOut = { tp: 0, fp: 0, fn: 0, corpora: 0 };
for (const group of groups) {
  const run = spawnSync(process.execPath, [vitest, 'run', ...group.files], { cwd: root, encoding: 'utf8', env: { ...process.env, HELDOUT_SHOW: '', NO_COLOR: '1', FORCE_COLOR: '0' } });
  const output = `${run.stdout}\n${run.stderr}`;
  console.log(`\n${group.title}:`);
  for (const line of output.split('\n')) {
    const trimmed = line.trim();
    if (/^fabrication (corpus|held-out)/.test(trimmed)) console.log(`  ${trimmed.replace(/; \d+ answer\(s\) not given.*$/s, '')}`);
    else if (trimmed.startsWith('by language')) console.log(`      ${trimmed}`);
    const figure = /^fabrication held-out \d+ .*weighed by the answer reader.*TP (\d+), FP (\d+), FN (\d+)/.exec(trimmed);
    if (figure) Object.assign(heldOut, { tp: heldOut.tp + Number(figure[1]), fp: heldOut.fp + Number(figure[2]), fn: heldOut.fn + Number(figure[3]), corpora: heldOut.corpora + 1 });
  }
  if (run.status !== 0) {
    failed = true;
    console.log('  a test failed (a corpus lost ground):');
    console.log(output.split('\n').filter((line) => /FAIL|AssertionError/.test(line)).map((line) => `    ${line.trim()}`).join('\n'));
  }
}
// Figures recorded as the rules changed: what a run of today's rules cannot show again.
console.log(`
recorded while each corpus was still held out (fabricated class):
  corpus 1 (117 answers, 12 languages; look = 59 even positions, sealed = 58 odd)
    before any change (issue 23)       P 0.821 (32/39) R 0.542 (32/59)   look P 0.824 R 0.538   sealed P 0.818 R 0.545
    round 1, blind (lexicon, trace)    P 0.814 (57/70) R 0.966 (57/59)
    round 2, blind (hedges, dates)     P 0.864 (57/66) R 0.966 (57/59)   look P 0.867 R 1.000   sealed P 0.861 (31/36) R 0.939 (31/33)
    round 3, look-half misses read     P 0.966 (57/59) R 0.966 (57/59)   sealed, still unread: P 0.939 (31/33) R 0.939 (31/33)
    round 4, 4 sealed misses read (a harness bug printed them): in-sample since
  corpus 2 (121 answers, 13 languages, written after round 4): P 0.912 (52/57) R 0.867 (52/60); misses read since
  corpus 3 (120 answers, 25 languages, written after corpus 2's fixes), 2026-12-03: P 0.933 (56/60) R 0.933 (56/60); errors read since
  corpus 4 (120 answers, 26 languages, frozen before corpus 3's fixes were final), 2026-12-03: P 0.879 (51/58) R 0.850 (51/60); errors read since
  corpus 5 (120 answers, 35 languages, frozen before corpus 4's fixes were final), 2026-12-03: P 0.850 (51/60) R 0.850 (51/60); errors read since
  corpus 6 (120 answers, 37 languages, frozen before corpus 5's fixes were final), 2026-12-03: P 0.947 (54/57) R 0.900 (54/60); errors read since
  corpus 7 (120 answers, 34 languages, frozen before corpus 6's fixes were final), 2026-12-03: P 0.948 (55/58) R 0.917 (55/60); errors read since
  corpus 8 (120 answers, 37 languages, frozen before corpus 7's fixes were final), 2026-12-03: P 0.900 (54/60) R 0.900 (54/60); errors read since
  corpus 9 (120 answers, a support desk's tools, frozen before corpus 8's fixes were final), 2026-12-03: P 0.790 (49/62) R 0.817 (49/60); errors read since
  corpus 10 (120 answers, an IT/ops server's tools, committed before corpus 9's fixes were final), 2026-12-03: P 0.917 (44/48) R 0.733 (44/60); errors read since
  corpus 11 (120 answers, a clinic's and a school's front-desk tools, committed before corpus 10's fixes were final), 2026-12-03: P 0.863 (44/51) R 0.733 (44/60); errors read since
  pooled, corpora 5 to 11 as first measured (the rules alone): P 0.886 (351/396) R 0.836 (351/420)
  corpus 12 (120 answers, a travel agency's tools, committed before corpus 11's fixes and the answer reader were final), 2026-12-03:
    the rules weighed by the answer reader P 0.964 (54/56) R 0.900 (54/60); the rules alone P 0.923 (48/52) R 0.800 (48/60)
  corpus 13 (120 answers, an online shop's operations tools, the rules and the reader unchanged since corpus 12), 2026-12-03:
    the rules weighed by the answer reader P 1.000 (56/56) R 0.933 (56/60); the rules alone P 0.900 (45/50) R 0.750 (45/60)
  the vote as shipped, on corpora 2 to 11 with the rules as each was first measured and a reader trained without it
    (node --import tsx bench/fabrication-model.mjs): P 0.974 (553/568) R 0.922 (553/600)
`);
if (heldOut.corpora > 0) {
  const precision = heldOut.tp / Math.max(1, heldOut.tp + heldOut.fp);
  const recall = heldOut.tp / Math.max(1, heldOut.tp + heldOut.fn);
  const met = precision >= 0.95 && recall >= 0.9;
  console.log(`held-out target (precision ≥ 0.95, recall ≥ 0.90), the ${heldOut.corpora} held-out corpora pooled: ${met ? 'met' : 'not met'} (precision ${precision.toFixed(3)}, ${heldOut.tp}/${heldOut.tp + heldOut.fp}; recall ${recall.toFixed(3)}, ${heldOut.tp}/${heldOut.tp + heldOut.fn})`);
}
if (failed) process.exit(1);
