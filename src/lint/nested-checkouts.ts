/**
 * A folder below the repository root holding its own `.git` (a nested clone, a git worktree, a submodule) or `.jj` (a
 * Jujutsu workspace) is another working copy: its files are a checkout of some revision, this repository's or
 * another's, written there by the tool that made it (set 52's gleam-factory committed three of its factory's
 * `.factory-workspaces/<slug>-<id>/` workspaces, each a copy of the root's CLAUDE.md and docs/). Its agent files
 * repeat the root's by construction, and what they name is that checkout's: nothing in them is this repository's
 * to edit.
 */
const CHECKOUT_MARKS = ['.git', '.jj'] as const;

/** Returns the nested working copy repository-relative `path` lies in, or undefined; never throws. */
export function nestedCheckoutOf(path: string, exists: (path: string) => boolean): string | undefined {
  const folders = path.split('/').slice(0, -1);
  for (let depth = 1; depth <= folders.length; depth++) {
    const folder = folders.slice(0, depth).join('/');
    if (CHECKOUT_MARKS.some((mark) => exists(`${folder}/${mark}`))) return folder;
  }
  return undefined;
}
