#!/usr/bin/env node
// Regenerates the staleness set (bench/staleness/cases/*.json) from mirrors of the repositories in
// bench/staleness/repos.json (issue 30's measures). For each agent file, commit pairs (T, T2):
//   long:  T = up to sixteen versions of the file spread over its history (the oldest first), each at
//          least 30 days before the mirror's HEAD, T2 = HEAD;
//   short: T = the version nearest the middle of that span, T2 = the last first-parent commit of
//          HEAD within 90 days after it.
// A line already taken for the same T2 in the repository (an unchanged line of a later version) is
// not taken again.
// At T the file's logical lines (paragraphs, list items, table rows) are labelled with the
// references that resolve there (bench/staleness/label-references.mjs). At T2 each reference is
// fresh (same object), changed, or gone (with git's rename target when `git diff -M` finds one);
// a line is stale when any reference is gone, fresh when all are fresh, changed otherwise. A few
// lines naming nothing are kept too ("none": never to be flagged).
//
// Usage: node bench/staleness-build.mjs [--mirrors DIR] [repo…]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { halfOf } from './corpus-split.mjs';
import { judgeReference, logicalLines, referencesIn } from './staleness/label-references.mjs';
import { readBlobs, renamesBetween, treeAt } from './staleness/tree-at.mjs';

const HERE = join(dirname(fileURLToPath(import.meta.url)), 'staleness');
const args = process.argv.slice(2);
const mirrorsAt = args.indexOf('--mirrors');
const MIRRORS =
  mirrorsAt >= 0
    ? args[mirrorsAt + 1]
    : (process.env.MEM_MIRRORS ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..', '.mirror'));
const only = args.filter((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--mirrors');
const DAY = 86_400;
const SHORT_HORIZON = 90 * DAY;
const MAX_REFERENCE_LINES = 60;
const MAX_PLAIN_LINES = 6;
const LONG_PAIRS = 16;

const git = (gitDir, gitArgs) =>
  execFileSync('git', ['--git-dir', gitDir, ...gitArgs], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();

/** Versions of `file` on HEAD's history where it exists, oldest first: [{commit, time}]. */
function versionsOf(gitDir, file) {
  const out = git(gitDir, ['log', '--full-history', '--format=%H %ct', 'HEAD', '--', file]);
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => ({ commit: line.split(' ')[0], time: Number(line.split(' ')[1]) }))
    .filter((v) => git(gitDir, ['ls-tree', v.commit, '--', file]) !== '')
    .reverse();
}

function pairsFor(gitDir, file) {
  const versions = versionsOf(gitDir, file);
  if (versions.length === 0) return [];
  const head = {
    commit: git(gitDir, ['rev-parse', 'HEAD']),
    time: Number(git(gitDir, ['log', '-1', '--format=%ct', 'HEAD'])),
  };
  const old = versions.filter((v) => head.time - v.time >= 30 * DAY);
  const pairs = spread(old, LONG_PAIRS).map((t) => ({ kind: 'long', t, t2: head }));
  const middleTime = versions[0].time + (head.time - versions[0].time) / 2;
  const mid = [...versions].sort((a, b) => Math.abs(a.time - middleTime) - Math.abs(b.time - middleTime))[0];
  const t2 = git(gitDir, ['rev-list', '-1', '--first-parent', `--before=${mid.time + SHORT_HORIZON}`, 'HEAD']);
  const t2Time = Number(git(gitDir, ['log', '-1', '--format=%ct', t2]));
  if (t2 !== head.commit && t2Time - mid.time >= 14 * DAY)
    pairs.push({ kind: 'short', t: mid, t2: { commit: t2, time: t2Time } });
  return pairs;
}

/** Evenly spread picks of at most `n` items (deterministic). */
const spread = (items, n) =>
  items.length <= n ? items : Array.from({ length: n }, (_, i) => items[Math.floor((i * items.length) / n)]);

const day = (time) => new Date(time * 1000).toISOString().slice(0, 10);

const trees = new Map();
/** treeAt, once per commit (HEAD is every long pair's T2). */
function treeOnce(gitDir, commit) {
  if (!trees.has(commit)) trees.set(commit, treeAt(gitDir, commit));
  return trees.get(commit);
}

function buildCase(gitDir, file, pair, taken) {
  const before = treeOnce(gitDir, pair.t.commit);
  const after = treeOnce(gitDir, pair.t2.commit);
  const text = readBlobs(gitDir, [before.entries.get(file).oid])
    .values()
    .next().value;
  const renames = renamesBetween(gitDir, pair.t.commit, pair.t2.commit);
  const withRefs = [];
  const plain = [];
  for (const unit of logicalLines(text)) {
    const key = `${pair.t2.commit}\n${unit.text}`;
    if (unit.text.length > 800 || taken.has(key)) continue;
    taken.add(key);
    const refs = referencesIn(unit.text, before).map((ref) => ({
      ...ref,
      ...judgeReference(ref, before, after, renames),
    }));
    if (refs.length === 0) {
      plain.push({ line: unit.line, text: unit.text, refs: [], expected: 'none' });
      continue;
    }
    const expected = refs.some((r) => r.status === 'gone')
      ? 'stale'
      : refs.every((r) => r.status === 'fresh')
        ? 'fresh'
        : 'changed';
    withRefs.push({ line: unit.line, text: unit.text, refs, expected });
  }
  const entries = [...spread(withRefs, MAX_REFERENCE_LINES), ...spread(plain, MAX_PLAIN_LINES)].sort(
    (a, b) => a.line - b.line,
  );
  return {
    file,
    kind: pair.kind,
    t: pair.t.commit,
    t2: pair.t2.commit,
    tDate: day(pair.t.time),
    t2Date: day(pair.t2.time),
    entries,
  };
}

const config = JSON.parse(readFileSync(join(HERE, 'repos.json'), 'utf8'));
mkdirSync(join(HERE, 'cases'), { recursive: true });
for (const { repo, files } of config.repos) {
  if (only.length > 0 && !only.includes(repo)) continue;
  const gitDir = join(MIRRORS, repo.replace('/', '+'), 'repo');
  if (!existsSync(gitDir)) {
    process.stderr.write(`skip ${repo}: no mirror at ${gitDir}\n`);
    continue;
  }
  const cases = [];
  const taken = new Set();
  trees.clear();
  for (const file of files) for (const pair of pairsFor(gitDir, file)) cases.push(buildCase(gitDir, file, pair, taken));
  const count = (status) => cases.reduce((n, c) => n + c.entries.filter((e) => e.expected === status).length, 0);
  const out = {
    repo,
    half: halfOf(`repo:${repo}`),
    cases: cases.filter((c) => c.entries.some((e) => e.expected !== 'none')),
  };
  writeFileSync(join(HERE, 'cases', `${repo.replace('/', '+')}.json`), `${JSON.stringify(out, null, 1)}\n`);
  process.stdout.write(
    `${repo} (${out.half}): ${cases.length} pairs, stale ${count('stale')}, fresh ${count('fresh')}, changed ${count('changed')}, none ${count('none')}\n`,
  );
}
