/**
 * Which package publishes an agent file: the nearest package.json at or above it lists it in `files`
 * (`"AGENTS.md"`, a folder holding it, a glob). Such a file is written for the package's users, who
 * get it without the repository's files outside the package, so it must stand alone: a rule it
 * shares with a file outside its package is kept on purpose, not a copy to remove.
 */
import { posix } from 'node:path';
import { globRegExp } from '../core/anchors/repo-snapshot.js';

/**
 * Returns the folder of the package whose `files` list `path` (repository-relative; "" for the
 * root's package), or undefined when the file is not published; never throws.
 */
export function packagePublishing(path: string, manifests: ReadonlyMap<string, string>): string | undefined {
  for (let dir = posix.dirname(path); ; dir = posix.dirname(dir)) {
    const manifest = manifests.get(dir === '.' ? 'package.json' : `${dir}/package.json`);
    if (manifest !== undefined)
      return listsFile(manifest, dir === '.' ? path : path.slice(dir.length + 1))
        ? dir === '.'
          ? ''
          : dir
        : undefined;
    if (dir === '.') return undefined;
  }
}

function listsFile(manifest: string, file: string): boolean {
  let files: unknown;
  try {
    files = (JSON.parse(manifest) as { files?: unknown }).files;
  } catch {
    return false;
  }
  if (!Array.isArray(files)) return false;
  return files.some((entry) => {
    if (typeof entry !== 'string' || entry.startsWith('!')) return false;
    const pattern = entry.replace(/^\.\//, '').replace(/\/+$/, '');
    return pattern === file || file.startsWith(`${pattern}/`) || globRegExp(pattern).test(file);
  });
}
