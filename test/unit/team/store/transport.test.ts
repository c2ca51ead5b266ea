import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readBlobs, listTree, writeCommit } from '../../../../src/team/store/git-objects.js';
import { createTeamRefs } from '../../../../src/team/store/team-refs.js';
import { ensureTeamStore } from '../../../../src/core/git/team-store-location.js';
import {
  fetchTeamBranch,
  pushTeamBranch,
  resolveRemoteUrl,
  type TransportTarget,
} from '../../../../src/team/store/transport.js';
import { entryPath } from '../../../../src/team/store/team-record.js';
import { cleanupTempDirs, cloneAs, git, makeBareRemote, makeRepo } from '../../../helpers/temp-repo.js';

afterAll(cleanupTempDirs);

function setup(user: string, remote: string) {
  const root = cloneAs(remote, user);
  const storeDir = ensureTeamStore(root);
  const store = { ...createTeamRefs({ gitdir: storeDir, branch: 'mem/team', remote: 'origin' }), storeDir };
  const target: TransportTarget = {
    root,
    storeDir,
    remote: 'origin',
    branch: 'mem/team',
    remoteRef: 'refs/mem/team',
    timeoutMs: 20_000,
  };
  return { root, storeDir, store, target };
}

async function commit(store: { storeDir: string }, memory: string, parents: string[]) {
  return writeCommit(store.storeDir, {
    parent: parents[0] ?? null,
    writes: [{ path: entryPath('m1'), content: memory }],
    message: memory,
    author: { name: 'a', email: 'a@x' },
    timestamp: 1,
  });
}

async function readMemory(storeDir: string, commit: string): Promise<string> {
  const file = (await listTree(storeDir, commit, ['entries'])).get(entryPath('m1'));
  return file ? ((await readBlobs(storeDir, [file.oid])).get(file.oid)?.toString('utf8') ?? '') : '';
}

describe('transport over a local bare remote', () => {
  it('reports a missing team branch, creates it by pushing, and fetches it into another clone', async () => {
    const remote = makeBareRemote();
    const alice = setup('alice', remote);
    expect(await fetchTeamBranch(alice.target)).toEqual({ ok: true, branchExists: false });
    const first = await commit(alice.store, 'one\n', []);
    expect(await pushTeamBranch(alice.target, first)).toEqual({ ok: true });
    expect(git(remote, ['rev-parse', 'refs/mem/team'])).toBe(first);
    const bob = setup('bob', remote);
    expect(await fetchTeamBranch(bob.target)).toEqual({ ok: true, branchExists: true });
    expect(await bob.store.readRef('remote')).toBe(first);
    expect(await readMemory(bob.storeDir, first)).toBe('one\n');
    // The user's own repository gained no refs and no objects from any of this.
    expect(git(alice.root, ['for-each-ref', '--format=%(refname)'])).not.toContain('mem/team');
    expect(() => git(alice.root, ['cat-file', '-e', first])).toThrow();
  });

  it('distinguishes a non-fast-forward rejection and sees a force-rewritten branch', async () => {
    const remote = makeBareRemote();
    const alice = setup('alice', remote);
    const bob = setup('bob', remote);
    const root = await commit(alice.store, 'root\n', []);
    expect(await pushTeamBranch(alice.target, root)).toEqual({ ok: true });
    await fetchTeamBranch(bob.target);
    const a = await commit(alice.store, 'alice\n', [root]);
    const b = await commit(bob.store, 'bob\n', [root]);
    expect(await pushTeamBranch(alice.target, a)).toEqual({ ok: true });
    expect(await pushTeamBranch(bob.target, b)).toMatchObject({ ok: false, reason: 'rejected' });
    // A force rewrite on the remote is fetched as it is (forced refspec).
    git(remote, ['update-ref', 'refs/mem/team', root]);
    expect(await fetchTeamBranch(alice.target)).toEqual({ ok: true, branchExists: true });
    expect(await alice.store.readRef('remote')).toBe(root);
  });

  it('calls an unreachable remote offline and a missing remote missing, without throwing', async () => {
    const root = makeRepo();
    git(root, ['remote', 'add', 'origin', join(root, '..', 'nowhere.git')]);
    const storeDir = ensureTeamStore(root);
    const target: TransportTarget = {
      root,
      storeDir,
      remote: 'origin',
      branch: 'mem/team',
      remoteRef: 'refs/mem/team',
      timeoutMs: 20_000,
    };
    expect(await fetchTeamBranch(target)).toMatchObject({ ok: false, reason: 'offline' });
    expect(await fetchTeamBranch({ ...target, remote: 'upstream' })).toMatchObject({
      ok: false,
      reason: 'remote-missing',
    });
    const c = await commit({ storeDir }, 'x\n', []);
    expect(await pushTeamBranch(target, c)).toMatchObject({ ok: false, reason: 'offline' });
  });

  it('resolves relative remote paths from the clone and prefers pushurl for pushing', () => {
    const root = makeRepo();
    git(root, ['remote', 'add', 'origin', '../remote.git']);
    expect(resolveRemoteUrl(root, 'origin')).toBe(join(root, '..', 'remote.git'));
    git(root, ['config', 'remote.origin.pushurl', 'git@example.com:team/repo.git']);
    expect(resolveRemoteUrl(root, 'origin', 'push')).toBe('git@example.com:team/repo.git');
    expect(resolveRemoteUrl(root, 'origin')).toBe(join(root, '..', 'remote.git'));
  });
});
