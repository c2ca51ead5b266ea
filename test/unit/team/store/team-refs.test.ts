/**
 * The team store's refs on a real bare repository: a ref moves only from the value the caller
 * expects (a compare-and-swap, as git's files backend does it), is created only when absent, and
 * reads back at once, in git too.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTeamRefs } from '../../../../src/team/store/team-refs.js';
import { cleanupTempDirs, git, makeTempDir } from '../../../helpers/temp-repo.js';

afterAll(cleanupTempDirs);

/** A bare store with two commits, c1 then c2. */
function store(): { gitdir: string; c1: string; c2: string } {
  const gitdir = join(makeTempDir('mem-refs-'), 'store.git');
  git(makeTempDir(), ['init', '-q', '--bare', gitdir]);
  // Note: mktree with nothing on stdin writes the empty tree.
  const tree = git(gitdir, ['mktree']);
  const c1 = git(gitdir, ['commit-tree', tree, '-m', 'one']);
  const c2 = git(gitdir, ['commit-tree', tree, '-p', c1, '-m', 'two']);
  return { gitdir, c1, c2 };
}

describe('team refs', () => {
  it('creates a ref only when absent and moves it only from the expected commit', async () => {
    const { gitdir, c1, c2 } = store();
    const refs = createTeamRefs({ gitdir, branch: 'mem/team', remote: 'origin' });
    expect(await refs.readRef('base')).toBeNull();
    expect(await refs.updateRef('base', c1, null)).toBe(true);
    expect(await refs.readRef('base')).toBe(c1);
    // Already exists: "must not exist" fails and nothing changes.
    expect(await refs.updateRef('base', c2, null)).toBe(false);
    // Expected value wrong: nothing changes.
    expect(await refs.updateRef('base', c2, c2)).toBe(false);
    expect(await refs.readRef('base')).toBe(c1);
    expect(await refs.updateRef('base', c2, c1)).toBe(true);
    expect(await refs.readRef('base')).toBe(c2);
    expect(git(gitdir, ['rev-parse', 'refs/mem/base/mem/team'])).toBe(c2);
  });

  it('respects a lock git or another move holds, and takes over one a killed process left a minute ago', async () => {
    const { gitdir, c1, c2 } = store();
    const refs = createTeamRefs({ gitdir, branch: 'mem/team', remote: 'origin' });
    expect(await refs.updateRef('base', c1, null)).toBe(true);
    const lock = join(gitdir, 'refs', 'mem', 'base', 'mem', 'team.lock');
    writeFileSync(lock, '');
    expect(await refs.updateRef('base', c2, c1)).toBe(false);
    expect(existsSync(lock)).toBe(true);
    expect(await refs.readRef('base')).toBe(c1);
    const longAgo = new Date(Date.now() - 5 * 60_000);
    utimesSync(lock, longAgo, longAgo);
    expect(await refs.updateRef('base', c2, c1)).toBe(true);
    expect(existsSync(lock)).toBe(false);
    expect(git(gitdir, ['rev-parse', 'refs/mem/base/mem/team'])).toBe(c2);
  });

  it('compares with a ref git packed, and leaves no lock behind when the value differs', async () => {
    const { gitdir, c1, c2 } = store();
    git(gitdir, ['update-ref', 'refs/mem/base/mem/team', c1]);
    git(gitdir, ['pack-refs', '--all']);
    expect(existsSync(join(gitdir, 'refs', 'mem', 'base', 'mem', 'team'))).toBe(false);
    const refs = createTeamRefs({ gitdir, branch: 'mem/team', remote: 'origin' });
    expect(await refs.updateRef('base', c1, c2)).toBe(false);
    expect(existsSync(join(gitdir, 'refs', 'mem', 'base', 'mem', 'team.lock'))).toBe(false);
    expect(await refs.updateRef('base', c2, c1)).toBe(true);
    expect(git(gitdir, ['rev-parse', 'refs/mem/base/mem/team'])).toBe(c2);
    expect(git(gitdir, ['for-each-ref', '--format=%(refname) %(objectname)', 'refs/mem/base/'])).toBe(
      `refs/mem/base/mem/team ${c2}`,
    );
  });

  it('refuses what is not a commit id, and reports a store git cannot use as a failed move', async () => {
    const { gitdir, c1 } = store();
    const refs = createTeamRefs({ gitdir, branch: 'mem/team', remote: 'origin' });
    await expect(refs.updateRef('base', 'HEAD', null)).rejects.toThrow(/refusing/);
    const missing = createTeamRefs({ gitdir: join(gitdir, 'nowhere'), branch: 'mem/team', remote: 'origin' });
    expect(await missing.updateRef('base', c1, null)).toBe(false);
  });
});
