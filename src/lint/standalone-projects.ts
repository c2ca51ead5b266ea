/**
 * A folder below the repository root that is a project of its own: it holds its own licence and its own lockfile
 * (set 134's RuVector: `examples/vibecast-7sense/`, a Cargo workspace with its Cargo.lock, LICENSE and README, added whole,
 * its CLAUDE.md the one claude-flow wrote for it). Such a project is built, and can be taken away, without the files
 * around it, so its agent file must stand alone like a published package's (package-publishing.ts): a rule it shares
 * with the repository's own agent files is kept on purpose. A workspace package has no lockfile of its own (its
 * workspace's is at the root), and a package without a licence file is no project apart: both stay compared.
 * An agent file word for word the same as a loaded file outside its folder was not written for that project: the
 * folder is a copy of the repository, or of a part of it, kept inside itself (set 137's three.ws:
 * `xspace-agent/xspace-agent/`, an older upload of the project in its own folder, its CLAUDE.md byte for byte the
 * parent's), so its rules stay compared.
 */
const LICENCES = ['LICENSE', 'LICENSE.md', 'LICENSE.txt', 'LICENCE', 'COPYING', 'LICENSE-MIT', 'LICENSE-APACHE'];
const LOCKFILES = [
  'Cargo.lock',
  'package-lock.json',
  'pnpm-lock.yaml',
  'yarn.lock',
  'bun.lock',
  'bun.lockb',
  'uv.lock',
  'poetry.lock',
  'go.sum',
  'Gemfile.lock',
  'composer.lock',
];

/**
 * Returns the nearest folder at or above repository-relative `path`'s own, below the root, that holds a licence file
 * and a lockfile, or undefined, also when the file is a copy of a loaded file outside that folder
 * (`copiesFileOutside`, asked only of such a folder); never throws. Only files below the root are asked about, a few
 * names per folder.
 */
export function standaloneProjectOf(
  path: string,
  exists: (path: string) => boolean,
  copiesFileOutside: (folder: string) => boolean,
): string | undefined {
  const folders = path.split('/').slice(0, -1);
  for (let depth = folders.length; depth >= 1; depth--) {
    const folder = folders.slice(0, depth).join('/');
    if (LICENCES.some((name) => exists(`${folder}/${name}`)) && LOCKFILES.some((name) => exists(`${folder}/${name}`)))
      return copiesFileOutside(folder) ? undefined : folder;
  }
  return undefined;
}
