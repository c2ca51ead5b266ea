/**
 * `.memory/state/sync-status.json`: what the last sync did and what is still pending, so
 * `mem status` and the session-start context can show it without touching the network.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { memoryPaths } from '../core/layout.js';
import { writeCacheFileSync } from '../core/files/atomic-write.js';
import type { RemovedEntry } from './plan-sync.js';

export type SyncFailureReason =
  | 'offline'
  | 'remote-missing'
  | 'rejected'
  | 'denied'
  | 'lock-held'
  | 'invalid-team-content'
  | 'region-damaged'
  | 'repo-busy'
  /** A file could not be written (full disk, read-only or unwritable .memory/). */
  | 'write-failed'
  | 'failed';

export type SyncFailure = { reason: SyncFailureReason; message: string; at: string };

/** An entry a teammate took away here, and when this clone saw it go. */
export type RemovalNotice = RemovedEntry & { at: string };

/** How many removals the status keeps for `mem status`. */
const REMOVALS_KEPT = 20;

/** Returns `kept` with `added` in front (stamped `at`), the newest REMOVALS_KEPT of them. */
export function withRemovals(
  kept: readonly RemovalNotice[],
  added: readonly RemovedEntry[],
  at: string,
): RemovalNotice[] {
  return [...added.map((entry) => ({ ...entry, at })), ...kept].slice(0, REMOVALS_KEPT);
}

export type SyncStatus = {
  version: 1;
  /** ISO time of the last sync attempt (any outcome). */
  lastAttemptAt: string | null;
  /** ISO time of the last sync that reached the remote and left nothing pending. */
  lastSuccessAt: string | null;
  /** The last failure, cleared by the next success. */
  lastFailure: SyncFailure | null;
  /** True when local memory has changes the remote team branch does not have yet. */
  pending: boolean;
  /** Conflicts awaiting `mem review` after the last sync. */
  conflicts: number;
  /** Incoming entries quarantined by the last sync (details in quarantine.json). */
  quarantined: number;
  /** Entries teammates forgot or removed here that someone else wrote, newest first (the last REMOVALS_KEPT). */
  removedByTeam: RemovalNotice[];
  /** ISO time a hook last started a background sync (rate limit). */
  lastBackgroundAt: string | null;
};

/** Returns the path of the sync status file of the clone at `root`. */
function syncStatusPath(root: string): string {
  return join(memoryPaths(root).stateDir, 'sync-status.json');
}

const EMPTY: SyncStatus = {
  version: 1,
  lastAttemptAt: null,
  lastSuccessAt: null,
  lastFailure: null,
  pending: false,
  conflicts: 0,
  quarantined: 0,
  removedByTeam: [],
  lastBackgroundAt: null,
};

/** Returns the last recorded sync status (an empty one when absent or unreadable); never throws. */
export function readSyncStatus(root: string): SyncStatus {
  try {
    const raw = JSON.parse(readFileSync(syncStatusPath(root), 'utf8')) as Partial<SyncStatus>;
    return { ...EMPTY, ...raw, removedByTeam: Array.isArray(raw.removedByTeam) ? raw.removedByTeam : [], version: 1 };
  } catch {
    return { ...EMPTY };
  }
}

/** Merges `patch` into the recorded status and returns the result; throws on I/O failure. */
export function updateSyncStatus(root: string, patch: Partial<SyncStatus>): SyncStatus {
  const next = { ...readSyncStatus(root), ...patch, version: 1 as const };
  // Note: a report, not memory (what is pending is the working copy against the team ref): it is
  // replaced by rename but not flushed to disk. A crash right after may bring back the previous
  // attempt's report or leave an empty file, read as no report, which the next sync rewrites.
  // Its flush was the last 2-4 ms of every sync, after the push (measured at 20,000 entries).
  writeCacheFileSync(syncStatusPath(root), `${JSON.stringify(next, null, 2)}\n`);
  return next;
}
