#!/usr/bin/env node
// Team memory at a year's scale (issue 11): a bare remote whose team ref (refs/mem/team) has
// 20,000 commits and 3,000 entries (a bundle file per shard), a clone with 5,000 session handoffs, and a
// large variant with 20,000 entries. Ratios to F = `node -e 0`, paired in the same run; peak RSS of
// the mem process. One new entry on each side is measured twice: right after the clones' first
// sync (a shallow store, entries without provenance), and after their first after-turn step (the
// whole history fetched, provenance filled in: the state of any clone in use). Budgets:
// every sync ≤ 3× at a year's scale, ≤ 6× and ≤ 150 MiB at 20,000 entries (issue 27); first sync of a new clone ≤ 2 s;
// list/status ≤ 2.5×; session-start with nothing changed ≤ 1.5×.
// Then `mem compact` once, a new clone's first sync after it, and a clone that synced before it.
// Usage: node bench/team-scale-bench.mjs [--runs 7] [--commits 20000] [--entries 3000] [--large 20000]
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, ROOT, fmt, median, paired } from './lib.mjs';

const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const RUNS = opt('--runs', 7);
const COMMITS = opt('--commits', 20_000);
const ENTRIES = opt('--entries', 3_000);
const LARGE = opt('--large', 20_000);
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;
const SECTIONS = ['Conventions', 'Commands', 'Decisions', 'Gotchas', 'Preferences', 'References'];

const baseEnv = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: join(ROOT, 'test', 'helpers', 'gitconfig'),
  GIT_TERMINAL_PROMPT: '0',
  MEM_NO_BACKGROUND_SYNC: '1',
  NO_COLOR: '1',
};
for (const key of Object.keys(baseEnv)) if (key.startsWith('CLAUDE')) delete baseEnv[key];
const envAs = (user) => ({
  ...baseEnv,
  GIT_AUTHOR_NAME: user,
  GIT_AUTHOR_EMAIL: `${user}@example.com`,
  GIT_COMMITTER_NAME: user,
  GIT_COMMITTER_EMAIL: `${user}@example.com`,
});

function run(cmd, argv, { cwd, env = baseEnv, input } = {}) {
  const result = spawnSync(cmd, argv, { cwd, env, input, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (result.status !== 0 && result.status !== 3)
    throw new Error(`${cmd} ${argv.join(' ')} (exit ${result.status}): ${result.stderr}`);
  return result.stdout;
}
const git = (cwd, argv, options = {}) => run('git', argv, { cwd, ...options });
const mem = (cwd, argv, options = {}) => run(process.execPath, [BIN, ...argv], { cwd, ...options });

const shard = (id) => createHash('sha1').update(id).digest('hex').slice(0, 2);
const idOf = (n) => `m${createHash('sha1').update(`bench-${n}`).digest('hex').slice(0, 10)}`;
const entryFile = (n, revision) =>
  `${JSON.stringify({ section: SECTIONS[n % SECTIONS.length], text: `Rule ${n}: run the ${['api', 'web', 'worker', 'db'][n % 4]} checks with make check-${n % 97} before pushing (revision ${revision}).`, session: `s${(n % 9000).toString(16)}` }, null, 2)}\n`;

/**
 * A team ref with `commits` linear commits over `entries` entries: each entry added once, then
 * rewordings; as mem writes it, each shard's entries in one bundle file (`entries/<xx>.jsonl`, one
 * `["<id>","<entry file>"]` line per entry, by id: src/team/store/entry-bundle.ts).
 */
function buildTeamRef(bare, commits, entries) {
  const chunks = [];
  const authors = ['alice', 'bob', 'carol', 'dave', 'erin'];
  const shards = new Map();
  for (let i = 0; i < commits; i += 1) {
    const n = i < entries ? i : (i * 7919) % entries;
    const author = authors[i % authors.length];
    const id = idOf(n);
    const texts = shards.get(shard(id)) ?? new Map();
    shards.set(shard(id), texts);
    texts.set(id, entryFile(n, i));
    const bundle = [...texts.keys()]
      .sort()
      .map((key) => `${JSON.stringify([key, texts.get(key)])}\n`)
      .join('');
    const message = `mem: 1 memory change\n\n- ${id}\n`;
    const when = `${1_700_000_000 + i * 60} +0000`;
    chunks.push(
      `commit refs/mem/team\nauthor ${author} <${author}@example.com> ${when}\ncommitter ${author} <${author}@example.com> ${when}\ndata ${Buffer.byteLength(message)}\n${message}`,
    );
    chunks.push(`M 100644 inline entries/${shard(id)}.jsonl\ndata ${Buffer.byteLength(bundle)}\n${bundle}\n`);
  }
  git(bare, ['fast-import', '--quiet', '--date-format=raw'], { input: Buffer.from(chunks.join('')) });
  git(bare, ['repack', '-adq']);
}

function makeRemote(commits, entries) {
  const parent = mkdtempSync(join(tmpdir(), 'mem-team-scale-'));
  const bare = join(parent, 'remote.git');
  git(parent, ['init', '-q', '--bare', '-b', 'main', bare]);
  const seed = join(parent, 'seed');
  git(parent, ['init', '-q', '-b', 'main', seed]);
  writeFileSync(join(seed, 'README.md'), '# project\n');
  git(seed, ['add', '.']);
  git(seed, ['commit', '-q', '-m', 'init'], { env: envAs('seed') });
  git(seed, ['push', '-q', bare, 'main']);
  const started = process.hrtime.bigint();
  buildTeamRef(bare, Math.max(commits, entries), entries);
  console.log(
    `built ${Math.max(commits, entries)} team commits / ${entries} entries in ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(1)} s`,
  );
  return { parent, bare };
}

function cloneAs(parent, bare, user, handoffs = 0) {
  const dir = join(parent, user);
  git(parent, ['clone', '-q', bare, dir]);
  git(dir, ['config', 'user.name', user]);
  git(dir, ['config', 'user.email', `${user}@example.com`]);
  mem(dir, ['init', '--yes'], { env: envAs(user) });
  if (handoffs > 0) {
    const sessions = join(dir, '.memory', 'sessions');
    mkdirSync(sessions, { recursive: true });
    for (let i = 0; i < handoffs; i += 1) {
      const day = new Date(Date.UTC(2025, 11, 1) + i * 6 * 3600_000).toISOString().slice(0, 10);
      writeFileSync(
        join(sessions, `${day}-${i.toString(16).padStart(8, '0')}.md`),
        `# Session ${i}\n\n## Asked\n\nFix the ${i % 50} flaky test.\n\n## Done\n\n- Ran make check-${i % 97}.\n`,
      );
    }
  }
  return dir;
}

function timed(cwd, argv, env, input) {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [BIN, ...argv], { cwd, env, input, stdio: ['pipe', 'ignore', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0 && result.status !== 3)
    throw new Error(`mem ${argv.join(' ')} exited ${result.status}: ${result.stderr}`);
  return ms;
}

function rss(cwd, argv, env, input) {
  if (!TIME) return NaN;
  // Note: stdout ignored: a 20,000-entry listing is 4 MB, over spawnSync's buffer (the run was killed and read as 0 MiB).
  const result = spawnSync(TIME, ['-f', '%M', process.execPath, BIN, ...argv], {
    cwd,
    env,
    input,
    encoding: 'utf8',
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  return Number(result.stderr.trim().split('\n').pop()) / 1024;
}

const rows = [];
function row(name, measure, budget, peak = NaN) {
  rows.push({ name, ...measure, budget, peak });
  console.log(
    `${name}: F ${fmt(measure.f, 1)} ms, mem ${fmt(measure.x, 1)} ms, ${fmt(measure.ratio)}×F (budget ${budget}), peak ${fmt(peak, 1)} MiB`,
  );
}

function scenario(label, commits, entries) {
  const { parent, bare } = makeRemote(commits, entries);
  const alice = cloneAs(parent, bare, 'alice', 5_000);
  const aliceEnv = envAs('alice');
  // A new clone's first sync: fetch, read every entry, attribute each to its git author, render.
  const first = [];
  for (let i = 0; i < Math.min(RUNS, 3); i += 1) {
    const fresh = cloneAs(parent, bare, `fresh${i}`);
    first.push(timed(fresh, ['sync'], envAs('fresh')));
  }
  const firstPeak = rss(cloneAs(parent, bare, 'freshx'), ['sync'], envAs('fresh'));
  console.log(
    `${label}: first sync of a new clone ${fmt(median(first), 0)} ms (budget ≤ 2000 ms), peak ${fmt(firstPeak, 1)} MiB`,
  );
  rows.push({
    name: `${label}: first sync of a new clone`,
    f: NaN,
    x: median(first),
    ratio: NaN,
    budget: '≤ 2 s',
    peak: firstPeak,
  });
  timed(alice, ['sync'], aliceEnv);
  row(
    `${label}: mem sync, nothing to do`,
    paired(RUNS, () => timed(alice, ['sync'], aliceEnv)),
    '≤ 3×',
    rss(alice, ['sync'], aliceEnv),
  );
  const bob = cloneAs(parent, bare, 'bob');
  const bobEnv = envAs('bob');
  timed(bob, ['sync'], bobEnv);
  let round = 0;
  const prepare = () => {
    round += 1;
    mem(
      bob,
      [
        'remember',
        `Bob's rule ${label} ${round}: deploy the worker with make deploy-worker-${round}.`,
        '--section',
        'Commands',
        '--force',
      ],
      { env: bobEnv },
    );
    mem(bob, ['sync'], { env: bobEnv });
    mem(
      alice,
      [
        'remember',
        `Alice's rule ${label} ${round}: the api needs make migrate-${round} first.`,
        '--section',
        'Gotchas',
        '--force',
      ],
      { env: aliceEnv },
    );
  };
  const oneEach = paired(RUNS, () => timed(alice, ['sync'], aliceEnv), { before: prepare });
  prepare();
  row(`${label}: mem sync, one new entry on each side`, oneEach, '≤ 3×', rss(alice, ['sync'], aliceEnv));
  // The same once each clone has run its first after-turn step, as any clone in use has: it fetches
  // the history a first sync leaves out (a shallow store makes every push cost the remote more).
  for (const [dir, env] of [
    [alice, aliceEnv],
    [bob, bobEnv],
  ])
    mem(dir, ['sync', '--after-turn'], { env });
  const oneEachComplete = paired(RUNS, () => timed(alice, ['sync'], aliceEnv), { before: prepare });
  prepare();
  row(
    `${label}: mem sync, one new entry on each side, after the clones' first after-turn step (whole history)`,
    oneEachComplete,
    '≤ 3×',
    rss(alice, ['sync'], aliceEnv),
  );
  row(
    `${label}: mem list`,
    paired(RUNS, () => timed(alice, ['list'], aliceEnv)),
    '≤ 2.5×',
    rss(alice, ['list'], aliceEnv),
  );
  row(
    `${label}: mem status`,
    paired(RUNS, () => timed(alice, ['status'], aliceEnv)),
    '≤ 2.5×',
    rss(alice, ['status'], aliceEnv),
  );
  const payload = JSON.stringify({
    session_id: 'bench-start',
    transcript_path: join(parent, 'none.jsonl'),
    cwd: alice,
    hook_event_name: 'SessionStart',
    source: 'startup',
  });
  timed(alice, ['hook', 'session-start'], aliceEnv, payload);
  row(
    `${label}: session-start, nothing changed (rendering check included)`,
    paired(RUNS, () => timed(alice, ['hook', 'session-start'], aliceEnv, payload)),
    '≤ 1.5×',
    rss(alice, ['hook', 'session-start'], aliceEnv, payload),
  );
  // History compaction (once: it rewrites the ref): then a new clone's first sync, and Bob, whose
  // last sync predates the compaction, with one new entry from Alice to merge.
  mem(
    bob,
    ['remember', `Bob's rule ${label} before compaction: run make lint first.`, '--section', 'Commands', '--force'],
    { env: bobEnv },
  );
  const compactMs = timed(alice, ['compact'], aliceEnv);
  rows.push({ name: `${label}: mem compact (once)`, f: NaN, x: compactMs, ratio: NaN, budget: '', peak: NaN });
  const afterFirst = timed(cloneAs(parent, bare, 'fresh-after-compact'), ['sync'], envAs('fresh'));
  rows.push({
    name: `${label}: first sync of a new clone after mem compact`,
    f: NaN,
    x: afterFirst,
    ratio: NaN,
    budget: '≤ 2 s',
    peak: NaN,
  });
  mem(
    alice,
    [
      'remember',
      `Alice's rule ${label} after compaction: tag releases with make tag.`,
      '--section',
      'Commands',
      '--force',
    ],
    { env: aliceEnv },
  );
  mem(alice, ['sync'], { env: aliceEnv });
  const bobAfter = timed(bob, ['sync'], bobEnv);
  rows.push({
    name: `${label}: mem sync of a clone that last synced before the compaction (one entry each side)`,
    f: NaN,
    x: bobAfter,
    ratio: NaN,
    budget: '',
    peak: NaN,
  });
  console.log(
    `${label}: compact ${fmt(compactMs, 0)} ms, first sync after ${fmt(afterFirst, 0)} ms, older clone's sync ${fmt(bobAfter, 0)} ms`,
  );
}

scenario('year (20,000 commits, 3,000 entries, 5,000 handoffs)', COMMITS, ENTRIES);
if (LARGE > 0) scenario(`large (${LARGE} entries)`, LARGE, LARGE);

console.log('\n| operation | F (ms) | mem (ms) | ratio | budget | peak RSS (MiB) |\n|---|---|---|---|---|---|');
for (const r of rows)
  console.log(
    `| ${r.name} | ${fmt(r.f, 1)} | ${fmt(r.x, 0)} | ${Number.isFinite(r.ratio) ? `${fmt(r.ratio)}×` : ''} | ${r.budget} | ${fmt(r.peak, 1)} |`,
  );
