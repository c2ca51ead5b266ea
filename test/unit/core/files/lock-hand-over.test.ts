/**
 * A lock taken for a child process (the after-turn step a Stop starts): held from the moment it
 * is taken, for as long as the child lives, and released by the child once it adopted it.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireLock, adoptLock, adoptOrTakeLock, isLockHeld, takeLockFor } from '../../../../src/core/files/lock.js';
import { cleanupTempDirs, makeTempDir } from '../../../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

describe('takeLockFor / adoptLock', () => {
  it('holds the lock for a live child, and frees it when the child dies without adopting it', async () => {
    const lock = join(makeTempDir(), 'locks', 'queued.lock');
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    expect(takeLockFor(lock, child.pid!)).toBe(true);
    expect(isLockHeld(lock)).toBe(true);
    // A second taker, for itself or for another child, does not get it.
    expect(takeLockFor(lock, process.pid)).toBe(false);
    await expect(acquireLock(lock, { timeoutMs: 0 })).rejects.toMatchObject({ code: 'LOCK_HELD' });
    child.kill('SIGKILL');
    await exited;
    expect(isLockHeld(lock)).toBe(false);
    // Abandoned: the next taker gets it at once, even one that does not wait.
    const release = await acquireLock(lock, { timeoutMs: 0 });
    expect(isLockHeld(lock)).toBe(true);
    release();
    expect(isLockHeld(lock)).toBe(false);
  });

  it('is adopted by the process it was taken for, which releases it', () => {
    const lock = join(makeTempDir(), 'queued.lock');
    expect(adoptLock(lock)).toBeNull();
    expect(takeLockFor(lock, process.pid)).toBe(true);
    const release = adoptLock(lock);
    expect(release).not.toBeNull();
    expect(isLockHeld(lock)).toBe(true);
    release!();
    expect(isLockHeld(lock)).toBe(false);
  });

  it('is held by the process it was taken for even when that take lands while the process tries to take it itself', async () => {
    const lock = join(makeTempDir(), 'queued.lock');
    // The parent's take lands after this process found nothing to adopt, just before its own take.
    const release = await adoptOrTakeLock(lock, 60_000, () => {
      expect(takeLockFor(lock, process.pid)).toBe(true);
      return acquireLock(lock, { timeoutMs: 0 });
    });
    expect(release).not.toBeNull();
    expect(isLockHeld(lock)).toBe(true);
    release!();
    expect(isLockHeld(lock)).toBe(false);
  });

  it('is left to a live process that holds it, and taken when free', async () => {
    const lock = join(makeTempDir(), 'queued.lock');
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    expect(takeLockFor(lock, child.pid!)).toBe(true);
    expect(await adoptOrTakeLock(lock, 60_000)).toBeNull();
    child.kill('SIGKILL');
    await exited;
    const release = await adoptOrTakeLock(lock, 60_000);
    expect(release).not.toBeNull();
    release!();
    expect(isLockHeld(lock)).toBe(false);
  });
});
