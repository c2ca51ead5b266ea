/**
 * The team store in a bare repository, read and written with the system git (git-objects.ts),
 * fetched and pushed with it (transport.ts). See docs/decisions.md for why not isomorphic-git.
 */
import { writeCommit } from './git-objects.js';
import { readEntriesAt } from './read-entries.js';
import type { TeamRefs } from './team-refs.js';
import type { TeamStore } from './team-store-port.js';
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
