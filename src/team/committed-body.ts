/**
 * What the local team branch last received from this clone, remembered as a fingerprint in
 * .memory/state/, so a turn or push with nothing new never opens the git object store.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TeamFiles } from './store/team-store-port.js';
import { normaliseTombstones } from './store/team-store-port.js';
import { writeFileAtomicSync } from '../core/files/atomic-write.js';
import { memoryPaths } from '../core/layout.js';
import { readLocalTombstones } from './tombstones.js';

/** An empty team tree: the base of a first sync. */
export const EMPTY_FILES: TeamFiles = { memory: '', tombstones: [] };

/** Returns true when two team trees hold the same memory and tombstones. */
export function sameFiles(a: TeamFiles, b: TeamFiles): boolean {
  return a.memory === b.memory && a.tombstones.join('\n') === normaliseTombstones(b.tombstones).join('\n');
}

/** Returns a file's text, or '' when it is absent or unreadable. */
export function readTextOrEmpty(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

const COMMITTED_HASH_FILE = 'team-committed.json';

/** Returns the fingerprint of a region body plus tombstones, as last committed to the team branch. */
export function bodyHash(body: string, tombstones: readonly string[]): string {
  return createHash('sha256').update(body).update('\0').update(tombstones.join('\n')).digest('hex');
}

/** Records that `body` is what the local team branch now holds; throws on I/O failure. */
export function rememberCommittedBody(root: string, body: string): void {
  recordCommittedHash(root, bodyHash(body, readLocalTombstones(root)));
}

/** Records a fingerprint computed by bodyHash; throws on I/O failure. */
export function recordCommittedHash(root: string, hash: string): void {
  writeFileAtomicSync(join(memoryPaths(root).stateDir, COMMITTED_HASH_FILE), `${JSON.stringify({ hash })}\n`);
}

/** Returns the fingerprint recorded by rememberCommittedBody, or null. */
export function readCommittedHash(root: string): string | null {
  try {
    return (JSON.parse(readFileSync(join(memoryPaths(root).stateDir, COMMITTED_HASH_FILE), 'utf8')) as { hash?: string }).hash ?? null;
  } catch {
    return null;
  }
}
