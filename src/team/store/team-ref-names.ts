/** The ref names behind the team store's roles. Reading them never spawns a process. */

/** The refs sync uses, by role rather than by name, so callers never compose ref strings. */
export type TeamRef =
  /** The last fetched state of the remote team ref (refs/remotes/<remote>/<branch> in the store). */
  | 'remote'
  /** The last state this clone agreed with the team: the merge base of the next sync. */
  | 'base';

/** Returns the full ref name behind each role, inside the team store. */
export function teamRefNames(branch: string, remote: string, worktree = ''): Record<TeamRef, string> {
  return {
    remote: `refs/remotes/${remote}/${branch}`,
    base: worktree === '' ? `refs/mem/base/${branch}` : `refs/mem/linked/${worktree}/base/${branch}`,
  };
}

/** Where the store tracks the remote's shared handoffs (refs/mem/handoffs/* on the remote), under refs/remotes/<remote>/. */
export const HANDOFFS_TRACKING = 'mem/handoffs';

/**
 * The refspec that brings the remote's shared handoffs into the store. A pattern, so a remote nobody
 * shared on answers with nothing rather than an error; it rides along with the team ref's fetch.
 */
export function handoffsRefspec(remote: string): string {
  return `+refs/mem/handoffs/*:refs/remotes/${remote}/${HANDOFFS_TRACKING}/*`;
}
