/**
 * Bringing the search cache up to date off the prompt path: the prompt hook (and SessionStart,
 * when there is no cache at all) hands the work to a detached `mem search --refresh-index`, so no
 * user waits for a rebuild (seconds at 50k entries) and the hook stays inside its budget.
 * One refresh at a time: the starter takes a lock file the refresh removes when done; a lock left
 * by a crashed refresh expires.
 */
import { nodeChildProcess } from '../core/lazy-builtins.js';
import { closeSync, existsSync, mkdirSync, openSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { memoryPaths } from '../core/layout.js';
import { memBinPath } from '../core/mem-command.js';
import { cacheFilesOf } from './cache-files.js';

const LOCK_FILE = 'refresh.lock';
/** A refresh of 100k entries takes ~15 s on a loaded 2-core machine; a lock older than this is a crashed one. */
const LOCK_EXPIRES_MS = 120_000;

/** The internal argument of `mem search` that runs a refresh (see cli/entry/search.ts). */
export const REFRESH_INDEX_ARG = '--refresh-index';

/** Returns true when mem may start detached processes here (MEM_NO_BACKGROUND_SYNC=1 says no: work is then done inline). */
export function backgroundAllowed(env: NodeJS.ProcessEnv): boolean {
  return env['MEM_NO_BACKGROUND_SYNC'] !== '1';
}

/** Returns true when the worktree at `root` has no main search index yet; never throws. */
function searchIndexMissing(root: string): boolean {
  return !existsSync(cacheFilesOf(root).main);
}

/** Starts a detached build of the search index of `root` when there is none yet (SessionStart); never throws. */
export function ensureSearchIndexSoon(root: string, env: NodeJS.ProcessEnv): void {
  if (backgroundAllowed(env) && searchIndexMissing(root)) startIndexRefresh(root, env);
}

/**
 * Starts a detached refresh of the search cache of `root` unless one is running; returns whether
 * one was started. Never throws: without a refresh the next `mem search` brings the cache up to date.
 */
export function startIndexRefresh(root: string, env: NodeJS.ProcessEnv): boolean {
  const lock = lockPath(root);
  if (!takeLock(lock)) return false;
  try {
    const child = nodeChildProcess().spawn(process.execPath, [memBinPath(), 'search', REFRESH_INDEX_ARG], {
      cwd: root,
      detached: true,
      stdio: 'ignore',
      env: { ...env, MEM_INDEX_REFRESH_LOCK: lock },
    });
    child.on('error', () => removeLock(lock));
    child.unref();
    return true;
  } catch {
    removeLock(lock);
    return false;
  }
}

/** Releases the lock a starter took for this refresh (named in the environment); never throws. */
export function finishIndexRefresh(env: NodeJS.ProcessEnv): void {
  const lock = env['MEM_INDEX_REFRESH_LOCK'];
  if (lock && lock.endsWith(LOCK_FILE)) removeLock(lock);
}

function lockPath(root: string): string {
  return join(memoryPaths(root).cacheDir, LOCK_FILE);
}

function takeLock(lock: string): boolean {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const dir = join(lock, '..');
      mkdirSync(dir, { recursive: true });
      // Note: the cache directory is never committed, even before the first index is written.
      if (!existsSync(join(dir, '.gitignore'))) writeFileSync(join(dir, '.gitignore'), '*\n');
      const fd = openSync(lock, 'wx');
      writeSync(fd, `${process.pid} ${new Date().toISOString()}\n`);
      closeSync(fd);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return false;
      try {
        if (Date.now() - statSync(lock).mtimeMs < LOCK_EXPIRES_MS) return false;
        removeLock(lock);
      } catch {
        // Note: removed by the refresh in between: try again.
      }
    }
  }
  return false;
}

function removeLock(lock: string): void {
  try {
    rmSync(lock, { force: true });
  } catch {
    // Note: a lock that cannot be removed expires.
  }
}
