/**
 * What the team changed since the base, from one `git log`, or from the sync's open cat-file
 * (commit-walk.ts): the same answers as the three processes they replace (merge-base
 * --is-ancestor, diff-tree, log --name-only), on real stores.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { attributeChanges, diffTrees, isAncestor, writeCommit, type FileWrite } from '../../../../src/team/store/git-objects.js';
import { MAX_WALKED_COMMITS, walkNewCommits } from '../../../../src/team/store/commit-walk.js';
import { openObjectReader, type ObjectReader } from '../../../../src/team/store/object-reader.js';
import { startTeamHistory } from '../../../../src/team/store/team-history.js';
import { ENTRY_DIR, TOMBSTONE_DIR, blobOid } from '../../../../src/team/store/team-record.js';
import { rawCommit } from '../../../helpers/raw-team-commit.js';
import { cleanupTempDirs, git, makeTempDir } from '../../../helpers/temp-repo.js';

const readers: ObjectReader[] = [];
afterEach(() => {
  for (const reader of readers.splice(0)) reader.close();
  cleanupTempDirs();
});

function readerOf(dir: string): ObjectReader {
  const reader = openObjectReader(dir);
  readers.push(reader);
  return reader;
}

const DIRS = [ENTRY_DIR, TOMBSTONE_DIR];
const PATHS = ['entries/76/ma1.json', 'entries/c4/ma2.json', 'entries/ba/mb1.json', 'tombstones/aa/ma2', 'README.md'];
const AUTHORS = ['alice', 'bob', 'carol'];

function store(): string {
  const dir = makeTempDir('mem-history-');
  git(dir, ['init', '-q', '--bare']);
  return dir;
}

let clock = 1_700_000_000;
function commit(dir: string, parent: string | null, writes: FileWrite[], author = 'alice'): string {
  clock += 60;
  return writeCommit(dir, { parent, writes, message: 'mem: change', author: { name: author, email: `${author}@example.com` }, timestamp: clock });
}

/** What the three processes say, what the one log says, and what the open cat-file says. */
async function bothWays(dir: string, base: string, theirs: string) {
  const related = isAncestor(dir, base, theirs);
  const three = { related, changes: related ? diffTrees(dir, base, theirs, DIRS) : null, byPath: related ? attributeChanges(dir, theirs, base, [ENTRY_DIR]).byPath : null };
  const answers = async (history: ReturnType<typeof startTeamHistory>) => ({ related: await history.related, changes: related ? await history.changes : null, byPath: related ? (await history.attribution).byPath : null });
  const one = await answers(startTeamHistory(dir, base, theirs, DIRS, [ENTRY_DIR]));
  const walked = await answers(startTeamHistory(dir, base, theirs, DIRS, [ENTRY_DIR], readerOf(dir)));
  return { three, one, walked };
}

describe('team history from one log', () => {
  it('gives what the three processes give for random lines of commits: adds, edits, deletions, reverts, tombstones, other files', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.record({ path: fc.constantFrom(...PATHS), content: fc.option(fc.constantFrom('one\n', 'two\n', 'three\n'), { nil: null }) }), { minLength: 1, maxLength: 3 }), { minLength: 2, maxLength: 8 }),
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        fc.nat(),
        async (commits, byOlderMem, pick) => {
          const dir = store();
          let tip: string | null = null;
          const tips: string[] = [];
          // The files each commit holds (the model the answers are checked against): mem folds every
          // entry into bundles; an older mem writes loose files only, which show over the bundle's.
          const states: Array<Map<string, string>> = [];
          let bundled = new Map<string, string>();
          let loose = new Map<string, string>();
          for (const [index, writes] of commits.entries()) {
            const entry = (path: string) => path.startsWith('entries/');
            if (byOlderMem[index] === true) {
              for (const write of writes) {
                const into = entry(write.path) ? loose : bundled;
                if (write.content === null) into.delete(write.path);
                else into.set(write.path, write.content);
              }
            } else {
              const state = new Map([...bundled, ...loose]);
              for (const write of writes) {
                if (write.content === null) state.delete(write.path);
                else state.set(write.path, write.content);
              }
              bundled = state;
              loose = new Map();
            }
            states.push(new Map([...bundled, ...loose]));
            // Note: some commits as an older mem writes them (loose files, no bundles): a shard then has both.
            clock += 60;
            tip = byOlderMem[index] === true ? rawCommit(dir, tip, writes, { author: AUTHORS[index % AUTHORS.length] as string, timestamp: clock }) : commit(dir, tip, writes, AUTHORS[index % AUTHORS.length]);
            tips.push(tip);
          }
          const baseIndex = pick % (tips.length - 1);
          const base = tips[baseIndex] as string;
          const { three, one, walked } = await bothWays(dir, base, tip as string);
          const before = states[baseIndex] as Map<string, string>;
          const after = states.at(-1) as Map<string, string>;
          const expected = [...new Set([...before.keys(), ...after.keys()])]
            .filter((path) => path !== 'README.md' && before.get(path) !== after.get(path))
            .sort()
            .map((path) => [path, before.has(path) ? blobOid(before.get(path) as string) : null, after.has(path) ? blobOid(after.get(path) as string) : null]);
          expect(three.changes?.map((change) => [change.path, change.oldOid, change.newOid])).toEqual(expected);
          expect(one).toEqual(three);
          expect(walked).toEqual(three);
          // Note: a line this short is the walk's own answer, not the log's it falls back to.
          expect(await walkNewCommits(readerOf(dir), base, tip as string, DIRS)).not.toBeNull();
        },
      ),
      { numRuns: 25 },
    );
  });

  it('says the base is not an ancestor of a rewritten ref, and then lists the changes as diff-tree does', async () => {
    const dir = store();
    const base = commit(dir, null, [{ path: 'entries/76/ma1.json', content: 'one\n' }]);
    const rewritten = commit(dir, null, [{ path: 'entries/76/ma1.json', content: 'two\n' }, { path: 'entries/ba/mb1.json', content: 'one\n' }], 'bob');
    for (const reader of [undefined, readerOf(dir)]) {
      const history = startTeamHistory(dir, base, rewritten, DIRS, [ENTRY_DIR], reader);
      expect(await history.related).toBe(false);
      expect(await history.changes).toEqual(diffTrees(dir, base, rewritten, DIRS));
    }
  });

  it('leaves a merge commit to the three processes, with the same answers', async () => {
    const dir = store();
    const base = commit(dir, null, [{ path: 'entries/76/ma1.json', content: 'one\n' }]);
    const left = commit(dir, base, [{ path: 'entries/c4/ma2.json', content: 'one\n' }], 'bob');
    const right = commit(dir, base, [{ path: 'entries/ba/mb1.json', content: 'one\n' }], 'carol');
    const tree = git(dir, ['rev-parse', `${right}^{tree}`]).trim();
    const merge = git(dir, ['commit-tree', tree, '-p', left, '-p', right, '-m', 'merge']).trim();
    const { three, one, walked } = await bothWays(dir, base, merge);
    expect(one).toEqual(three);
    expect(walked).toEqual(three);
    expect(one.related).toBe(true);
    expect(await walkNewCommits(readerOf(dir), base, merge, DIRS)).toBeNull();
  });

  it('names the newest commit that changed each entry, and every new commit as an author', async () => {
    const dir = store();
    const base = commit(dir, null, [{ path: 'README.md', content: 'team memory\n' }]);
    const first = commit(dir, base, [{ path: 'entries/76/ma1.json', content: 'one\n' }], 'bob');
    const second = commit(dir, first, [{ path: 'entries/76/ma1.json', content: 'two\n' }, { path: 'README.md', content: 'x\n' }], 'carol');
    const history = startTeamHistory(dir, base, second, DIRS, [ENTRY_DIR]);
    const attribution = await history.attribution;
    expect(attribution.byPath.get('entries/76/ma1.json')).toMatchObject({ commit: second, author: { name: 'carol' } });
    expect([...attribution.authors.keys()].sort()).toEqual([first, second].sort());
    expect(await history.changes).toEqual(diffTrees(dir, base, second, DIRS));
  });

  it('walks a line of new commits with the open cat-file: who, when, what; a longer line or a missing commit is left to the log', async () => {
    const dir = store();
    const reader = readerOf(dir);
    const base = commit(dir, null, [{ path: 'README.md', content: 'team memory\n' }]);
    // Note: a store written after the reader started (git finds the new packs when it misses).
    const first = commit(dir, base, [{ path: 'entries/76/ma1.json', content: 'one\n' }, { path: 'tombstones/aa/ma2', content: '' }], 'bob');
    const second = commit(dir, first, [{ path: 'entries/76/ma1.json', content: null }, { path: 'entries/ba/mb1.json', content: 'one\n' }], 'carol');
    const walked = await walkNewCommits(reader, base, second, DIRS);
    expect(walked?.map((entry) => [entry.commit, entry.author.name, entry.author.email, Date.parse(entry.author.at) / 1000])).toEqual([
      [second, 'carol', 'carol@example.com', clock],
      [first, 'bob', 'bob@example.com', clock - 60],
    ]);
    const paths = (index: number) => walked?.[index]?.changes.map((change) => [change.path, change.oldOid === null, change.newOid === null]).sort();
    // Note: as git log --raw lists them: a shard's bundle (sync reads the entries in them: team-history.ts).
    expect(paths(0)).toEqual([['entries/76.jsonl', false, true], ['entries/ba.jsonl', true, false]]);
    expect(paths(1)).toEqual([['entries/76.jsonl', true, false], ['tombstones/aa/ma2', true, false]]);

    let tip = second;
    for (let index = 0; index < MAX_WALKED_COMMITS; index += 1) tip = commit(dir, tip, [{ path: 'entries/76/ma1.json', content: `${index}\n` }]);
    expect(await walkNewCommits(reader, base, tip, DIRS)).toBeNull();
    expect(await walkNewCommits(reader, base, 'f'.repeat(40), DIRS)).toBeNull();
    // The reader is still good after the missing commit, and the log answers the long line the same.
    const { three, walked: long } = await bothWays(dir, base, tip);
    expect(long).toEqual(three);
  });
});
