/**
 * A shard's bundle on the team ref (entry-bundle.ts) reads back as the entry files written into
 * it, with the blob ids those files have; whatever else a remote puts in one reads as malformed
 * paths, never as an entry; the quick diff of two bundles names the ids the full diff names.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bundleFileOf,
  bundleFiles,
  changedBundleIds,
  diffShard,
  serializeBundle,
  shardFiles,
  shardOfPath,
  virtualBlob,
} from '../../../../src/team/store/entry-bundle.js';
import { blobOid, classifyPath, entryPath, shardOf } from '../../../../src/team/store/team-record.js';

/** Ids that fall in one shard, so a bundle of them is a real one. */
const SHARD = shardOf('m0');
const IDS = Array.from({ length: 4000 }, (_, i) => `m${i}`)
  .filter((id) => shardOf(id) === SHARD)
  .slice(0, 8);
const text = fc.stringMatching(/^[ -~é✓"\\\n\t]{0,60}$/);
const bundle = fc.dictionary(fc.constantFrom(...IDS), text, { maxKeys: IDS.length });

describe('a shard bundle', () => {
  it('reads back as the entry files written, each with its file blob id and bytes (law)', () => {
    fc.assert(
      fc.property(bundle, (texts) => {
        const bytes = Buffer.from(serializeBundle(new Map(Object.entries(texts))), 'utf8');
        const files = bundleFiles(bytes, SHARD);
        expect(files.map((file) => file.path).sort()).toEqual(Object.keys(texts).map(entryPath).sort());
        for (const file of files) {
          const id = (classifyPath(file.path) as { id: string }).id;
          expect(file.oid).toBe(blobOid(texts[id] as string));
          expect(virtualBlob(file.oid)?.toString('utf8')).toBe(texts[id]);
        }
        // The same entries always make the same bytes, whatever order they were given in.
        expect(serializeBundle(new Map(Object.entries(texts).reverse()))).toBe(bytes.toString('utf8'));
      }),
    );
  });

  it('reads a line that is not an entry of its shard as a malformed path, stable while the line is', () => {
    const other = ['m1', 'm2', 'm3', 'm4', 'm5'].find((id) => shardOf(id) !== SHARD) as string;
    const good = JSON.stringify([IDS[0], 'fine\n']);
    const lines = [
      good,
      'not json',
      JSON.stringify([other, 'wrong shard']),
      JSON.stringify([IDS[0], 'a second line for one id']),
      JSON.stringify(['../x', 'bad id']),
      JSON.stringify({ id: IDS[1] }),
      JSON.stringify([IDS[2], 'x'.repeat(40_000)]),
    ];
    const files = bundleFiles(Buffer.from(`${lines.join('\n')}\n`), SHARD);
    expect(files).toHaveLength(lines.length);
    expect(files.filter((file) => classifyPath(file.path)?.kind === 'entry').map((file) => file.path)).toEqual([
      entryPath(IDS[0] as string),
    ]);
    expect(files.filter((file) => classifyPath(file.path)?.kind === 'malformed')).toHaveLength(lines.length - 1);
    // Another line added does not rename the bad ones (a change of one line is a change of one path).
    const more = bundleFiles(Buffer.from(`${JSON.stringify([IDS[3], 'new\n'])}\n${lines.join('\n')}\n`), SHARD).map(
      (file) => file.path,
    );
    expect(more.sort()).toEqual([...files.map((file) => file.path), entryPath(IDS[3] as string)].sort());
    // Bytes that are not UTF-8 are one malformed path.
    const binary = bundleFiles(Buffer.from([0xff, 0xfe, 0x0a, 0x41]), SHARD);
    expect(binary.map((file) => classifyPath(file.path)?.kind)).toEqual(['malformed']);
  });

  it('shows a loose file of an older mem over the bundle line of the same entry', () => {
    const id = IDS[0] as string;
    const files = shardFiles(SHARD, {
      bundle: Buffer.from(
        serializeBundle(
          new Map([
            [id, 'bundled\n'],
            [IDS[1] as string, 'only bundled\n'],
          ]),
        ),
      ),
      loose: [{ mode: '100644', name: `${id}.json`, oid: blobOid('loose\n') }],
    });
    expect(files.get(entryPath(id))?.oid).toBe(blobOid('loose\n'));
    expect(files.get(entryPath(IDS[1] as string))?.oid).toBe(blobOid('only bundled\n'));
    expect(shardOfPath(`entries/${SHARD}.jsonl`)).toBe(SHARD);
    expect(shardOfPath(`entries/${SHARD}/x.json`)).toBe(SHARD);
    expect(shardOfPath('entries/zz.jsonl')).toBeNull();
    expect(shardOfPath('tombstones/aa/x')).toBeNull();
  });

  it('names, by comparing lines only, the ids a full diff of the two bundles names (law)', () => {
    fc.assert(
      fc.property(bundle, bundle, fc.boolean(), (before, after, empty) => {
        const bytes = (texts: Record<string, string>) =>
          Buffer.from(serializeBundle(new Map(Object.entries(texts))), 'utf8');
        const old = empty ? null : bytes(before);
        const now = bytes(after);
        const quick = changedBundleIds(SHARD, old, now);
        const full = diffShard(SHARD, { bundle: old, loose: null }, { bundle: now, loose: null }).map(
          (change) => (classifyPath(change.path) as { id: string }).id,
        );
        expect([...(quick ?? [])].sort()).toEqual(full.sort());
      }),
    );
  });

  it('reads only the lines that differ, and one line for one entry, with the answers of reading every line (law)', () => {
    // Bundles as mem writes them, and with what a remote may add: bad lines, a line twice, an id twice, a spaced line.
    const other = ['m1', 'm2', 'm3', 'm4', 'm5'].find((id) => shardOf(id) !== SHARD) as string;
    const stray = fc.constantFrom(
      'not json',
      JSON.stringify([other, 'wrong shard']),
      `[ "${IDS[0] as string}", "spaced"]`,
      JSON.stringify([IDS[1], 'a second line for an id']),
    );
    const bytes = fc
      .tuple(bundle, fc.array(stray, { maxLength: 2 }))
      .map(([texts, extra]) => Buffer.from(serializeBundle(new Map(Object.entries(texts)), extra), 'utf8'));
    fc.assert(
      fc.property(bytes, bytes, fc.constantFrom(...IDS), (before, after, id) => {
        // Note: an empty loose list takes the path that reads every line.
        const quick = diffShard(SHARD, { bundle: before, loose: null }, { bundle: after, loose: null });
        const full = diffShard(SHARD, { bundle: before, loose: [] }, { bundle: after, loose: [] });
        expect([...quick].sort((a, b) => (a.path < b.path ? -1 : 1))).toEqual(
          [...full].sort((a, b) => (a.path < b.path ? -1 : 1)),
        );
        const one = bundleFileOf(before, SHARD, id);
        if (one !== null) expect(one).toEqual(shardFiles(SHARD, { bundle: before, loose: null }).get(entryPath(id)));
      }),
    );
  });
});
