#!/usr/bin/env node
// The secret scanner on prefix-shaped keys drawn from maintained rule data rather than from corpus
// rows: for every gitleaks rule (vendor/gitleaks) and trufflehog detector regex whose secret starts
// with a literal prefix (scripts/literal-prefixes.mjs: `NRII-`, `sk_`, `shippo_(live|test)_`), the
// prefix and then each piece the regex gives the secret up to its end (literals, literal
// alternatives, character classes with their counts), drawn uniformly; 10 values a regex, each
// offered alone in the corpus benchmark's sentence. Prints how many are written and the regexes
// that let some through. A regex with anything else in its secret (a group, a nested repeat) is
// skipped. False positives are guarded by bench/secrets-real-lines.mjs and the look-alike rows.
//
// Usage: node bench/marked-key-shapes.mjs --trufflehog <trufflehog>/.git [--seed 42] [--quiet]
// (in process, no build needed; trufflehog is read with git, nothing of it is stored here)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { flag } from './corpus-gate.mjs';
import { importSources, regexClassCharacters, ROOT, seededRandom } from './lib.mjs';
import { literalPrefixes, secretGroupAt } from '../scripts/literal-prefixes.mjs';

const gitDir = flag('--trufflehog', '');
if (gitDir === '') {
  console.error('usage: node bench/marked-key-shapes.mjs --trufflehog <trufflehog>/.git [--seed 42] [--quiet]');
  process.exit(2);
}
const quiet = process.argv.includes('--quiet');
const perRegex = 10;
// The sentence bench/secrets-corpus.mjs offers each value in (importing it would run that bench).
const sentence = (text) =>
  `For the staging environment, configure the billing client with ${text} in the deploy settings.`;
const { findSecrets } = await importSources("export { findSecrets } from './src/core/safety/scan-secrets.ts';");
const random = seededRandom(Number(flag('--seed', '42')));

const regexes = [];
const config = parse(readFileSync(join(ROOT, 'vendor', 'gitleaks', 'gitleaks.toml'), 'utf8'));
for (const rule of config.rules) if (rule.regex) regexes.push({ source: `gitleaks ${rule.id}`, regex: rule.regex });
const git = (...args) => execFileSync('git', ['--git-dir', gitDir, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
for (const path of git('ls-tree', '-r', '--name-only', 'HEAD', 'pkg/detectors')
  .split('\n')
  .filter((file) => file.endsWith('.go') && !file.endsWith('_test.go')))
  for (const line of git('show', `HEAD:${path}`).split('\n'))
    if (line.includes('MustCompile('))
      for (const [, regex] of line.matchAll(/`([^`]*)`/g))
        regexes.push({ source: `trufflehog ${path.split('/')[2]}`, regex });

/** The pieces of the secret, from its group's start (or the regex's) to the group's end, or null. */
function pieces(regex) {
  const group = secretGroupAt(regex);
  let at = group === -1 ? (regex.startsWith('(?i)') ? 4 : 0) : group + 1;
  const out = [];
  while (at < regex.length) {
    const rest = regex.slice(at);
    let m;
    if (rest.startsWith('\\b') || rest[0] === '^') at += rest[0] === '^' ? 1 : 2;
    else if (rest[0] === ')' || rest[0] === '$' || rest.startsWith('(?:[') || rest.startsWith('(?:$')) break;
    else if ((m = /^\[((?:\\.|[^\]])+)\](?:\{(\d+)(?:,(\d*))?\}|([?*+]))?/.exec(rest))) {
      // A negated class (`[^…]`, `\S`) draws from no alphabet a key uses.
      if (m[1].startsWith('^') || /\\[SWDs]/.test(m[1])) return null;
      const [low, high] =
        m[2] !== undefined
          ? [Number(m[2]), m[3] === undefined ? Number(m[2]) : m[3] === '' ? Number(m[2]) + 20 : Number(m[3])]
          : ({ '?': [0, 1], '*': [0, 8], '+': [1, 8] }[m[4]] ?? [1, 1]);
      out.push({ alphabet: regexClassCharacters(m[1]), low, high: Math.min(high, 150) });
      at += m[0].length;
    } else if ((m = /^\(\?:((?:[A-Za-z0-9_-]|\\[-._])+(?:\|(?:[A-Za-z0-9_-]|\\[-._])+)*)\)(\?)?/.exec(rest))) {
      out.push({ alternatives: [...m[1].replace(/\\(.)/g, '$1').split('|'), ...(m[2] ? [''] : [])] });
      at += m[0].length;
    } else if ((m = /^(?:[A-Za-z0-9_=-]|\\[-._/+=])/.exec(rest))) {
      out.push({ literal: m[0].replace(/^\\/, '') });
      at += m[0].length;
    } else return null;
  }
  return out.some((piece) => piece.alphabet && piece.high >= 8) ? out : null;
}

const pick = (list) => list[Math.floor(random() * list.length)];
const seen = new Set();
const results = [];
for (const { source, regex } of regexes) {
  // Words and schemes some rules start with mark no key (`curl …`, `https://…`, `postgres://…`).
  const prefixes = literalPrefixes(regex).filter(
    ({ prefix }) =>
      !/^(?:curl|https?|sha256|-----BEGIN|ftp|jdbc|mongodb|postgres(?:ql)?|redi|redis|amqps?|git|web)$/i.test(prefix),
  );
  const secret = prefixes.length > 0 && !seen.has(regex) ? pieces(regex) : null;
  if (secret === null) continue;
  seen.add(regex);
  let tried = 0;
  const passed = [];
  for (let draw = 0; draw < perRegex; draw++) {
    let value = '';
    for (const piece of secret) {
      if (piece.literal !== undefined) value += piece.literal;
      else if (piece.alternatives) value += pick(piece.alternatives);
      else
        for (let n = piece.low + Math.floor(random() * (piece.high - piece.low + 1)); n > 0; n--)
          value += pick(piece.alphabet);
    }
    // A sentence's punctuation is no part of a key.
    value = value.replace(/[-_.=]+$/, '');
    const starts = ({ prefix, ci }) =>
      ci ? value.toLowerCase().startsWith(prefix.toLowerCase()) : value.startsWith(prefix);
    if (!prefixes.some(starts)) continue;
    tried++;
    if (findSecrets(sentence(value)).length === 0) passed.push(value);
  }
  if (tried > 0) results.push({ source, prefixes: prefixes.map((p) => p.prefix).join('|'), tried, passed });
}
const tried = results.reduce((sum, r) => sum + r.tried, 0);
const passed = results.reduce((sum, r) => sum + r.passed.length, 0);
console.log(`marked keys: ${results.length} regexes, ${tried} values: written ${passed}`);
if (!quiet)
  for (const r of results.filter((r) => r.passed.length > 0).sort((a, b) => b.passed.length - a.passed.length))
    console.log(
      `  ${`${r.source} [${r.prefixes}]`.padEnd(56)} ${r.passed.length}/${r.tried}  ${r.passed.slice(0, 2).join(' ')}`,
    );
