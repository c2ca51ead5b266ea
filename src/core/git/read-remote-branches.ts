/**
 * The remote's branches, for pruning shared handoffs: one `git ls-remote` (heads and default
 * branch), and one `git for-each-ref --merged` over the clone's remote-tracking refs that agree
 * with it (a branch merged into the default branch). Run in the user's clone.
 */
import { runGit } from './run-git.js';

export type RemoteBranchesRead = { heads: Map<string, string>; defaultBranch: string | null; merged: Set<string> };

/** Returns the branches of `remote` as its server has them, or null when the remote cannot be asked (offline, no such remote). */
export async function readRemoteBranches(
  root: string,
  remote: string,
  timeoutMs: number,
): Promise<RemoteBranchesRead | null> {
  const listed = await runGit(['ls-remote', '--symref', remote, 'HEAD', 'refs/heads/*'], { cwd: root, timeoutMs });
  if (listed.status !== 0) return null;
  const heads = new Map<string, string>();
  let defaultBranch: string | null = null;
  for (const line of listed.stdout.split('\n')) {
    const symref = /^ref: refs\/heads\/(\S+)\tHEAD$/.exec(line);
    if (symref) defaultBranch = symref[1] ?? null;
    const head = /^([0-9a-f]{40})\trefs\/heads\/(.+)$/.exec(line);
    if (head?.[1] && head[2]) heads.set(head[2], head[1]);
  }
  const merged = new Set<string>();
  const defaultHead = defaultBranch === null ? undefined : heads.get(defaultBranch);
  if (defaultHead !== undefined) {
    const prefix = `refs/remotes/${remote}/`;
    // Note: fails when the default head is not in this clone yet; then nothing counts as merged.
    const run = await runGit(['for-each-ref', `--merged=${defaultHead}`, '--format=%(objectname) %(refname)', prefix], {
      cwd: root,
      timeoutMs,
    });
    if (run.status === 0) {
      for (const line of run.stdout.split('\n')) {
        const [oid, ref] = line.split(' ');
        const branch = ref?.startsWith(prefix) ? ref.slice(prefix.length) : null;
        // Only where this clone's view is the server's, and not the default head itself (a new branch starts there).
        if (branch !== null && oid !== defaultHead && heads.get(branch) === oid) merged.add(branch);
      }
    }
  }
  return { heads, defaultBranch, merged };
}
