/**
 * What the last sync left behind, so the next one reads only what changed since (incremental
 * merge): the working body as that sync wrote it, the base it then agreed with, the ids that may
 * still differ from that base (withheld, unsent), the tombstone list it knew to be on the base,
 * and the fingerprint of the working copy's text it wrote (the last rendering names the text it
 * was made from).
 *
 * A cache in `.memory/state/`: the working copy's text as that sync wrote it (`team-synced.md`,
 * a second name of the file the sync wrote, or a copy where the file system has no hard links)
 * and a line of JSON beside it (`team-synced.json`) that says what it is: its base, pending ids,
 * tombstones, and the text's stamp. Why a second name: a copy is 2.4 MB written again at 20,000
 * entries, while the sync's push waits (measured ~10 ms of a one-entry sync).
 * Lost, changed, or describing another base, the next sync merges the whole working copy and
 * writes a new one. Only sync writes it (under the sync lock).
 */
import { readFileSync, rmSync, statSync, type BigIntStats } from 'node:fs';
import { join } from 'node:path';
import { linkCacheFileSync, writeCacheFileSync } from '../core/files/atomic-write.js';
import { textFingerprint } from '../core/files/fast-hash.js';
import { stampOf, type FileStamp } from '../core/files/file-stamp.js';
import { readTextFileSync } from '../core/files/read-text.js';
import { memoryPaths } from '../core/layout.js';
import { BEGIN_PREFIX, END_PREFIX } from '../core/memory-file/locate-region.js';
import { regionBody } from '../core/memory-file/region-body.js';

export type SyncSnapshot = {
  /** The base ref's commit once that sync was done. */
  base: string;
  /** The working body it wrote. */
  body: string;
  /** Ids whose entry may differ from the base's (superset: each is checked again). */
  pending: string[];
  /** Fingerprint of the local tombstone list, every id of which was on the base. */
  tombstones: string;
  /** Fingerprint of the working copy's whole text as it wrote it. */
  workingHash: string;
};

const SNAPSHOT_TEXT = 'team-synced.md';
const SNAPSHOT_META = 'team-synced.json';

function paths(root: string): { text: string; meta: string } {
  const dir = memoryPaths(root).stateDir;
  return { text: join(dir, SNAPSHOT_TEXT), meta: join(dir, SNAPSHOT_META) };
}

/**
 * What of a file's stat says its bytes are the ones written: size and modification time. No
 * change time (see above), and no inode: a copy that keeps times (`cp -a`, a restored backup)
 * keeps the bytes too.
 */
function textStamp(stat: BigIntStats): string {
  return `${stat.size}:${stat.mtimeNs}`;
}

/** Returns the last sync's snapshot, or null when there is none or it cannot be read; never throws. */
export function readSyncSnapshot(root: string): SyncSnapshot | null {
  try {
    const { text: textPath, meta: metaPath } = paths(root);
    const meta = JSON.parse(readFileSync(metaPath, 'utf8')) as Partial<Omit<SyncSnapshot, 'body'>> & { version?: unknown; length?: unknown; offset?: unknown; text?: unknown };
    if (meta.version !== 2 || typeof meta.base !== 'string' || typeof meta.tombstones !== 'string' || typeof meta.workingHash !== 'string' || typeof meta.text !== 'string') return null;
    if (!Array.isArray(meta.pending) || !meta.pending.every((id) => typeof id === 'string')) return null;
    if (textStamp(statSync(textPath, { bigint: true })) !== meta.text) return null;
    const text = readTextFileSync(textPath);
    // Note: where the body starts, as the save found it (the region is not searched again in 2.4 MB); checked against the end marker.
    const at = typeof meta.offset === 'number' && typeof meta.length === 'number' && text.startsWith(END_PREFIX, meta.offset + meta.length) ? meta.offset : null;
    const body = at !== null ? text.slice(at, at + (meta.length as number)) : regionBody(text);
    if (body === null || meta.length !== body.length) return null;
    return { base: meta.base, body, pending: meta.pending, tombstones: meta.tombstones, workingHash: meta.workingHash };
  } catch {
    return null;
  }
}

/**
 * Makes the snapshot's text the working copy the sync just wrote (a second name of it), before
 * anything takes the working copy's stamp: a link moves the file's change time, so the stamps
 * the rendering and the no-op check record after it stay true. The snapshot is not usable until
 * saveSyncSnapshot writes what it is. The caller holds the memory lock (no other writer meanwhile).
 */
export function linkSnapshotText(root: string, workingPath: string): void {
  const { text: textPath, meta: metaPath } = paths(root);
  try {
    rmSync(metaPath, { force: true });
    linkCacheFileSync(workingPath, textPath, () => true);
  } catch {
    /* saveSyncSnapshot links or copies it then */
  }
}

/**
 * Keeps the snapshot for the next sync: `workingText` is the working copy's text the sync wrote
 * (`snapshot.body` is its region's body), `written` where it wrote it and that file's stamp then.
 * When that file still is the one written, the snapshot is a second name of it, else a copy.
 * Returns the written file's stamp after a link made here (a link changes its change time), or
 * null when none was made (linked before, or a copy). A failure to save only costs the next sync its speed.
 */
export function saveSyncSnapshot(root: string, snapshot: SyncSnapshot, workingText: string, written?: { path: string; stamp: FileStamp }): FileStamp | null {
  const { body, ...meta } = snapshot;
  const { text: textPath, meta: metaPath } = paths(root);
  try {
    // Note: the old meta goes first, so a text and a meta of two different syncs never pair up.
    rmSync(metaPath, { force: true });
    const [size, mtime, , ino] = (written?.stamp ?? '').split(':');
    const isWritten = (stat: BigIntStats) => `${stat.size}` === size && `${stat.mtimeNs}` === mtime && `${stat.ino}` === ino;
    // Note: linked already (linkSnapshotText), nothing to do to the text; else linked or copied now.
    const already = written !== undefined && isWritten(statSync(textPath, { bigint: true, throwIfNoEntry: false }) ?? ({} as BigIntStats));
    const linked = already || (written !== undefined && linkCacheFileSync(written.path, textPath, isWritten));
    if (!linked) writeCacheFileSync(textPath, workingText);
    const stat = statSync(textPath, { bigint: true });
    const begin = workingText.indexOf(BEGIN_PREFIX);
    const offset = begin < 0 ? -1 : workingText.indexOf('\n', begin) + 1;
    const found = offset > 0 && workingText.startsWith(body, offset) && workingText.startsWith(END_PREFIX, offset + body.length);
    writeCacheFileSync(metaPath, `${JSON.stringify({ version: 2, ...meta, length: body.length, ...(found ? { offset } : {}), text: textStamp(stat) })}\n`);
    return linked && !already ? stampOf(stat) : null;
  } catch {
    dropSyncSnapshot(root);
    return null;
  }
}

/** Forgets the snapshot: the next sync merges the whole working copy. */
export function dropSyncSnapshot(root: string): void {
  const { text, meta } = paths(root);
  try {
    rmSync(meta, { force: true });
    rmSync(text, { force: true });
  } catch {
    /* then the snapshot's base no longer matches after the next base move, or it is read and checked as usual */
  }
}

/** The fingerprint a snapshot keeps of the local tombstone list. */
export function tombstonesFingerprint(ids: readonly string[]): string {
  return textFingerprint(ids.join('\n'));
}
