/**
 * The team store (`.git/mem/store.git`) is a cache: the remote's team branch plus this clone's
 * commits of its own CLAUDE.md region, which stays the source of truth for local memory. A store
 * with a missing or corrupt object (a disk error, a killed `git gc`, a hand edit) is set aside and
 * re-created, and the next fetch rebuilds it from the remote.
 */
import { renameSync } from 'node:fs';

/** Signs, in isomorphic-git's and git's own words, that an object of the store is gone or broken. */
const DAMAGE =
  /Could not find [0-9a-f]{7,40}|could not read [0-9a-f]{7,40}|not a tree object|unable to read tree|bad object|missing (blob|tree|commit|object)|did not send all necessary objects|unable to read [0-9a-f]{7,40}|object file .* is empty|inflate|corrupt|packfile .* (cannot be accessed|does not match)|index file .* is too small|far too short to be a packfile|not a git repository/i;

/** Returns what is damaged when `error` (or its cause) says the store lost an object, else null. */
export function storeDamage(error: unknown): string | null {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (code === 'NotFoundError' || code === 'ObjectTypeError' || DAMAGE.test(current.message))
      return firstLine(current.message);
  }
  return null;
}

/** Returns true when a failed git command's message says the store is damaged. */
export function isDamageMessage(message: string): boolean {
  return DAMAGE.test(message);
}

/** Moves the damaged store aside (kept for inspection) and returns where it went; throws on I/O failure. */
export function setAsideDamagedStore(storeDir: string, now: Date): string {
  const aside = `${storeDir}.damaged-${now.toISOString().replace(/[:.]/g, '-')}`;
  renameSync(storeDir, aside);
  return aside;
}

function firstLine(text: string): string {
  return text.split('\n')[0]!.slice(0, 300);
}
