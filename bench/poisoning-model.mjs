#!/usr/bin/env node
// Benchmark (not a test) of the poisoning classifier (src/core/surface/classifier.ts) beside the
// lexicons, each corpus left out of the training it is scored by:
//
//   node bench/poisoning-model.mjs [--grid] [--list] [--servers-lexicon]
//
// For each labelled corpus of __tests__/fixtures/corpora/poisoning-heldout*.json, a model is trained
// on the other corpora, the corpora written as training data, the probes and the published servers' tools (__tests__/fixtures/
// real-servers/tools.json, all clean), and scores the left-out corpus; the published servers'
// tools are left out by server in the same way (a sixth of the servers per fold). Prints, per
// corpus, the poisoned and clean tools flagged by the lexicons alone, by the classifier alone
// above SUSPECT, and by the rule analyze.ts applies (suspicion.ts: a lexicon finding stands unless
// the classifier reads the tool below CLEAR, invisible characters always stand, and a tool the
// lexicons did not flag is flagged above SUSPECT), and the published tools each flags. --grid:
// other thresholds (Infinity: the classifier never flagging alone). --list: every error of the
// shipped rule. --servers-lexicon: the lexicons' findings on the published tools. --first: the
// shipped rule on the lexicons' findings as they were when each corpus was first measured
// (bench/poisoning-first-findings.json), the lexicons having been fixed on every corpus read since:
// the nearest thing to a held-out figure that the corpora already read can give; with --grid, at
// other values of SUSPECT too (how SUSPECT was chosen). --lexicons-only-too: the corpora written as
// training data but kept out of the model (TRAINING.lexiconsOnly) in every fold's training, to
// measure again whether they belong in it.
// Run `npm run build` first: this measures lib/.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const { definitionText, classify, train } = await import(join(ROOT, 'lib/core/surface/classifier.js'));
const { TRAINING, readLabelled, readRealServers, weighted } = await import(join(ROOT, 'lib/core/surface/poisoning-training.js'));
const { findPoisoning } = await import(join(ROOT, 'lib/core/surface/poisoning.js'));
const { CLEAR, SUSPECT, lowerable } = await import(join(ROOT, 'lib/core/surface/suspicion.js'));

const corpora = TRAINING.corpora.map((path) => ({ name: path.split('/').pop(), samples: readLabelled(ROOT, path) }));
// The corpora written as training data and the probes are in every fold's training: they are never held out.
const probes = [...TRAINING.written, ...(process.argv.includes('--lexicons-only-too') ? TRAINING.lexiconsOnly : []), ...TRAINING.probes].flatMap((path) => readLabelled(ROOT, path));
const servers = readRealServers(ROOT).map(({ server, tools }) => ({ name: server, samples: tools }));
/** The lexicons' findings on a tool, among the names of its server's tools (a corpus tool stands alone). */
const lexiconFindings = (s) => findPoisoning([{ kind: 'tool', name: String(s.tool.name), value: s.tool }], s.names ?? [String(s.tool.name)]).filter((f) => f.level !== 'note');
const lexicon = (s) => {
  const found = lexiconFindings(s);
  return { any: found.length > 0, hard: found.some((f) => !lowerable(f)) };
};
for (const group of [...corpora, ...servers, { samples: probes }]) for (const s of group.samples) Object.assign(s, { text: definitionText(s.tool), lexicon: lexicon(s) });

const FOLDS = corpora.length;
const serverFold = (index) => index % FOLDS;
const scored = corpora.map(() => []);
const scoredServers = [];
for (let fold = 0; fold < FOLDS; fold++) {
  const training = [...probes, ...corpora.filter((_, i) => i !== fold).flatMap((c) => c.samples), ...servers.filter((_, i) => serverFold(i) !== fold).flatMap((s) => s.samples)];
  const model = train(weighted(training), TRAINING.options);
  for (const s of corpora[fold].samples) scored[fold].push({ ...s, p: classify(model, s.text).probability });
  servers.forEach((server, i) => { if (serverFold(i) === fold) for (const s of server.samples) scoredServers.push({ ...s, server: server.name, p: classify(model, s.text).probability }); });
}

const rule = (suspect, clear) => (s) => s.p > suspect || s.lexicon.hard || (s.lexicon.any && s.p >= clear);
const count = (list, flag) => `${list.filter((s) => s.poisoned && flag(s)).length}/${list.filter((s) => s.poisoned).length} poisoned, ${list.filter((s) => !s.poisoned && flag(s)).length}/${list.filter((s) => !s.poisoned).length} clean`;
const show = (suspect, clear) => {
  const flag = rule(suspect, clear);
  for (let fold = 0; fold < FOLDS; fold++) console.log(`  ${corpora[fold].name.padEnd(26)} lexicons ${count(scored[fold], (s) => s.lexicon.any)} | classifier ${count(scored[fold], (s) => s.p > suspect)} | shipped ${count(scored[fold], flag)}`);
  const all = scored.flat();
  console.log(`  ${'all corpora'.padEnd(26)} lexicons ${count(all, (s) => s.lexicon.any)} | classifier ${count(all, (s) => s.p > suspect)} | shipped ${count(all, flag)}`);
  console.log(`  published servers' tools, lexicons alone: ${scoredServers.filter((s) => s.lexicon.any).length}/${scoredServers.length} flagged; the classifier alone: ${scoredServers.filter((s) => s.p > suspect).length}`);
  const flagged = scoredServers.filter(flag);
  console.log(`  published servers' tools (${servers.length} servers): ${flagged.length}/${scoredServers.length} flagged${flagged.length ? ': ' + flagged.map((s) => `${s.server} ${s.tool.name} ${s.p.toFixed(2)}`).join(', ') : ''}`);
};
console.log(`each corpus scored by a model trained without it (CLEAR ${CLEAR}, SUSPECT ${SUSPECT}):`);
show(SUSPECT, CLEAR);
if (process.argv.includes('--grid')) {
  const all = scored.flat();
  const unread = scored.slice(-2).flat();
  const tally = (list, flag) => `${list.filter((s) => s.poisoned && flag(s)).length}/${list.filter((s) => s.poisoned).length} ${list.filter((s) => !s.poisoned && flag(s)).length}/${list.filter((s) => !s.poisoned).length}`;
  console.log('classifier alone above | CLEAR | last two corpora (poisoned, clean flagged) | all corpora | published tools flagged');
  for (const suspect of [0.6, 0.7, 0.75, 0.8, 0.85, 0.9, Infinity]) for (const clear of [0.1, 0.2, 0.3, 0.4, 0.5]) {
    const flag = rule(suspect, clear);
    console.log(`${suspect} ${clear} | ${tally(unread, flag)} | ${tally(all, flag)} | ${scoredServers.filter(flag).length}/${scoredServers.length}`);
  }
}
if (process.argv.includes('--list')) {
  const flag = rule(SUSPECT, CLEAR);
  for (const s of scored.flat()) if (flag(s) !== s.poisoned) console.log(`${s.poisoned ? 'MISS' : 'FALSE'} p=${s.p.toFixed(2)} lex=${s.lexicon.any ? (s.lexicon.hard ? 'hard' : 'soft') : '-'} ${s.tool.name}: ${s.text.slice(0, 160).replace(/\s+/g, ' ')}`);
}
if (process.argv.includes('--servers-lexicon')) {
  const hits = servers.flatMap((server) => server.samples.filter((s) => s.lexicon.any).map((s) => ({ server: server.name, s })));
  console.log(`lexicon findings on published servers' tools: ${hits.length}/${servers.reduce((n, server) => n + server.samples.length, 0)}`);
  for (const { server, s } of hits) {
    for (const f of lexiconFindings(s)) console.log(`  ${server} ${s.tool.name} ${f.id}: ${f.message.slice(0, 200)}`);
  }
}
if (process.argv.includes('--first')) {
  const first = JSON.parse(readFileSync(join(ROOT, 'bench/poisoning-first-findings.json'), 'utf8')).corpora;
  const flagAt = (suspect) => (s, found) => (found.length === 0 ? s.p > suspect : found.some((id) => !lowerable({ id })) || s.p >= CLEAR);
  const flagFirst = flagAt(SUSPECT);
  const pooled = { lexicons: [], shipped: [], rows: [] };
  console.log(`the lexicons as each corpus was first measured, weighed as suspicion.ts does by a model trained without it (CLEAR ${CLEAR}, SUSPECT ${SUSPECT}):`);
  for (let fold = 0; fold < FOLDS; fold++) {
    const findings = first[corpora[fold].name]?.findings;
    if (!findings) continue;
    const raw = JSON.parse(readFileSync(join(ROOT, TRAINING.corpora[fold]), 'utf8'));
    const ids = (Array.isArray(raw) ? raw : (raw.tools ?? raw.samples)).map((sample) => sample.id);
    const rows = scored[fold].map((s, index) => ({ ...s, found: findings[ids[index]] ?? [] }));
    pooled.lexicons.push(...rows.map((s) => ({ poisoned: s.poisoned, hit: s.found.length > 0 })));
    pooled.shipped.push(...rows.map((s) => ({ poisoned: s.poisoned, hit: flagFirst(s, s.found) })));
    pooled.rows.push(...rows.map((s) => ({ ...s, fold })));
    console.log(`  ${corpora[fold].name.padEnd(26)} lexicons then ${count(rows, (s) => s.found.length > 0)} | shipped rule on them ${count(rows, (s) => flagFirst(s, s.found))} (${first[corpora[fold].name].commit})`);
  }
  console.log(`  ${'all of them'.padEnd(26)} lexicons then ${count(pooled.lexicons, (s) => s.hit)} | shipped rule on them ${count(pooled.shipped, (s) => s.hit)}`);
  if (process.argv.includes('--grid')) {
    // SUSPECT chosen here: the poisoned tools a lower one adds, against the clean corpus tools and the published tools it adds.
    const lastThree = new Set([FOLDS - 3, FOLDS - 2, FOLDS - 1]);
    console.log('SUSPECT | all of them (poisoned, clean flagged) | the last three corpora | published tools flagged');
    for (const suspect of [0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9]) {
      const flag = flagAt(suspect);
      const hit = (s) => flag(s, s.found);
      const last = pooled.rows.filter((s) => lastThree.has(s.fold));
      const published = scoredServers.filter((s) => s.p > suspect || s.lexicon.hard || (s.lexicon.any && s.p >= CLEAR));
      console.log(`${suspect} | ${count(pooled.rows, hit)} | ${count(last, hit)} | ${published.length}/${scoredServers.length}${published.length ? ': ' + published.map((s) => `${s.tool.name} ${s.p.toFixed(2)}`).join(', ') : ''}`);
    }
  }
}
