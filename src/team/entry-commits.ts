/**
 * Provenance from the audit log: for each entry id, the team-branch commit that last added or
 * changed it. One `git log -p` over the small team store (never the user's repository), parsed
 * newest first. Missing store or history: an empty map.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { teamStorePath } from '../core/git/team-store-location.js';

const ID_IN_ADDED_LINE = /^\+.*<!-- mem:id=([^\s>]+)/;

/** Returns id → commit (full hash) for the entries the team branch's history touched; never throws. */
export function readEntryCommits(root: string, branch: string): Map<string, string> {
  const commits = new Map<string, string>();
  const store = teamStorePath(root);
  if (!existsSync(store)) return commits;
  const result = spawnSync('git', ['--git-dir', store, 'log', '--format=@@%H', '-p', '--unified=0', '--no-color', '--no-ext-diff', `refs/heads/${branch}`, '--', 'memory.md'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 10_000,
  });
  if (result.status !== 0 || !result.stdout) return commits;
  let current = '';
  for (const line of result.stdout.split('\n')) {
    if (line.startsWith('@@') && /^@@[0-9a-f]{40}$/.test(line)) {
      current = line.slice(2);
      continue;
    }
    const id = ID_IN_ADDED_LINE.exec(line)?.[1];
    if (id && current && !commits.has(id)) commits.set(id, current);
  }
  return commits;
}
