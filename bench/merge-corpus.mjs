#!/usr/bin/env node
// The merge driver on real merge triples: `mem merge-driver` and `git merge-file` scored by
// ../shared/corpus/score-merge.mjs on the same triples (CLAUDE.md / AGENTS.md histories of public
// repositories), then one table by kind, side by side. Builds the CLI first when dist/ is missing
// or older than src/.
// Usage: node bench/merge-corpus.mjs [--jobs 2] [--kind KIND] [--only mem|git] [--corpus DIR]
// Per-triple results land in $TMPDIR/mem-merge-results/<name>/merge-results.jsonl.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ROOT } from './lib.mjs';

const argv = process.argv.slice(2);
const flag = (name, fallback) => {
  const k = argv.indexOf(`--${name}`);
  return k === -1 ? fallback : argv[k + 1];
};
const corpus = flag('corpus', join(ROOT, '..', 'shared', 'corpus'));
const jobs = flag('jobs', '2');
const kind = flag('kind', null);
const only = flag('only', null);
const scorer = join(corpus, 'score-merge.mjs');
if (!existsSync(scorer)) {
  console.error(`no merge corpus at ${corpus} (expected score-merge.mjs and merge/)`);
  process.exit(2);
}

/** Newest modification time under `dir`, in ms. */
function newest(dir) {
  let max = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return max;
}
const bundle = join(ROOT, 'dist', 'merge-driver.js');
if (!existsSync(bundle) || statSync(bundle).mtimeMs < newest(join(ROOT, 'src'))) {
  console.log('building the CLI (dist/ is missing or older than src/)');
  const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const q = (s) => `'${s.replace(/'/g, `'\\''`)}'`;
const tools = {
  // The driver contract: merge into a copy of ours, print it, pass the exit code on.
  mem: `T=$(mktemp); cp {ours} "$T"; ${q(process.execPath)} ${q(BIN)} merge-driver {base} "$T" {theirs} >/dev/null 2>&1; rc=$?; cat "$T"; rm -f "$T"; exit $rc`,
  git: 'git merge-file -p {ours} {base} {theirs}',
};
const outRoot = join(process.env.TMPDIR || tmpdir(), 'mem-merge-results');
const summaries = {};
for (const [name, cmd] of Object.entries(tools)) {
  if (only && only !== name) continue;
  const args = [
    scorer,
    '--name',
    `corpus-${name}`,
    '--jobs',
    jobs,
    '--cmd',
    cmd,
    '--out',
    join(outRoot, `corpus-${name}`),
  ];
  if (kind) args.push('--kind', kind);
  console.log(`\n## ${name}`);
  const run = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
  summaries[name] = JSON.parse(readFileSync(join(outRoot, `corpus-${name}`, 'merge-summary.json'), 'utf8'));
}

// Side by side: what issue 12 judges. "silent wrong" is clean-wrong that is not just another order.
const names = Object.keys(summaries);
const kinds = [...new Set(names.flatMap((n) => Object.keys(summaries[n])))];
const order = [
  'rebased-clean',
  'true-conflict-candidate/adjacent',
  'true-conflict-candidate/overlapping',
  'two-dev-same-section',
  'two-dev-diff-sections',
  'real-merge',
  'ALL',
];
kinds.sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));
const cell = (g) =>
  g === undefined
    ? '–'
    : `${g['clean-correct']} / ${g['clean-wrong'] - g['wrong-order-only']} / ${g['wrong-order-only']} / ${g.conflict} / ${g.error} / ${g.lost_lines}`;
console.log('\n## side by side (clean-correct / silent wrong / order only / conflict / error / lost lines)\n');
console.log(`| kind | n | ${names.join(' | ')} |\n|---|---:|${names.map(() => '---').join('|')}|`);
for (const k of kinds)
  console.log(
    `| ${k} | ${summaries[names[0]][k]?.n ?? '–'} | ${names.map((n) => cell(summaries[n][k])).join(' | ')} |`,
  );
