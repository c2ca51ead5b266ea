/**
 * The one check every command that reads or writes mem's state makes first: the repository was
 * set up with `mem init` (its config is there, or the clone's git config has mem's merge driver). Without it a command would create `.memory/state`
 * that no ignore rule covers, or report on memory that does not exist: it refuses (exit 2) and
 * writes nothing.
 */
import { existsSync } from 'node:fs';
import { MemError } from './errors.js';
import { requireRepoRoot } from './git/repo-root.js';
import { runGitSync } from './git/run-git.js';
import { memoryPaths } from './layout.js';

/** Returns the worktree root for `cwd` when mem is set up there; throws NOT_A_GIT_REPO, or NOT_INITIALISED (exit 2). */
export function requireSetUp(cwd: string): string {
  const root = requireRepoRoot(cwd);
  // Note: a linked worktree of a clone set up before its config was committed has no config of
  // its own; the clone's merge driver (git config, shared by its worktrees) says init ran.
  if (!existsSync(memoryPaths(root).configFile) && runGitSync(['config', '--get', 'merge.mem.driver'], root) === null) {
    throw new MemError(
      'NOT_INITIALISED',
      `${root} is not set up for mem yet (no .memory/config.json); nothing was changed`,
      {
        hint: 'Run mem init there first: it shows each file it will change and asks.',
      },
    );
  }
  return root;
}
