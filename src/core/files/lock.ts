/**
 * A cross-process lock: an O_EXCL lock file holding the owner's pid and start time. Hooks from
 * several sessions, worktrees and background syncs serialise their read-modify-write of shared
 * files through it. A lock whose owner died (pid gone) or that is older than `staleMs` is broken.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync, statSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import { MemError } from '../errors.js';

export type LockOptions = {
  /** Give up after this long (ms). 0 = try once. */
  timeoutMs?: number;
  /** A lock held longer than this is presumed abandoned. */
  staleMs?: number;
};

type Owner = { pid: number; at: number };

/** Runs `fn` while holding the lock at `lockPath`; throws MemError LOCK_HELD after timeoutMs. */
export async function withLock<T>(lockPath: string, fn: () => Promise<T> | T, options: LockOptions = {}): Promise<T> {
  const release = await acquireLock(lockPath, options);
  try {
    return await fn();
  } finally {
    release();
  }
}

/** Acquires the lock and returns its release function; throws MemError LOCK_HELD after timeoutMs. */
async function acquireLock(lockPath: string, options: LockOptions = {}): Promise<() => void> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const staleMs = options.staleMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  mkdirSync(dirname(lockPath), { recursive: true });
  let delay = 5;
  for (;;) {
    const token = tryCreate(lockPath);
    if (token) return () => releaseLock(lockPath, token);
    breakIfStale(lockPath, staleMs);
    if (Date.now() >= deadline) {
      throw new MemError('LOCK_HELD', `another mem process holds ${lockPath}`, {
        hint: 'It is released when that process ends; a lock left by a dead process is broken automatically.',
      });
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(delay * 2, 100);
  }
}

function tryCreate(lockPath: string): string | null {
  const token = `${process.pid} ${Date.now()} ${Math.random().toString(36).slice(2)}`;
  try {
    const fd = openSync(lockPath, 'wx', 0o644);
    try {
      writeSync(fd, token);
    } finally {
      closeSync(fd);
    }
    return token;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return null;
    throw error;
  }
}

function releaseLock(lockPath: string, token: string): void {
  try {
    if (readFileSync(lockPath, 'utf8') === token) rmSync(lockPath, { force: true });
  } catch {
    /* already gone */
  }
}

function breakIfStale(lockPath: string, staleMs: number): void {
  const owner = readOwner(lockPath);
  if (!owner) return;
  const abandoned = !isAlive(owner.pid) || Date.now() - owner.at > staleMs;
  if (!abandoned) return;
  // Note: rename first so two breakers cannot both delete a lock a third process just created.
  const grave = `${lockPath}.stale.${process.pid}`;
  try {
    const before = statSync(lockPath).mtimeMs;
    renameSync(lockPath, grave);
    const still = readOwner(grave);
    if (still && still.at !== owner.at && statSync(grave).mtimeMs !== before) {
      // Someone re-created it between our read and rename: put it back.
      renameSync(grave, lockPath);
      return;
    }
    rmSync(grave, { force: true });
  } catch {
    /* somebody else broke it first */
  }
}

function readOwner(lockPath: string): Owner | null {
  try {
    const [pid, at] = readFileSync(lockPath, 'utf8').split(' ');
    const owner = { pid: Number(pid), at: Number(at) };
    return Number.isFinite(owner.pid) && Number.isFinite(owner.at) ? owner : { pid: -1, at: 0 };
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
