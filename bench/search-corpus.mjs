#!/usr/bin/env node
// Search quality and speed on real agent files (../shared/corpus/agent-files/), built as the
// corpus README describes: every file becomes pkgNNN/CLAUDE.md of one temp repository, list items
// of 40–220 characters are the documents to find, each query is the two rarest words (≥ 5
// letters, rarity counted over all items) of one item, and half the queries carry a typo in every
// word (two adjacent inner letters swapped). A result is a hit when its text is that item.
// Everything is seeded: the same corpus gives the same repository and queries on every run.
//
// Runs the built CLI (`bin/run.js search --json`), one process per query, so the time per query
// includes Node and CLI start-up. Reports success@1, success@3, MRR (overall, plain, typo), the
// mean time per query, the warm ratio to `node -e 0` (interleaved medians) and, for reference, a
// plain fuzzy MiniSearch over the same items in process.
//
// Usage: node bench/search-corpus.mjs [--queries 100] [--seed 12] [--bin bin/run.js] [--corpus DIR] [--verbose] [--json FILE]
import { spawnSync, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import MiniSearch from 'minisearch';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import { ROOT, benchEnv, median, fmt, seededRandom } from './lib.mjs';

const args = process.argv.slice(2);
const flag = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const QUERIES = Number(flag('--queries', '100'));
const SEED = Number(flag('--seed', '12'));
const BIN = resolve(flag('--bin', join(ROOT, 'bin', 'run.js')));
const CORPUS = resolve(flag('--corpus', join(ROOT, '..', 'shared', 'corpus', 'agent-files')));
const VERBOSE = args.includes('--verbose');
const JSON_OUT = flag('--json', null);

const collapse = (text) =>
  text
    .replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The list items of one markdown file, as written (nested lists excluded), whitespace collapsed. */
function listItems(source) {
  const tree = unified().use(remarkParse).use(remarkGfm).parse(source);
  const out = [];
  const walk = (node) => {
    if (node.type === 'listItem') {
      const own = node.children.filter((c) => c.type !== 'list');
      const raw = own.map((c) => source.slice(c.position.start.offset, c.position.end.offset)).join(' ');
      out.push(collapse(raw));
    }
    for (const child of node.children ?? []) walk(child);
  };
  walk(tree);
  return out;
}

const wordsOf = (text) => [...new Set((text.toLowerCase().match(/\p{L}+/gu) ?? []).filter((w) => w.length >= 5))];

/** Swaps two adjacent inner letters (never the first or last letter), choosing a pair that differs. */
function transpose(word, rand) {
  const positions = [];
  for (let i = 1; i + 2 < word.length; i++) if (word[i] !== word[i + 1]) positions.push(i);
  if (positions.length === 0) return word;
  const i = positions[Math.floor(rand() * positions.length)];
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}

/** Lays the corpus out in `root` and returns the items and the queries. */
export function buildCorpus(root, { corpus = CORPUS, queries = QUERIES, seed = SEED } = {}) {
  const files = readdirSync(corpus)
    .filter((f) => f.endsWith('.md'))
    .sort();
  const items = [];
  files.forEach((name, i) => {
    const source = readFileSync(join(corpus, name), 'utf8');
    const dir = join(root, `pkg${String(i + 1).padStart(3, '0')}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'CLAUDE.md'), source);
    for (const text of listItems(source))
      if (text.length >= 40 && text.length <= 220)
        items.push({ text, file: `${dir.slice(root.length + 1)}/CLAUDE.md` });
  });
  const df = new Map();
  for (const item of items) for (const w of wordsOf(item.text)) df.set(w, (df.get(w) ?? 0) + 1);
  const rand = seededRandom(seed);
  const eligible = items.filter((item) => wordsOf(item.text).length >= 2);
  // Fisher–Yates with the seeded PRNG, then the first `queries` items.
  const order = [...eligible];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const out = order.slice(0, queries).map((item, n) => {
    const words = wordsOf(item.text);
    // Rarest first; among equally rare words, the first in the item.
    const rarest = words
      .map((w, at) => ({ w, at, df: df.get(w) }))
      .sort((a, b) => a.df - b.df || a.at - b.at)
      .slice(0, 2)
      .map((x) => x.w);
    const typo = n % 2 === 1;
    return {
      query: (typo ? rarest.map((w) => transpose(w, rand)) : rarest).join(' '),
      typo,
      item: item.text,
      file: item.file,
    };
  });
  return { files: files.length, items, queries: out };
}

function gitInit(root) {
  execFileSync('git', ['init', '-q', '-b', 'main', root], { env: benchEnv({ GIT_CONFIG_GLOBAL: '/dev/null' }) });
}

function runCli(root, argv, input) {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [BIN, ...argv], {
    cwd: root,
    env: benchEnv(),
    encoding: 'utf8',
    input,
    maxBuffer: 64 * 1024 * 1024,
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) throw new Error(`mem ${argv.join(' ')} exited ${r.status}: ${r.stderr}`);
  return { ms, stdout: r.stdout };
}

function nodeE0() {
  const start = process.hrtime.bigint();
  spawnSync(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** success@1, success@3 and MRR of ranks (0 = not found). */
function score(ranks) {
  const n = ranks.length || 1;
  return {
    n: ranks.length,
    at1: ranks.filter((r) => r === 1).length / n,
    at3: ranks.filter((r) => r >= 1 && r <= 3).length / n,
    mrr: ranks.reduce((s, r) => s + (r > 0 ? 1 / r : 0), 0) / n,
    empty: 0,
  };
}

/** Ranks of the plain fuzzy MiniSearch the issue compares with (fuzzy 0.2, prefix), in process. */
function referenceRanks(items, queries) {
  const ms = new MiniSearch({ fields: ['text'], storeFields: ['text'], searchOptions: { fuzzy: 0.2, prefix: true } });
  ms.addAll(items.map((item, id) => ({ id, text: item.text })));
  return queries.map(
    (q) =>
      ms
        .search(q.query)
        .slice(0, 10)
        .findIndex((r) => r.text === q.item) + 1,
  );
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'mem-search-corpus-'));
  const root = join(work, 'repo');
  try {
    mkdirSync(root);
    gitInit(root);
    const { files, items, queries } = buildCorpus(root);
    // The first search builds the index (cold); every later one finds it warm.
    const cold = runCli(root, ['search', '--json', '--limit', '10', queries[0].query]).ms;
    const ranks = [];
    const times = [];
    const base = [];
    let empty = 0;
    const misses = [];
    for (const q of queries) {
      base.push(nodeE0());
      const { ms, stdout } = runCli(root, ['search', '--json', '--limit', '10', q.query]);
      times.push(ms);
      const results = JSON.parse(stdout);
      if (results.length === 0) empty += 1;
      const rank = results.findIndex((r) => collapse(r.text) === q.item) + 1;
      ranks.push(rank);
      if (rank !== 1)
        misses.push({ q, rank, top: results.slice(0, 3).map((r) => `${r.file}:${r.line} ${r.text.slice(0, 80)}`) });
    }
    const all = { ...score(ranks), empty };
    const plain = score(ranks.filter((_, i) => !queries[i].typo));
    const typo = score(ranks.filter((_, i) => queries[i].typo));
    const typoEmpty = queries.filter((q, i) => q.typo && misses.some((m) => m.q === q && m.top.length === 0)).length;
    const ref = referenceRanks(items, queries);
    const refAll = score(ref);
    const f = median(base);
    const m = median(times);
    const mean = times.reduce((s, t) => s + t, 0) / times.length;
    console.log(
      `# mem search on real agent files (${files} files as pkgNNN/CLAUDE.md, ${items.length} list items of 40–220 chars, ${queries.length} queries, seed ${SEED})\n`,
    );
    console.log('| queries | n | success@1 | success@3 | MRR | no results |\n|---|---|---|---|---|---|');
    console.log(`| all | ${all.n} | ${fmt(all.at1, 3)} | ${fmt(all.at3, 3)} | ${fmt(all.mrr, 3)} | ${empty} |`);
    console.log(
      `| plain | ${plain.n} | ${fmt(plain.at1, 3)} | ${fmt(plain.at3, 3)} | ${fmt(plain.mrr, 3)} | ${empty - typoEmpty} |`,
    );
    console.log(
      `| typo in every word | ${typo.n} | ${fmt(typo.at1, 3)} | ${fmt(typo.at3, 3)} | ${fmt(typo.mrr, 3)} | ${typoEmpty} |`,
    );
    console.log(
      `| reference: plain fuzzy MiniSearch (fuzzy 0.2, prefix), in process | ${refAll.n} | ${fmt(refAll.at1, 3)} | ${fmt(refAll.at3, 3)} | ${fmt(refAll.mrr, 3)} | |`,
    );
    console.log(`\nTargets: success@3 ≥ 0.9, MRR ≥ 0.85, warm search ≤ 2× node -e 0.\n`);
    console.log('| timing | ms |\n|---|---|');
    console.log(`| first search (cold index build), CLI included | ${fmt(cold, 1)} |`);
    console.log(`| mean time per query, CLI start included | ${fmt(mean, 1)} |`);
    console.log(`| median per query | ${fmt(m, 1)} |`);
    console.log(`| median node -e 0 (interleaved) | ${fmt(f, 1)} |`);
    console.log(`| **warm ratio** | **${fmt(m / f, 2)}×** |`);
    if (VERBOSE) {
      console.log('\nNot ranked first:');
      for (const x of misses) {
        console.log(
          `- "${x.q.query}"${x.q.typo ? ' (typo)' : ''} → ${x.rank === 0 ? 'not in top 10' : `rank ${x.rank}`}: ${x.q.item.slice(0, 100)}`,
        );
        for (const line of x.top) console.log(`    ${line}`);
      }
    }
    if (JSON_OUT)
      writeFileSync(
        JSON_OUT,
        JSON.stringify(
          { all, plain, typo, reference: refAll, coldMs: cold, meanMs: mean, medianMs: m, nodeMs: f, ratio: m / f },
          null,
          2,
        ),
      );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
