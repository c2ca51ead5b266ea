/**
 * Where the team store lives and how it is created: a small bare repository at
 * `<common git dir>/mem/store.git` whose config includes the clone's config, so `git fetch` and
 * `git push` in it use the user's own remotes, URL rewrites and credential helpers.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveCommonGitDir } from './repo-root.js';
import { writeFileAtomicSync } from '../files/atomic-write.js';

/** Returns the absolute path of the team store of the clone at `root` (it may not exist yet). */
export function teamStorePath(root: string): string {
  return join(resolveCommonGitDir(root), 'mem', 'store.git');
}

/** Returns the config text of a team store at `storeDir`. */
function renderStoreConfig(storeDir: string): string {
  // Note: settings after the include override the clone's: the store must stay bare, run none of
  // the user's hooks (core.hooksPath may be set globally or by husky), never auto-gc in the middle
  // of a pre-push. git's object checks (fetch.fsckObjects) stay off: they guard a checkout, which
  // the store never has, and one tree entry they refuse (a `..`) failed every fetch of the whole
  // pack, for every clone, for good (issue 28.2); mem checks each file it reads on its own and
  // quarantines a bad one. unpackLimit = 1 keeps each fetch a pack, as the checks did
  // (store-maintenance.ts rolls packs up). It flushes nothing to disk (git
  // 2.36+): it is a cache of the remote and of commits the working copy can make again, and a
  // crash that loses its last writes leaves a damaged store, which a sync rebuilds from the remote
  // (damaged-store.ts); a fetch flushing its pack and index cost ~3 ms of every sync.
  return [
    '# Team memory store of mem (docs/team-sync.md). Remotes and credentials come from the clone.',
    '[include]',
    '\tpath = ../../config',
    '[core]',
    '\trepositoryformatversion = 0',
    '\tbare = true',
    '\tlogallrefupdates = false',
    `\thooksPath = ${join(storeDir, 'no-hooks').replaceAll('\\', '/')}`,
    '\tfsync = none',
    '[gc]',
    '\tauto = 0',
    '[maintenance]',
    '\tauto = false',
    '[fetch]',
    '\tfsckObjects = false',
    '\tunpackLimit = 1',
    '\tprune = false',
    '\twriteCommitGraph = false',
    '',
  ].join('\n');
}

/** Creates the team store when absent (idempotent) and returns its path; throws on I/O failure. */
export function ensureTeamStore(root: string): string {
  const storeDir = teamStorePath(root);
  const configFile = join(storeDir, 'config');
  const wanted = renderStoreConfig(storeDir);
  if (existsSync(configFile) && readFileSync(configFile, 'utf8') === wanted) return storeDir;
  for (const dir of ['objects/info', 'objects/pack', 'refs/heads', 'refs/tags', 'refs/remotes', 'no-hooks']) {
    mkdirSync(join(storeDir, dir), { recursive: true });
  }
  if (!existsSync(join(storeDir, 'HEAD'))) writeFileAtomicSync(join(storeDir, 'HEAD'), 'ref: refs/heads/mem/team\n');
  writeFileAtomicSync(
    join(storeDir, 'description'),
    'Team memory objects of mem; safe to delete (re-fetched from the remote).\n',
  );
  writeFileAtomicSync(configFile, wanted);
  return storeDir;
}
