/**
 * Blobs read as git answers (streamBlobs) are the blobs readBlobs reads, on a real store: every one
 * once, in the order asked, through pipe chunks that split headers and bodies, with missing and
 * repeated ids, and a git that fails is reported, not taken for an empty answer.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ensureTeamStore } from '../../../../src/core/git/team-store-location.js';
import { listTree, readBlobs, readBlobsAndTrees, streamBlobs } from '../../../../src/team/store/git-objects.js';
import { execFileSync } from 'node:child_process';
import { rawCommit } from '../../../helpers/raw-team-commit.js';
import { cleanupTempDirs, cloneAs, makeBareRemote, testEnv } from '../../../helpers/temp-repo.js';

afterAll(cleanupTempDirs);

/** Runs git in the store with `input` on stdin; its trimmed output. */
function gitIn(storeDir: string, args: string[], input = ''): string {
  const env = {
    ...testEnv(),
    GIT_AUTHOR_NAME: 'c',
    GIT_AUTHOR_EMAIL: 'c@x',
    GIT_COMMITTER_NAME: 'c',
    GIT_COMMITTER_EMAIL: 'c@x',
  };
  return execFileSync('git', ['--git-dir', storeDir, ...args], { input, env, encoding: 'utf8' }).trim();
}

/** A store with one commit of `count` entry files of varied sizes (one well over a pipe chunk). */
async function storeWithEntries(count: number): Promise<{ storeDir: string; oids: string[] }> {
  const root = cloneAs(makeBareRemote(), 'alice');
  const storeDir = ensureTeamStore(root);
  const writes = Array.from({ length: count }, (_, i) => ({
    path: `entries/a${i % 7}/m${i}.json`,
    content: `entry ${i}: ${'x'.repeat(i === 5 ? 200_000 : (i % 50) * 97)}\n`,
  }));
  // Note: files as an older mem wrote them, so the blobs are git's to read (a bundle's entries are read with the bundle).
  const commit = rawCommit(storeDir, null, writes);
  return { storeDir, oids: [...(await listTree(storeDir, commit, ['entries'])).values()].map((file) => file.oid) };
}

describe('readBlobsAndTrees with files', () => {
  it('gives the blob ids ls-tree lists for the paths asked, and nothing for a path that is absent or a directory', async () => {
    const root = cloneAs(makeBareRemote(), 'bob');
    const storeDir = ensureTeamStore(root);
    const writes = [
      { path: 'entries/a1/m1.json', content: 'one\n' },
      { path: 'entries/a2/m2.json', content: 'two\n' },
      { path: 'entries/a3/m3.json/inner', content: 'a directory where a file was expected\n' },
    ];
    const commit = rawCommit(storeDir, null, writes);
    const paths = ['entries/a4/m4.json', 'entries/a2/m2.json', 'entries/a3/m3.json', 'entries/a1/m1.json'];
    const listed = await listTree(storeDir, commit, paths);
    const read = await readBlobsAndTrees(storeDir, [], commit, ['', 'entries/a1'], { commit, paths });
    // As ls-tree lists them: found ones only, in its order (ls-tree -r also lists what is under the directory).
    expect([...read.files]).toEqual(
      [...listed.values()].filter((file) => paths.includes(file.path)).map((file) => [file.path, file.oid]),
    );
    expect(read.files.size).toBe(2);
    // The trees asked for come in the same read.
    expect(read.trees.get('entries/a1')?.map((entry) => entry.name)).toEqual(['m1.json']);
  });

  it('says the store is damaged when a tree a commit names is gone, rather than reading it as no directory', async () => {
    const root = cloneAs(makeBareRemote(), 'carol');
    const storeDir = ensureTeamStore(root);
    const gone = '0123456789abcdef0123456789abcdef01234567';
    // A root that lists a subtree the store does not have, and a commit of it.
    const tree = gitIn(
      storeDir,
      ['mktree', '--missing'],
      `100644 blob ${gitIn(storeDir, ['hash-object', '-w', '--stdin'], 'readme\n')}\tREADME.md\n040000 tree ${gone}\tentries\n`,
    );
    const commit = gitIn(storeDir, ['commit-tree', tree, '-m', 'damaged']);
    await expect(readBlobsAndTrees(storeDir, [], commit, ['', 'entries', 'entries/ab'])).rejects.toThrow(
      /missing tree .*:entries/,
    );
    await expect(readBlobsAndTrees(storeDir, [], null, [], { commit, paths: ['entries/ab/m1.json'] })).rejects.toThrow(
      /missing tree/,
    );
    // A directory the root does not list is just not there.
    expect(
      (await readBlobsAndTrees(storeDir, [], commit, ['', 'tombstones', 'tombstones/ab'])).trees.get('tombstones'),
    ).toBeNull();
    // A commit whose root tree is gone.
    const orphan = gitIn(
      storeDir,
      ['hash-object', '-t', 'commit', '-w', '--stdin', '--literally'],
      `tree ${gone}\nauthor c <c@x> 1 +0000\ncommitter c <c@x> 1 +0000\n\nroot gone\n`,
    );
    await expect(readBlobsAndTrees(storeDir, [], orphan, [''])).rejects.toThrow(/missing tree of/);
  });
});

describe('streamBlobs', () => {
  it('gives every blob readBlobs gives, once each, in the order asked, as they arrive', async () => {
    const { storeDir, oids } = await storeWithEntries(1_500);
    const missing = '0123456789abcdef0123456789abcdef01234567';
    const asked = [...oids.slice(0, 700), missing, ...oids.slice(700), oids[3] as string, 'not-an-oid'];
    const runs: string[][] = [];
    const streamed = await streamBlobs(storeDir, asked, (arrived) => runs.push(arrived.map(([oid]) => oid)));
    const read = await readBlobs(storeDir, asked);

    expect([...streamed.keys()]).toEqual([...read.keys()]);
    for (const [oid, bytes] of read) expect(streamed.get(oid)?.equals(bytes), oid).toBe(true);
    expect(runs.flat()).toEqual(oids);
    // The answer came in several runs: the consumer had work while git still read.
    expect(runs.length).toBeGreaterThan(1);
  });

  it('asks git for nothing when there is nothing to read', async () => {
    const calls: number[] = [];
    const blobs = await streamBlobs('/nonexistent/store.git', ['nope'], (arrived) => calls.push(arrived.length));
    expect(blobs.size).toBe(0);
    expect(calls).toEqual([]);
  });

  it('rejects when git cannot read the store', async () => {
    await expect(
      streamBlobs('/nonexistent/store.git', ['0123456789abcdef0123456789abcdef01234567'], () => undefined),
    ).rejects.toThrow(/cat-file/);
  });

  it('rejects with what the consumer threw, and gives it no more blobs', async () => {
    const { storeDir, oids } = await storeWithEntries(400);
    let runs = 0;
    const failing = streamBlobs(storeDir, oids, () => {
      runs += 1;
      throw new Error('bad entry');
    });
    await expect(failing).rejects.toThrow('bad entry');
    expect(runs).toBe(1);
  });
});
