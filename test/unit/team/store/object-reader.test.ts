/**
 * The sync's open cat-file (object-reader.ts) on real stores: answers in the order asked, however
 * the questions overlap; a store it cannot read is a GIT_FAILED rejection, and the lazy reader
 * starts a new git once the store is there; an idle reader never keeps Node from exiting.
 */
import { spawnSync } from 'node:child_process';
import { buildSync } from 'esbuild';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeCommit } from '../../../../src/team/store/git-objects.js';
import { lazyObjectReader, openObjectReader, type ObjectReader } from '../../../../src/team/store/object-reader.js';
import { rawCommit } from '../../../helpers/raw-team-commit.js';
import { cleanupTempDirs, git, makeTempDir } from '../../../helpers/temp-repo.js';

const readers: ObjectReader[] = [];
afterEach(() => {
  for (const reader of readers.splice(0)) reader.close();
  cleanupTempDirs();
});

function store(): string {
  const dir = makeTempDir('mem-objects-');
  git(dir, ['init', '-q', '--bare']);
  return dir;
}

const author = { name: 'alice', email: 'alice@example.com' };

describe('the open cat-file', () => {
  it('answers overlapping rounds each in the order asked: blobs, trees by path, and what is missing', async () => {
    const dir = store();
    const commit = rawCommit(dir, null, [{ path: 'entries/76/ma1.json', content: 'one\n' }, { path: 'entries/ba/mb1.json', content: 'two\n' }]);
    const one = git(dir, ['rev-parse', `${commit}:entries/76/ma1.json`]).trim();
    const reader = openObjectReader(dir);
    readers.push(reader);
    const [first, second, third] = await Promise.all([reader.read([one, `${commit}:entries/ba`]), reader.read(['0'.repeat(40)]), reader.read([`${commit}:entries/ba/mb1.json`, `${commit}:nowhere`, commit])]);
    const treeSize = Number(git(dir, ['cat-file', '-s', `${commit}:entries/ba`]).trim());
    expect(first.map((object) => [object?.type, object?.body.length])).toEqual([['blob', 4], ['tree', treeSize]]);
    expect(first[0]?.body.toString('utf8')).toBe('one\n');
    expect(second).toEqual([null]);
    expect(third.map((object) => object?.type ?? null)).toEqual(['blob', null, 'commit']);
    expect(third[0]?.body.toString('utf8')).toBe('two\n');
  });

  it('rejects with GIT_FAILED where there is no store, and the lazy reader starts again once there is one', async () => {
    const dir = join(makeTempDir('mem-objects-'), 'store.git');
    const lazy = lazyObjectReader(dir);
    await expect(lazy.get().read(['HEAD'])).rejects.toMatchObject({ code: 'GIT_FAILED' });
    git(join(dir, '..'), ['init', '-q', '--bare', dir]);
    const commit = writeCommit(dir, { parent: null, writes: [{ path: 'README.md', content: 'x\n' }], message: 'm', author, timestamp: 1_700_000_000 });
    const [object] = await lazy.get().read([commit]);
    expect(object?.type).toBe('commit');
    lazy.close();
    await expect(lazy.get().read([commit])).resolves.toHaveLength(1);
    lazy.close();
  });

  it('lets Node exit while git waits for a question that never comes', () => {
    const dir = store();
    // Note: the module as Node runs it, built here (the test runner's transform is not Node's).
    const module = join(makeTempDir('mem-objects-build-'), 'object-reader.mjs');
    buildSync({ entryPoints: [join(process.cwd(), 'src', 'team', 'store', 'object-reader.ts')], bundle: true, format: 'esm', platform: 'node', outfile: module, logLevel: 'silent' });
    const script = `import { openObjectReader } from ${JSON.stringify(module)}; const reader = openObjectReader(${JSON.stringify(dir)}); await reader.read(['HEAD']); console.log('asked');`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
    expect(run.error).toBeUndefined();
    expect(run.stdout.trim()).toBe('asked');
    expect(run.status).toBe(0);
  });
});
