/**
 * The team store in a bare repository, read and written with the system git (git-objects.ts),
 * fetched and pushed with it (transport.ts). See docs/decisions.md for why not isomorphic-git.
 */
import { listTree, readBlobs, writeCommit } from './git-objects.js';
import { ENTRY_DIR, TOMBSTONE_DIR, filesById } from './team-record.js';
import type { TeamRefs } from './team-refs.js';
import type { StoredEntries, TeamStore } from './team-store-port.js';
import { fetchTeamBranch, pushTeamBranch, type TransportTarget } from './transport.js';

/** Returns the git-backed team store of `target`, whose refs are `refs`. */
export function gitTeamStore(target: TransportTarget, refs: TeamRefs): TeamStore {
  return {
    readRef: (ref) => refs.readRef(ref),
    updateRef: (ref, next, expected) => refs.updateRef(ref, next, expected),
    readEntries: (commit) => Promise.resolve(readEntriesAt(target.storeDir, commit)),
    writeCommit: (spec) => Promise.resolve(writeCommit(target.storeDir, spec)),
    fetch: (options = {}) => fetchTeamBranch(target, options),
    push: (commit) => pushTeamBranch(target, commit),
  };
}

function readEntriesAt(storeDir: string, commit: string): StoredEntries {
  const { entries: ids, tombstones } = filesById(listTree(storeDir, commit, [ENTRY_DIR, TOMBSTONE_DIR]).values());
  const blobs = readBlobs(storeDir, ids.values());
  const entries = new Map<string, Buffer>();
  for (const [id, oid] of ids) {
    const bytes = blobs.get(oid);
    if (bytes !== undefined) entries.set(id, bytes);
  }
  return { entries, tombstones };
}
