#!/usr/bin/env node
// Trains the answer reader (answer-reader.ts) and writes data/fabrication-model.bin:
//
//   npm run models   (both classifiers: they share the features, NEGATION included)
//
// Its inputs are fabrication-training.ts's FABRICATION_TRAINING: the in-sample labelled fabrication
// corpora. The same inputs give the same file; __tests__/scorers/answer-reader.test.ts fails while
// the file is stale, and bench/fabrication-model.mjs measures the choice.

import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const { encodeModel, train } = await import(join(ROOT, 'lib/core/surface/classifier.js'));
const { FABRICATION_TRAINING, fabricationSamples } = await import(join(ROOT, 'lib/core/scorers/fabrication-training.js'));

const samples = fabricationSamples(ROOT);
const model = train(samples, FABRICATION_TRAINING.options);
const file = encodeModel(model);
writeFileSync(join(ROOT, 'data', 'fabrication-model.bin'), file);
console.log(`data/fabrication-model.bin: ${model.weights.size} weights from ${samples.length} answers (${file.length} bytes)`);
