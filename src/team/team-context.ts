/**
 * Everything a team operation needs about one clone, resolved once: config, paths, the memory
 * file, the team store and the transport target. Opening it has no network cost.
 */
import { basename, join } from 'node:path';
import type { Config } from '../core/config/schema.js';
import { createTeamStore } from './store/lazy-team-store.js';
import { ensureTeamStore } from '../core/git/team-store-location.js';
import type { TeamAuthor, TeamStorePort } from './store/team-store-port.js';
import type { TransportTarget } from './store/transport.js';
import { readGitIdentity } from '../core/git/git-identity.js';
import { resolveCommonGitDir, resolveGitDir } from '../core/git/repo-root.js';
import { memoryPaths, type MemoryPaths } from '../core/layout.js';
import { loadConfig } from '../core/config/load-config.js';

export type TeamContext = {
  root: string;
  config: Config;
  paths: MemoryPaths;
  /** The memory file whose region is the team memory (the first configured target). */
  memoryFile: string;
  /** Other targets that carry a region and mirror the same body. */
  mirrorFiles: string[];
  store: TeamStorePort;
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
  const [primary, ...others] = config.region.targets;
  return {
    root,
    config,
    paths,
    memoryFile: join(root, primary ?? 'CLAUDE.md'),
    mirrorFiles: others.map((file) => join(root, file)),
    store: createTeamStore({ gitdir: storeDir, branch: config.team.branch, remote: config.team.remote, worktree: worktreeKey(root) }),
    target: {
      root,
      storeDir,
      remote: config.team.remote,
      branch: config.team.branch,
      timeoutMs: options.timeoutMs ?? config.team.networkTimeoutSeconds * 1000,
    },
    syncLock: join(storeDir, 'mem-sync.lock'),
  };
}

/** Returns "" for the main worktree, or the linked worktree's name (its directory under .git/worktrees). */
function worktreeKey(root: string): string {
  const gitDir = resolveGitDir(root);
  return gitDir === resolveCommonGitDir(root) ? '' : basename(gitDir).replace(/[^A-Za-z0-9._-]/g, '_');
}

export { repoOperationInProgress } from '../core/git/git-operation.js';

/** Returns the clone's git identity (user.name / user.email), with neutral fallbacks; never throws. */
export function readGitAuthor(root: string): TeamAuthor {
  const identity = readGitIdentity(root);
  return { name: identity.name ?? 'unknown', email: identity.email ?? 'unknown@localhost' };
}
