import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { resolveGitDir } from './repo-root.js';

/** Returns the git operation in progress in the user's worktree (rebase, merge, ...), or null; never spawns git. */
export function repoOperationInProgress(root: string): string | null {
  const gitDir = resolveGitDir(root);
  const markers: Array<[string, string]> = [
    ['rebase-merge', 'a rebase'],
    ['rebase-apply', 'a rebase or am'],
    ['MERGE_HEAD', 'a merge'],
    ['CHERRY_PICK_HEAD', 'a cherry-pick'],
    ['REVERT_HEAD', 'a revert'],
  ];
  for (const [marker, what] of markers) if (existsSync(join(gitDir, marker))) return what;
  return null;
}
