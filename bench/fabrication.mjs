#!/usr/bin/env node
// Benchmark (not a test): the fabrication detector's two figures, side by side. In-sample: the
// labelled corpus the rules were written against (__tests__/scorers/fabrication-corpus.test.ts).
// Held-out: __tests__/fixtures/corpora/fabrication-heldout.json, written by someone who had not
// read the rules, frozen before they were changed, split into a half whose misses were read to
// fix rules ("look") and a half nobody on the detector's side read ("sealed"). Both are scored
// end to end on traces built as the agent loop records them (one fault per case, the fault on
// the tool span, our client's error text as the faulted call's result).
//
//   node bench/fabrication.mjs
//
// It runs the two vitest files (they print the figures and hold the targets: precision ≥ 0.95,
// recall ≥ 0.90 on the fabricated class) and prints their figure lines; exit 1 when either fails.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const files = ['__tests__/scorers/fabrication-corpus.test.ts', '__tests__/scorers/fabrication-heldout.test.ts', '__tests__/scorers/fabrication-heldout-2.test.ts'];
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const run = spawnSync(process.execPath, [vitest, 'run', ...files], { cwd: root, encoding: 'utf8', env: { ...process.env, HELDOUT_SHOW: '', NO_COLOR: '1', FORCE_COLOR: '0' } });
const output = `${run.stdout}\n${run.stderr}`;
const figures = output.split('\n').filter((line) => /^(fabrication corpus|fabrication held-out|\s+by language)/.test(line.trim()) || /^fabrication /.test(line));
console.log('fabrication detector (fabricated class, end to end, one fault per case)\n');
for (const line of figures) console.log(line.trim().startsWith('by language') ? `    ${line.trim()}` : line.trim().replace(/; \d+ answer\(s\) not given.*$/s, ''));
// Figures recorded as the rules changed (2026-12-02): what a run of today's rules cannot show again.
console.log(`
recorded as the rules changed (fabricated class; held-out = 117 answers, look = 59 even positions, sealed = 58 odd):
  before any change (issue 23)       held-out P 0.821 (32/39) R 0.542 (32/59)   look P 0.824 R 0.538   sealed P 0.818 R 0.545
  round 1, blind (lexicon, trace)    held-out P 0.814 (57/70) R 0.966 (57/59)
  round 2, blind (hedges, dates)     held-out P 0.864 (57/66) R 0.966 (57/59)   look P 0.867 R 1.000   sealed P 0.861 (31/36) R 0.939 (31/33)
  round 3, look-half misses read     held-out P 0.966 (57/59) R 0.966 (57/59)   sealed, still unread: P 0.939 (31/33) R 0.939 (31/33)
  round 4, 4 sealed misses read (a harness bug printed them; they count with look since): every figure above 1.000, in-sample now
  held-out 2 (121 answers, written after round 4 without the rules or the first corpus, never read): P 0.912 (52/57) R 0.867 (52/60)
`);
if (run.status !== 0) {
  console.log('\nthe targets (precision ≥ 0.95, recall ≥ 0.90) are not met, or a test failed:');
  console.log(output.split('\n').filter((line) => /FAIL|AssertionError/.test(line)).join('\n'));
  process.exit(1);
}
