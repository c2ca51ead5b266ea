/** Finding the git worktree mem works in, without spawning git (hooks must start fast). */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { MemError } from '../errors.js';

/** Returns the worktree root containing `cwd` (nearest ancestor with `.git`), or null. */
export function findRepoRoot(cwd: string): string | null {
  let current = resolve(cwd);
  for (;;) {
    if (existsSync(join(current, '.git'))) return current;
    const parent = dirname(current);
    if (parent === current) return null;
    current = parent;
  }
}

/** Returns the git dir of the worktree at `root` (follows the `gitdir:` file of linked worktrees). */
export function resolveGitDir(root: string): string {
  const dotGit = join(root, '.git');
  if (statSync(dotGit).isDirectory()) return dotGit;
  const match = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(dotGit, 'utf8'));
  if (!match?.[1]) return dotGit;
  return isAbsolute(match[1]) ? match[1] : resolve(root, match[1]);
}

/** Returns the common git dir shared by all worktrees (where refs, config and the team store live). */
export function resolveCommonGitDir(root: string): string {
  const gitDir = resolveGitDir(root);
  const commonFile = join(gitDir, 'commondir');
  if (!existsSync(commonFile)) return gitDir;
  const common = readFileSync(commonFile, 'utf8').trim();
  return isAbsolute(common) ? common : resolve(gitDir, common);
}

/** Returns the branch checked out at `root` (from HEAD), "HEAD" when detached, null on failure. */
export function readCurrentBranch(root: string): string | null {
  try {
    const head = readFileSync(join(resolveGitDir(root), 'HEAD'), 'utf8').trim();
    const match = /^ref:\s*refs\/heads\/(.+)$/.exec(head);
    return match?.[1] ?? 'HEAD';
  } catch {
    return null;
  }
}

/** Returns the worktree root for `cwd`; throws NOT_A_GIT_REPO. */
export function requireRepoRoot(cwd: string): string {
  const root = findRepoRoot(cwd);
  if (!root) {
    throw new MemError('NOT_A_GIT_REPO', `not inside a git repository: ${cwd}`, {
      hint: 'Run mem from a git repository (or `git init` one first).',
    });
  }
  return root;
}
