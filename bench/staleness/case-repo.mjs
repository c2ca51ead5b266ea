// A temporary repository that replays one staleness case: a commit with the tree of T, then a
// commit with the tree of T2 on top of it, both read from the mirror through git's alternates (no
// copy of the history). Snapshots leave out blobs of 4 MiB and more; each missing blob is replaced
// by a small stand-in unique to its id, so git can check the tree out and diff it, and an unchanged
// missing file stays unchanged.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { missingObjects } from './tree-at.mjs';

/** Runs git in `repo` under `env`; returns stdout (trimmed). */
function gitIn(repo, env, args, input = '') {
  return execFileSync('git', args, {
    cwd: repo,
    env,
    input,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    stdio: ['pipe', 'pipe', 'pipe'],
  }).trim();
}

/** A tree id in `repo` holding `commit`'s tree from the mirror, missing blobs replaced by stand-ins. */
function treeOf(repo, env, mirror, commit) {
  const listing = execFileSync('git', ['--git-dir', mirror, 'ls-tree', '-r', '-z', '--full-tree', commit], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  const rows = listing
    .split('\0')
    .filter(Boolean)
    .map((row) => {
      const [meta, path] = [row.slice(0, row.indexOf('\t')), row.slice(row.indexOf('\t') + 1)];
      const [mode, type, oid] = meta.split(' ');
      return { mode, type, oid, path };
    });
  const missing = missingObjects(
    mirror,
    rows.filter((r) => r.type === 'blob').map((r) => r.oid),
  );
  const standIn = new Map();
  for (const oid of missing)
    standIn.set(oid, gitIn(repo, env, ['hash-object', '-w', '--stdin'], `${oid}\n`.repeat(20)));
  const indexFile = join(repo, '.git', `index-${commit.slice(0, 12)}`);
  const indexEnv = { ...env, GIT_INDEX_FILE: indexFile };
  const info = rows.map((r) => `${r.mode} ${standIn.get(r.oid) ?? r.oid}\t${r.path}`).join('\0');
  execFileSync('git', ['update-index', '-z', '--index-info'], { cwd: repo, env: indexEnv, input: `${info}\0` });
  const tree = gitIn(repo, indexEnv, ['write-tree']);
  return tree;
}

/** Makes `repo` (git init, alternates to the mirror) with a first commit holding T's tree, checked out on main. */
export function checkOutT(repo, env, mirror, kase) {
  mkdirSync(repo, { recursive: true });
  gitIn(repo, env, ['init', '-q', '-b', 'main']);
  gitIn(repo, env, ['config', 'commit.gpgsign', 'false']);
  gitIn(repo, env, ['config', 'gc.auto', '0']);
  writeFileSync(join(repo, '.git', 'objects', 'info', 'alternates'), `${join(mirror, 'objects')}\n`);
  const tree = treeOf(repo, env, mirror, kase.t);
  const commit = gitIn(
    repo,
    { ...env, GIT_AUTHOR_DATE: `${kase.tDate}T12:00:00Z`, GIT_COMMITTER_DATE: `${kase.tDate}T12:00:00Z` },
    ['commit-tree', tree, '-m', `T ${kase.t}`],
  );
  gitIn(repo, env, ['update-ref', 'refs/heads/main', commit]);
  gitIn(repo, env, ['reset', '-q', '--hard', 'main']);
  return commit;
}

/** Commits T2's tree on top of main and moves the work tree there (mem's own untracked files stay). */
export function moveToT2(repo, env, mirror, kase) {
  const tree = treeOf(repo, env, mirror, kase.t2);
  const commit = gitIn(
    repo,
    { ...env, GIT_AUTHOR_DATE: `${kase.t2Date}T12:00:00Z`, GIT_COMMITTER_DATE: `${kase.t2Date}T12:00:00Z` },
    ['commit-tree', tree, '-p', 'main', '-m', `T2 ${kase.t2}`],
  );
  gitIn(repo, env, ['reset', '-q', '--hard', commit]);
  return commit;
}
