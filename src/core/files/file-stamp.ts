/**
 * Cheap "has this file changed since mem last read it?" checks, so a command with nothing to do
 * reads no large file, parses nothing and hashes nothing (the team memory's working copy is
 * megabytes at 20,000 entries). A stamp is what `stat` says (size, mtime, ctime, inode); every
 * mem writer replaces files by rename, so any write gives a new stamp.
 *
 * Like git's index, a stamp taken within one timestamp tick of the file's last change is "racy": a
 * second write in the same tick could keep size and times, so such a stamp is never trusted and the
 * caller falls back to reading the file (and then records a fresh stamp). The tick is a second on a
 * file system that keeps whole seconds (FAT, ext3, HFS+); where times have sub-second parts (ext4,
 * xfs, btrfs, APFS, NTFS) the kernel's clock tick is 1-10 ms, and 100 ms covers it. Why not a
 * second everywhere: a sync run right after another (pre-push after the end of a turn) read and
 * hashed the whole working copy, 10 MB at 20,000 entries, to prove nothing had changed.
 */
import { statSync, type BigIntStats } from 'node:fs';

/** A file's stamp, or 'absent'. */
export type FileStamp = string;

const SECOND_NS = 1_000_000_000n;
const RACY_SUBSECOND_NS = 100_000_000n;

/** Returns the stamp of `path` ('absent' when it does not exist); never throws. */
export function fileStamp(path: string): FileStamp {
  try {
    return stampOf(statSync(path, { bigint: true }));
  } catch {
    return 'absent';
  }
}

/** The stamp of a file as `stat` gave it. */
function stampOf(stat: BigIntStats): FileStamp {
  return `${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}:${stat.ino}`;
}

/** Stamps of several files, taken together, with the time they were taken. */
export type StampSet = { at: string; files: Record<string, FileStamp> };

/** Returns the stamps of `paths` (keyed by the names given) taken now. Take them *before* reading the files they vouch for. */
export function takeStamps(paths: Record<string, string>): StampSet {
  const files: Record<string, FileStamp> = {};
  for (const [name, path] of Object.entries(paths)) files[name] = fileStamp(path);
  return { at: `${BigInt(Date.now()) * 1_000_000n}`, files };
}

/** True when `stamp` (taken at `at`, ns since the epoch) was taken a timestamp tick or more after the file last changed: not racy. */
export function stampIsSettled(stamp: FileStamp, at: string): boolean {
  if (stamp === 'absent') return true;
  try {
    const fields = stamp.split(':');
    const mtime = BigInt(fields[1] ?? '0');
    const ctime = BigInt(fields[2] ?? '0');
    // Note: whole-second times on both say the file system keeps no more (1 in ~250 stamps of a
    // finer one look so too, and just wait the second).
    const tick = mtime % SECOND_NS === 0n && ctime % SECOND_NS === 0n ? SECOND_NS : RACY_SUBSECOND_NS;
    return BigInt(at) - (mtime > ctime ? mtime : ctime) >= tick;
  } catch {
    return false;
  }
}

/**
 * True when every file still has the stamp recorded in `saved` and none of them had changed within
 * a timestamp tick before the stamps were taken (a racy stamp proves nothing). Never throws.
 */
export function stampsHold(saved: StampSet | null | undefined, paths: Record<string, string>): boolean {
  if (!saved || typeof saved.at !== 'string' || typeof saved.files !== 'object' || saved.files === null) return false;
  for (const [name, path] of Object.entries(paths)) {
    const recorded = saved.files[name];
    if (recorded === undefined || recorded !== fileStamp(path) || !stampIsSettled(recorded, saved.at)) return false;
  }
  return true;
}

/**
 * True when some file's stamp is not the one recorded in `saved` (it was written since), as opposed
 * to a stamp that is the same but too recent to prove anything; false without a record. Never throws.
 */
export function stampsChanged(saved: StampSet | null | undefined, paths: Record<string, string>): boolean {
  if (!saved || typeof saved.files !== 'object' || saved.files === null) return false;
  for (const [name, path] of Object.entries(paths)) if (saved.files[name] !== fileStamp(path)) return true;
  return false;
}
