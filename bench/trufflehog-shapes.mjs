#!/usr/bin/env node
// The secret scanner on values drawn from trufflehog's detector regexes: every secret group that
// is one character class with a count (`([a-zA-Z0-9]{32})`, `([0-9a-z-]{15,30})`), 20 values a
// group of the lengths asked for, each offered alone in the corpus benchmark's sentence. Prints how
// many pass (are written) and the groups that let some through. It checks the "random-looking token
// of no known format" rule against maintained rule data rather than against corpus rows; the
// false-positive guards are bench/secrets-real-lines.mjs and the look-alike rows.
//
// Usage: node bench/trufflehog-shapes.mjs --trufflehog <trufflehog>/.git [--min 16] [--max 31]
//          [--mixed] (only values holding lower case, upper case and digits) [--seed 42] [--quiet]
// (in process, no build needed; trufflehog is read with git, nothing of it is stored here)
import { execFileSync } from 'node:child_process';
import { flag } from './corpus-gate.mjs';
import { importSources, regexClassCharacters, seededRandom } from './lib.mjs';

const gitDir = flag('--trufflehog', '');
if (gitDir === '') {
  console.error(
    'usage: node bench/trufflehog-shapes.mjs --trufflehog <trufflehog>/.git [--min 16] [--max 31] [--mixed]',
  );
  process.exit(2);
}
const minLength = Number(flag('--min', '16'));
const maxLength = Number(flag('--max', '31'));
const mixedOnly = process.argv.includes('--mixed');
const quiet = process.argv.includes('--quiet');
const perGroup = 20;
// The sentence bench/secrets-corpus.mjs offers each value in (importing it would run that bench).
const sentence = (text) =>
  `For the staging environment, configure the billing client with ${text} in the deploy settings.`;
const { findSecrets } = await importSources("export { findSecrets } from './src/core/safety/scan-secrets.ts';");

const git = (...args) => execFileSync('git', ['--git-dir', gitDir, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
const files = git('ls-tree', '-r', '--name-only', 'HEAD', 'pkg/detectors')
  .split('\n')
  .filter((path) => path.endsWith('.go') && !path.endsWith('_test.go'));

const random = seededRandom(Number(flag('--seed', '42')));

const seen = new Set();
const groups = [];
for (const path of files) {
  const detector = path.replace(/^pkg\/detectors\//, '').replace(/\/[^/]*$/, '');
  for (const line of git('show', `HEAD:${path}`).split('\n')) {
    if (!line.includes('MustCompile(')) continue;
    for (const match of line.matchAll(/\((\[[^\]]+\])\{(\d+)(?:,(\d+))?\}\)/g)) {
      const alphabet = regexClassCharacters(match[1].slice(1, -1));
      const key = `${detector} ${match[0]}`;
      if (alphabet.length < 10 || seen.has(key)) continue;
      seen.add(key);
      const low = Number(match[2]);
      const high = Math.min(match[3] ? Number(match[3]) : low, 200);
      let tried = 0;
      const passed = [];
      for (let draw = 0; draw < perGroup * 10 && tried < perGroup; draw++) {
        const length = low + Math.floor(random() * (high - low + 1));
        if (length < minLength || length > maxLength) continue;
        let value = '';
        for (let i = 0; i < length; i++) value += alphabet[Math.floor(random() * alphabet.length)];
        if (mixedOnly && !(/[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value))) continue;
        if (/^[-_]|[-_]$/.test(value)) continue;
        tried++;
        if (findSecrets(sentence(value)).length === 0) passed.push(value);
      }
      if (tried > 0) groups.push({ key, tried, passed });
    }
  }
}
const tried = groups.reduce((sum, g) => sum + g.tried, 0);
const passed = groups.reduce((sum, g) => sum + g.passed.length, 0);
console.log(
  `trufflehog secret groups ${groups.length}, values of ${minLength}–${maxLength} characters${mixedOnly ? ' (lower, upper and digits)' : ''} ${tried}: written ${passed}`,
);
if (!quiet)
  for (const g of groups.filter((g) => g.passed.length > 0).sort((a, b) => b.passed.length - a.passed.length))
    console.log(`  ${g.key.padEnd(50)} ${g.passed.length}/${g.tried}  ${g.passed.slice(0, 2).join(' ')}`);
