/**
 * What `mem remember` and `mem forget` need before they may write: a repository that ran
 * `mem init` (so mem's local state is ignored by git), its config, paths and author.
 */
import type { Config } from '../core/config/schema.js';
import { readGitAuthor } from '../core/git/git-identity.js';
import { memoryPaths, type MemoryPaths } from '../core/layout.js';
import { requireSetUp } from '../core/set-up.js';
import { loadConfig } from '../core/config/load-config.js';

export type DurableSetup = { root: string; config: Config; paths: MemoryPaths; author: string | undefined };

/** Returns the setup for a durable write from `cwd`; throws NOT_A_GIT_REPO, NOT_INITIALISED or CONFIG_INVALID. */
export function openDurableSetup(cwd: string): DurableSetup {
  // Writing without init would leave .memory/state/ un-ignored in the user's working tree.
  const root = requireSetUp(cwd);
  return { root, config: loadConfig(root), paths: memoryPaths(root), author: readGitAuthor(root) };
}
