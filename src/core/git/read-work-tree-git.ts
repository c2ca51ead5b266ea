/**
 * What git says about the work tree at the end of a turn, for the handoff: the branch, its tip,
 * the paths changed but not committed (one `git status`), and the commits made since the session
 * started with the paths each changed (one `git log`). At most two processes, whatever the number
 * of files the session touched; one when HEAD has not moved since the commits were last listed
 * (most turns commit nothing).
 */
import { runGit } from './run-git.js';

export type WorkTreeGit = {
  /** The branch checked out; null when HEAD is detached. */
  branch: string | null;
  /** The short id of HEAD; null before the first commit. */
  tip: string | null;
  /** The full id of HEAD; absent before the first commit. */
  head?: string;
  /** Repository-relative paths git reports changed, staged or untracked (an untracked directory ends with `/`). */
  uncommitted: string[];
  /** Commits since the session started, newest first, with the repository-relative paths each changed. */
  commits: Array<{ commit: string; paths: string[] }>;
};

/** The commits since `since` as listed at HEAD `head`: history does not change, so the same HEAD and time list the same commits. */
export type CommitsAt = { head: string; since: string; commits: WorkTreeGit['commits'] };

/**
 * Returns git's view of the work tree at `root` with the commits since `since` (ISO), or null when
 * git cannot say (not a repository, git missing). `listed`: the commits as an earlier call listed
 * them (commitsAt), taken again when HEAD is where it was then.
 */
export async function readWorkTreeGit(root: string, since: string, listed?: CommitsAt): Promise<WorkTreeGit | null> {
  const readLog = () =>
    runGit(['log', `--since=${since}`, '-n', '200', '--no-merges', '-z', '--format=%x1e%h', '--name-only'], {
      cwd: root,
      timeoutMs: 10_000,
    });
  // Note: with nothing listed before, both start together; otherwise the log waits for the status's HEAD.
  const logAhead = listed?.since === since ? null : readLog();
  const status = await runGit(['status', '--porcelain=v2', '--branch', '-z'], { cwd: root, timeoutMs: 10_000 });
  if (status.status !== 0) return null;
  const parsed = parseStatus(status.stdout);
  if (logAhead === null && parsed.head !== undefined && parsed.head === listed?.head)
    return { ...parsed, commits: listed.commits };
  const log = await (logAhead ?? readLog());
  // Note: `git log` fails on a branch with no commit yet; that is "no commits", not "no git".
  return { ...parsed, commits: log.status === 0 ? parseLog(log.stdout) : [] };
}

/** Returns what `git` listed, to pass back to readWorkTreeGit next time; null when there is no HEAD to tie it to. */
export function commitsAt(git: WorkTreeGit, since: string): CommitsAt | null {
  return git.head === undefined ? null : { head: git.head, since, commits: git.commits };
}

function parseStatus(out: string): Omit<WorkTreeGit, 'commits'> {
  let branch: string | null = null;
  let tip: string | null = null;
  let head: string | undefined;
  const uncommitted: string[] = [];
  const fields = out.split('\0');
  for (let index = 0; index < fields.length; index += 1) {
    const field = fields[index] ?? '';
    if (field.startsWith('# branch.oid ')) {
      const oid = field.slice('# branch.oid '.length);
      head = /^[0-9a-f]{40,64}$/.test(oid) ? oid : undefined;
      tip = /^[0-9a-f]{7,}$/.test(oid) ? oid.slice(0, 7) : null;
    } else if (field.startsWith('# branch.head ')) {
      const head = field.slice('# branch.head '.length);
      branch = head === '(detached)' ? null : head;
    } else if (field.startsWith('1 ') || field.startsWith('u ')) {
      uncommitted.push(pathField(field, field.startsWith('1 ') ? 8 : 10));
    } else if (field.startsWith('2 ')) {
      uncommitted.push(pathField(field, 9));
      index += 1; // Note: a rename's original path follows as its own field.
    } else if (field.startsWith('? ')) {
      uncommitted.push(field.slice(2));
    }
  }
  return head === undefined ? { branch, tip, uncommitted } : { branch, tip, head, uncommitted };
}

/** The path of a porcelain v2 record: what follows its first `spaces` separators (a path may hold spaces). */
function pathField(field: string, spaces: number): string {
  let at = 0;
  for (let count = 0; count < spaces; count += 1) at = field.indexOf(' ', at) + 1;
  return field.slice(at);
}

function parseLog(out: string): WorkTreeGit['commits'] {
  const commits: WorkTreeGit['commits'] = [];
  for (const chunk of out.split('\x1e')) {
    const [commit, ...rest] = chunk.split('\0');
    if (!commit || !/^[0-9a-f]{4,}$/.test(commit.trim())) continue;
    const paths = rest.map((path) => path.replace(/^\n/, '')).filter((path) => path !== '');
    commits.push({ commit: commit.trim(), paths });
  }
  return commits;
}
