/** The ref names behind the team store's roles (see TeamRef). Kept apart so reading refs never loads isomorphic-git. */
import type { TeamRef } from './team-store-port.js';

/** Returns the full ref name behind each role. */
export function teamRefNames(branch: string, remote: string, worktree = ''): Record<TeamRef, string> {
  return {
    local: `refs/heads/${branch}`,
    remote: `refs/remotes/${remote}/${branch}`,
    base: worktree === '' ? `refs/mem/base/${branch}` : `refs/mem/linked/${worktree}/base/${branch}`,
  };
}
