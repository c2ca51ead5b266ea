/**
 * The entries of a team commit as sync's base (readEntriesAt), on a real store: each bundle line's
 * entry file, a loose file of an older mem over its bundle line, loose-only entries, tombstones;
 * a line that is not an entry of its shard is no entry, and the order is the tree's path order.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { ensureTeamStore } from '../../../../src/core/git/team-store-location.js';
import { readEntriesAt } from '../../../../src/team/store/read-entries.js';
import { entryPath, shardOf, tombstonePath } from '../../../../src/team/store/team-record.js';
import { bundleOf, rawCommit, teamEntryTexts } from '../../../helpers/raw-team-commit.js';
import { cleanupTempDirs, cloneAs, makeBareRemote } from '../../../helpers/temp-repo.js';

afterAll(cleanupTempDirs);

const entry = (text: string) => `${JSON.stringify({ section: 'Conventions', text }, null, 2)}\n`;
/** Ids of one shard, and one of another. */
const SHARD = shardOf('m0');
const IDS = Array.from({ length: 4000 }, (_, i) => `m${i}`).filter((id) => shardOf(id) === SHARD);
const [A, B, C] = IDS as [string, string, string];
const OTHER = Array.from({ length: 400 }, (_, i) => `m${i}`).find((id) => shardOf(id) !== SHARD) as string;

describe('readEntriesAt', () => {
  it('reads bundle lines, loose files over them, loose-only entries and tombstones, in path order; a line in the wrong shard is no entry', async () => {
    const storeDir = ensureTeamStore(cloneAs(makeBareRemote(), 'alice'));
    const bundle = `${bundleOf({ [A]: entry('From the bundle.'), [B]: entry('Older text.') })}${JSON.stringify([OTHER, entry('Wrong shard.')])}\n`;
    const commit = rawCommit(storeDir, null, [
      { path: `entries/${SHARD}.jsonl`, content: bundle },
      { path: entryPath(B), content: entry('Newer, loose.') },
      { path: entryPath(C), content: entry('Loose only.') },
      { path: tombstonePath('mgone00001'), content: '' },
    ]);
    const read = await readEntriesAt(storeDir, commit);
    const texts = Object.fromEntries([...read.entries].map(([id, bytes]) => [id, bytes.toString('utf8')]));
    expect(texts).toEqual({ [A]: entry('From the bundle.'), [B]: entry('Newer, loose.'), [C]: entry('Loose only.') });
    expect(read.tombstones).toEqual(['mgone00001']);
    expect([...read.entries.keys()]).toEqual([A, B, C].sort((x, y) => (entryPath(x) < entryPath(y) ? -1 : 1)));
    // What git itself lists, read line by line, agrees (the wrong-shard line aside).
    const listed = teamEntryTexts(storeDir, commit);
    listed.delete(OTHER);
    expect(texts).toEqual(Object.fromEntries(listed));
  });

  it('rejects with GIT_FAILED when the commit is gone from the store', async () => {
    const storeDir = ensureTeamStore(cloneAs(makeBareRemote(), 'alice'));
    await expect(readEntriesAt(storeDir, '0'.repeat(40))).rejects.toThrow(/git cat-file/);
  });
});
