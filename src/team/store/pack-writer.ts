/**
 * Writing git objects into the team store from this process: blobs, trees and a commit hashed
 * here and stored as one small pack (`.pack` and its version-2 `.idx`, the formats of git's
 * Documentation/gitformat-pack.txt), what `git fast-import` wrote with `fastimport.unpackLimit=0`,
 * without starting it: a sync that pushes waited 5-9 ms for that process, between its fetch and
 * its push. store-maintenance.ts rolls these packs up with the others.
 *
 * The pack is written under a temporary name and renamed into place, `.idx` last: git reads a
 * pack only once its index exists, so a process killed half-way leaves nothing git would read.
 * Written as a cache file is, not flushed to disk (fast-import flushes its pack): the store is a
 * cache of the remote, a pack a power cut damages is found and the store rebuilt from the remote
 * (damaged-store.ts), and a change it held that was not pushed yet is still in the working copy,
 * which is flushed.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { writeCacheFileSync } from '../../core/files/atomic-write.js';

export type ObjectType = 'commit' | 'tree' | 'blob';

export type GitObject = { type: ObjectType; oid: string; body: Buffer };

const TYPE_CODE: Record<ObjectType, number> = { commit: 1, tree: 2, blob: 3 };

/** Returns the object git stores for `body` of `type`, with its id. */
export function gitObject(type: ObjectType, body: Buffer): GitObject {
  const oid = createHash('sha1').update(`${type} ${body.length}\0`).update(body).digest('hex');
  return { type, oid, body };
}

/** A tree entry: a file (mode 100644, 100755, 120000) or a subtree (mode 40000). */
export type TreeEntry = { mode: string; name: string; oid: string };

/** Returns the entries of a tree object's bytes, in the order the tree holds them; throws on malformed bytes. */
export function parseTree(body: Buffer): TreeEntry[] {
  const entries: TreeEntry[] = [];
  let at = 0;
  while (at < body.length) {
    const space = body.indexOf(0x20, at);
    const nul = body.indexOf(0, space + 1);
    if (space < 0 || nul < 0 || nul + 21 > body.length) throw new Error('malformed tree object');
    entries.push({ mode: body.toString('latin1', at, space), name: body.toString('utf8', space + 1, nul), oid: body.toString('hex', nul + 1, nul + 21) });
    at = nul + 21;
  }
  return entries;
}

/** Returns the bytes of a tree holding `entries`, sorted as git sorts them (a subtree's name compares as if it ended in `/`). */
export function encodeTree(entries: readonly TreeEntry[]): Buffer {
  const key = (entry: TreeEntry) => Buffer.from(entry.mode === '40000' ? `${entry.name}/` : entry.name, 'utf8');
  const sorted = [...entries].map((entry) => ({ entry, key: key(entry) })).sort((a, b) => Buffer.compare(a.key, b.key));
  return Buffer.concat(sorted.flatMap(({ entry }) => [Buffer.from(`${entry.mode} ${entry.name}\0`, 'utf8'), Buffer.from(entry.oid, 'hex')]));
}

/** Writes `objects` into the store as one pack and its index; returns the pack's name. Throws on I/O failure (then nothing was written). */
export function writePack(storeDir: string, objects: readonly GitObject[]): string {
  const unique = [...new Map(objects.map((object) => [object.oid, object])).values()];
  const header = Buffer.alloc(12);
  header.write('PACK', 0, 'latin1');
  header.writeUInt32BE(2, 4);
  header.writeUInt32BE(unique.length, 8);
  const parts: Buffer[] = [header];
  const placed: Array<{ oid: Buffer; offset: number; crc: number }> = [];
  let offset = header.length;
  for (const object of unique) {
    const entry = Buffer.concat([entryHeader(TYPE_CODE[object.type], object.body.length), deflateSync(object.body)]);
    placed.push({ oid: Buffer.from(object.oid, 'hex'), offset, crc: crc32(entry) });
    parts.push(entry);
    offset += entry.length;
  }
  const packSum = createHash('sha1');
  for (const part of parts) packSum.update(part);
  const packChecksum = packSum.digest();
  parts.push(packChecksum);

  placed.sort((a, b) => Buffer.compare(a.oid, b.oid));
  const fanout = Buffer.alloc(256 * 4);
  for (let byte = 0, k = 0; byte < 256; byte += 1) {
    while (k < placed.length && (placed[k]?.oid[0] as number) <= byte) k += 1;
    fanout.writeUInt32BE(k, byte * 4);
  }
  const crcs = Buffer.alloc(placed.length * 4);
  const offsets = Buffer.alloc(placed.length * 4);
  placed.forEach((item, index) => {
    crcs.writeUInt32BE(item.crc, index * 4);
    offsets.writeUInt32BE(item.offset, index * 4);
  });
  const idxBody = Buffer.concat([Buffer.from([0xff, 0x74, 0x4f, 0x63, 0, 0, 0, 2]), fanout, ...placed.map((item) => item.oid), crcs, offsets, packChecksum]);
  const idx = Buffer.concat([idxBody, createHash('sha1').update(idxBody).digest()]);

  const name = `pack-${packChecksum.toString('hex')}`;
  const dir = join(storeDir, 'objects', 'pack');
  writeCacheFileSync(join(dir, `${name}.pack`), Buffer.concat(parts));
  writeCacheFileSync(join(dir, `${name}.idx`), idx);
  return name;
}

/** A pack entry's header: type and size, seven bits at a time after the first four. */
function entryHeader(type: number, size: number): Buffer {
  const bytes: number[] = [];
  let byte = (type << 4) | (size & 0x0f);
  let rest = Math.floor(size / 16);
  while (rest > 0) {
    bytes.push(byte | 0x80);
    byte = rest & 0x7f;
    rest = Math.floor(rest / 128);
  }
  bytes.push(byte);
  return Buffer.from(bytes);
}
