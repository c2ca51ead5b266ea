import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createIsoTeamStore } from '../../../../src/team/store/iso-team-store.js';
import { ensureTeamStore, teamStorePath } from '../../../../src/core/git/team-store-location.js';
import { cleanupTempDirs, git, makeRepo } from '../../../helpers/temp-repo.js';
import { describeTeamStoreConformance } from './team-store-conformance.js';

afterAll(cleanupTempDirs);

function freshStore() {
  const root = makeRepo();
  const gitdir = ensureTeamStore(root);
  return { root, gitdir, store: createIsoTeamStore({ gitdir, branch: 'mem/team', remote: 'origin' }) };
}

describeTeamStoreConformance('isomorphic-git on a real bare store', () => freshStore().store);

describe('isomorphic-git team store specifics', () => {
  it('lives inside the clone git dir and includes its config, without touching the clone', () => {
    const root = makeRepo();
    git(root, ['remote', 'add', 'origin', '/somewhere/remote.git']);
    const headBefore = git(root, ['rev-parse', 'HEAD']);
    const gitdir = ensureTeamStore(root);
    expect(gitdir).toBe(join(root, '.git', 'mem', 'store.git'));
    expect(teamStorePath(root)).toBe(gitdir);
    expect(git(root, ['--git-dir', gitdir, 'config', '--get', 'remote.origin.url'])).toBe('/somewhere/remote.git');
    expect(git(root, ['--git-dir', gitdir, 'config', '--get', 'core.bare'])).toBe('true');
    expect(git(root, ['rev-parse', 'HEAD'])).toBe(headBefore);
    expect(git(root, ['status', '--porcelain'])).toBe('');
    expect(ensureTeamStore(root)).toBe(gitdir);
  });

  it('writes commits system git can read, with the README and sorted tombstones', async () => {
    const { root, gitdir, store } = freshStore();
    const oid = await store.writeCommit({
      files: { memory: '- x <!-- mem:id=x -->\n', tombstones: ['b', 'a'] },
      parents: [],
      message: 'mem: add x\n\nMem-Session: s1',
      author: { name: 'alice', email: 'alice@example.com' },
      timestamp: 1_700_000_000,
    });
    await store.updateRef('local', oid, null);
    expect(git(root, ['--git-dir', gitdir, 'show', 'mem/team:tombstones.txt'])).toBe('a\nb');
    expect(git(root, ['--git-dir', gitdir, 'ls-tree', '--name-only', 'mem/team'])).toBe('README.md\nmemory.md\ntombstones.txt');
    expect(git(root, ['--git-dir', gitdir, 'log', '-1', '--format=%an %s'])).toBe('alice mem: add x');
    expect(git(root, ['--git-dir', gitdir, 'fsck', '--strict'])).toBe('');
  });

  it('refuses a symlinked or missing memory.md and ignores other paths in the tree', async () => {
    const { root, gitdir, store } = freshStore();
    const target = join(root, 'target.txt');
    writeFileSync(target, '../../../etc/passwd');
    const link = git(root, ['--git-dir', gitdir, 'hash-object', '-w', target]);
    const mk = (lines: string) =>
      execGit(root, ['--git-dir', gitdir, 'mktree'], lines);
    const symlinkTree = mk(`120000 blob ${link}\tmemory.md\n`);
    const symlinkCommit = execGit(root, ['--git-dir', gitdir, 'commit-tree', symlinkTree, '-m', 'evil'], '');
    await expect(store.readFiles(symlinkCommit)).rejects.toMatchObject({ code: 'SYNC_FAILED' });
    const emptyTree = mk('');
    const emptyCommit = execGit(root, ['--git-dir', gitdir, 'commit-tree', emptyTree, '-m', 'empty'], '');
    await expect(store.readFiles(emptyCommit)).rejects.toMatchObject({ code: 'SYNC_FAILED' });
    const good = execGit(root, ['--git-dir', gitdir, 'hash-object', '-w', '--stdin'], '- fine <!-- mem:id=f -->\n');
    const sub = mk(`100644 blob ${good}\tx\n`);
    const mixed = mk(`100644 blob ${good}\tmemory.md\n040000 tree ${sub}\tsub\n100644 blob ${link}\tother.md\n`);
    const mixedCommit = execGit(root, ['--git-dir', gitdir, 'commit-tree', mixed, '-m', 'mixed'], '');
    expect(await store.readFiles(mixedCommit)).toEqual({ memory: '- fine <!-- mem:id=f -->\n', tombstones: [] });
    expect(readFileSync(target, 'utf8')).toBe('../../../etc/passwd');
  });
});

function execGit(cwd: string, args: string[], input: string): string {
  // Note: the helper's git() has no stdin; plumbing here needs one.
  return execFileSync('git', args, { cwd, input, encoding: 'utf8' }).trim();
}
