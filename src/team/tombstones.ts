/**
 * Forgotten entry ids recorded in this clone but not yet on the team branch. `mem forget` adds
 * them here; sync unions them into the branch's tombstones.txt (so a stale clone can never
 * bring a forgotten entry back) and they stay here, harmless, as a local guard.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseTombstones, renderTombstones } from './store/team-store-port.js';
import { memoryPaths } from '../core/layout.js';
import { writeFileAtomicSync } from '../core/files/atomic-write.js';

/** Returns the path of the local tombstone list. */
function localTombstonesPath(root: string): string {
  return join(memoryPaths(root).stateDir, 'tombstones.txt');
}

/** Returns the ids forgotten in this clone (empty when none); never throws. */
export function readLocalTombstones(root: string): string[] {
  try {
    return parseTombstones(readFileSync(localTombstonesPath(root), 'utf8'));
  } catch {
    return [];
  }
}

/** Records forgotten entry ids for the next sync and returns the full list; throws on I/O failure. */
export function addLocalTombstones(root: string, ids: readonly string[]): string[] {
  const all = parseTombstones(renderTombstones([...readLocalTombstones(root), ...ids]));
  writeFileAtomicSync(localTombstonesPath(root), renderTombstones(all));
  return all;
}
