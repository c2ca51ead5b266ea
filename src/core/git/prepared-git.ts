/**
 * A git process started before its last argument is known: `sh` is started now and waits on its
 * stdin for that argument, then becomes git (`exec`). Why: starting a process costs Node more as
 * its heap grows (fork copies the page tables): a sync's push started after the merge took 5-8 ms
 * of the mem process at 20,000 entries (profile), on the path the push waits for; started during
 * the fetch, while the heap is small, it costs ~2 ms there and nothing later.
 *
 * Never throws. One that is never run is cancelled (sh reads end-of-file and exits without running
 * git); where there is no POSIX sh (Windows) or it cannot start, `run` starts git the usual way.
 */
import { nodeChildProcess } from '../lazy-builtins.js';
import { gitEnv, killAfter, runGit, type GitRun, type RunGitOptions } from './run-git.js';

export type PreparedGit = {
  /** Runs git with the prepared arguments and `last` (one line) after them; resolves as runGit does. */
  run(last: string): Promise<GitRun>;
  /** Lets the waiting sh go without running git. */
  cancel(): void;
};

// Note: `read` fails at end-of-file (cancel) and sh exits 125 without running anything.
const SCRIPT = 'IFS= read -r last || exit 125; exec git "$@" "$last"';

export function prepareGit(args: readonly string[], options: Omit<RunGitOptions, 'input' | 'onStderr'>): PreparedGit {
  const direct = (last: string) => runGit([...args, last], options);
  if (process.platform === 'win32') return { run: direct, cancel: () => undefined };
  let child: ReturnType<ReturnType<typeof nodeChildProcess>['spawn']>;
  try {
    child = nodeChildProcess().spawn('sh', ['-c', SCRIPT, 'mem-git', ...args], {
      cwd: options.cwd,
      env: options.env ?? gitEnv(),
      stdio: ['pipe', 'pipe', 'pipe'],
      // Note: a detached group lets the timeout kill ssh/remote helpers git spawned too (as runGit).
      detached: true,
    });
  } catch {
    return { run: direct, cancel: () => undefined };
  }
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  let startError: string | null = null;
  let finished: ((status: number | null) => void) | null = null;
  let exited: { status: number | null } | null = null;
  let used = false;
  child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => err.push(chunk));
  child.stdin?.on('error', () => undefined);
  child.on('error', (error) => {
    startError = error.message;
    exited ??= { status: null };
    finished?.(null);
  });
  child.on('close', (status) => {
    exited ??= { status };
    finished?.(status);
  });
  // Note: a prepared git that is never run must not keep Node running.
  const handles = [child, child.stdin, child.stdout, child.stderr] as unknown as Array<{
    ref?: () => void;
    unref?: () => void;
  } | null>;
  for (const handle of handles) handle?.unref?.();
  return {
    run(last) {
      // Note: sh gone before it was asked (it could not start, or was killed): git the usual way.
      if (used || exited !== null || last.includes('\n')) return direct(last);
      used = true;
      for (const handle of handles) handle?.ref?.();
      return new Promise((resolve) => {
        const deadline = killAfter(child.pid, options.timeoutMs);
        finished = (status) => {
          if (deadline.timer) clearTimeout(deadline.timer);
          resolve({
            status,
            stdout: Buffer.concat(out).toString('utf8'),
            stderr: Buffer.concat(err).toString('utf8'),
            timedOut: deadline.timedOut(),
            ...(startError === null ? {} : { spawnError: startError }),
          });
        };
        if (exited !== null) finished(exited.status);
        else child.stdin?.end(`${last}\n`);
      });
    },
    cancel() {
      if (used) return;
      used = true;
      child.stdin?.end();
    },
  };
}
