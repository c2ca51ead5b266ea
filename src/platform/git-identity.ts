import { spawnSync } from 'node:child_process';

/** Returns the clone's git user.name (or email) for provenance, or undefined when unset. */
export function readGitAuthor(root: string): string | undefined {
  for (const key of ['user.name', 'user.email']) {
    const result = spawnSync('git', ['config', '--get', key], { cwd: root, encoding: 'utf8', timeout: 2_000 });
    const value = result.status === 0 ? result.stdout.trim() : '';
    if (value) return value;
  }
  return undefined;
}
