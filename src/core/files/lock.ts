/**
 * A cross-process lock that is correct by construction: the lock is a directory, and `mkdir` is
 * atomic, so exactly one process creates it. The holder then records who it is (pid, host, a
 * random token) inside it and refreshes its mtime while it works. Hooks of several sessions,
 * worktrees and background syncs serialise their read-modify-write of shared files through it.
 *
 * A lock is abandoned when its holder is gone (same host, pid not alive) or has not refreshed it
 * for `staleMs`. Taking over an abandoned lock is the step where hand-written locks (and
 * proper-lockfile, see docs/decisions.md) let two processes in: two waiters both judge the
 * lock stale, the first removes it and takes a new one, the second then removes that new one.
 * Here a takeover happens only while holding a second lock (`<lock>.break`, also a `mkdir`), and
 * the breaker judges the lock again under it, so a lock that was just re-taken is never removed.
 */
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { isMemError, MemError, withFailedPath } from '../errors.js';
import { isProcessAlive } from './process-alive.js';

export type LockOptions = {
  /** Give up after this long (ms). 0 = try once. */
  timeoutMs?: number;
  /** A lock whose holder has not refreshed it for this long is presumed abandoned (a holder on another host, or a reused pid). */
  staleMs?: number;
};

type Owner = { pid: number; host: string; token: string };

/** Locks this process holds (path → token), released on exit: a watchdog's process.exit must not strand them. */
const held = new Map<string, string>();
/** In-process queue per lock path, so two async flows of one process wait for each other without polling. */
const queues = new Map<string, Promise<unknown>>();
let exitHookInstalled = false;
/** How old an ownerless lock directory must be to count as abandoned. */
const OWNERLESS_STALE_MS = 5_000;

/** Runs `fn` while holding the lock at `lockPath`; throws MemError LOCK_HELD after timeoutMs. */
export async function withLock<T>(lockPath: string, fn: () => Promise<T> | T, options: LockOptions = {}): Promise<T> {
  const previous = queues.get(lockPath) ?? Promise.resolve();
  let done!: () => void;
  const mine = new Promise<void>((resolve) => (done = resolve));
  const tail = previous.then(() => mine);
  queues.set(lockPath, tail);
  try {
    await previous;
    const release = await acquireLock(lockPath, options);
    try {
      return await fn();
    } finally {
      release();
    }
  } finally {
    done();
    if (queues.get(lockPath) === tail) queues.delete(lockPath);
  }
}

/**
 * Acquires the lock and returns its release function; throws MemError LOCK_HELD after timeoutMs.
 * For a hold that does not nest in one call (a step that takes a second lock before it lets go of
 * the first); unlike withLock, two flows of one process are not queued.
 */
export async function acquireLock(lockPath: string, options: LockOptions): Promise<() => void> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const staleMs = options.staleMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  mkdirSync(dirname(lockPath), { recursive: true });
  installExitHook();
  let delay = 2;
  for (;;) {
    const token = tryTake(lockPath) ?? takeAbandoned(lockPath, staleMs);
    if (token) return holdLock(lockPath, token, staleMs);
    if (Date.now() >= deadline) {
      throw new MemError('LOCK_HELD', `another mem process holds ${lockPath}`, {
        hint: 'It is released when that process ends; a lock left by a dead process is taken over automatically.',
      });
    }
    // Note: jitter keeps many waiters from retrying in lock-step.
    await new Promise((resolve) => setTimeout(resolve, delay + Math.random() * delay));
    delay = Math.min(delay * 2, 20);
  }
}

/**
 * Takes the lock; returns the owner token, or null when another process holds it. The directory
 * is built under a temp name with its owner file inside, then renamed into place: a rename onto
 * an existing (non-empty) lock fails, so the lock never exists without its owner, even for a
 * process killed half-way (whose temp directory the next taker removes). `ownerPid`: taken for
 * that process (see takeLockFor), not held by this one.
 */
function tryTake(lockPath: string, ownerPid = process.pid): string | null {
  // Note: unique, not secret: no need to load the crypto module on the hook path.
  const token = `${ownerPid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const temp = `${lockPath}.${process.pid}.${Math.random().toString(36).slice(2, 8)}.new`;
  try {
    mkdirSync(temp);
    writeFileSync(join(temp, 'owner'), JSON.stringify({ pid: ownerPid, host: hostname(), token } satisfies Owner));
    renameSync(temp, lockPath);
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTEMPTY' || code === 'EEXIST' || code === 'ENOTDIR' || code === 'EISDIR') return null;
    throw withFailedPath(error, lockPath);
  }
  if (ownerPid === process.pid) held.set(lockPath, token);
  removeAbandonedTemps(lockPath);
  return token;
}

/**
 * Takes the lock for process `pid`, a child this process just started, which adopts it
 * (adoptLock) once it runs: the lock is held from now on, for as long as that process lives, with
 * no moment where it looks free. Returns false when another process holds it; never waits.
 */
export function takeLockFor(lockPath: string, pid: number, staleMs = 60_000): boolean {
  mkdirSync(dirname(lockPath), { recursive: true });
  return (tryTake(lockPath, pid) ?? takeAbandoned(lockPath, staleMs, pid)) !== null;
}

/** Breaks the lock when it is abandoned and takes it at once (a taker that does not wait gets it too); returns the token or null. */
function takeAbandoned(lockPath: string, staleMs: number, ownerPid = process.pid): string | null {
  if (!isAbandoned(lockPath, staleMs)) return null;
  breakAbandoned(lockPath, staleMs);
  return tryTake(lockPath, ownerPid);
}

/** Returns the release of the lock a parent took for this process (takeLockFor), or null when there is none. */
export function adoptLock(lockPath: string, staleMs = 60_000): (() => void) | null {
  const owner = readOwner(lockPath);
  if (owner?.pid !== process.pid || owner.host !== hostname()) return null;
  held.set(lockPath, owner.token);
  installExitHook();
  return holdLock(lockPath, owner.token, staleMs);
}

/**
 * Holds the lock a parent took for this process (takeLockFor), or takes it when it is free;
 * returns null when another live process holds it. The parent takes it just after starting this
 * process, so under load its take can land between this process's two looks (nothing to adopt
 * yet, then a held lock it failed to take): one more look finds it ours. Missing that left the
 * lock naming a process that had given up, and every turn handed to it unread (issue 9's
 * 16-Stop test, 4 of 19 full runs). `take`: how a free lock is taken; tests make the parent land
 * inside it.
 */
export async function adoptOrTakeLock(
  lockPath: string,
  staleMs: number,
  take: () => Promise<() => void> = () => acquireLock(lockPath, { timeoutMs: 0, staleMs }),
): Promise<(() => void) | null> {
  const adopted = adoptLock(lockPath, staleMs);
  if (adopted) return adopted;
  try {
    return await take();
  } catch (error) {
    if (isMemError(error) && error.code === 'LOCK_HELD') return adoptLock(lockPath, staleMs);
    throw error;
  }
}

/** Removes temp directories of takers (and releasers) killed half-way: their pid is gone. */
function removeAbandonedTemps(lockPath: string): void {
  const prefix = `${basename(lockPath)}.`;
  let names: string[];
  try {
    names = readdirSync(dirname(lockPath));
  } catch {
    return;
  }
  for (const name of names) {
    const match = name.startsWith(prefix) ? /^(\d+)\.[a-z0-9]+\.(new|old)$/.exec(name.slice(prefix.length)) : null;
    if (match && !isProcessAlive(Number(match[1])))
      rmSync(join(dirname(lockPath), name), { recursive: true, force: true });
  }
}

function holdLock(lockPath: string, token: string, staleMs: number): () => void {
  // The mtime refresh is what tells a waiter on another host (or after pid reuse) that the holder lives.
  const refresh = setInterval(
    () => {
      try {
        const now = new Date();
        utimesSync(lockPath, now, now);
      } catch {
        /* taken over after a stall: the release below notices */
      }
    },
    Math.max(250, Math.min(2_000, staleMs / 4)),
  );
  refresh.unref();
  return () => {
    clearInterval(refresh);
    releaseLock(lockPath, token);
  };
}

function releaseLock(lockPath: string, token: string): void {
  if (held.get(lockPath) === token) held.delete(lockPath);
  // Only our own lock is removed: a holder that stalled past staleMs may have been taken over.
  if (readOwner(lockPath)?.token !== token) return;
  removeLockDirectory(lockPath);
}

/**
 * Removes a lock directory by first renaming it away: removing it in place would, between
 * deleting its owner file and the directory, let a taker's rename land on the empty directory,
 * whose contents the recursive removal would then delete too.
 */
function removeLockDirectory(lockPath: string): void {
  const grave = `${lockPath}.${process.pid}.${Math.random().toString(36).slice(2, 8)}.old`;
  try {
    renameSync(lockPath, grave);
  } catch {
    return; // gone already
  }
  // Note: the lock holds only its owner file; removing that and the directory directly spares
  // every hook Node's recursive-removal module (~1 ms to load). Anything else falls back to it.
  try {
    unlinkSync(join(grave, 'owner'));
    rmdirSync(grave);
  } catch {
    rmSync(grave, { recursive: true, force: true });
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const [lockPath, token] of held) {
      try {
        releaseLock(lockPath, token);
      } catch {
        /* exiting anyway */
      }
    }
  });
}

function readOwner(lockPath: string): Owner | null {
  try {
    const owner = JSON.parse(readFileSync(join(lockPath, 'owner'), 'utf8')) as Partial<Owner>;
    if (typeof owner.pid !== 'number' || typeof owner.host !== 'string' || typeof owner.token !== 'string') return null;
    return owner as Owner;
  } catch {
    return null;
  }
}

/** True when the lock at `lockPath` exists and its holder is gone or silent for staleMs. */
function isAbandoned(lockPath: string, staleMs: number): boolean {
  let stat;
  try {
    stat = statSync(lockPath);
  } catch {
    return false; // released meanwhile
  }
  if (!stat.isDirectory()) return isLegacyAbandoned(lockPath, stat.mtimeMs, staleMs);
  const owner = readOwner(lockPath);
  if (owner && owner.host === hostname() && !isProcessAlive(owner.pid)) return true;
  // A lock directory is never without its owner file (see tryTake), except one left by an older
  // mem killed between its mkdir and its owner write: abandoned once it is a few seconds old.
  if (!owner) return Date.now() - stat.mtimeMs > Math.min(staleMs, OWNERLESS_STALE_MS);
  return Date.now() - stat.mtimeMs > staleMs;
}

/**
 * Returns true when a live process holds the lock at `lockPath` now (an abandoned lock is not
 * held: the next taker takes it over). A hint for work that would rather defer than wait; never fails.
 */
export function isLockHeld(lockPath: string, staleMs = 60_000): boolean {
  try {
    statSync(lockPath);
  } catch {
    return false;
  }
  return !isAbandoned(lockPath, staleMs);
}

/** A lock file of mem before 0.2 ("<pid> <ms> <random>"): abandoned when its pid is gone. */
function isLegacyAbandoned(lockPath: string, mtimeMs: number, staleMs: number): boolean {
  let pid = Number.NaN;
  try {
    pid = Number(readFileSync(lockPath, 'utf8').split(' ')[0]);
  } catch {
    /* unreadable: judged by age */
  }
  return (Number.isInteger(pid) && pid > 0 && !isProcessAlive(pid)) || Date.now() - mtimeMs > staleMs;
}

/**
 * Removes an abandoned lock, judged again while holding `<lock>.break`, so two waiters that both
 * saw it abandoned cannot remove each other's fresh lock. A breaker holds `.break` for a few file
 * operations; one that died there is itself judged like any holder.
 */
function breakAbandoned(lockPath: string, staleMs: number): void {
  const breakPath = `${lockPath}.break`;
  const token = tryTake(breakPath);
  if (!token) {
    if (isAbandoned(breakPath, staleMs)) removeLockDirectory(breakPath);
    return;
  }
  try {
    if (isAbandoned(lockPath, staleMs)) removeLockDirectory(lockPath);
  } finally {
    releaseLock(breakPath, token);
  }
}
