/**
 * The shared handoffs as the last fetch found them, in this clone (`.memory/cache/shared-handoffs/`):
 * one file per branch, so a session start reads the one file of its branch (usually absent) and
 * nothing of the other branches, whatever their number. Each handoff is kept as the bytes the ref
 * held, already gated, and gated again by whoever uses its text (shared-handoff.ts). This module
 * stays light (no scanner, no zod): a session start loads it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One shared handoff in the cache: what lists and session starts need, and the file as the ref held it. */
export type CachedHandoff = {
  path: string;
  branch: string;
  who: string;
  name: string;
  updatedAt: string;
  sharedAt: string;
  goal: string;
  tip: string | null;
  clean: boolean;
  /** The branch was on the remote when shared. */
  onRemote?: boolean;
  /** Shared by this clone's git identity. */
  mine: boolean;
  raw: string;
};

export type HandoffCacheIndex = {
  /** The handoffs ref's commit the cache was made from. */
  commit: string | null;
  /** Files on the ref that were refused, and why. */
  refused: Array<{ path: string; reason: string }>;
};

/** Returns the cache directory under `cacheDir` (memoryPaths(root).cacheDir). */
export function handoffCacheDir(cacheDir: string): string {
  return join(cacheDir, 'shared-handoffs');
}

/** Returns the path of `branch`'s cache file. */
export function branchCacheFile(cacheDir: string, branch: string): string {
  return join(handoffCacheDir(cacheDir), 'branches', `${encodeURIComponent(branch)}.json`);
}

const WHO = /^[a-z0-9][a-z0-9._@+-]{0,99}$/;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z$/;

/**
 * Returns the shared handoffs of `branch` from the cache, newest first; [] when none or the file is
 * unreadable. Only handoffs made on `branch`, with a well-formed author key and time, come back:
 * the file is a cache of untrusted input.
 */
export function readBranchHandoffs(cacheDir: string, branch: string): CachedHandoff[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(branchCacheFile(cacheDir, branch), 'utf8'));
  } catch {
    return [];
  }
  const list = (parsed as { handoffs?: unknown }).handoffs;
  if (!Array.isArray(list)) return [];
  return (list as CachedHandoff[])
    .filter(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        item.branch === branch &&
        typeof item.who === 'string' &&
        WHO.test(item.who) &&
        typeof item.updatedAt === 'string' &&
        ISO.test(item.updatedAt) &&
        typeof item.raw === 'string',
    )
    .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
}

/** Returns every cached shared handoff, newest first. */
export function readAllHandoffs(cacheDir: string): CachedHandoff[] {
  let names: string[];
  try {
    names = readdirSync(join(handoffCacheDir(cacheDir), 'branches')).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return names
    .flatMap((name) => {
      try {
        return readBranchHandoffs(cacheDir, decodeURIComponent(name.slice(0, -'.json'.length)));
      } catch {
        return [];
      }
    })
    .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0));
}

/** Returns the cache's index, or an empty one. */
export function readHandoffCacheIndex(cacheDir: string): HandoffCacheIndex {
  try {
    const index = JSON.parse(readFileSync(join(handoffCacheDir(cacheDir), 'index.json'), 'utf8')) as HandoffCacheIndex;
    return {
      commit: typeof index.commit === 'string' ? index.commit : null,
      refused: Array.isArray(index.refused) ? index.refused : [],
    };
  } catch {
    return { commit: null, refused: [] };
  }
}
