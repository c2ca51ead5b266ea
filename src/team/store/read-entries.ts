/**
 * The entries of one commit of the team store, as file bytes by id, and its tombstones: the base a
 * sync compares its working copy with, and what the store port's readEntries answers. A bundle's
 * entries are its lines' texts (entry-bundle.ts), overlaid by the shard's loose files, as the
 * listing of the tree has them; the bundles and loose entry files are read in one round of the
 * kept-open cat-file. Why not listTree and readBlobs: a listing names each bundle line by the blob
 * id git would give it, a SHA-1 per entry (3,000 at a year's scale) that nothing here needs.
 */
import { MemError } from '../../core/errors.js';
import { BUNDLE_SUFFIX, bundleTexts, shardOfPath } from './entry-bundle.js';
import { readObjects } from './object-reads.js';
import { ENTRY_DIR, TOMBSTONE_DIR, classifyPath } from './team-record.js';
import type { StoredEntries } from './team-store-port.js';
import { walkTree } from './tree-walk.js';

/**
 * Returns the entries and tombstones of `commit` (an entry file git cannot give is left out, as a
 * listing's missing blob was); rejects with GIT_FAILED when a tree or a bundle is gone from the store.
 */
export async function readEntriesAt(storeDir: string, commit: string): Promise<StoredEntries> {
  const files = await walkTree(storeDir, commit, [ENTRY_DIR, TOMBSTONE_DIR]);
  const bundles: Array<{ path: string; oid: string; shard: string }> = [];
  const loose: Array<{ id: string; path: string; oid: string }> = [];
  const tombstones: string[] = [];
  for (const file of files) {
    const shard = file.path.endsWith(BUNDLE_SUFFIX) && file.type === 'blob' ? shardOfPath(file.path) : null;
    if (shard !== null) {
      bundles.push({ path: file.path, oid: file.oid, shard });
      continue;
    }
    const kind = classifyPath(file.path);
    if (kind?.kind === 'entry' && file.type === 'blob') loose.push({ id: kind.id, path: file.path, oid: file.oid });
    else if (kind?.kind === 'tombstone') tombstones.push(kind.id);
  }
  const objects = await readObjects(storeDir, [...bundles.map((file) => file.oid), ...loose.map((file) => file.oid)]);
  // Note: each entry with its path, so that the order of a listing of the tree is one cheap check.
  const rows: Array<{ id: string; path: string; bytes: Buffer }> = [];
  const rowOf = new Map<string, number>();
  bundles.forEach((file, index) => {
    const object = objects[index] ?? null;
    if (object === null || object.type !== 'blob')
      throw new MemError('GIT_FAILED', `git cat-file in the team store: missing blob ${file.oid} (${file.path})`);
    for (const [id, text] of bundleTexts(object.body, file.shard).texts) {
      rowOf.set(id, rows.length);
      rows.push({ id, path: `${ENTRY_DIR}/${file.shard}/${id}.json`, bytes: Buffer.from(text, 'utf8') });
    }
  });
  // Note: a loose file is an older mem's newer write of its entry: it wins over the bundle's line.
  loose.forEach((file, index) => {
    const object = objects[bundles.length + index] ?? null;
    if (object === null || object.type !== 'blob') return;
    const row = rowOf.get(file.id);
    if (row !== undefined) (rows[row] as { bytes: Buffer }).bytes = object.body;
    else rows.push({ id: file.id, path: file.path, bytes: object.body });
  });
  // Note: in path order, as a listing of the tree gives them (the order the plan meets ids in).
  if (rows.some((row, index) => index > 0 && (rows[index - 1] as { path: string }).path > row.path))
    rows.sort((a, b) => (a.path < b.path ? -1 : 1));
  return { entries: new Map(rows.map((row) => [row.id, row.bytes])), tombstones };
}
