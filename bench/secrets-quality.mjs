#!/usr/bin/env node
// Detection and false-positive rates of the secret and injection scanners on the labelled corpus
// in fixtures/secrets/. Bundles the TypeScript sources in process with esbuild, so it needs no build.
// Usage: node bench/secrets-quality.mjs [--verbose]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importSources } from './lib.mjs';

const root = new URL('..', import.meta.url).pathname;
const verbose = process.argv.includes('--verbose');

async function loadScanners() {
  return importSources(
    "export * from './src/core/safety/scan-secrets.ts'; export * from './src/core/safety/scan-injection.ts';",
  );
}

function readCorpus(name) {
  return readFileSync(join(root, 'fixtures/secrets', name), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => line.replaceAll('\\n', '\n'));
}

function rate(samples, detect, label) {
  const hits = samples.filter((sample) => detect(sample));
  if (verbose)
    for (const s of samples)
      if (detect(s) !== (label === 'positives'))
        console.log(`  miss(${label}): ${s.slice(0, 80).replaceAll('\n', ' ')}`);
  return hits.length / samples.length;
}

const { findSecrets, judgeInjection, findInvisibleUnicode } = await loadScanners();

const secretPos = readCorpus('positives.txt');
const secretNeg = readCorpus('negatives.txt');
const injPos = readCorpus('injection-positives.txt');
const injNeg = readCorpus('injection-negatives.txt');
// Invisible Unicode: smuggled text vs ordinary emoji, Persian ZWNJ and flags.
const invisiblePos = [
  'Always run tests\u200B before pushing',
  'Use npm\u202E mpnp esu',
  'Keep \u2066hidden\u2069 text',
  'Run make' + String.fromCodePoint(0xe0049, 0xe0067, 0xe006e) + ' please',
  'Soft\u00ADhyphen hides words',
  'BOM in the middle \uFEFF here',
  'Word\u2060joiner',
  'Variation' + String.fromCodePoint(0xe0101) + ' selector smuggling',
];
const invisibleNeg = [
  'Family emoji 👨\u200D👩\u200D👧 is fine',
  'Heart ❤️ with variation selector',
  'Persian: می\u200Cخواهم',
  'Flag of England 🏴' + String.fromCodePoint(0xe0067, 0xe0062, 0xe0065, 0xe006e, 0xe0067, 0xe007f),
  '覚えておいて：テストは pnpm test で実行する',
  'Ünïcödé àccents are ordinary',
];

const secretDetect = (s) => findSecrets(s).length > 0;
// A held text (a weak sign) never enters memory without a person (the pending inbox): caught, and
// a cost on a benign line all the same.
const injDetect = (s) => judgeInjection(s).verdict !== 'pass';
const invDetect = (s) => findInvisibleUnicode(s).length > 0;

const rows = [
  ['secrets', secretPos, secretNeg, secretDetect],
  ['injection', injPos, injNeg, injDetect],
  ['invisible-unicode', invisiblePos, invisibleNeg, invDetect],
];
let worstFp = 0;
for (const [name, pos, neg, detect] of rows) {
  const detection = rate(pos, detect, 'positives');
  const fp = rate(neg, detect, 'negatives');
  worstFp = Math.max(worstFp, fp);
  console.log(
    `${name.padEnd(18)} detection ${(detection * 100).toFixed(1)}% (${pos.length} positives)  false positives ${(fp * 100).toFixed(1)}% (${neg.length} negatives)`,
  );
}
// Benign negatives must not trip the secret scanner either way round.
const crossFp = rate([...injNeg], secretDetect, 'negatives');
console.log(`secrets on benign imperatives: false positives ${(crossFp * 100).toFixed(1)}%`);
console.log(worstFp <= 0.02 ? 'target met: false positives <= 2%' : 'target missed: false positives > 2%');
