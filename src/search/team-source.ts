/**
 * The team branch as a search source: its ref is read from the store's ref files (no process
 * spawned while it is unchanged) and its memory.md with the system git only when the ref moved.
 * Never touches the user's own object store.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gitEnv } from '../core/git/run-git.js';
import { teamStorePath } from '../core/git/team-store-location.js';

/** Returns the team store's directory and the branch's commit id, or null when there is no team branch yet; never throws. */
export function readTeamRef(root: string, branch: string): { storeDir: string; sha: string } | null {
  try {
    const storeDir = teamStorePath(root);
    if (!existsSync(storeDir)) return null;
    const loose = join(storeDir, 'refs', 'heads', ...branch.split('/'));
    if (existsSync(loose)) {
      const sha = readFileSync(loose, 'utf8').trim();
      return /^[0-9a-f]{40,64}$/.test(sha) ? { storeDir, sha } : null;
    }
    const packed = join(storeDir, 'packed-refs');
    if (!existsSync(packed)) return null;
    for (const line of readFileSync(packed, 'utf8').split('\n')) {
      const [sha, ref] = line.trim().split(' ');
      if (ref === `refs/heads/${branch}` && sha && /^[0-9a-f]{40,64}$/.test(sha)) return { storeDir, sha };
    }
    return null;
  } catch {
    return null;
  }
}

/** Returns memory.md of the team branch at `sha`, or null when git fails or the file is absent; never throws. */
export function readTeamMemory(storeDir: string, sha: string): Buffer | null {
  const result = spawnSync('git', ['--git-dir', storeDir, 'show', `${sha}:memory.md`], {
    env: gitEnv(),
    stdio: ['ignore', 'pipe', 'ignore'],
    timeout: 10_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  if (result.error || result.status !== 0) return null;
  return result.stdout;
}
