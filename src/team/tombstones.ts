/**
 * Forgotten entry ids known to this clone. `mem forget` adds them here, sync adds the team's; sync
 * writes each as a tombstone file on the team ref (so a stale clone can never bring a forgotten
 * entry back) and they stay here, harmless, as a local guard.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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

/** Returns the canonical text of a tombstone list: sorted, unique, one id per line. */
function renderTombstones(ids: Iterable<string>): string {
  const sorted = normaliseTombstones(ids);
  return sorted.length === 0 ? '' : `${sorted.join('\n')}\n`;
}

/** Returns ids sorted and deduplicated, blank lines dropped. */
function normaliseTombstones(ids: Iterable<string>): string[] {
  const set = new Set<string>();
  for (const id of ids) {
    const trimmed = id.trim();
    if (trimmed !== '') set.add(trimmed);
  }
  return [...set].sort();
}

function parseTombstones(text: string): string[] {
  return normaliseTombstones(text.split('\n'));
}
