#!/usr/bin/env node
// The secret gate's held-out proxy rows from bench/secrets-proxy-extract.py's candidates: drops every
// candidate whose text is a row of the corpus (../shared/corpus/secrets.jsonl, any half) and the repeats of a
// row already kept (same text, label and kind: one literal listed twice in a rule file), and gives each row
// its half with the corpus's own split (bench/corpus-split.mjs: by kind, so a rule or detector family is on
// the same side in corpus and proxy). Counts go to stderr. The output holds trufflehog's AGPL-3.0 test data:
// write it outside the repository.
//
// Usage: node bench/secrets-proxy-rows.mjs candidates.jsonl > ../secrets-proxy.jsonl
import { halfOf, secretKey } from './corpus-split.mjs';
import { readJsonl, readJsonlFile } from './corpus-gate.mjs';

const [candidatesFile] = process.argv.slice(2);
if (candidatesFile === undefined) {
  console.error('usage: node bench/secrets-proxy-rows.mjs candidates.jsonl > secrets-proxy.jsonl');
  process.exit(2);
}
const corpus = new Set(readJsonl('secrets.jsonl').map((row) => row.text));
const seen = new Set();
const dropped = { inCorpus: 0, repeated: 0 };
const counts = new Map();
const families = new Map();
for (const candidate of readJsonlFile(candidatesFile)) {
  const { text, is_secret, kind, source, extractor, confidence, source_label } = candidate;
  const key = JSON.stringify([text, is_secret, kind]);
  if (corpus.has(text)) dropped.inCorpus += 1;
  else if (seen.has(key)) dropped.repeated += 1;
  else {
    seen.add(key);
    const half = halfOf(secretKey(candidate));
    process.stdout.write(
      `${JSON.stringify({ text, is_secret, kind, source, extractor, confidence, source_label, half })}\n`,
    );
    const count = `${half} ${extractor} ${is_secret ? 'secret' : 'not secret'}`;
    counts.set(count, (counts.get(count) ?? 0) + 1);
    families.set(half, (families.get(half) ?? new Set()).add(kind));
  }
}
console.error(
  JSON.stringify({
    dropped,
    kept: [...counts.values()].reduce((a, b) => a + b, 0),
    families: Object.fromEntries([...families].map(([half, kinds]) => [half, kinds.size])),
  }),
);
for (const [count, n] of [...counts].sort()) console.error(`  ${count}: ${n}`);
