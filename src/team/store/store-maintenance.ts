/**
 * Keeps the team store's packs few. Every fetch that brings objects keeps them as a pack of their
 * own (fetch.unpackLimit = 1 makes git index what it receives rather than unpack it), every commit the
 * sync writes is one too (writeCommit), and the store never collects garbage by itself (gc.auto = 0:
 * no git command may stop for a gc in the middle of a pre-push). A clone that syncs every turn
 * would gather thousands of packs in a year, and every git process of every sync then searches
 * them all (measured: ls-tree 2.4 -> 6.0 ms, cat-file -e 2.1 -> 4.1 ms with 100 packs).
 *
 * A geometric repack rolls the small packs into one and leaves a large one (the base a first sync
 * fetched) untouched, so it costs what the recent syncs brought, not what the team has.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runGit } from '../../core/git/run-git.js';

/** Packs at which a sync that pushes rolls them up while its push runs (a sync writes about two). */
export const PACKS_BEFORE_REPACK = 16;

/** Returns how many packs the store has (0 when it cannot tell). */
export function packCount(storeDir: string): number {
  try {
    return readdirSync(join(storeDir, 'objects', 'pack')).filter((name) => name.endsWith('.pack')).length;
  } catch {
    return 0;
  }
}

/**
 * Rolls the store's small packs into one when it has more than `limit`; resolves whether it did.
 * Never rejects: a repack that fails or is killed leaves every object where it was (git writes the
 * new pack before it deletes the packs it replaces), and the next sync tries again.
 */
export async function repackIfMany(storeDir: string, limit: number = PACKS_BEFORE_REPACK): Promise<boolean> {
  if (packCount(storeDir) <= limit) return false;
  const run = await runGit(
    ['--git-dir', storeDir, '-c', 'repack.writeBitmaps=false', 'repack', '-d', '-l', '-q', '--geometric=2'],
    { cwd: storeDir, timeoutMs: 120_000 },
  );
  return run.status === 0;
}
