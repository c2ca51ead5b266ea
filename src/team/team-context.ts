/**
 * Everything a team operation needs about one clone, resolved once: config, paths, the memory
 * file, the team store and the transport target. Opening it has no network cost.
 */
import { basename, dirname, join } from 'node:path';
import type { Config } from '../core/config/schema.js';
import { gitTeamStore } from './store/git-team-store.js';
import { createTeamRefs } from './store/team-refs.js';
import { handoffsRefspec } from './store/team-ref-names.js';
import type { TeamStore } from './store/team-store-port.js';
import { ensureTeamStore } from '../core/git/team-store-location.js';
import type { TransportTarget } from './store/transport.js';
import { readGitIdentity } from '../core/git/git-identity.js';
import { resolveCommonGitDir, resolveGitDir } from '../core/git/repo-root.js';
import { memoryPaths, type MemoryPaths } from '../core/layout.js';
import { loadConfig } from '../core/config/load-config.js';

export type TeamContext = {
  root: string;
  config: Config;
  paths: MemoryPaths;
  /** The team store (store/team-store-port.ts), read and written with the system git. */
  store: TeamStore;
  target: TransportTarget;
  /**
   * Lock serialising whole syncs (fetch, merge, push) of every worktree of this clone: they share
   * the team store, and two fetches into it at once fail with "cannot lock ref".
   */
  syncLock: string;
};

/** Returns the team context of the clone at `root`, creating the team store when absent; throws CONFIG_INVALID or on I/O failure. */
export function openTeamContext(root: string, options: { timeoutMs?: number } = {}): TeamContext {
  const config = loadConfig(root);
  const paths = memoryPaths(root);
  const storeDir = ensureTeamStore(root);
  const target: TransportTarget = {
    root,
    storeDir,
    remote: config.team.remote,
    branch: config.team.branch,
    remoteRef: config.team.ref,
    // Teammates' shared handoffs arrive with every fetch of the team ref: no second round trip.
    alongside: [handoffsRefspec(config.team.remote)],
    timeoutMs: options.timeoutMs ?? config.team.networkTimeoutSeconds * 1000,
  };
  return {
    root,
    config,
    paths,
    store: gitTeamStore(
      target,
      createTeamRefs({
        gitdir: storeDir,
        branch: config.team.branch,
        remote: config.team.remote,
        worktree: worktreeKey(root),
      }),
    ),
    target,
    // Note: beside the store, not in it: a damaged store is moved aside while the lock is held.
    syncLock: join(dirname(storeDir), 'sync.lock'),
  };
}

/** Returns "" for the main worktree, or the linked worktree's name (its directory under .git/worktrees). */
function worktreeKey(root: string): string {
  const gitDir = resolveGitDir(root);
  return gitDir === resolveCommonGitDir(root) ? '' : basename(gitDir).replace(/[^A-Za-z0-9._-]/g, '_');
}

/** Returns the clone's git identity (user.name / user.email), with neutral fallbacks; never throws. */
export type TeamAuthor = { name: string; email: string };

export function readGitAuthor(root: string): TeamAuthor {
  const identity = readGitIdentity(root);
  return { name: identity.name ?? 'unknown', email: identity.email ?? 'unknown@localhost' };
}
