/**
 * Which git state each file a handoff names is in at the end of the turn: committed (by which
 * commit of the session), changed but not committed, or unchanged in git. Pure: the caller reads
 * git once (core/git/read-work-tree-git.ts) for every file.
 */
import type { WorkTreeGit } from '../core/git/read-work-tree-git.js';

export type FileGitState = { kind: 'committed'; commit: string } | { kind: 'uncommitted' } | { kind: 'unchanged' };

/** Returns the git state of `path` (repository-relative): uncommitted changes first, then the newest session commit that changed it. */
export function fileGitState(path: string, git: WorkTreeGit): FileGitState {
  // Note: a path committed and changed again since is "not committed": the newest edit is not in a commit.
  if (git.uncommitted.some((changed) => changed === path || (changed.endsWith('/') && path.startsWith(changed))))
    return { kind: 'uncommitted' };
  const commit = git.commits.find((candidate) => candidate.paths.includes(path));
  return commit ? { kind: 'committed', commit: commit.commit } : { kind: 'unchanged' };
}

/** Returns the files among `known` (repository-relative) that `text` names, by path or by file name. */
export function filesNamedIn(text: string, known: readonly string[]): string[] {
  return known.filter((path) => {
    if (containsWord(text, path)) return true;
    const name = path.slice(path.lastIndexOf('/') + 1);
    // Note: a bare name counts only when it looks like a file (has an extension): "index" is a word.
    return /\.[A-Za-z0-9]+$/.test(name) && name.length >= 4 && containsWord(text, name);
  });
}

function containsWord(text: string, word: string): boolean {
  let at = text.indexOf(word);
  while (at >= 0) {
    const before = text[at - 1];
    const after = text[at + word.length];
    if (
      (before === undefined || !/[\w./-]/.test(before)) &&
      (after === undefined || !/[\w/-]/.test(after) || (after === '.' && !/\w/.test(text[at + word.length + 1] ?? '')))
    )
      return true;
    at = text.indexOf(word, at + 1);
  }
  return false;
}
