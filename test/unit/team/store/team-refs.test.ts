/**
 * The team store's refs on a real bare repository: a ref moves only from the value the caller
 * expects (git's compare-and-swap), is created only when absent, and reads back at once.
 */
import { afterAll, describe, expect, it } from 'vitest';
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

  it('refuses what is not a commit id, and reports a store git cannot use as a failed move', async () => {
    const { gitdir, c1 } = store();
    const refs = createTeamRefs({ gitdir, branch: 'mem/team', remote: 'origin' });
    await expect(refs.updateRef('base', 'HEAD', null)).rejects.toThrow(/refusing/);
    const missing = createTeamRefs({ gitdir: join(gitdir, 'nowhere'), branch: 'mem/team', remote: 'origin' });
    expect(await missing.updateRef('base', c1, null)).toBe(false);
  });
});
