/**
 * Real temporary git repositories for tests: fixed identity, no signing, no auto-gc, branch main.
 * Every test that touches git uses these, never a mock.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const MEM_BIN = join(PROJECT_ROOT, 'bin', 'run.js');

/** Environment for every git and mem child process: hermetic, deterministic identity. */
export function testEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) {
    if (key.startsWith('GIT_') || key.startsWith('CLAUDE') || key.startsWith('MEM_')) delete env[key];
  }
  // npm puts this project's node_modules/.bin on PATH, and with it the real `claude` of the
  // devDependency: `mem init` would detect it and pick its hook form. Tests that want the client
  // put it on PATH themselves (helpers/real-client.ts).
  const ownBin = join(PROJECT_ROOT, 'node_modules', '.bin');
  if (env['PATH'])
    env['PATH'] = env['PATH']
      .split(delimiter)
      .filter((dir) => resolve(dir) !== ownBin)
      .join(delimiter);
  return {
    ...env,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: join(PROJECT_ROOT, 'test', 'helpers', 'gitconfig'),
    GIT_AUTHOR_NAME: 'Test User',
    GIT_AUTHOR_EMAIL: 'test@example.com',
    GIT_COMMITTER_NAME: 'Test User',
    GIT_COMMITTER_EMAIL: 'test@example.com',
    GIT_TERMINAL_PROMPT: '0',
    NO_COLOR: '1',
    // Hooks would start a detached team step that outlives the test and races its cleanup;
    // tests of that step turn it back on with MEM_NO_BACKGROUND_SYNC=0.
    MEM_NO_BACKGROUND_SYNC: '1',
    ...extra,
  };
}

const created: string[] = [];

/** Makes an empty temp directory that `cleanupTempDirs` removes. */
export function makeTempDir(prefix = 'mem-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  created.push(dir);
  return dir;
}

export function cleanupTempDirs(): void {
  // Note: a detached team step a hook started may still be writing its last status file while the
  // test ends; rmSync's retries (on ENOTEMPTY among others) outlast it instead of failing the test.
  while (created.length > 0) rmSync(created.pop()!, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
}

/** Runs git in `cwd`, returning trimmed stdout; throws with stderr on failure. */
export function git(cwd: string, args: string[], env: NodeJS.ProcessEnv = testEnv()): string {
  return execFileSync('git', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

export type RepoOptions = { name?: string; commit?: boolean; user?: string };

/** Creates a real git repository (branch main, one commit unless `commit: false`). */
export function makeRepo(options: RepoOptions = {}): string {
  const parent = makeTempDir();
  const dir = join(parent, options.name ?? 'repo');
  mkdirSync(dir, { recursive: true });
  git(dir, ['init', '-q', '-b', 'main']);
  configureUser(dir, options.user ?? 'Test User');
  if (options.commit !== false) {
    writeFileSync(join(dir, 'README.md'), '# project\n');
    git(dir, ['add', 'README.md']);
    git(dir, ['commit', '-q', '-m', 'initial']);
  }
  return dir;
}

/** Creates a repository with no commit whose given files are staged: what `git grep` over tracked files reads. */
export function makeStagedRepo(files: Record<string, string>): string {
  const dir = makeRepo({ commit: false });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  git(dir, ['add', '-A']);
  return dir;
}

/** Creates a bare remote seeded with one commit on main, for team tests. */
export function makeBareRemote(): string {
  const parent = makeTempDir('mem-remote-');
  const bare = join(parent, 'remote.git');
  git(parent, ['init', '-q', '--bare', '-b', 'main', bare]);
  const seed = makeRepo({ name: 'seed' });
  git(seed, ['remote', 'add', 'origin', bare]);
  git(seed, ['push', '-q', 'origin', 'main']);
  return bare;
}

/** Clones `remote` as a teammate called `user` (e.g. "alice"). */
export function cloneAs(remote: string, user: string): string {
  const parent = makeTempDir(`mem-${user}-`);
  const dir = join(parent, user);
  git(parent, ['clone', '-q', remote, dir]);
  configureUser(dir, user);
  return dir;
}

function configureUser(dir: string, user: string): void {
  git(dir, ['config', 'user.name', user]);
  git(dir, ['config', 'user.email', `${user.toLowerCase().replace(/\s+/g, '.')}@example.com`]);
}

export type MemResult = { status: number; stdout: string; stderr: string };

/** Runs the built CLI (`bin/run.js`) the way Claude Code or git would. */
export function runMem(
  args: string[],
  options: { cwd: string; stdin?: string | Buffer; env?: Record<string, string>; timeoutMs?: number },
): MemResult {
  const result = spawnSync(process.execPath, [MEM_BIN, ...args], {
    cwd: options.cwd,
    input: options.stdin ?? '',
    env: testEnv(options.env ?? {}),
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** Reads a file relative to `dir`, or undefined when absent. */
export function readIfExists(dir: string, path: string): string | undefined {
  const full = join(dir, path);
  return existsSync(full) ? readFileSync(full, 'utf8') : undefined;
}
