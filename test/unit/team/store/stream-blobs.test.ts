/**
 * Blobs read as git answers (streamBlobs) are the blobs readBlobs reads, on a real store: every one
 * once, in the order asked, through pipe chunks that split headers and bodies, with missing and
 * repeated ids, and a git that fails is reported, not taken for an empty answer.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ensureTeamStore } from '../../../../src/core/git/team-store-location.js';
import { listTree, readBlobs, streamBlobs, writeCommit } from '../../../../src/team/store/git-objects.js';
import { cleanupTempDirs, cloneAs, makeBareRemote } from '../../../helpers/temp-repo.js';

afterAll(cleanupTempDirs);

/** A store with one commit of `count` entry files of varied sizes (one well over a pipe chunk). */
function storeWithEntries(count: number): { storeDir: string; oids: string[] } {
  const root = cloneAs(makeBareRemote(), 'alice');
  const storeDir = ensureTeamStore(root);
  const writes = Array.from({ length: count }, (_, i) => ({ path: `entries/a${i % 7}/m${i}.json`, content: `entry ${i}: ${'x'.repeat(i === 5 ? 200_000 : (i % 50) * 97)}\n` }));
  const commit = writeCommit(storeDir, { parent: null, writes, message: 'entries', author: { name: 'a', email: 'a@x' }, timestamp: 1 });
  return { storeDir, oids: [...listTree(storeDir, commit, ['entries']).values()].map((file) => file.oid) };
}

describe('streamBlobs', () => {
  it('gives every blob readBlobs gives, once each, in the order asked, as they arrive', async () => {
    const { storeDir, oids } = storeWithEntries(1_500);
    const missing = '0123456789abcdef0123456789abcdef01234567';
    const asked = [...oids.slice(0, 700), missing, ...oids.slice(700), oids[3] as string, 'not-an-oid'];
    const runs: string[][] = [];
    const streamed = await streamBlobs(storeDir, asked, (arrived) => runs.push(arrived.map(([oid]) => oid)));
    const read = readBlobs(storeDir, asked);

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
    await expect(streamBlobs('/nonexistent/store.git', ['0123456789abcdef0123456789abcdef01234567'], () => undefined)).rejects.toThrow(/cat-file/);
  });

  it('rejects with what the consumer threw, and gives it no more blobs', async () => {
    const { storeDir, oids } = storeWithEntries(400);
    let runs = 0;
    const failing = streamBlobs(storeDir, oids, () => {
      runs += 1;
      throw new Error('bad entry');
    });
    await expect(failing).rejects.toThrow('bad entry');
    expect(runs).toBe(1);
  });
});
