// Counts the letter pairs of English technical prose, the table `COMMON_PAIRS` of
// src/core/safety/secret-shapes.ts: the READMEs of this project's installed dependencies (three
// folders deep in node_modules), words of 3+ letters, lower-cased; prints the pairs that make 99 % of
// all pairs, sorted. Run: node scripts/count-letter-pairs.mjs (after npm ci). With the lockfile of
// 2026-12-05 it read 313 READMEs and 1.25 M pairs and printed the 341 pairs in the code.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SHARE = 0.99;

/** The README.md files at most `depth` folders below `dir` (scoped packages are a folder deeper). */
function readmes(dir, depth) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const found = [];
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isFile() && entry.name.toLowerCase() === 'readme.md') found.push(path);
    else if (depth > 1 && (entry.isDirectory() || entry.isSymbolicLink())) found.push(...readmes(path, depth - 1));
  }
  return found;
}

const modules = join(dirname(fileURLToPath(import.meta.url)), '..', 'node_modules');
const files = readmes(modules, 3);
const counts = new Map();
let total = 0;
for (const file of files) {
  for (const word of readFileSync(file, 'utf8')
    .toLowerCase()
    .match(/\b[a-z]{3,}\b/g) ?? []) {
    for (let i = 1; i < word.length; i++) {
      const pair = word.slice(i - 1, i + 1);
      counts.set(pair, (counts.get(pair) ?? 0) + 1);
      total++;
    }
  }
}
const kept = [];
let covered = 0;
for (const [pair, count] of [...counts].sort((a, b) => b[1] - a[1])) {
  if (covered / total >= SHARE) break;
  kept.push(pair);
  covered += count;
}
console.error(`${files.length} READMEs, ${total} letter pairs, ${kept.length} make ${SHARE * 100} %`);
console.log(kept.sort().join(' '));
