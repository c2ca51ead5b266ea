/**
 * Where mem keeps things inside a repository. One place, so that every part agrees and nothing
 * is ever written outside `.memory/` (and the team store in the git dir) by accident.
 */
import { join } from 'node:path';

export type MemoryPaths = ReturnType<typeof pathsUnder>;

const known = new Map<string, ReturnType<typeof pathsUnder>>();

/**
 * Returns the absolute paths of mem's files for the worktree at `root` (a copy the caller may keep).
 * Why remembered: a hook asks about ten times, and the 170 `path.join`s made Node's path
 * normaliser hot enough for V8 to optimise it on a background thread, which cost SessionStart
 * 3 MiB of peak memory (its budget is 50 MiB) and more time than the joins.
 */
export function memoryPaths(root: string): ReturnType<typeof pathsUnder> {
  let paths = known.get(root);
  if (paths === undefined) {
    paths = pathsUnder(root);
    known.set(root, paths);
  }
  return { ...paths };
}

function pathsUnder(root: string) {
  const memoryDir = join(root, '.memory');
  const stateDir = join(memoryDir, 'state');
  return {
    root,
    memoryDir,
    configFile: join(memoryDir, 'config.json'),
    sessionsDir: join(memoryDir, 'sessions'),
    stateDir,
    cacheDir: join(memoryDir, 'cache'),
    locksDir: join(stateDir, 'locks'),
    /** Per-session cursors and derived state (JSON), keyed by a sanitised session id. */
    sessionStateDir: join(stateDir, 'sessions'),
    /** Append-only JSON lines: hook runs and their problems. */
    hookLog: join(stateDir, 'hook-log.jsonl'),
    /** Last hook run per event, for `mem status`. */
    hookStatus: join(stateDir, 'hook-status.json'),
    /**
     * Transcript tails left for another process to read (a SessionEnd's marker, a Stop's turn
     * handed to the after-turn step). Note: named `ended` on disk since SessionEnd was its only writer.
     */
    tailsLeftDir: join(stateDir, 'ended'),
    candidateLog: join(stateDir, 'candidates.jsonl'),
    /** What `mem init` changed, so `uninstall` reverses exactly that. */
    installRecord: join(stateDir, 'install.json'),
    memoryLock: join(stateDir, 'locks', 'memory.lock'),
  };
}
