/**
 * What `git config` said of the team remote's urls and the user's identity, kept between runs
 * while every config file git reads for the clone is unchanged: a sync then starts its fetch
 * without first waiting for a `git config` process (3-4 ms before every sync's fetch).
 *
 * Kept only when nothing else can change git's answer: no config file includes another (an
 * included file's change would not show in these stamps), no configuration comes from the
 * environment (GIT_CONFIG_*, `git -c` of a hook), and the files are the same paths (HOME,
 * XDG_CONFIG_HOME, GIT_CONFIG_GLOBAL and GIT_CONFIG_NOSYSTEM choose them). Anything else asks git.
 */
import { readFileSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { writeCacheFileSync } from '../../core/files/atomic-write.js';
import { stampsHold, takeStamps, type StampSet } from '../../core/files/file-stamp.js';
import type { GitIdentity } from '../../core/git/git-identity.js';
import { resolveCommonGitDir } from '../../core/git/repo-root.js';
import { memoryPaths } from '../../core/layout.js';

export type RemoteConfig = { url: string | null; pushurl: string | null; identity: GitIdentity | null };

type Saved = RemoteConfig & { version: 2; remote: string; stamps: StampSet };

const ENV_CONFIG = [
  'GIT_CONFIG',
  'GIT_CONFIG_PARAMETERS',
  'GIT_CONFIG_COUNT',
  'GIT_DIR',
  'GIT_COMMON_DIR',
  'GIT_CONFIG_SYSTEM',
];

/** The config files git reads for the clone at `root`, in the order it reads them; null when the environment adds configuration of its own. */
function configFiles(root: string): string[] | null {
  if (ENV_CONFIG.some((name) => process.env[name] !== undefined)) return null;
  const home = process.env['HOME'] ?? homedir();
  const global = process.env['GIT_CONFIG_GLOBAL'];
  // Note: where a git build keeps its system config depends on its prefix: the usual ones.
  const files = process.env['GIT_CONFIG_NOSYSTEM']
    ? []
    : ['/etc/gitconfig', '/usr/local/etc/gitconfig', '/opt/homebrew/etc/gitconfig'];
  if (global !== undefined) files.push(global);
  else
    files.push(
      join(process.env['XDG_CONFIG_HOME'] || join(home, '.config'), 'git', 'config'),
      join(home, '.gitconfig'),
    );
  try {
    const common = resolveCommonGitDir(root);
    files.push(join(common, 'config'), join(common, 'config.worktree'));
  } catch {
    return null; // not a clone git can read: git is asked, and says so
  }
  return files;
}

function cachePath(root: string): string {
  return join(memoryPaths(root).cacheDir, 'remote-config.json');
}

/** The files keyed by their own path, as takeStamps and stampsHold take them. */
function byPath(files: readonly string[]): Record<string, string> {
  return Object.fromEntries(files.map((file) => [file, file]));
}

/** The stamps of `files`, or null when one of them includes another file. */
function stampsOf(files: readonly string[]): StampSet | null {
  const stamps = takeStamps(byPath(files));
  for (const file of files) {
    if (stamps.files[file] === 'absent') continue;
    try {
      if (/^\s*\[\s*include/im.test(readFileSync(file, 'utf8'))) return null;
    } catch {
      return null;
    }
  }
  return stamps;
}

/** The saved answer for `remote`, when every file it came from is as it was; never throws. */
export function readRemoteConfig(root: string, remote: string): RemoteConfig | null {
  const files = configFiles(root);
  if (files === null) return null;
  try {
    const saved = JSON.parse(readFileSync(cachePath(root), 'utf8')) as Partial<Saved>;
    if (
      saved.version !== 2 ||
      saved.remote !== remote ||
      typeof saved.stamps?.files !== 'object' ||
      saved.stamps.files === null
    )
      return null;
    // Note: the same files (the environment chooses them), each as it was, none changed within a tick of its stamp.
    if (
      Object.keys(saved.stamps.files).join('\u0000') !== files.join('\u0000') ||
      !stampsHold(saved.stamps, byPath(files))
    )
      return null;
    return { url: saved.url ?? null, pushurl: saved.pushurl ?? null, identity: saved.identity ?? null };
  } catch {
    return null;
  }
}

/** Stamps taken before git is asked, so a change made while it answers is never vouched for; null when nothing may be kept. */
export function stampRemoteConfig(root: string): StampSet | null {
  const files = configFiles(root);
  return files === null ? null : stampsOf(files);
}

/** Keeps git's answer under the stamps taken before asking (null: nothing may be kept, and an older answer goes); a failure only costs the next run a `git config`. */
export function saveRemoteConfig(root: string, remote: string, stamps: StampSet | null, answer: RemoteConfig): void {
  try {
    if (stamps === null) rmSync(cachePath(root), { force: true });
    else
      writeCacheFileSync(
        cachePath(root),
        `${JSON.stringify({ version: 2, remote, stamps, ...answer } satisfies Saved)}\n`,
      );
  } catch {
    /* a cache */
  }
}
