#!/usr/bin/env node
// Trains the injection gate's attack-likeness score (src/core/safety/injection/attack-likeness.ts) and
// writes src/core/safety/injection/attack-likeness-model.json (data the scorer reads on first use, outside
// the bundles: see attack-likeness.ts). Deterministic: the same data gives the
// same model. Run it after adding a fresh attack set to TRAINED_SETS (never a set still kept apart
// for measuring: docs/decisions.md "A learned score beside the rules").
//
// Usage: node scripts/train-attack-likeness.mjs [--check]
//   --check: exit 1 when the committed model was trained on other data, another recipe, another
//   reading of a text (attack-features.ts, threat-concepts.ts) or another threat lexicon than the
//   repository holds now.
//
// The threat lexicon (fixtures/threat-concepts/lexicon.json: the threat model's concepts in about sixty
// languages, session 28) goes into the model file as the table of form hashes the scorer reads.
//
// The data, each row a text and whether it is an attack:
// - the fresh attack sets listed below (fixtures/injection-fresh-sets/): attacks, and their harmless look-alikes;
// - fixtures/injection-paraphrases/: attacks and look-alikes per category, but the sets kept apart (PARAPHRASES_KEPT_APART);
// - fixtures/injection-ordinary-lines/: ordinary agent-file lines and developer-agent chat in other languages,
//   written by hand (session 27), so that a language other than English is no sign of an attack;
// - ../shared/corpus/injection.jsonl, its tuning half only (bench/corpus-split.mjs);
// - the lines of ../shared/corpus's agent files and session messages, the tuning half of files only:
//   real text nobody wrote as an attack, so that the score learns what a project's memory sounds like.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { corpusLines } from '../bench/corpus-lines.mjs';
import { countBySource, halfOf, injectionKey } from '../bench/corpus-split.mjs';
import { importSources } from '../bench/lib.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CORPUS = resolve(ROOT, '..', 'shared', 'corpus');
const OUT = join(ROOT, 'src/core/safety/injection/attack-likeness-model.json');
const LEXICON = join(ROOT, 'fixtures/threat-concepts/lexicon.json');
// How a text is read: a change to any of these files needs a new model.
const READING = ['attack-features.ts', 'threat-concepts.ts', 'word-separators.ts', 'fnv-hash.ts'].map((file) =>
  readFileSync(join(ROOT, 'src/core/safety/injection', file), 'utf8'),
);

// Every set but the ones kept apart to measure this model: since session 43, round-fn and every set written after
// it. Those stay out, or the figure they give would be a training score. Sets kept apart earlier joined once
// measured (round-ak to round-am for the first recipe, round-an to round-bo below, BT to FM in session 43: each
// written by an author who read none of the gate and run once as written before it joined; the fixture's first_run
// and bench/README.md keep what it gave then).
const SPENT_SINCE_SESSION_27 = (
  'bt bu bv bw bx by bz ca cb cc cd ce cf cg ch ci cj ck cl cm cn co cp cq cr cs ct cu cv cw cx cy cz ' +
  'da db dc dd de df dg dh di dj dk dl dm dn do dp dq dr ds dt du dv dw dx dy dz ' +
  'ea eb ec ed ee ef eg eh ei ej ek el em en eo ep eq er es et eu ev ew ex ey ez fa fb fc fd fe ff fg fh fi fj fk fl fm'
)
  .split(' ')
  .map((set) => `round-${set}.json`);
const TRAINED_SETS = [
  ...'d e g p q r s t u v w x y z aa ab ac ad ae af ag ah ai aj ak al am'.split(' ').map((set) => `round-${set}.json`),
  // Written as training data (session 26): languages of Europe, of Asia and the Middle East, plain-language
  // poisoning, public kinds; 60 attacks and 40 look-alikes each.
  ...'at au av aw'.split(' ').map((set) => `round-${set}.json`),
  // Written as training data (session 27), aimed at what the clean sets showed weakest: languages of South and
  // Southeast Asia, of China, Japan and Korea, of the Middle East, Africa and Central Asia, European plain-language
  // poisoning, an attacker who knows memory is scanned, many languages at once, every markdown form, English
  // plain-language poisoning; 60 attacks and 40 look-alikes each, each run once before training (counts only).
  ...'bb bc bd be bi bj bk bl'.split(' ').map((set) => `round-${set}.json`),
  // Then four more: casual chat register in nine European languages, plain-language poisoning in seven languages
  // of East and Southeast Asia and in eleven of South Asia, the Middle East and Africa, harm inside snippets.
  ...'bp bq br bs'.split(' ').map((set) => `round-${set}.json`),
  // Kept apart to measure the score, then joined once measured: an to ba (session 26), bg, bh, bm, bn and bo
  // (session 27, measured with bb to bl trained, then with bp to bs and the ordinary lines).
  ...'an ao ap aq ar as ax ay az ba bg bh bm bn bo'.split(' ').map((set) => `round-${set}.json`),
  // Kept apart from session 27 to session 42 to measure the score, each set run once and then spent: BT to FM.
  ...SPENT_SINCE_SESSION_27,
];

// The recipe, chosen by leaving one fresh set out at a time (docs/decisions.md), fixed before the
// sets kept out were run. A look-alike or a corpus benign row weighs five
// real lines: they are the near misses the score must not hold. An attack weighs two: there are ten
// times fewer of them than of real lines. An ordinary line about credentials weighs as a look-alike (session 43):
// trained on every spent set, whose attacks talk about tokens and keys far more than real lines do, the score
// otherwise held a quarter of the secret corpus's harmless look-alikes again (docs/decisions.md).
const RECIPE = {
  epochs: 12,
  rate: 0.5,
  l2: 1e-6,
  attackWeight: 2,
  lookAlikeWeight: 5,
  ordinaryWeight: 1,
  credentialLineWeight: 5,
  seed: 42,
};

// Category sets written after their rules, kept apart to measure the gate as the fresh sets since FN are.
const PARAPHRASES_KEPT_APART = ['peoples-data.json'];

function trainingRows() {
  const rows = [];
  const text = (item) => (typeof item === 'string' ? item : item.text);
  const fresh = join(ROOT, 'fixtures/injection-fresh-sets');
  for (const file of TRAINED_SETS) {
    const set = JSON.parse(readFileSync(join(fresh, file), 'utf8'));
    for (const attack of set.attacks) rows.push({ text: text(attack), attack: true, weight: RECIPE.attackWeight });
    for (const benign of set.benign) rows.push({ text: text(benign), attack: false, weight: RECIPE.lookAlikeWeight });
  }
  const paraphrases = join(ROOT, 'fixtures/injection-paraphrases');
  for (const file of readdirSync(paraphrases).sort()) {
    if (PARAPHRASES_KEPT_APART.includes(file)) continue;
    const set = JSON.parse(readFileSync(join(paraphrases, file), 'utf8'));
    for (const attack of set.attacks) rows.push({ text: text(attack), attack: true, weight: RECIPE.attackWeight });
    for (const benign of set.benign) rows.push({ text: text(benign), attack: false, weight: RECIPE.lookAlikeWeight });
  }
  const corpus = readFileSync(join(CORPUS, 'injection.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  const perSource = countBySource(corpus);
  for (const row of corpus)
    if (halfOf(injectionKey(row, perSource)) === 'tuning')
      rows.push({
        text: row.text,
        attack: row.is_injection === true,
        weight: row.is_injection ? RECIPE.attackWeight : RECIPE.lookAlikeWeight,
      });
  // Ordinary lines in other languages, written by hand as training data: the real lines are nearly all
  // English, and without these the score learned that any other language leans towards the attacks.
  const ordinary = join(ROOT, 'fixtures/injection-ordinary-lines');
  for (const file of readdirSync(ordinary).sort())
    for (const line of JSON.parse(readFileSync(join(ordinary, file), 'utf8')).lines)
      rows.push({
        text: line,
        attack: false,
        weight: file.startsWith('ordinary-credentials') ? RECIPE.credentialLineWeight : RECIPE.ordinaryWeight,
      });
  for (const { line, file } of corpusLines())
    if (halfOf(`lines:${file}`) === 'tuning') rows.push({ text: line, attack: false, weight: 1 });
  return rows;
}

// Logistic regression by stochastic gradient descent, rows in a seeded order.
function train(rows, readText, size) {
  const weights = new Float64Array(size);
  let bias = 0;
  const features = rows.map((row) => readText(row.text));
  const order = rows.map((_, index) => index);
  let seed = RECIPE.seed;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (let epoch = 0; epoch < RECIPE.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    const rate = RECIPE.rate / (1 + epoch);
    for (const index of order) {
      const { buckets, weight } = features[index];
      let z = bias;
      for (const bucket of buckets) z += weights[bucket] * weight;
      const row = rows[index];
      const gradient = (1 / (1 + Math.exp(-z)) - (row.attack ? 1 : 0)) * row.weight;
      for (const bucket of buckets) weights[bucket] -= rate * (gradient * weight + RECIPE.l2 * weights[bucket]);
      bias -= rate * gradient;
    }
  }
  return { weights, bias };
}

const rows = trainingRows();
// The data, the recipe, the lexicon and how a text is read: a change to any of them needs a new model.
const lexicon = JSON.parse(readFileSync(LEXICON, 'utf8'));
const digest = createHash('sha256')
  .update(JSON.stringify({ RECIPE, READING, lexicon, rows: rows.map((row) => [row.text, row.attack, row.weight]) }))
  .digest('hex')
  .slice(0, 16);

if (process.argv.includes('--check')) {
  const committed = JSON.parse(readFileSync(OUT, 'utf8')).digest;
  if (committed !== digest) {
    console.error(
      `the attack-likeness model was trained on other data (model ${committed}, data now ${digest}): run node scripts/train-attack-likeness.mjs`,
    );
    process.exit(1);
  }
  console.log(`attack-likeness model matches its data (${digest})`);
} else {
  const { attackFeatures, buildConceptTable, encodeConceptTable } = await importSources(
    "export { attackFeatures } from './src/core/safety/injection/attack-features.ts'; export { buildConceptTable, encodeConceptTable } from './src/core/safety/injection/threat-concepts.ts';",
  );
  const concepts = buildConceptTable(lexicon);
  const readText = (text) => attackFeatures(text, concepts);
  // The features' bucket range (attack-features.ts): checked, so that a change there cannot leave buckets out.
  const size = 1 << 16;
  if (rows.some((row) => readText(row.text).buckets.some((bucket) => bucket >= size)))
    throw new Error('attack-features.ts hashes into more than 2^16 buckets: change the size here too');
  const { weights, bias } = train(rows, readText, size);
  // One byte a weight: 64 KiB in the model file instead of 256, and no verdict moved by it (the score's
  // test reads the fresh sets through the quantized model).
  const scale = weights.reduce((max, w) => Math.max(max, Math.abs(w)), 0) / 127;
  const quantized = Int8Array.from(weights, (w) => Math.round(w / scale));
  const attacks = rows.filter((row) => row.attack).length;
  const model = {
    about:
      `Generated by scripts/train-attack-likeness.mjs: do not edit. The attack-likeness model (attack-likeness.ts): ` +
      `${attacks} attacks and ${rows.length - attacks} harmless texts; one signed byte a feature bucket, times scale; ` +
      `the threat lexicon's ${concepts.hashes.length} forms as hashes (threat-concepts.ts).`,
    digest,
    bias,
    scale,
    weights: Buffer.from(quantized.buffer).toString('base64'),
    longestForm: concepts.longestForm,
    concepts: encodeConceptTable(concepts),
  };
  // As Prettier writes it, so that `npm run format:check` passes on a fresh model.
  writeFileSync(OUT, `${JSON.stringify(model, null, 2)}\n`);
  console.log(`trained on ${rows.length} rows (${attacks} attacks), digest ${digest}: ${OUT}`);
}
