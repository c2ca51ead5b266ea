/**
 * Atomic file replacement: write a temp file beside the target, fsync it, rename it over the
 * target, fsync the directory. A process killed at any point leaves either the old file or the
 * new one, never a truncated mix.
 */
import {
  closeSync,
  fchmodSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writevSync,
} from 'node:fs';
import { open, mkdir, rename, rm } from 'node:fs/promises';
import { dirname, basename, join } from 'node:path';
import { withFailedPath } from '../errors.js';

let sequence = 0;
// Note: the hook bundle and its lazily imported ES modules each hold a copy of this module, so the
// sequence alone could repeat within one process; the random part keeps temp names apart.
const instance = Math.random().toString(36).slice(2, 8);

function tempPathFor(path: string): string {
  sequence += 1;
  return join(dirname(path), `.${basename(path)}.${process.pid}.${instance}${sequence}.tmp`);
}

/** Matches the temp names above; captures the writer's pid (see orphan-temps.ts). */
export const TEMP_NAME = /^\..+\.(\d+)\.[a-z0-9]+\.tmp$/;

/**
 * Returns the file a write to `path` should replace: the symlink's target when `path` is a
 * symlink (CLAUDE.md → AGENTS.md is a documented set-up; renaming over it would turn the link
 * into a copy), else `path` itself.
 */
function writeTarget(path: string): string {
  try {
    return lstatSync(path).isSymbolicLink() ? realpathSync(path) : path;
  } catch {
    return path; // absent, or a dangling link: write where the user pointed
  }
}

/** The permission bits of the file at `path`, or undefined when there is none. */
function existingMode(path: string): number | undefined {
  try {
    return statSync(path).mode & 0o7777;
  } catch {
    return undefined;
  }
}

export type AtomicWriteOptions = {
  /**
   * Whether to wait until the rename itself is on disk (an fsync of the directory; default true).
   * False for state whose previous version is as good after a crash (session state that is
   * re-derived from the transcript): the file is still whole, old or new, and a Stop saves a disk
   * flush per file (two of a writing Stop's eight; each costs milliseconds on a busy disk).
   */
  durableRename?: boolean;
  /** Whether the file replaced keeps its permission bits (a script stays executable; default: 0644 less the umask). */
  keepMode?: boolean;
};

/** Writes `data` to `path` atomically (creating parent directories, following a symlink); throws on I/O failure. */
export function writeFileAtomicSync(
  requested: string,
  data: string | Uint8Array,
  options: AtomicWriteOptions = {},
): void {
  const path = writeTarget(requested);
  replaceByRename(path, data, true, options.keepMode === true ? existingMode(path) : undefined);
  if (options.durableRename ?? true) syncDirectory(dirname(path));
}

/** Writes `data` beside `path` and renames it over `path` (fsync'd first when `durable`); a failed write leaves `path` as it was. */
function replaceByRename(path: string, data: string | Uint8Array, durable: boolean, mode?: number): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = tempPathFor(path);
  try {
    const fd = openSync(temp, 'w', 0o644);
    try {
      // Note: set on the open file, not passed to open, which the umask would cut.
      if (mode !== undefined) fchmodSync(fd, mode);
      writeAll(fd, [typeof data === 'string' ? Buffer.from(data, 'utf8') : data]);
      if (durable) fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw withFailedPath(error, path);
  }
}

/** Writes every byte of `pieces`, in order, at the file's current offset. */
function writeAll(fd: number, pieces: readonly Uint8Array[]): void {
  const rest = pieces.filter((piece) => piece.length > 0);
  while (rest.length > 0) {
    let written = writevSync(fd, rest);
    if (written <= 0) throw new Error(`could not write ${rest.length} more pieces`);
    // Note: a short write (a full disk, a signal) goes on from the first byte not written.
    while (rest.length > 0 && written >= (rest[0] as Uint8Array).length) written -= (rest.shift() as Uint8Array).length;
    if (written > 0) rest[0] = (rest[0] as Uint8Array).subarray(written);
  }
}

/** Async twin of writeFileAtomicSync. */
export async function writeFileAtomic(requested: string, data: string | Uint8Array): Promise<void> {
  const path = writeTarget(requested);
  await mkdir(dirname(path), { recursive: true });
  const temp = tempPathFor(path);
  try {
    const handle = await open(temp, 'w', 0o644);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw withFailedPath(error, path);
  }
  syncDirectory(dirname(path));
}

function syncDirectory(dir: string): void {
  // Note: makes the rename itself durable; some filesystems refuse fsync on directories.
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    /* best effort */
  }
}

/**
 * Replaces a cache file (derived data mem can rebuild: stamps, parsed copies) by rename, without
 * fsync: a crash may lose or empty it, and the next reader then derives it again. Saves the disk
 * flushes that dominate a busy machine's write cost. Throws on I/O failure.
 */
export function writeCacheFileSync(path: string, data: string | Uint8Array): void {
  replaceByRename(path, data, false);
}
