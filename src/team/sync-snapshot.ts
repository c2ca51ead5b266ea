/**
 * What the last sync left behind, so the next one reads only what changed since (incremental
 * merge): the working body as that sync wrote it, the base it then agreed with, the ids that may
 * still differ from that base (withheld, unsent), the tombstone list it knew to be on the base,
 * and the fingerprint of the working copy's text it wrote (the last rendering names the text it
 * was made from).
 *
 * A cache in `.memory/state/`, one file (a line of JSON, then the body) so that it is replaced
 * whole or not at all: lost, or describing another base, the next sync merges the whole working
 * copy and writes a new one. Only sync writes it (under the sync lock).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeCacheFileSync } from '../core/files/atomic-write.js';
import { textFingerprint } from '../core/files/fast-hash.js';
import { readTextFileSync } from '../core/files/read-text.js';
import { memoryPaths } from '../core/layout.js';

export type SyncSnapshot = {
  /** The base ref's commit once that sync was done. */
  base: string;
  /** The working body it wrote. */
  body: string;
  /** Ids whose entry may differ from the base's (superset: each is checked again). */
  pending: string[];
  /** Fingerprint of the local tombstone list, every id of which was on the base. */
  tombstones: string;
  /** Fingerprint of the working copy's whole text as it wrote it. */
  workingHash: string;
};

const SNAPSHOT_FILE = 'team-synced.md';

function snapshotPath(root: string): string {
  return join(memoryPaths(root).stateDir, SNAPSHOT_FILE);
}

/** Returns the last sync's snapshot, or null when there is none or it cannot be read; never throws. */
export function readSyncSnapshot(root: string): SyncSnapshot | null {
  try {
    const text = readTextFileSync(snapshotPath(root));
    const newline = text.indexOf('\n');
    const meta = JSON.parse(text.slice(0, newline)) as Partial<Omit<SyncSnapshot, 'body'>> & { version?: unknown; length?: unknown };
    const body = text.slice(newline + 1);
    if (meta.version !== 1 || typeof meta.base !== 'string' || typeof meta.tombstones !== 'string' || typeof meta.workingHash !== 'string' || meta.length !== body.length) return null;
    if (!Array.isArray(meta.pending) || !meta.pending.every((id) => typeof id === 'string')) return null;
    return { base: meta.base, body, pending: meta.pending, tombstones: meta.tombstones, workingHash: meta.workingHash };
  } catch {
    return null;
  }
}

/** Keeps the snapshot for the next sync; a failure to write it only costs that sync its speed. */
export function saveSyncSnapshot(root: string, snapshot: SyncSnapshot): void {
  const { body, ...meta } = snapshot;
  try {
    writeCacheFileSync(snapshotPath(root), `${JSON.stringify({ version: 1, ...meta, length: body.length })}\n${body}`);
  } catch {
    dropSyncSnapshot(root);
  }
}

/** Forgets the snapshot: the next sync merges the whole working copy. */
export function dropSyncSnapshot(root: string): void {
  try {
    rmSync(snapshotPath(root), { force: true });
  } catch {
    /* then the snapshot's base no longer matches after the next base move, or it is read and checked as usual */
  }
}

/** The fingerprint a snapshot keeps of the local tombstone list. */
export function tombstonesFingerprint(ids: readonly string[]): string {
  return textFingerprint(ids.join('\n'));
}
