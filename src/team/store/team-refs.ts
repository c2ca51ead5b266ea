/**
 * The team store's refs: read straight from the ref files (loose, then packed-refs) so a sync with
 * nothing to do spawns nothing, and moved with a compare-and-swap done the way git's files backend
 * does it (see moveRefFile), so a sync that pushes spawns no `git update-ref` after the push.
 */
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { MemError } from '../../core/errors.js';
import { teamRefNames, type TeamRef } from './team-ref-names.js';

export type { TeamRef } from './team-ref-names.js';

export type TeamRefs = {
  /** Returns the commit a ref points at, or null when the ref does not exist. */
  readRef(ref: TeamRef): Promise<string | null>;
  /** Moves `ref` to `next` only if it points at `expected` (null: must not exist); false when it did not. */
  updateRef(ref: TeamRef, next: string, expected: string | null): Promise<boolean>;
};

export type TeamRefsOptions = { gitdir: string; branch: string; remote: string; worktree?: string };

const OID = /^[0-9a-f]{40}$/;

export function createTeamRefs(options: TeamRefsOptions): TeamRefs {
  const names = teamRefNames(options.branch, options.remote, options.worktree ?? '');
  return {
    async readRef(ref) {
      return readRefFile(options.gitdir, names[ref]);
    },
    async updateRef(ref, next, expected) {
      if (!OID.test(next)) throw new MemError('GIT_FAILED', `refusing to point ${names[ref]} at "${next}"`);
      return moveRefFile(options.gitdir, names[ref], next, expected);
    },
  };
}

/** A ref's lock older than this was left by a killed process (a move holds it for microseconds, under the sync lock). */
const STALE_LOCK_MS = 60_000;

/**
 * Moves `ref` to `next` when it points at `expected` (null: when it does not exist), as `git
 * update-ref <ref> <next> <expected>` does in the files backend: `<ref>.lock` created exclusively
 * (git honours it too), the value compared under it, the new one written there and renamed over
 * the ref. Returns false, changing nothing, when the value differs or the lock is held. Why not
 * git: its start-up was 2-3 ms of every sync that pushed, after the push (measured); the store
 * keeps no reflog (core.logAllRefUpdates is off there).
 */
function moveRefFile(gitdir: string, ref: string, next: string, expected: string | null): boolean {
  if (!existsSync(join(gitdir, 'HEAD'))) return false;
  const path = join(gitdir, ...ref.split('/'));
  const lock = `${path}.lock`;
  let fd: number;
  try {
    mkdirSync(dirname(path), { recursive: true });
    fd = takeLock(lock);
  } catch {
    return false;
  }
  let moved = false;
  try {
    if (readRefFile(gitdir, ref) !== expected) return false;
    writeSync(fd, `${next}\n`);
    closeSync(fd);
    fd = -1;
    renameSync(lock, path);
    moved = true;
    return true;
  } catch {
    return false;
  } finally {
    if (fd >= 0) closeSync(fd);
    if (!moved) rmSync(lock, { force: true });
  }
}

/** Creates `lock` exclusively; one a killed process left long ago is taken over. Throws when it is held. */
function takeLock(lock: string): number {
  try {
    return openSync(lock, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || Date.now() - statSync(lock).mtimeMs < STALE_LOCK_MS)
      throw error;
    rmSync(lock, { force: true });
    return openSync(lock, 'wx');
  }
}

/** Returns the commit `ref` points at in the bare repository `gitdir` (loose, then packed), or null. */
function readRefFile(gitdir: string, ref: string): string | null {
  try {
    const loose = readFileSync(join(gitdir, ...ref.split('/')), 'utf8').trim();
    if (OID.test(loose)) return loose;
  } catch {
    /* not loose */
  }
  try {
    for (const line of readFileSync(join(gitdir, 'packed-refs'), 'utf8').split('\n')) {
      const [oid, name] = line.split(' ');
      if (name === ref && oid && OID.test(oid)) return oid;
    }
  } catch {
    /* no packed refs */
  }
  return null;
}
