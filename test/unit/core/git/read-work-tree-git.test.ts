import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commitsAt, readWorkTreeGit } from '../../../../src/core/git/read-work-tree-git.js';
import { fileGitState } from '../../../../src/session/file-git-state.js';
import { cleanupTempDirs, git, makeRepo, makeTempDir, testEnv } from '../../../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

describe('readWorkTreeGit', () => {
  it('says which edited files a session committed, which it left changed, and which git sees unchanged', async () => {
    const repo = makeRepo();
    writeFileSync(join(repo, 'old.ts'), 'old\n');
    git(repo, ['add', 'old.ts']);
    git(
      repo,
      ['commit', '-q', '-m', 'before the session'],
      testEnv({ GIT_COMMITTER_DATE: '2020-01-01T00:00:00Z', GIT_AUTHOR_DATE: '2020-01-01T00:00:00Z' }),
    );
    const since = new Date(Date.now() - 60_000).toISOString();
    mkdirSync(join(repo, 'src'));
    writeFileSync(join(repo, 'src', 'greet.ts'), 'hello\n');
    writeFileSync(join(repo, 'src', 'with space.ts'), 'x\n');
    git(repo, ['add', 'src']);
    git(repo, ['commit', '-q', '-m', 'greet']);
    const committed = git(repo, ['rev-parse', '--short=7', 'HEAD']);
    writeFileSync(join(repo, 'src', 'with space.ts'), 'y\n');
    mkdirSync(join(repo, 'new'));
    writeFileSync(join(repo, 'new', 'farewell.ts'), 'bye\n');

    const seen = await readWorkTreeGit(repo, since);
    expect(seen).not.toBeNull();
    expect(seen!.branch).toBe('main');
    expect(seen!.tip).toBe(committed);
    expect(fileGitState('src/greet.ts', seen!)).toEqual({ kind: 'committed', commit: committed });
    expect(fileGitState('src/with space.ts', seen!)).toEqual({ kind: 'uncommitted' });
    expect(fileGitState('new/farewell.ts', seen!)).toEqual({ kind: 'uncommitted' });
    expect(fileGitState('old.ts', seen!)).toEqual({ kind: 'unchanged' });
  });

  it('counts only commits since the session started, and a clean tree as clean', async () => {
    const repo = makeRepo();
    const seen = await readWorkTreeGit(repo, new Date(Date.now() + 3_600_000).toISOString());
    expect(seen).toMatchObject({ uncommitted: [], commits: [] });
    expect(fileGitState('README.md', seen!)).toEqual({ kind: 'unchanged' });
  });

  it('reads a repository without commits and a detached HEAD, and returns null outside git', async () => {
    const empty = makeRepo({ commit: false });
    expect(await readWorkTreeGit(empty, new Date(0).toISOString())).toMatchObject({
      branch: 'main',
      tip: null,
      commits: [],
    });
    const repo = makeRepo();
    git(repo, ['checkout', '-q', '--detach']);
    expect(await readWorkTreeGit(repo, new Date(0).toISOString())).toMatchObject({ branch: null });
    expect(await readWorkTreeGit(makeTempDir(), new Date(0).toISOString())).toBeNull();
  });

  it('lists the commits again once HEAD moves, and takes the earlier list while it has not', async () => {
    const repo = makeRepo();
    const since = new Date(Date.now() - 60_000).toISOString();
    const first = await readWorkTreeGit(repo, since);
    const listed = commitsAt(first!, since)!;
    expect(listed.head).toBe(git(repo, ['rev-parse', 'HEAD']));
    // A list that git would not give is kept while HEAD stays: proof that no second git process ran.
    const planted = { ...listed, commits: [{ commit: 'abc1234', paths: ['planted.ts'] }] };
    expect((await readWorkTreeGit(repo, since, planted))!.commits).toEqual(planted.commits);
    // Another start time is another list.
    const later = new Date(Date.now() + 3_600_000).toISOString();
    expect((await readWorkTreeGit(repo, later, planted))!.commits).toEqual([]);
    writeFileSync(join(repo, 'src.ts'), 'x\n');
    git(repo, ['add', 'src.ts']);
    git(repo, ['commit', '-q', '-m', 'src']);
    const moved = await readWorkTreeGit(repo, since, planted);
    expect(moved!.commits.map((commit) => commit.paths)).toContainEqual(['src.ts']);
    expect(moved!.commits.some((commit) => commit.commit === 'abc1234')).toBe(false);
    expect(commitsAt(moved!, since)!.head).toBe(git(repo, ['rev-parse', 'HEAD']));
  });

  it('ties no list to a repository without commits', async () => {
    const empty = makeRepo({ commit: false });
    const seen = await readWorkTreeGit(empty, new Date(0).toISOString());
    expect(commitsAt(seen!, new Date(0).toISOString())).toBeNull();
  });
});
