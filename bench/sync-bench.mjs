#!/usr/bin/env node
// `mem sync` with nothing to do against a local bare remote, as a ratio to F = `node -e 0` measured
// in the same run, interleaved (F, then sync) so machine noise hits both (budget: ≤ 3×F median).
// Then the same on a clone whose own pack is ≥ 100 MiB of incompressible blobs, with the peak RSS of
// the sync process in both cases (budget: memory flat in the size of the user's repository).
// Usage: node bench/sync-bench.mjs [--runs 21] [--pack-mib 110]
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const PROJECT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = join(PROJECT, 'bin', 'run.js');
const args = process.argv.slice(2);
const RUNS = Number(args[args.indexOf('--runs') + 1]) || 21;
const PACK_MIB = Number(args[args.indexOf('--pack-mib') + 1]) || 110;
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

const env = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: join(PROJECT, 'test', 'helpers', 'gitconfig'),
  GIT_AUTHOR_NAME: 'bench',
  GIT_AUTHOR_EMAIL: 'bench@example.com',
  GIT_COMMITTER_NAME: 'bench',
  GIT_COMMITTER_EMAIL: 'bench@example.com',
  GIT_TERMINAL_PROMPT: '0',
};

function git(cwd, argv) {
  const result = spawnSync('git', argv, { cwd, env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${argv.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

function mem(cwd, argv) {
  const result = spawnSync(process.execPath, [BIN, ...argv], { cwd, env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`mem ${argv.join(' ')} (exit ${result.status}): ${result.stderr}`);
  return result.stdout;
}

/** Runs a command and returns [wall ms, peak RSS KiB or null]. */
function timed(cwd, argv) {
  const command = TIME ? [TIME, '-f', '%M', ...argv] : argv;
  const start = process.hrtime.bigint();
  const result = spawnSync(command[0], command.slice(1), { cwd, env, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${argv.join(' ')} failed: ${result.stderr}`);
  const rss = TIME ? Number(result.stderr.trim().split('\n').pop()) : null;
  return [ms, rss];
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

function setupClone(root) {
  const remote = join(root, 'remote.git');
  git(root, ['init', '-q', '--bare', '-b', 'main', remote]);
  const clone = join(root, 'clone');
  git(root, ['clone', '-q', remote, clone]);
  const entries = Array.from(
    { length: 60 },
    (_, i) => `- Bench entry number ${i} about the build and the tests. <!-- mem:id=b${i} by=bench -->`,
  );
  writeFileSync(
    join(clone, 'CLAUDE.md'),
    `# Bench\n\n<!-- mem:begin (managed by mem: edit freely, keep the id comments) -->\n## Conventions\n\n${entries.join('\n')}\n<!-- mem:end -->\n`,
  );
  git(clone, ['add', 'CLAUDE.md']);
  git(clone, ['commit', '-q', '-m', 'init']);
  git(clone, ['push', '-q', '--no-verify', 'origin', 'main']);
  mem(clone, ['init', '--yes']);
  mem(clone, ['sync', '--quiet']);
  mem(clone, ['sync', '--quiet']);
  return { remote, clone };
}

function growPack(clone, mib) {
  const dir = join(clone, 'blobs');
  mkdirSync(dir);
  const chunk = 8;
  for (let i = 0; i * chunk < mib; i++) writeFileSync(join(dir, `blob-${i}.bin`), randomBytes(chunk * 1024 * 1024));
  git(clone, ['add', 'blobs']);
  git(clone, ['commit', '-q', '-m', 'big blobs']);
  git(clone, ['gc', '-q', '--aggressive', '--prune=now']);
  rmSync(dir, { recursive: true, force: true });
  git(clone, ['checkout', '-q', '--', '.']);
  const packDir = join(clone, '.git', 'objects', 'pack');
  return readdirSync(packDir)
    .filter((name) => name.endsWith('.pack'))
    .reduce((sum, name) => sum + statSync(join(packDir, name)).size, 0);
}

/** `mem sync --quiet` as the pre-push hook runs it (bin/run.js sends it to its fast path, before oclif). */
function measure(label, clone) {
  const base = [];
  const sync = [];
  const rss = [];
  const baseRss = [];
  for (let i = 0; i < RUNS; i++) {
    const [f, fr] = timed(clone, [process.execPath, '-e', '0']);
    const [s, sr] = timed(clone, [process.execPath, BIN, 'sync', '--quiet']);
    base.push(f);
    sync.push(s);
    if (sr !== null) rss.push(sr);
    if (fr !== null) baseRss.push(fr);
  }
  const F = median(base);
  const S = median(sync);
  const row = {
    case: label,
    runs: RUNS,
    F_ms: +F.toFixed(1),
    sync_ms: +S.toFixed(1),
    ratio: +(S / F).toFixed(2),
    budget: '≤ 3×F',
    peak_rss_mib: rss.length ? +(Math.max(...rss) / 1024).toFixed(1) : null,
    node_e0_rss_mib: baseRss.length ? +(Math.max(...baseRss) / 1024).toFixed(1) : null,
  };
  console.log(JSON.stringify(row));
  return row;
}

const root = mkdtempSync(join(tmpdir(), 'mem-sync-bench-'));
try {
  mkdirSync(join(root, 'small'));
  const small = setupClone(join(root, 'small'));
  const status = mem(small.clone, ['sync', '--json']);
  if (!/"outcome": "up-to-date"/.test(status)) throw new Error(`expected a no-op sync, got ${status}`);
  const a = measure('nothing to do, local bare remote', small.clone);

  mkdirSync(join(root, 'big'));
  const big = setupClone(join(root, 'big'));
  const packBytes = growPack(big.clone, PACK_MIB);
  console.log(JSON.stringify({ clone_pack_mib: +(packBytes / 1024 / 1024).toFixed(1) }));
  const b = measure(`nothing to do, clone with a ${(packBytes / 1024 / 1024).toFixed(0)} MiB pack`, big.clone);
  if (a.peak_rss_mib !== null && b.peak_rss_mib !== null) {
    console.log(
      JSON.stringify({
        rss_growth_mib: +(b.peak_rss_mib - a.peak_rss_mib).toFixed(1),
        flat: b.peak_rss_mib - a.peak_rss_mib < 10,
      }),
    );
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
