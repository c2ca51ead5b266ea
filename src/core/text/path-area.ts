/**
 * The folder a rule is about, when every path it names lies under one: what `mem lint` suggests
 * scoping by path, and where the team memory's path-scoped rendering files an entry
 * (team.renderPathScoped).
 */
import { posix } from 'node:path';
import { findRepositoryPaths } from './repository-paths.js';

/** Returns the folder every path of `paths` lies under (repository-relative, no trailing "/"), or null; never throws. */
export function commonFolder(paths: readonly string[]): string | null {
  // A leading "/" is the repository root (`/src/api.ts`); a bare `/tdd` (a slash command) names no folder.
  const folders = paths.map((path) =>
    (path.endsWith('/') ? path.slice(0, -1) : posix.dirname(path)).replace(/^\.?\//, ''),
  );
  if (folders.length === 0 || folders.some((folder) => folder === '.' || folder === '' || folder.startsWith('..')))
    return null;
  let common = folders[0]!.split('/');
  for (const folder of folders.slice(1)) {
    const parts = folder.split('/');
    let same = 0;
    while (same < common.length && same < parts.length && common[same] === parts[same]) same += 1;
    common = common.slice(0, same);
  }
  return common.length === 0 ? null : common.join('/');
}

/**
 * Returns the area of a rule: the first two levels (packages/api, src/server) of the folder all its
 * paths lie under, or null when it names none, only documents (.md), or a hidden folder; never throws.
 */
export function pathAreaOf(text: string): string | null {
  const paths = findRepositoryPaths(text);
  if (paths.length === 0 || paths.every((path) => path.endsWith('.md'))) return null;
  const folder = commonFolder(paths);
  if (folder === null || folder.startsWith('.')) return null;
  return folder.split('/').slice(0, 2).join('/');
}
