/**
 * The store's trees read through cat-file (tree-walk.ts) list what `git ls-tree -r` lists and
 * differ where `git diff-tree -r` says they differ, in git's order, for any two commits: nested
 * directories, a name that is a file on one side and a directory on the other, names that sort
 * around `/`, mode changes and deletions. A tree gone from the store is an error the damaged-store
 * check knows, never an empty directory.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { compareTrees, walkTree } from '../../../../src/team/store/tree-walk.js';
import { storeDamage } from '../../../../src/team/store/damaged-store.js';
import { cleanupTempDirs, git, makeTempDir, testEnv } from '../../../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

const PATHS = ['a', 'a/b', 'a/c/d', 'a-b', 'a.b', 'd/e/f', 'd/e/g', 'd/h', 'x.md', 'tombstones/aa/m1'];
const MODES = ['100644', '100755', '120000'];
type Write = { path: string; content: string | null; mode: string };
const write = fc.record({
  path: fc.constantFrom(...PATHS),
  content: fc.option(fc.constantFrom('one', 'two', 'three'), { nil: null, freq: 4 }),
  mode: fc.constantFrom(...MODES),
});
const writes = fc.array(write, { maxLength: 8 });
const pathspecs = fc.uniqueArray(fc.constantFrom('a', 'd', 'd/e', 'x.md', 'tombstones', 'a-b'), {
  minLength: 1,
  maxLength: 3,
});

/** A commit on `parent` (null: a root) with exactly `batch` applied, by git fast-import (a file written where a directory was replaces it, and the other way round). */
function commit(gitDir: string, parent: string | null, batch: readonly Write[]): string {
  const data = (value: string) => `data ${Buffer.byteLength(value)}\n${value}\n`;
  let stream = `commit refs/tree-walk\nmark :1\ncommitter t <t@example.com> 1700000000 +0000\n${data('c\n')}`;
  stream += parent === null ? 'from 0000000000000000000000000000000000000000\n' : `from ${parent}\n`;
  for (const item of batch)
    stream += item.content === null ? `D ${item.path}\n` : `M ${item.mode} inline ${item.path}\n${data(item.content)}`;
  stream += 'get-mark :1\ndone\n';
  return execFileSync('git', ['--git-dir', gitDir, 'fast-import', '--quiet', '--done', '--force'], {
    input: stream,
    env: testEnv(),
  })
    .toString('utf8')
    .trim();
}

function lsTree(gitDir: string, oid: string, paths: readonly string[]) {
  return git(gitDir, ['ls-tree', '-r', '-z', '--full-tree', oid, '--', ...paths])
    .split('\0')
    .filter((record) => record !== '')
    .map((record) => {
      const [meta, path] = record.split('\t') as [string, string];
      const [mode, type, fileOid] = meta.split(' ') as [string, string, string];
      return { path, oid: fileOid, mode, type };
    });
}

function diffTree(gitDir: string, from: string, to: string, paths: readonly string[]) {
  const parts = git(gitDir, [
    'diff-tree',
    '-r',
    '-z',
    '--no-renames',
    '--no-commit-id',
    from,
    to,
    '--',
    ...paths,
  ]).split('\0');
  const zero = (value: string) => (/^0+$/.test(value) ? null : value);
  const changes = [];
  for (let index = 0; index + 1 < parts.length; index += 2) {
    const [, newMode, oldOid, newOid] = (parts[index] as string).slice(1).split(' ') as [
      string,
      string,
      string,
      string,
    ];
    changes.push({
      path: parts[index + 1] as string,
      oldOid: zero(oldOid),
      newOid: zero(newOid),
      newMode: zero(newMode),
    });
  }
  return changes;
}

describe('trees read through cat-file', () => {
  it('list and compare as git ls-tree -r and diff-tree -r do, for any two commits (law)', async () => {
    const gitDir = makeTempDir('mem-tree-walk-');
    git(gitDir, ['init', '-q', '--bare']);
    await fc.assert(
      fc.asyncProperty(writes, writes, pathspecs, async (first, second, paths) => {
        const from = commit(gitDir, null, [{ path: 'README.md', content: 'r', mode: '100644' }, ...first]);
        const to = commit(gitDir, from, second);
        expect(await walkTree(gitDir, to, paths)).toEqual(lsTree(gitDir, to, paths));
        expect(await compareTrees(gitDir, from, to, paths)).toEqual(diffTree(gitDir, from, to, paths));
        expect(await compareTrees(gitDir, to, from, paths)).toEqual(diffTree(gitDir, to, from, paths));
      }),
      { numRuns: 40 },
    );
  }, 240_000);

  it('puts a file that replaced a directory where git does: `a`, then `a-b`, then what was under `a/`', async () => {
    const gitDir = makeTempDir('mem-tree-walk-');
    git(gitDir, ['init', '-q', '--bare']);
    const one = { content: 'one', mode: '100644' } as const;
    const from = commit(gitDir, null, [
      { path: 'README.md', content: 'r', mode: '100644' },
      { path: 'a/c/d', ...one },
    ]);
    const to = commit(gitDir, from, [
      { path: 'a', ...one },
      { path: 'a-b', ...one },
    ]);
    for (const [x, y] of [
      [from, to],
      [to, from],
    ] as const)
      expect(await compareTrees(gitDir, x, y, ['a', 'a-b'])).toEqual(diffTree(gitDir, x, y, ['a', 'a-b']));
  });

  it('reports a tree gone from the store as damage, not as an empty directory', async () => {
    const gitDir = makeTempDir('mem-tree-walk-');
    git(gitDir, ['init', '-q', '--bare']);
    const head = commit(gitDir, null, [{ path: 'd/e/f', content: 'one', mode: '100644' }]);
    const subtree = git(gitDir, ['rev-parse', `${head}:d/e`]);
    rmSync(join(gitDir, 'objects', subtree.slice(0, 2), subtree.slice(2)));
    const failure = await walkTree(gitDir, head, ['d']).then(
      () => null,
      (error: unknown) => error,
    );
    expect(storeDamage(failure)).toContain(subtree);
    const changed = await compareTrees(gitDir, head, head, ['d']);
    expect(changed).toEqual([]);
  });
});
