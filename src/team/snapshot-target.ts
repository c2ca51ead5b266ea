/**
 * Where `mem render --into FILE` may write: a file of the working tree, as git would see it. Not
 * git's own files (`--into .git/config` would break the repository, `.git/hooks/…` would run),
 * not a file outside the repository reached through a link in it, not a folder or a device.
 */
import { realpathSync, statSync, type Stats } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { MemError } from '../core/errors.js';
import { resolveCommonGitDir, resolveGitDir } from '../core/git/repo-root.js';

/** What to write: the path as the user named it, and as a path relative to the repository root. */
export type SnapshotTarget = { path: string; rel: string };

/** Returns where the snapshot goes; throws USAGE for an empty name, a path outside the repository (links followed), in a git directory, or not a regular file. */
export function resolveSnapshotTarget(root: string, file: string, cwd: string): SnapshotTarget {
  if (file.trim() === '')
    throw new MemError('USAGE', '--into needs a file name', {
      hint: 'Name the file the snapshot goes into, e.g. mem render --into CLAUDE.md',
    });
  const path = resolve(cwd, file);
  // Note: an atomic write follows a link to its target (CLAUDE.md → AGENTS.md), so the checks
  // are made where the bytes would really land.
  const real = realLocation(path);
  const realRoot = realpathSync(root);
  const within = (dir: string, at: string) => {
    const rel = relative(dir, at);
    return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
  };
  if (!within(realRoot, real)) {
    throw new MemError('USAGE', `${file} is outside this repository${real === path ? '' : ` (a link to ${real})`}`, {
      hint: 'mem render --into writes a file of this repository, e.g. CLAUDE.md',
    });
  }
  const gitDirs = [resolveGitDir(root), resolveCommonGitDir(root)].map(realLocation);
  if (relative(realRoot, real).split(sep).includes('.git') || gitDirs.some((dir) => within(dir, real))) {
    throw new MemError(
      'USAGE',
      `${file} is inside git's own directory: mem writes memory snapshots into your files, never git's`,
      { hint: 'Name a file of the working tree, e.g. mem render --into CLAUDE.md' },
    );
  }
  const kind = statOrNull(real);
  if (kind !== null && !kind.isFile())
    throw new MemError('USAGE', `${file} is not a file`, {
      hint: 'Name a file (new or existing) to put the snapshot in, e.g. mem render --into CLAUDE.md',
    });
  return { path, rel: relative(root, path).split(sep).join('/') };
}

/** The real path `path` names: links resolved, or for one not there yet, its nearest existing folder's real path plus the rest. */
function realLocation(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    // Note: a dangling link is replaced by the file (atomic-write.ts), so the file lands at the link itself.
    const parent = dirname(path);
    return parent === path ? path : join(realLocation(parent), basename(path));
  }
}

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}
