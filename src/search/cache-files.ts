/**
 * Where the search cache lives: its two files in `.memory/cache/` (main index and delta). Apart
 * from index-cache-files.ts (reading and writing them), which loads the index engine: a session
 * start only asks whether the index exists.
 */
import { join } from 'node:path';
import { memoryPaths } from '../core/layout.js';

export const SEARCH_CACHE_FILE = 'search-index.bin';

export const SEARCH_DELTA_FILE = 'search-delta.bin';

export type CacheFiles = { main: string; delta: string };

/** Returns the cache files of the worktree at `root`; never fails. */
export function cacheFilesOf(root: string): CacheFiles {
  const dir = memoryPaths(root).cacheDir;
  return { main: join(dir, SEARCH_CACHE_FILE), delta: join(dir, SEARCH_DELTA_FILE) };
}
