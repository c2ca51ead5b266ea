#!/usr/bin/env node
// Fault runs (issue 9): many writers at once, kill -9 at random points, and clones syncing in
// rounds, through the built CLI against real temp repositories and a local bare remote. Not part of
// `npm test` (it runs minutes); prints one figure per line. Run after `npm run build`:
//   node bench/faults.mjs [--stops 50] [--kills 200] [--clones 3] [--rounds 5] [--only stops,mixed,worktrees,kills,clones]
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, benchEnv, importSources } from './lib.mjs';

const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const STOPS = Number(arg('stops', 50));
const KILLS = Number(arg('kills', 200));
const CLONES = Number(arg('clones', 3));
const ROUNDS = Number(arg('rounds', 5));
const ONLY = new Set(String(arg('only', 'stops,mixed,worktrees,kills,clones')).split(','));

// The detached team step after a writing turn is part of what is measured here.
const ENV = benchEnv({
  MEM_NO_BACKGROUND_SYNC: '0',
  GIT_AUTHOR_NAME: 'Bench',
  GIT_AUTHOR_EMAIL: 'bench@example.com',
  GIT_COMMITTER_NAME: 'Bench',
  GIT_COMMITTER_EMAIL: 'bench@example.com',
});
const BRANCH = 'mem/team';

// ---------------------------------------------------------------- repositories and rules

const git = (cwd, args) =>
  execFileSync('git', args, { cwd, env: ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
const temp = (name) => mkdtempSync(join(tmpdir(), `mem-faults-${name}-`));

function makeRemote() {
  const parent = temp('remote');
  const bare = join(parent, 'remote.git');
  git(parent, ['init', '-q', '--bare', '-b', 'main', bare]);
  const seed = join(parent, 'seed');
  git(parent, ['init', '-q', '-b', 'main', seed]);
  writeFileSync(join(seed, 'README.md'), '# faults\n');
  git(seed, ['add', '.']);
  git(seed, ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', 'commit', '-q', '-m', 'init']);
  git(seed, ['push', '-q', bare, 'main']);
  return bare;
}

function cloneAs(remote, user) {
  const dir = join(temp(user), user);
  git(tmpdir(), ['clone', '-q', remote, dir]);
  git(dir, ['config', 'user.name', user]);
  git(dir, ['config', 'user.email', `${user}@example.com`]);
  mem(dir, ['init', '--yes']);
  return dir;
}

function mem(cwd, args, input = '') {
  return spawnSync(process.execPath, [BIN, ...args], { cwd, env: ENV, input, encoding: 'utf8', timeout: 120_000 });
}

/** Starts the CLI without waiting; resolves with {code, signal, stdout, ms} (ms: wall time until it exited). */
function start(cwd, args, input) {
  const began = Date.now();
  const child = spawn(process.execPath, [BIN, ...args], { cwd, env: ENV, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', () => undefined);
  child.stdin.on('error', () => undefined);
  child.stdin.end(input ?? '');
  const done = new Promise((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stdout, ms: Date.now() - began })),
  );
  return { child, done };
}

// A distinct rule per index and the token to find it by: the sync tests' own generator (one definition of it).
const { distinctRule: ruleOf, ruleToken: tokenOf } = await importSources(
  "export { distinctRule, ruleToken } from './test/helpers/distinct-rules.ts';",
);

let uuid = 0;
const userLine = (text) =>
  `${JSON.stringify({ type: 'user', message: { role: 'user', content: text }, uuid: `u${++uuid}`, timestamp: new Date().toISOString(), gitBranch: 'main' })}\n`;
const stopPayload = (session, transcript, cwd) =>
  JSON.stringify({
    session_id: session,
    transcript_path: transcript,
    cwd,
    hook_event_name: 'Stop',
    stop_hook_active: false,
  });

/** A session whose transcript holds one user turn stating rule `i`; returns its Stop payload. */
function sessionWithRule(repo, i, label = 's') {
  const transcript = join(repo, '..', `${label}${i}.jsonl`);
  appendFileSync(transcript, userLine(ruleOf(i)));
  return { session: `${label}-${i}-${Math.random().toString(36).slice(2, 8)}`, transcript };
}

/** This clone's memory: the working copy of team entries (issue 11), where writes land. */
const memoryText = (repo) =>
  ['.memory/state/team-memory.md', 'CLAUDE.md']
    .map((file) => join(repo, file))
    .filter(existsSync)
    .map((path) => readFileSync(path, 'utf8'))
    .join('\n');

/** Every blob of the remote team branch, concatenated (whatever the layout of the branch). */
function teamRefText(bare) {
  try {
    const files = git(bare, ['ls-tree', '-r', '--name-only', BRANCH]).split('\n').filter(Boolean);
    return files.map((file) => git(bare, ['show', `${BRANCH}:${file}`])).join('\n');
  } catch {
    return '';
  }
}

/** Waits until no detached `mem sync --after-turn` of these repositories is running. */
async function waitForBackground(repos, capMs = 120_000) {
  const until = Date.now() + capMs;
  for (;;) {
    const busy = readdirSync('/proc')
      .filter((pid) => /^\d+$/.test(pid))
      .some((pid) => {
        try {
          const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
          if (!cmd.includes('--after-turn')) return false;
          const cwd = execFileSync('readlink', [`/proc/${pid}/cwd`], { encoding: 'utf8' }).trim();
          return repos.includes(cwd);
        } catch {
          return false;
        }
      });
    if (!busy || Date.now() > until) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Syncs each repository in turn, `times` times: everyone has then seen everyone's last push. */
function settle(repos, times = 2) {
  for (let round = 0; round < times; round += 1) for (const repo of repos) mem(repo, ['sync', '--quiet']);
}

const kept = (text, indices) => indices.filter((i) => text.includes(tokenOf(i))).length;

/** Candidates waiting in session records for their session's next hook (`mem status`). */
function deferredCount(repo) {
  return waitingWork(repo).deferred;
}

/** Work waiting for a later process (`mem status`): deferred candidates, and sessions whose handed-over turn is unread. */
function waitingWork(repo) {
  try {
    const { sessions } = JSON.parse(mem(repo, ['status', '--json']).stdout);
    return { deferred: sessions.deferred?.candidates ?? 0, unread: sessions.pendingCatchUp ?? 0 };
  } catch {
    return { deferred: NaN, unread: NaN };
  }
}

/** The later hooks: each session's next Stop (no new line), then the team settles. */
async function catchUp(repo, sessions) {
  await waitForBackground([repo]);
  for (const { session, transcript } of sessions) mem(repo, ['hook', 'stop'], stopPayload(session, transcript, repo));
  await waitForBackground([repo]);
  settle([repo]);
}

// ---------------------------------------------------------------- the scenarios

/**
 * The floor under the Stops' wall times on this machine at this load: as many bare `node -e 0`
 * at once (each Stop is one Node start-up plus its own work).
 */
async function bareNodeTimes(count) {
  const runs = Array.from({ length: count }, () => {
    const began = Date.now();
    const child = spawn(process.execPath, ['-e', '0'], { env: ENV, stdio: 'ignore' });
    return new Promise((resolve) => child.on('close', () => resolve(Date.now() - began)));
  });
  return (await Promise.all(runs)).sort((a, b) => a - b);
}

async function concurrentStops() {
  const remote = makeRemote();
  const repo = cloneAs(remote, 'stops');
  mem(repo, ['sync', '--quiet']);
  await waitForBackground([repo]);
  const load = (await import('node:os')).loadavg()[0].toFixed(1);
  const floor = await bareNodeTimes(STOPS);
  const sessions = Array.from({ length: STOPS }, (_, i) => sessionWithRule(repo, i));
  const runs = sessions.map(({ session, transcript }) =>
    start(repo, ['hook', 'stop'], stopPayload(session, transcript, repo)),
  );
  const results = await Promise.all(runs.map((run) => run.done));
  const indices = [...Array(STOPS).keys()];
  const atOnce = kept(memoryText(repo), indices);
  const handed = waitingWork(repo);
  // What the detached after-turn step did alone, before any later hook of these sessions.
  await waitForBackground([repo]);
  const byStep = kept(memoryText(repo), indices);
  const left = waitingWork(repo);
  await catchUp(repo, sessions);
  const inFile = kept(memoryText(repo), indices);
  const onRef = kept(teamRefText(remote), indices);
  const bad = results.filter((result) => result.code !== 0 || result.stdout !== '').length;
  const ms = results.map((result) => result.ms).sort((a, b) => a - b);
  const at = (q) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))];
  console.log(
    `${STOPS} concurrent stops, wall time each: min ${ms[0]} ms, median ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${ms[ms.length - 1]} ms (load average ${load} before; ${STOPS} bare \`node -e 0\` at once just before: median ${floor[Math.floor(floor.length / 2)]} ms, max ${floor[floor.length - 1]} ms)`,
  );
  console.log(
    `${STOPS} concurrent stops: ${inFile}/${STOPS} kept (in memory; ${onRef}/${STOPS} on the team ref); ${atOnce} written by the Stops themselves (then ${handed.unread} turns handed over unread, ${handed.deferred} candidates deferred); ${byStep} written once the after-turn steps were done (${left.unread} turns unread, ${left.deferred} candidates deferred left for later hooks)${bad ? `, ${bad} hook(s) exited non-zero or printed` : ''}`,
  );
}

async function mixed() {
  const remote = makeRemote();
  const repo = cloneAs(remote, 'mixed');
  mem(repo, ['sync', '--quiet']);
  const stops = Array.from({ length: 20 }, (_, i) => sessionWithRule(repo, i, 'm'));
  const runs = [
    ...stops.map(({ session, transcript }) => start(repo, ['hook', 'stop'], stopPayload(session, transcript, repo))),
    ...Array.from({ length: 10 }, (_, k) => start(repo, ['remember', ruleOf(100 + k)])),
    ...Array.from({ length: 5 }, () => start(repo, ['sync', '--quiet'])),
  ];
  const results = await Promise.all(runs.map((run) => run.done));
  const deferred = deferredCount(repo);
  await catchUp(repo, stops);
  const text = memoryText(repo);
  const ref = teamRefText(remote);
  const remembered = results
    .slice(20, 30)
    .map((result, k) => ({ ok: result.code === 0 && /remembered as/.test(result.stdout), i: 100 + k }));
  const claimed = remembered.filter((r) => r.ok).map((r) => r.i);
  const stopIdx = [...Array(20).keys()];
  console.log(
    `20 stops + 10 remembers + 5 syncs at once: stops ${kept(text, stopIdx)}/20 (${deferred} deferred to the next hook), remembers ${kept(text, claimed)}/${claimed.length} of those that said "remembered" (${claimed.length}/10 said so); on the team ref ${kept(ref, stopIdx)}/20 and ${kept(ref, claimed)}/${claimed.length}`,
  );
}

async function worktrees() {
  const remote = makeRemote();
  const main = cloneAs(remote, 'wt');
  mem(main, ['sync', '--quiet']);
  const trees = [main];
  for (let w = 1; w < 4; w += 1) {
    const dir = join(main, '..', `wt${w}`);
    git(main, ['worktree', 'add', '-q', '-b', `wt${w}`, dir]);
    mem(dir, ['init', '--yes']);
    trees.push(dir);
  }
  const added = [];
  let failures = 0;
  for (let round = 0; round < 6; round += 1) {
    trees.forEach((tree, w) => {
      const i = 200 + round * 4 + w;
      if (mem(tree, ['remember', ruleOf(i)]).status === 0) added.push(i);
    });
    const results = await Promise.all(trees.map((tree) => start(tree, ['sync', '--json']).done));
    for (const result of results) {
      try {
        if (JSON.parse(result.stdout).failure) failures += 1;
      } catch {
        failures += 1;
      }
    }
  }
  settle(trees);
  const ref = teamRefText(remote);
  const perTree = trees.map((tree) => kept(memoryText(tree), added));
  console.log(
    `4 worktrees × 6 rounds of concurrent syncs: ${kept(ref, added)}/${added.length} on the team ref, per worktree ${perTree.join(', ')} of ${added.length}; ${failures} sync(s) reported a failure`,
  );
}

/** Checks every file mem writes: region markers intact, state JSON parses, team store objects whole. */
function corruption(repo) {
  const problems = [];
  const status = mem(repo, ['status', '--json']);
  try {
    const parsed = JSON.parse(status.stdout);
    for (const file of parsed.memory.files) if (file.damage) problems.push(`${file.file}: ${file.damage}`);
  } catch {
    problems.push(`status --json unreadable (exit ${status.status})`);
  }
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.json')) {
        try {
          JSON.parse(readFileSync(path, 'utf8'));
        } catch {
          problems.push(`${path}: not JSON`);
        }
      } else if (entry.name.endsWith('.jsonl')) {
        const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
        // Note: only the last line of an append-only log may be cut by a kill.
        lines.slice(0, -1).forEach((line, n) => {
          try {
            JSON.parse(line);
          } catch {
            problems.push(`${path}:${n + 1}: not JSON`);
          }
        });
      }
    }
  };
  walk(join(repo, '.memory', 'state'));
  const store = join(repo, '.git', 'mem', 'store.git');
  if (existsSync(store)) {
    const fsck = spawnSync('git', ['--git-dir', store, 'fsck', '--no-dangling', '--connectivity-only'], {
      env: ENV,
      encoding: 'utf8',
    });
    if (fsck.status !== 0) problems.push(`team store fsck: ${fsck.stderr.trim().split('\n')[0]}`);
  }
  return problems;
}

async function kills() {
  const remote = makeRemote();
  const repo = cloneAs(remote, 'kills');
  mem(repo, ['sync', '--quiet']);
  const sessions = Array.from({ length: 8 }, (_, s) => ({
    session: `kill-session-${s}`,
    transcript: join(repo, '..', `k${s}.jsonl`),
  }));
  const stated = []; // rules in transcripts: must all be in memory after catch-up
  const promised = []; // rules `mem remember` reported as remembered before it was killed
  let next = 300;
  let killed = 0;
  for (let k = 0; k < KILLS; k += 1) {
    const kind = ['stop', 'stop', 'remember', 'sync', 'review'][k % 5];
    let run;
    if (kind === 'stop') {
      const target = sessions[k % sessions.length];
      const i = next++;
      appendFileSync(target.transcript, userLine(ruleOf(i)));
      stated.push(i);
      run = start(repo, ['hook', 'stop'], stopPayload(target.session, target.transcript, repo));
    } else if (kind === 'remember') {
      const i = next++;
      run = start(repo, ['remember', ruleOf(i)]);
      run.rule = i;
    } else if (kind === 'sync') run = start(repo, ['sync', '--quiet']);
    else run = start(repo, ['review', '--list']);
    // Note: a hook takes ~100 ms, a command ~200–600 ms: the kill lands anywhere from start-up
    // through reading, judging, writing and the team step, and sometimes after the end.
    await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * (kind === 'stop' ? 300 : 700)));
    if (run.child.exitCode === null) {
      run.child.kill('SIGKILL');
      killed += 1;
    }
    const result = await run.done;
    if (run.rule !== undefined && /remembered as/.test(result.stdout)) promised.push(run.rule);
  }
  await waitForBackground([repo]);
  // Catch-up: the next hook of each session, then a sync.
  for (const { session, transcript } of sessions) mem(repo, ['hook', 'stop'], stopPayload(session, transcript, repo));
  await waitForBackground([repo]);
  settle([repo]);
  const problems = corruption(repo);
  const text = memoryText(repo);
  const lost = [...stated, ...promised].filter((i) => !text.includes(tokenOf(i)));
  const ref = teamRefText(remote);
  const lostOnRef = [...stated, ...promised].filter((i) => !ref.includes(tokenOf(i)));
  console.log(
    `${killed} kills (of ${KILLS} runs of stop/remember/sync/review): ${problems.length} corrupt, ${lost.length} lost after catch-up (${stated.length} stated in transcripts, ${promised.length} promised by remember), ${lostOnRef.length} missing on the team ref`,
  );
  for (const problem of problems.slice(0, 10)) console.log(`  corrupt: ${problem}`);
  if (lost.length > 0) console.log(`  lost: ${lost.slice(0, 10).map(tokenOf).join(', ')}`);
}

async function clones() {
  const remote = makeRemote();
  const repos = Array.from({ length: CLONES }, (_, c) => cloneAs(remote, `clone${c}`));
  settle(repos, 1);
  const alive = new Set();
  const forgotten = new Set();
  const mine = repos.map(() => []);
  let next = 500;
  for (let round = 0; round < ROUNDS; round += 1) {
    repos.forEach((repo, c) => {
      const i = next++;
      if (mem(repo, ['remember', ruleOf(i)]).status === 0) {
        alive.add(i);
        mine[c].push(i);
      }
      // Every other round, each clone forgets one of its own earlier rules.
      if (round % 2 === 1 && mine[c].length > 1) {
        const gone = mine[c].shift();
        if (mem(repo, ['forget', tokenOf(gone)]).status === 0) {
          alive.delete(gone);
          forgotten.add(gone);
        }
      }
    });
    await Promise.all(repos.map((repo) => start(repo, ['sync', '--quiet']).done));
  }
  settle(repos);
  const sets = repos.map((repo) => {
    const listed = JSON.parse(mem(repo, ['list', '--json']).stdout);
    return listed
      .map((entry) => entry.text)
      .sort()
      .join('\n');
  });
  const converge = sets.every((set) => set === sets[0]);
  const lost = [...alive].filter((i) => repos.some((repo) => !memoryText(repo).includes(tokenOf(i)))).length;
  const resurrected = [...forgotten].filter((i) => repos.some((repo) => memoryText(repo).includes(tokenOf(i)))).length;
  console.log(
    `${CLONES} clones × ${ROUNDS} rounds: ${converge ? 'all converge' : 'DIVERGE'}, ${lost} lost, ${resurrected} resurrected (${alive.size} alive, ${forgotten.size} forgotten)`,
  );
}

const scenarios = { stops: concurrentStops, mixed, worktrees, kills, clones };
if (!existsSync(join(BIN, '..', '..', 'dist', 'hook.cjs'))) {
  console.error('build first: npm run build');
  process.exit(1);
}
mkdirSync(tmpdir(), { recursive: true });
for (const [name, run] of Object.entries(scenarios)) {
  if (!ONLY.has(name)) continue;
  const started = Date.now();
  await run();
  console.log(`  (${name}: ${((Date.now() - started) / 1000).toFixed(0)} s)`);
}
