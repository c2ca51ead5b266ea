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
 * tombstones, the text's stamp, and what the sync knew of the text (where the region lies, the
 * body's sections: the next sync compares bytes and reads only the lines that differ,
 * snapshot-line-diff.ts). Why a second name: a copy is 4 MB written again at 20,000 entries, while
 * the sync's push waits (measured ~10 ms of a one-entry sync).
 * Lost, changed, or describing another base, the next sync merges the whole working copy and
 * writes a new one. Only sync writes it (under the sync lock).
 */
import { isAscii } from 'node:buffer';
import { readFileSync, rmSync, statSync, type BigIntStats } from 'node:fs';
import { join } from 'node:path';
import { linkCacheFileSync, writeCacheFileSync } from '../core/files/atomic-write.js';
import { textFingerprint } from '../core/files/fast-hash.js';
import { stampOf, type FileStamp } from '../core/files/file-stamp.js';
import { memoryPaths } from '../core/layout.js';
import { BEGIN_PREFIX, CONFLICT_PREFIX, END_PREFIX, plainRegionSpan } from '../core/memory-file/locate-region.js';
import { regionBody } from '../core/memory-file/region-body.js';
import { readBodyShape, type BodySection } from './working-line-diff.js';

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

/**
 * Where the region lies in the text the snapshot keeps, when that text is plain (plainRegionSpan)
 * and its body holds no conflict: a working copy that differs from it only in plain lines of the
 * body has its region at the same place, found without searching 4 MB (snapshot-line-diff.ts).
 */
export type SnapshotLayout = {
  /** Bytes before the body (the begin marker's line and everything above it) and after it (from the end marker on). */
  headBytes: number;
  tailBytes: number;
  /** Characters before the body and after it, where the begin marker starts, and how long the end marker's text is (its line without the line ending). */
  bodyStart: number;
  tailChars: number;
  start: number;
  endMarker: number;
};

/** What a sync knows of the text it wrote, so saving its snapshot need not search or read it again (null: not plain, not in sync's shape). */
export type KnownText = { layout: SnapshotLayout | null; shape: BodySection[] | null };

/**
 * The last sync's snapshot as read: its bytes, its body decoded only when asked for (the next
 * sync compares bytes first and decodes only what differs), and what that sync knew of its text:
 * where the region is, and the body's sections when it is in sync's shape.
 */
export type SavedSnapshot = Omit<SyncSnapshot, 'body'> & KnownText & { bytes: Buffer; body: () => string | null };

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

type Meta = Partial<Omit<SyncSnapshot, 'body'>> & { version?: unknown; length?: unknown; offset?: unknown; text?: unknown; layout?: unknown; shape?: unknown };

/** Returns the last sync's snapshot, or null when there is none or it cannot be read; never throws. */
export function readSyncSnapshot(root: string): SyncSnapshot | null {
  const saved = readSavedSnapshot(root);
  const body = saved?.body() ?? null;
  if (saved === null || body === null) return null;
  return { base: saved.base, body, pending: saved.pending, tombstones: saved.tombstones, workingHash: saved.workingHash };
}

/** Returns the last sync's snapshot with its bytes and what it knew of them, or null when there is none or it cannot be read; never throws. */
export function readSavedSnapshot(root: string): SavedSnapshot | null {
  try {
    const { text: textPath, meta: metaPath } = paths(root);
    const meta = JSON.parse(readFileSync(metaPath, 'utf8')) as Meta;
    if ((meta.version !== 2 && meta.version !== 3) || typeof meta.base !== 'string' || typeof meta.tombstones !== 'string' || typeof meta.workingHash !== 'string' || typeof meta.text !== 'string' || typeof meta.length !== 'number') return null;
    if (!Array.isArray(meta.pending) || !meta.pending.every((id) => typeof id === 'string')) return null;
    if (textStamp(statSync(textPath, { bigint: true })) !== meta.text) return null;
    // Note: a buffer of its own: the working copy's bytes, compared with these, are in the shared one (read-text.ts).
    const bytes = readFileSync(textPath);
    const layout = meta.version === 3 ? readLayout(meta.layout, bytes) : null;
    const shape = layout !== null ? readShape(meta.shape) : null;
    const length = meta.length;
    let decoded: string | null | undefined;
    const body = (): string | null => {
      if (decoded === undefined) decoded = decodeBody(bytes, layout, length, typeof meta.offset === 'number' ? meta.offset : null);
      return decoded;
    };
    return { base: meta.base, pending: meta.pending, tombstones: meta.tombstones, workingHash: meta.workingHash, bytes, layout, shape, body };
  } catch {
    return null;
  }
}

const END_BYTES = Buffer.from(END_PREFIX);

/** The snapshot's body, from its layout when it has one, else found in its text (at `offset` when the save found it there); null when it is not what the meta says. */
function decodeBody(bytes: Buffer, layout: SnapshotLayout | null, length: number, offset: number | null): string | null {
  if (layout !== null) {
    const part = bytes.subarray(layout.headBytes, bytes.length - layout.tailBytes);
    const body = isAscii(part) ? part.toString('latin1') : part.toString('utf8');
    return body.length === length ? body : null;
  }
  const text = isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  // Note: where the body starts, as the save found it (the region is not searched again in 4 MB); checked against the end marker.
  const body = offset !== null && text.startsWith(END_PREFIX, offset + length) ? text.slice(offset, offset + length) : regionBody(text);
  return body !== null && body.length === length ? body : null;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

function readLayout(value: unknown, bytes: Buffer): SnapshotLayout | null {
  if (typeof value !== 'object' || value === null) return null;
  const layout = value as Record<string, unknown>;
  const fields = ['headBytes', 'tailBytes', 'bodyStart', 'tailChars', 'start', 'endMarker'] as const;
  if (!fields.every((field) => isCount(layout[field]))) return null;
  const known = Object.fromEntries(fields.map((field) => [field, layout[field] as number])) as SnapshotLayout;
  if (known.headBytes + known.tailBytes > bytes.length) return null;
  return bytes.subarray(bytes.length - known.tailBytes).subarray(0, END_BYTES.length).equals(END_BYTES) ? known : null;
}

function readShape(value: unknown): BodySection[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const sections: BodySection[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== 'object' || item === null) return null;
    const { line, title, entries } = item as Record<string, unknown>;
    if (!isCount(line) || typeof title !== 'string' || !isCount(entries) || entries === 0) return null;
    sections.push({ line, title, entries });
  }
  return sections;
}

/** The layout and shape of a working copy's text whose body is `body` (searched and read: a sync that knows them passes them instead). */
export function knownTextOf(workingText: string, body: string): KnownText {
  const span = plainRegionSpan(workingText);
  if (span === null || body.includes(CONFLICT_PREFIX) || span.bodyEnd - span.bodyStart !== body.length || !workingText.startsWith(body, span.bodyStart)) return { layout: null, shape: null };
  const layout: SnapshotLayout = {
    headBytes: Buffer.byteLength(workingText.slice(0, span.bodyStart)),
    tailBytes: Buffer.byteLength(workingText.slice(span.bodyEnd)),
    bodyStart: span.bodyStart,
    tailChars: workingText.length - span.bodyEnd,
    start: span.start,
    endMarker: span.end - span.bodyEnd,
  };
  return { layout, shape: readBodyShape(body) };
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
export function saveSyncSnapshot(root: string, snapshot: SyncSnapshot, workingText: string, written?: { path: string; stamp: FileStamp }, known: KnownText = knownTextOf(workingText, snapshot.body)): FileStamp | null {
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
    const where = known.layout !== null ? { layout: known.layout, ...(known.shape !== null ? { shape: known.shape } : {}) } : bodyOffset(workingText, body);
    writeCacheFileSync(metaPath, `${JSON.stringify({ version: 3, ...meta, length: body.length, ...where, text: textStamp(stat) })}\n`);
    return linked && !already ? stampOf(stat) : null;
  } catch {
    dropSyncSnapshot(root);
    return null;
  }
}

/** Where `body` starts in a text that is not plain, when it is right after the begin marker's line. */
function bodyOffset(workingText: string, body: string): { offset?: number } {
  const begin = workingText.indexOf(BEGIN_PREFIX);
  const offset = begin < 0 ? -1 : workingText.indexOf('\n', begin) + 1;
  return offset > 0 && workingText.startsWith(body, offset) && workingText.startsWith(END_PREFIX, offset + body.length) ? { offset } : {};
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
