/**
 * A code cache planted where the cache directory is shared never runs (issue 28.4). V8 runs a
 * cache as code and accepts one built from any source of the same length, so the test plants
 * exactly that: a cache of a same-length script that leaves a mark when it runs. It is planted
 * under a directory another user owns, behind a symlink, and a FIFO sits at a cache path: the hook
 * answers as usual, and nothing planted runs.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT, cleanupTempDirs, makeRepo, makeTempDir, runMem } from '../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

const startPayload = (cwd: string, session: string) =>
  JSON.stringify({
    session_id: session,
    transcript_path: join(cwd, '..', 'none.jsonl'),
    cwd,
    hook_event_name: 'SessionStart',
    source: 'startup',
  });

/**
 * Writes to `cacheFile` a V8 cache of a script as long as the wrapped hook bundle that, when run,
 * writes `mark` and exits (no function of its own: V8 would compile one lazily from the real source).
 */
function plantCache(cacheFile: string, mark: string): void {
  const script = `
    const { readFileSync, writeFileSync } = require('node:fs');
    const { Script } = require('node:vm');
    const file = ${JSON.stringify(join(PROJECT_ROOT, 'dist', 'hook.cjs'))};
    const wrapped = '(function (exports, require, module, __filename, __dirname, __memLoaderImport) {' + readFileSync(file, 'latin1') + '\\n})';
    const head = '(function (exports, require, module, __filename, __dirname, __memLoaderImport) {require("node:fs").writeFileSync(${JSON.stringify(mark)}, "planted"); process.exit(0); /*';
    const tail = '*/\\n})';
    const planted = head + ' '.repeat(wrapped.length - head.length - tail.length) + tail;
    writeFileSync(${JSON.stringify(cacheFile)}, new Script(planted, { filename: file }).createCachedData(), { mode: 0o600 });
  `;
  execFileSync(process.execPath, ['-e', script]);
}

function setUp(): { repo: string; env: Record<string, string>; cacheDir: string; cacheFile: string } {
  const repo = makeRepo();
  const cacheHome = makeTempDir('mem-cache-home-');
  const env = { XDG_CACHE_HOME: cacheHome };
  expect(runMem(['init', '--yes'], { cwd: repo, env }).status).toBe(0);
  expect(runMem(['hook', 'session-start'], { cwd: repo, env, stdin: startPayload(repo, 's0') }).status).toBe(0);
  const cacheDir = join(cacheHome, 'mem-team-memory', 'code-cache', `${process.version}-${process.arch}`);
  const name = readdirSync(cacheDir).find((file) => file.startsWith('hook.session-start.'));
  expect(name).toBeDefined();
  return { repo, env, cacheDir, cacheFile: join(cacheDir, name!) };
}

/** Runs SessionStart and expects the usual answer. */
function expectUsualStart(repo: string, env: Record<string, string>, session: string): void {
  const start = runMem(['hook', 'session-start'], {
    cwd: repo,
    env,
    stdin: startPayload(repo, session),
    timeoutMs: 60_000,
  });
  expect(start.status).toBe(0);
  expect(JSON.parse(start.stdout)).toHaveProperty('hookSpecificOutput.additionalContext');
}

describe('a planted code cache', () => {
  it('is never run from a cache directory another user owns', () => {
    const { repo, env, cacheDir, cacheFile } = setUp();
    const mark = join(makeTempDir('mem-mark-'), 'ran');
    plantCache(cacheFile, mark);
    // Note: tests run as root: a directory handed to "nobody" stands for another user's.
    if (process.getuid?.() === 0) chownSync(cacheDir, 65534, 65534);
    expectUsualStart(repo, env, 's1');
    expect(existsSync(mark)).toBe(false);
  });

  it('is never run through a symlink at the cache path, and a FIFO there does not hold the hook', () => {
    const { repo, env, cacheFile } = setUp();
    const mark = join(makeTempDir('mem-mark-'), 'ran');
    const elsewhere = join(makeTempDir('mem-planted-'), 'cache.bin');
    plantCache(elsewhere, mark);
    rmSync(cacheFile);
    symlinkSync(elsewhere, cacheFile);
    expectUsualStart(repo, env, 's1');
    expect(existsSync(mark)).toBe(false);

    rmSync(cacheFile);
    execFileSync('mkfifo', [cacheFile]);
    // Note: the timeout only keeps a hang from stalling the suite; before the fix the FIFO held the hook.
    expectUsualStart(repo, env, 's2');
  });

  it('(control) the planted cache is what V8 would run: loaded from a private directory, it leaves its mark', () => {
    const { repo, env, cacheFile } = setUp();
    const mark = join(makeTempDir('mem-mark-'), 'ran');
    plantCache(cacheFile, mark);
    const result = spawnSync(process.execPath, [join(PROJECT_ROOT, 'bin', 'run.js'), 'hook', 'session-start'], {
      cwd: repo,
      input: startPayload(repo, 's1'),
      env: { ...process.env, ...env },
    });
    expect(result.status).toBe(0);
    expect(existsSync(mark)).toBe(true);
    writeFileSync(mark, '');
  });
});
