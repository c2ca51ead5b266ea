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
    readEntries: (commit) => readEntriesAt(target.storeDir, commit),
    writeCommit: (spec) => writeCommit(target.storeDir, spec),
    fetch: (options = {}) => fetchTeamBranch(target, options),
    push: (commit) => pushTeamBranch(target, commit),
  };
}

async function readEntriesAt(storeDir: string, commit: string): Promise<StoredEntries> {
  const { entries: ids, tombstones } = filesById(
    (await listTree(storeDir, commit, [ENTRY_DIR, TOMBSTONE_DIR])).values(),
  );
  const blobs = await readBlobs(storeDir, ids.values());
  const entries = new Map<string, Buffer>();
  for (const [id, oid] of ids) {
    const bytes = blobs.get(oid);
    if (bytes !== undefined) entries.set(id, bytes);
  }
  return { entries, tombstones };
}
