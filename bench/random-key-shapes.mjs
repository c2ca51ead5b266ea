#!/usr/bin/env node
// The secret scanner on random values of the alphabets generated keys are drawn from (lower case,
// upper case, digits, `_` and `-` in six combinations; 16 to 40 characters; 200 a cell, seeded),
// each offered alone in the corpus benchmark's sentence. Prints how many are written per alphabet
// and length. Like bench/trufflehog-shapes.mjs it checks the "random-looking token" rules against
// values no rule was written from; the false-positive guards are bench/secrets-real-lines.mjs and
// the look-alike rows.
//
// Usage: node bench/random-key-shapes.mjs [--seed 42]   (in process, no build needed)
import { flag } from './corpus-gate.mjs';
import { importSources, seededRandom } from './lib.mjs';

const { findSecrets } = await importSources("export { findSecrets } from './src/core/safety/scan-secrets.ts';");
// The sentence bench/secrets-corpus.mjs offers each value in (importing it would run that bench).
const sentence = (text) =>
  `For the staging environment, configure the billing client with ${text} in the deploy settings.`;

const random = seededRandom(Number(flag('--seed', '42')));

const lower = 'abcdefghijklmnopqrstuvwxyz';
const upper = lower.toUpperCase();
const digits = '0123456789';
const alphabets = {
  'a-z0-9_-': lower + digits + '_-',
  'a-z0-9': lower + digits,
  'A-Za-z0-9_-': upper + lower + digits + '_-',
  'a-z0-9-': lower + digits + '-',
  'A-Z0-9': upper + digits,
  'a-z': lower,
};
const perCell = 200;
let total = 0;
let written = 0;
for (const [name, alphabet] of Object.entries(alphabets)) {
  const cells = [];
  for (const length of [16, 20, 24, 32, 40]) {
    let passed = 0;
    for (let i = 0; i < perCell; i++) {
      let value = '';
      for (let j = 0; j < length; j++) value += alphabet[Math.floor(random() * alphabet.length)];
      if (findSecrets(sentence(value)).length === 0) passed += 1;
    }
    cells.push(`${length}: ${passed}`);
    total += perCell;
    written += passed;
  }
  console.log(`  ${name.padEnd(12)} written ${cells.join(', ')} (of ${perCell} each)`);
}
console.log(`random key values ${total}: written ${written}`);
