/**
 * `mem review`: the conflicts waiting in the managed region, and settling one. A resolution is
 * an ordinary edit of CLAUDE.md (under the memory lock, atomically); the next sync pushes it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MemError } from '../core/errors.js';
import { writeFileAtomic } from '../core/files/atomic-write.js';
import { withLock } from '../core/files/lock.js';
import { memoryPaths } from '../core/layout.js';
import { loadConfig } from '../core/config/load-config.js';
import { listRegionConflicts, readRegionBody, resolveRegionConflict, writeRegionBody, type ConflictChoice } from './team-region.js';
import { updateSyncStatus } from './sync-status.js';

/** One conflict as `mem review --json` prints it: the entry text of each side, null where that side has no entry. */
export type ReviewConflict = { id: string; section: string; base: string | null; ours: string | null; theirs: string | null };

function memoryFile(root: string): string {
  return join(root, loadConfig(root).region.targets[0] ?? 'CLAUDE.md');
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/** Returns the conflicts awaiting review in the clone at `root`, in file order; throws REGION_DAMAGED on damaged markers. */
export function listReviewConflicts(root: string): ReviewConflict[] {
  const body = readRegionBody(readText(memoryFile(root))) ?? '';
  return listRegionConflicts(body).map(({ id, section, base, ours, theirs }) => ({ id, section, base, ours, theirs }));
}

/**
 * Settles conflict `id` by keeping ours, theirs, both, or a given text, and returns the conflicts
 * still open; throws NOT_FOUND for an unknown id, LOCK_HELD when memory is busy.
 */
export async function resolveReviewConflict(root: string, id: string, choice: ConflictChoice): Promise<ReviewConflict[]> {
  const file = memoryFile(root);
  return withLock(memoryPaths(root).memoryLock, async () => {
    const text = readText(file);
    const body = readRegionBody(text);
    if (body === null) throw new MemError('NOT_FOUND', `${file} has no managed region, so there is nothing to review`);
    const resolved = resolveRegionConflict(body, id, choice);
    await writeFileAtomic(file, writeRegionBody(text, resolved));
    const remaining = listRegionConflicts(resolved);
    updateSyncStatus(root, { conflicts: remaining.length, pending: true });
    return remaining.map(({ id: rid, section, base, ours, theirs }) => ({ id: rid, section, base, ours, theirs }));
  });
}
