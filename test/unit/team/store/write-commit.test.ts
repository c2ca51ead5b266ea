/**
 * A sync's commit (writeCommit, by `git fast-import` from the writes and the parent's bundles) is
 * the commit git writes for the same tree, byte for byte (the same ids), for any line of writes,
 * in a pack git reads, verifies and can push. Entry files go into their shard's bundle
 * (entry-bundle.ts), and read back as the files written.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  directoriesOf,
  listTree,
  readBlobs,
  readBlobsAndTrees,
  writeCommit,
  type CommitSpec,
} from '../../../../src/team/store/git-objects.js';
import { entryPath, shardOf } from '../../../../src/team/store/team-record.js';
import { bundleOf, rawCommit, type RawWrite } from '../../../helpers/raw-team-commit.js';
import { cleanupTempDirs, git, makeTempDir } from '../../../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

function store(): string {
  const dir = makeTempDir('mem-write-commit-');
  git(dir, ['init', '-q', '--bare']);
  return dir;
}

/** Ids of two shards, two of them in one shard. */
const IDS = ['ma1', 'ma2', 'mb1', 'mz', 'mx', 'my'];
const PATHS = [...IDS.map(entryPath), 'tombstones/aa/ma2', 'tombstones/b-/x', 'README.md', 'entries.md'];
const content = fc.option(fc.stringMatching(/^[ -~é✓\n"\\]{0,40}$/), { nil: null, freq: 4 });
const writes = fc.uniqueArray(fc.record({ path: fc.constantFrom(...PATHS), content }), {
  selector: (write) => write.path,
  minLength: 1,
  maxLength: 6,
});

/** The files a line of writes leaves (the model). */
function apply(model: Map<string, string>, batch: readonly RawWrite[]): void {
  for (const write of batch) {
    if (write.content === null) model.delete(write.path);
    else model.set(write.path, write.content);
  }
}

/** What git itself writes for the model's tree: each shard's entries as one bundle file, every other file as it is. */
function physical(model: ReadonlyMap<string, string>, previous: ReadonlyMap<string, string>): RawWrite[] {
  const out: RawWrite[] = [];
  const shards = new Set(
    [...model.keys(), ...previous.keys()]
      .filter((path) => path.startsWith('entries/') && path.endsWith('.json'))
      .map((path) => path.split('/')[1] as string),
  );
  for (const shard of shards) {
    const texts: Record<string, string> = {};
    for (const [path, text] of model) if (path.startsWith(`entries/${shard}/`)) texts[path.slice(11, -5)] = text;
    out.push({ path: `entries/${shard}.jsonl`, content: Object.keys(texts).length === 0 ? null : bundleOf(texts) });
  }
  for (const path of new Set([...model.keys(), ...previous.keys()]))
    if (!path.startsWith('entries/') || !path.endsWith('.json')) out.push({ path, content: model.get(path) ?? null });
  return out;
}

describe('writing a commit into the team store', () => {
  it('writes the commit fast-import writes for the bundled tree, and reads back every file written, for any line of adds, edits, deletions and emptied directories (law)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(writes, { minLength: 1, maxLength: 5 }), async (commits) => {
        const dir = store();
        const oracle = store();
        let parent: string | null = null;
        let oracleParent: string | null = null;
        let clock = 1_700_000_000;
        const model = new Map<string, string>();
        for (const batch of commits) {
          clock += 60;
          const message = `mem: ${batch.length} memory changes\n\n- é ✓\n`;
          const spec: CommitSpec = {
            parent,
            writes: batch,
            message,
            author: { name: 'Alice', email: 'alice@example.com' },
            timestamp: clock,
          };
          const ours: string = await writeCommit(dir, spec);
          const before = new Map(model);
          apply(model, batch);
          oracleParent = rawCommit(oracle, oracleParent, physical(model, before), {
            author: 'Alice',
            email: 'alice@example.com',
            timestamp: clock,
            message,
          });
          expect(ours).toBe(oracleParent);
          // Read back as one file per entry, with the blob ids the files would have.
          const listed = await listTree(dir, ours, ['entries', 'tombstones', 'README.md', 'entries.md']);
          const blobs = await readBlobs(
            dir,
            [...listed.values()].map((file) => file.oid),
          );
          expect(
            new Map([...listed.values()].map((file) => [file.path, blobs.get(file.oid)?.toString('utf8')])),
          ).toEqual(new Map([...model].sort(([a], [b]) => (a < b ? -1 : 1))));
          parent = ours;
        }
        // git itself finds nothing wrong with the store and its packs.
        git(dir, ['fsck', '--strict', '--no-dangling']);
        for (const pack of readdirSync(join(dir, 'objects', 'pack')).filter((name) => name.endsWith('.idx')))
          git(dir, ['verify-pack', join(dir, 'objects', 'pack', pack)]);
      }),
      { numRuns: 40 },
    );
  }, 600_000);

  it('folds the loose files an older mem wrote into bundles at its first write, keeping every entry', async () => {
    const dir = store();
    const loose = rawCommit(dir, null, [
      { path: entryPath('ma1'), content: 'one\n' },
      { path: entryPath('mb1'), content: 'two\n' },
      { path: 'entries/zz/not-an-entry.txt', content: 'stray\n' },
      { path: 'README.md', content: 'old readme\n' },
    ]);
    const commit = await writeCommit(dir, {
      parent: loose,
      writes: [{ path: entryPath('mx'), content: 'three\n' }],
      message: 'm\n',
      author: { name: 'A', email: 'a@x' },
      timestamp: 1_700_000_000,
    });
    const names = git(dir, ['ls-tree', '-r', '--name-only', commit]).split('\n');
    expect(names.filter((name) => name.startsWith('entries/')).sort()).toEqual(
      [
        ...new Set(['ma1', 'mb1', 'mx'].map((id) => `entries/${shardOf(id)}.jsonl`)),
        'entries/zz/not-an-entry.txt',
      ].sort(),
    );
    const listed = await listTree(dir, commit, ['entries']);
    const blobs = await readBlobs(
      dir,
      [...listed.values()].map((file) => file.oid),
    );
    const texts = new Map([...listed.values()].map((file) => [file.path, blobs.get(file.oid)?.toString('utf8')]));
    expect(texts.get(entryPath('ma1'))).toBe('one\n');
    expect(texts.get(entryPath('mb1'))).toBe('two\n');
    expect(texts.get(entryPath('mx'))).toBe('three\n');
    // The blob ids are the loose files' own: nothing reads as changed by the move.
    expect(listed.get(entryPath('ma1'))?.oid).toBe(git(dir, ['rev-parse', `${loose}:${entryPath('ma1')}`]));
  });

  it('keeps what it cannot read as it is: a bundle line that is no entry, a loose file that is no entry file', async () => {
    const dir = store();
    const shard = shardOf('ma1');
    const strange = rawCommit(dir, null, [
      { path: `entries/${shard}.jsonl`, content: `${bundleOf({ ma1: 'one\n' })}not an entry line\n` },
      { path: `entries/${shard}/notes.txt`, content: 'a stray file\n' },
    ]);
    const commit = await writeCommit(dir, {
      parent: strange,
      writes: [{ path: entryPath('ma1'), content: 'two\n' }],
      message: 'm\n',
      author: { name: 'A', email: 'a@x' },
      timestamp: 1_700_000_000,
    });
    expect(git(dir, ['show', `${commit}:entries/${shard}.jsonl`])).toBe(
      `${bundleOf({ ma1: 'two\n' })}not an entry line`,
    );
    expect(git(dir, ['show', `${commit}:entries/${shard}/notes.txt`])).toBe('a stray file');
    // And the next write leaves them as they are again.
    const next = await writeCommit(dir, {
      parent: commit,
      writes: [{ path: entryPath('ma1'), content: null }],
      message: 'm\n',
      author: { name: 'A', email: 'a@x' },
      timestamp: 1_700_000_060,
    });
    expect(git(dir, ['show', `${next}:entries/${shard}.jsonl`])).toBe('not an entry line');
    expect(git(dir, ['ls-tree', '-r', '--name-only', next]).split('\n')).toEqual([
      `entries/${shard}.jsonl`,
      `entries/${shard}/notes.txt`,
    ]);
  });

  it('builds from trees and bundles read with the blobs, and the commit pushes to a remote that checks what it receives', async () => {
    const dir = store();
    const first = await writeCommit(dir, {
      parent: null,
      writes: [{ path: entryPath('ma1'), content: '{"text":"one"}\n' }],
      message: 'first\n',
      author: { name: 'A', email: 'a@x' },
      timestamp: 1_700_000_000,
    });
    const second: CommitSpec = {
      parent: first,
      writes: [
        { path: entryPath('ma1'), content: '{"text":"two"}\n' },
        { path: 'tombstones/bb/mb9', content: '' },
      ],
      message: 'second\n',
      author: { name: 'A', email: 'a@x' },
      timestamp: 1_700_000_060,
    };
    const read = await readBlobsAndTrees(dir, [], first, directoriesOf(second.writes.map((write) => write.path)));
    expect(read.trees.get('tombstones')).toBeNull();
    expect(read.trees.get(`entries/${shardOf('ma1')}`)).toBeNull();
    expect(read.bundles.get(shardOf('ma1'))?.toString('utf8')).toBe(bundleOf({ ma1: '{"text":"one"}\n' }));
    const commit = await writeCommit(dir, second, read.trees, read.bundles);
    expect(commit).toBe(await writeCommit(dir, second));
    const remote = makeTempDir('mem-write-remote-');
    git(remote, ['init', '-q', '--bare']);
    git(remote, ['config', 'receive.fsckObjects', 'true']);
    git(dir, ['push', '-q', remote, `${commit}:refs/mem/team`]);
    expect(git(remote, ['show', `${commit}:entries/${shardOf('ma1')}.jsonl`])).toBe(
      bundleOf({ ma1: '{"text":"two"}\n' }).trimEnd(),
    );
  });
});
