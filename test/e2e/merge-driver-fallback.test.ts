/**
 * The git merge driver on what its entry-aware merge is not for: a file that is not UTF-8 and a file
 * past its size merge as git's own line merge would (bytes as they are, conflicts reported), and a
 * FIFO or a device as input is refused instead of read for ever.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gitattributesLine, mergeDriverConfig } from '../../src/team/merge/merge-driver-setup.js';
import { cleanupTempDirs, git, makeRepo, makeTempDir, MEM_BIN, runMem, testEnv } from '../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

/** A repository whose CLAUDE.md merges through the built driver, with `base` committed on main. */
function repoWith(base: Buffer): string {
  const repo = makeRepo();
  for (const [key, value] of Object.entries(mergeDriverConfig(`"${process.execPath}" "${MEM_BIN}"`)))
    git(repo, ['config', key, value]);
  writeFileSync(join(repo, '.gitattributes'), `${gitattributesLine('CLAUDE.md')}\n`);
  writeFileSync(join(repo, 'CLAUDE.md'), base);
  git(repo, ['add', '.']);
  git(repo, ['commit', '-q', '-m', 'base']);
  return repo;
}

function commitOn(repo: string, branch: string, bytes: Buffer): void {
  git(repo, ['checkout', '-q', '-B', branch, 'main']);
  writeFileSync(join(repo, 'CLAUDE.md'), bytes);
  git(repo, ['commit', '-q', '-am', branch]);
}

/** What `git merge-file` makes of the three versions, and its exit code. */
function gitLineMerge(base: Buffer, ours: Buffer, theirs: Buffer): { bytes: Buffer; status: number } {
  const dir = makeTempDir();
  const [b, o, t] = ['base', 'ours', 'theirs'].map((name) => join(dir, name));
  writeFileSync(b!, base);
  writeFileSync(o!, ours);
  writeFileSync(t!, theirs);
  const run = spawnSync('git', ['merge-file', '-L', 'ours', '-L', 'base', '-L', 'theirs', o!, b!, t!], {
    env: testEnv(),
  });
  return { bytes: readFileSync(o!), status: run.status ?? -1 };
}

function merge(repo: string, from: string): number {
  return spawnSync('git', ['merge', '-q', '--no-edit', from], { cwd: repo, env: testEnv() }).status ?? -1;
}

const lines = (list: string[]): Buffer => Buffer.from(`${list.join('\n')}\n`, 'latin1');

describe('mem merge-driver falls back to git merge-file', () => {
  it('never rewrites the bytes of a file that is not UTF-8 (a Latin-1 CLAUDE.md)', () => {
    const base = [
      '# Caf\xe9 rules',
      '',
      '- Use the na\xefve parser for the r\xe9sum\xe9 import.',
      '- Run make test.',
      '',
      '## Deploy',
      '',
      '- Deploy with make ship.',
    ];
    const ours = [...base];
    ours[3] = '- Run make test before pushing.';
    const theirs = [...base];
    theirs[7] = '- Deploy with make ship (\xe9t\xe9 schedule).';
    const repo = repoWith(lines(base));
    commitOn(repo, 'theirs', lines(theirs));
    commitOn(repo, 'ours', lines(ours));
    expect(merge(repo, 'theirs')).toBe(0);
    const expected = gitLineMerge(lines(base), lines(ours), lines(theirs));
    expect(expected.status).toBe(0);
    expect(readFileSync(join(repo, 'CLAUDE.md')).equals(expected.bytes)).toBe(true);
    expect(readFileSync(join(repo, 'CLAUDE.md')).includes(Buffer.from('\xe9t\xe9', 'latin1'))).toBe(true);
  });

  it('reports the conflicts git finds in such a file', () => {
    const base = ['- Caf\xe9 rule one.', '- Rule two.'];
    const repo = repoWith(lines(base));
    commitOn(repo, 'theirs', lines(['- Caf\xe9 rule one.', '- Rule two, theirs.']));
    commitOn(repo, 'ours', lines(['- Caf\xe9 rule one.', '- Rule two, ours.']));
    expect(merge(repo, 'theirs')).not.toBe(0);
    expect(git(repo, ['diff', '--name-only', '--diff-filter=U'])).toBe('CLAUDE.md');
    expect(readFileSync(join(repo, 'CLAUDE.md'), 'latin1')).toContain('- Caf\xe9 rule one.\n<<<<<<< ours\n');
  });

  it('merges a file past its size line by line, as git does', () => {
    const base = Array.from({ length: 6_000 }, (_, k) =>
      k % 50 === 0 ? `## Section ${k / 50}` : `- Rule ${k}: run make target-${k} first.`,
    );
    // Both add a rule at the same spot: the entry-aware merge keeps both, git's line merge asks.
    const ours = [...base.slice(0, 3_000), '- Ours: use pnpm.', ...base.slice(3_000)];
    const theirs = [...base.slice(0, 3_000), '- Theirs: use the cache.', ...base.slice(3_000)];
    const repo = repoWith(lines(base));
    commitOn(repo, 'theirs', lines(theirs));
    commitOn(repo, 'ours', lines(ours));
    expect(merge(repo, 'theirs')).not.toBe(0);
    const expected = gitLineMerge(lines(base), lines(ours), lines(theirs));
    expect(expected.status).toBe(1);
    expect(readFileSync(join(repo, 'CLAUDE.md')).equals(expected.bytes)).toBe(true);
  });

  it('refuses a device or a FIFO as input and leaves ours as it was', () => {
    const dir = makeTempDir();
    const ours = join(dir, 'ours.md');
    const theirs = join(dir, 'theirs.md');
    writeFileSync(ours, '- Ours.\n');
    writeFileSync(theirs, '- Theirs.\n');
    const zero = runMem(['merge-driver', '/dev/zero', ours, theirs], { cwd: dir, timeoutMs: 30_000 });
    expect(zero.status).toBe(2);
    expect(zero.stderr).toContain('base is not a regular file');
    const fifo = join(dir, 'base.fifo');
    execFileSync('mkfifo', [fifo]);
    const fromFifo = runMem(['merge-driver', fifo, ours, theirs], { cwd: dir, timeoutMs: 30_000 });
    expect(fromFifo.status).toBe(2);
    expect(readFileSync(ours, 'utf8')).toBe('- Ours.\n');
  });
});
