/**
 * The one place mem spawns the system `git`: a bounded child process with no terminal prompts,
 * a timeout, and captured output. Network git (fetch/push) and hook-free config edits go through it.
 */
import { nodeChildProcess } from '../lazy-builtins.js';

export type GitRun = {
  status: number | null;
  stdout: string;
  stderr: string;
  /** True when the timeout killed the child. */
  timedOut: boolean;
  /** Set when git itself could not be started (not installed, bad cwd). */
  spawnError?: string;
};

export type RunGitOptions = {
  cwd: string;
  timeoutMs?: number;
  env?: NodeJS.ProcessEnv;
  input?: string;
  /** Sees stderr as it arrives (git's --progress lines), besides capturing it. */
  onStderr?: (chunk: string) => void;
};

/** Environment for every git child: never prompt for credentials, never open an editor or pager. */
export function gitEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  // Note: inside a git hook (pre-push runs `mem sync`) git exports where *its* repository is;
  // left in place they would redirect every git call mem makes into the user's repository.
  for (const key of REPOSITORY_VARIABLES) delete inherited[key];
  return {
    ...inherited,
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: process.env['GIT_ASKPASS'] ?? '',
    GIT_EDITOR: ':',
    GIT_PAGER: 'cat',
    // Note: ssh would otherwise wait forever on a host-key or passphrase prompt.
    GIT_SSH_COMMAND: process.env['GIT_SSH_COMMAND'] ?? 'ssh -o BatchMode=yes',
    LC_ALL: 'C',
    ...extra,
  };
}

const REPOSITORY_VARIABLES = [
  'GIT_DIR',
  'GIT_WORK_TREE',
  'GIT_INDEX_FILE',
  'GIT_OBJECT_DIRECTORY',
  'GIT_ALTERNATE_OBJECT_DIRECTORIES',
  'GIT_COMMON_DIR',
  'GIT_PREFIX',
  'GIT_NAMESPACE',
  'GIT_QUARANTINE_PATH',
];

/** Returns git's exit status and output; never throws (a failure to start is reported in `spawnError`). */
export function runGit(args: string[], options: RunGitOptions): Promise<GitRun> {
  return new Promise((resolve) => {
    let child;
    try {
      child = nodeChildProcess().spawn('git', args, {
        cwd: options.cwd,
        env: options.env ?? gitEnv(),
        stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
        // Note: a detached group lets the timeout kill ssh/remote helpers git spawned too.
        detached: process.platform !== 'win32',
      });
    } catch (error) {
      resolve({ status: null, stdout: '', stderr: '', timedOut: false, spawnError: (error as Error).message });
      return;
    }
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => {
      err.push(chunk);
      options.onStderr?.(chunk.toString('utf8'));
    });
    const deadline = killAfter(child.pid, options.timeoutMs);
    const timer = deadline.timer;
    child.on('error', (error) => {
      if (timer) clearTimeout(timer);
      resolve({ status: null, stdout: '', stderr: '', timedOut: deadline.timedOut(), spawnError: error.message });
    });
    child.on('close', (status) => {
      if (timer) clearTimeout(timer);
      resolve({
        status,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        timedOut: deadline.timedOut(),
      });
    });
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}

/** Returns git's trimmed stdout, or null when git fails; for quick local queries (config, rev-parse). */
export function runGitSync(args: string[], cwd: string): string | null {
  const result = nodeChildProcess().spawnSync('git', args, {
    cwd,
    env: gitEnv(),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.error || result.status !== 0) return null;
  return result.stdout.replace(/\n$/, '');
}

/** Kills git and what it started (the detached group runGit and prepareGit start it in). */
/** Kills the process tree of `pid` after `timeoutMs` (none: never); `timedOut` says whether it came to that. Clear `timer` when the process ends. */
export function killAfter(
  pid: number | undefined,
  timeoutMs: number | undefined,
): { timer: NodeJS.Timeout | undefined; timedOut: () => boolean } {
  let fired = false;
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          fired = true;
          killTree(pid);
        }, timeoutMs);
  return { timer, timedOut: () => fired };
}

function killTree(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(process.platform === 'win32' ? pid : -pid, 'SIGKILL');
  } catch {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
}
