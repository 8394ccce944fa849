#!/usr/bin/env node
// Trains the poisoning classifier (classifier.ts) and writes data/poisoning-model.bin:
//
//   npm run models   (both classifiers: they share the features, NEGATION included)
//
// Its inputs are poisoning-training.ts's TRAINING: the in-sample labelled corpora, the probes and
// published servers' tools. The same inputs give the same file; __tests__/surface/classifier.test.ts
// fails while the file is stale, and bench/poisoning-model.mjs measures the choice.

import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const { encodeModel, train } = await import(join(ROOT, 'lib/core/surface/classifier.js'));
const { TRAINING, trainingTools, weighted } = await import(join(ROOT, 'lib/core/surface/poisoning-training.js'));

const tools = trainingTools(ROOT);
const model = train(weighted(tools), TRAINING.options);
const file = encodeModel(model);
writeFileSync(join(ROOT, 'data', 'poisoning-model.bin'), file);
console.log(`data/poisoning-model.bin: ${tools.length} tools (${tools.filter((t) => t.poisoned).length} poisoned), ${model.weights.size} weights, ${file.length} bytes`);
