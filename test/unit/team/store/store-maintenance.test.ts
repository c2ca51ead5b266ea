/**
 * The team store's packs stay few on a real store: each written commit is a pack of its own, and
 * more than the limit are rolled into one (by a push, while it runs) with every object kept.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ensureTeamStore } from '../../../../src/core/git/team-store-location.js';
import { listTree, readBlobs, writeCommit } from '../../../../src/team/store/git-objects.js';
import { PACKS_BEFORE_REPACK, packCount, repackIfMany } from '../../../../src/team/store/store-maintenance.js';
import { pushTeamBranch, type TransportTarget } from '../../../../src/team/store/transport.js';
import { entryPath } from '../../../../src/team/store/team-record.js';
import { cleanupTempDirs, cloneAs, git, makeBareRemote } from '../../../helpers/temp-repo.js';

afterAll(cleanupTempDirs);

/** A clone's store holding `count` commits written one by one, each changing its own entry. */
async function storeWithCommits(count: number): Promise<{ root: string; storeDir: string; commits: string[] }> {
  const remote = makeBareRemote();
  const root = cloneAs(remote, 'alice');
  const storeDir = ensureTeamStore(root);
  const commits: string[] = [];
  for (let i = 0; i < count; i += 1) {
    commits.push(
      await writeCommit(storeDir, {
        parent: commits.at(-1) ?? null,
        writes: [{ path: entryPath(`m${i}`), content: `entry ${i}\n` }],
        message: `change ${i}`,
        author: { name: 'a', email: 'a@x' },
        timestamp: 1 + i,
      }),
    );
  }
  return { root, storeDir, commits };
}

/** Every entry of the last commit, read back through git. */
async function entries(storeDir: string, commit: string): Promise<string[]> {
  const files = [...(await listTree(storeDir, commit, ['entries'])).values()];
  const blobs = await readBlobs(
    storeDir,
    files.map((file) => file.oid),
  );
  return files.map((file) => blobs.get(file.oid)?.toString('utf8') ?? '').sort();
}

describe('team store maintenance', () => {
  it('writes each commit as a pack, leaves a few alone, and rolls many into one keeping every object', async () => {
    const few = await storeWithCommits(3);
    expect(packCount(few.storeDir)).toBe(3);
    expect(await repackIfMany(few.storeDir)).toBe(false);
    expect(packCount(few.storeDir)).toBe(3);

    const many = await storeWithCommits(PACKS_BEFORE_REPACK + 4);
    const before = await entries(many.storeDir, many.commits.at(-1) as string);
    expect(before).toHaveLength(PACKS_BEFORE_REPACK + 4);
    expect(await repackIfMany(many.storeDir)).toBe(true);
    expect(packCount(many.storeDir)).toBeLessThanOrEqual(2);
    expect(await entries(many.storeDir, many.commits.at(-1) as string)).toEqual(before);
    // Every commit of the history is still whole.
    git(many.storeDir, ['fsck', '--no-dangling', '--connectivity-only', ...many.commits]);
  });

  it('rolls the packs up while a push runs, and the push lands', async () => {
    const { root, storeDir, commits } = await storeWithCommits(PACKS_BEFORE_REPACK + 2);
    const remote = git(root, ['config', '--get', 'remote.origin.url']);
    const target: TransportTarget = {
      root,
      storeDir,
      remote: 'origin',
      branch: 'mem/team',
      remoteRef: 'refs/mem/team',
      timeoutMs: 20_000,
    };
    expect(await pushTeamBranch(target, commits.at(-1) as string)).toEqual({ ok: true });
    expect(git(remote, ['rev-parse', 'refs/mem/team'])).toBe(commits.at(-1));
    expect(packCount(storeDir)).toBeLessThanOrEqual(2);
    expect(await entries(storeDir, commits.at(-1) as string)).toHaveLength(PACKS_BEFORE_REPACK + 2);
  });
});
