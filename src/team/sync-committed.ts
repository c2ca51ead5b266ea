/**
 * The no-op fast path of sync: a fingerprint of the working copy and the local tombstones as the
 * team ref holds them (`.memory/state/team-committed.json`), with the files' stamps, so a sync
 * with nothing to do reads and hashes nothing while the stamps hold.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeCacheFileSync } from '../core/files/atomic-write.js';
import { textFingerprint } from '../core/files/fast-hash.js';
import { takeStamps, type StampSet } from '../core/files/file-stamp.js';
import { memoryPaths } from '../core/layout.js';
import { readWorkingText, sharedMemoryPaths } from '../core/rendering-state.js';
import { readLocalTombstones } from './tombstones.js';

const COMMITTED_FILE = 'team-committed.json';

/** The working copy and the local tombstones as one fingerprint; `workingHash`: the text's own fingerprint, when known. */
export function committedHash(
  root: string,
  workingText: string = readWorkingText(root),
  workingHash: string = textFingerprint(workingText),
): string {
  return textFingerprint(`${workingHash}\u0000${readLocalTombstones(root).join('\n')}`);
}

export type Committed = { hash: string; stamps?: StampSet };

/** The files behind the committed hash, whose stamps let a no-op sync skip reading and hashing them. */
export function committedStampPaths(root: string): Record<string, string> {
  return { working: sharedMemoryPaths(root).working, tombstones: join(memoryPaths(root).stateDir, 'tombstones.txt') };
}

export function readCommitted(root: string): Committed | null {
  try {
    const parsed = JSON.parse(
      readFileSync(join(memoryPaths(root).stateDir, COMMITTED_FILE), 'utf8'),
    ) as Partial<Committed>;
    return typeof parsed.hash === 'string'
      ? { hash: parsed.hash, ...(parsed.stamps ? { stamps: parsed.stamps } : {}) }
      : null;
  } catch {
    return null;
  }
}

export function saveCommitted(root: string, committed: Committed): void {
  writeCacheFileSync(join(memoryPaths(root).stateDir, COMMITTED_FILE), `${JSON.stringify(committed)}\n`);
}

/** Records that the working copy as it is now is what the team ref holds (the no-op fast path); `workingText`: the file as the caller just wrote it under the memory lock. */
export function recordCommitted(root: string, workingText?: string, workingHash?: string): void {
  const stamps = takeStamps(committedStampPaths(root));
  saveCommitted(root, { hash: committedHash(root, workingText, workingHash), stamps });
}
