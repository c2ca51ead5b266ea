/**
 * The team store's refs: read straight from the ref files (loose, then packed-refs) so a sync with
 * nothing to do spawns nothing, and moved by `git update-ref` with the expected old value, git's
 * own compare-and-swap.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { MemError } from '../../core/errors.js';
import { gitEnv } from '../../core/git/run-git.js';
import { teamRefNames, type TeamRef } from './team-ref-names.js';

export type { TeamRef } from './team-ref-names.js';

export type TeamRefs = {
  /** Returns the commit a ref points at, or null when the ref does not exist. */
  readRef(ref: TeamRef): Promise<string | null>;
  /** Moves `ref` to `next` only if it points at `expected` (null: must not exist); false when it did not. */
  updateRef(ref: TeamRef, next: string, expected: string | null): Promise<boolean>;
};

export type TeamRefsOptions = { gitdir: string; branch: string; remote: string; worktree?: string };

const OID = /^[0-9a-f]{40}$/;

export function createTeamRefs(options: TeamRefsOptions): TeamRefs {
  const names = teamRefNames(options.branch, options.remote, options.worktree ?? '');
  return {
    async readRef(ref) {
      return readRefFile(options.gitdir, names[ref]);
    },
    async updateRef(ref, next, expected) {
      if (!OID.test(next)) throw new MemError('GIT_FAILED', `refusing to point ${names[ref]} at "${next}"`);
      return gitSucceeds(options.gitdir, ['update-ref', names[ref], next, expected ?? '0'.repeat(40)]);
    },
  };
}

/**
 * Runs git in `gitdir` and resolves whether it exited 0 (false too when it could not start or ran
 * past 30 s). Note: a child the main thread does not wait on, so a sync writes its files while
 * git moves the ref (a blocking update-ref was 3-4 ms of every sync that pushed).
 */
function gitSucceeds(gitdir: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn('git', ['--git-dir', gitdir, ...args], { env: gitEnv(), stdio: 'ignore' });
    } catch {
      resolve(false);
      return;
    }
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve(status === 0);
    });
  });
}

/** Returns the commit `ref` points at in the bare repository `gitdir` (loose, then packed), or null. */
export function readRefFile(gitdir: string, ref: string): string | null {
  try {
    const loose = readFileSync(join(gitdir, ...ref.split('/')), 'utf8').trim();
    if (OID.test(loose)) return loose;
  } catch {
    /* not loose */
  }
  try {
    for (const line of readFileSync(join(gitdir, 'packed-refs'), 'utf8').split('\n')) {
      const [oid, name] = line.split(' ');
      if (name === ref && oid && OID.test(oid)) return oid;
    }
  } catch {
    /* no packed refs */
  }
  return null;
}
