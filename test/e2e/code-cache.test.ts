/**
 * The hook and command bundles load through a V8 code cache (bin/load-bundle.cjs): a user must
 * never see it, except as speed. The cache lives in the user's own cache directory, a damaged or
 * foreign cache is never trusted, and the lazily imported ES modules still load from cached code.
 */
import { chmodSync, existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, cloneAs, makeBareRemote, makeRepo, makeTempDir, runMem } from '../helpers/temp-repo.js';
import { appendLines, assistantText, stopPayload, userLine } from '../helpers/hook-payloads.js';

afterEach(cleanupTempDirs);

const startPayload = (cwd: string, session: string) =>
  JSON.stringify({
    session_id: session,
    transcript_path: join(cwd, '..', 'none.jsonl'),
    cwd,
    hook_event_name: 'SessionStart',
    source: 'startup',
  });

function setUp(): { repo: string; env: Record<string, string>; cacheDir: string } {
  const repo = makeRepo();
  writeFileSync(join(repo, 'CLAUDE.md'), '# Project\n\n## Conventions\n\n- Always use pnpm, never npm.\n');
  const cacheHome = makeTempDir('mem-cache-home-');
  const env = { XDG_CACHE_HOME: cacheHome };
  expect(runMem(['init', '--yes'], { cwd: repo, env }).status).toBe(0);
  return {
    repo,
    env,
    cacheDir: join(cacheHome, 'mem-team-memory', 'code-cache', `${process.version}-${process.arch}`),
  };
}

const cacheFiles = (dir: string, prefix: string) =>
  existsSync(dir) ? readdirSync(dir).filter((name) => name.startsWith(prefix)) : [];

describe('the code cache', () => {
  it('is written once per hook event, privately, and the cached hook answers exactly as a compiled one', () => {
    const { repo, env, cacheDir } = setUp();
    const first = runMem(['hook', 'session-start'], { cwd: repo, env, stdin: startPayload(repo, 's1') });
    expect(first.status).toBe(0);
    const [cache] = cacheFiles(cacheDir, 'hook.session-start.');
    expect(cache).toBeDefined();
    expect(statSync(join(cacheDir, cache!)).mode & 0o777).toBe(0o600);
    expect(statSync(cacheDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(cacheDir, '..')).mode & 0o777).toBe(0o700);

    const cached = runMem(['hook', 'session-start'], { cwd: repo, env, stdin: startPayload(repo, 's2') });
    const compiled = runMem(['hook', 'session-start'], {
      cwd: repo,
      env: { ...env, MEM_NO_CODE_CACHE: '1' },
      stdin: startPayload(repo, 's3'),
    });
    expect(cached.status).toBe(0);
    expect(cached.stderr).toBe('');
    expect(JSON.parse(cached.stdout)).toEqual(JSON.parse(compiled.stdout));

    // Commands (here the status bundle) use it too, with the same output.
    const status = runMem(['status'], { cwd: repo, env });
    expect(cacheFiles(cacheDir, 'status.status.')).toHaveLength(1);
    expect(runMem(['status'], { cwd: repo, env }).stdout).toBe(status.stdout);
    expect(runMem(['status'], { cwd: repo, env: { ...env, MEM_NO_CODE_CACHE: '1' } }).stdout).toBe(status.stdout);
  });

  it('never trusts a damaged cache or one that another user could have written, and replaces it', () => {
    const { repo, env, cacheDir } = setUp();
    expect(runMem(['hook', 'session-start'], { cwd: repo, env, stdin: startPayload(repo, 's1') }).status).toBe(0);
    const cache = join(cacheDir, cacheFiles(cacheDir, 'hook.session-start.')[0]!);
    const good = readFileSync(cache);

    writeFileSync(cache, Buffer.alloc(good.length, 0x41));
    const damaged = runMem(['hook', 'session-start'], { cwd: repo, env, stdin: startPayload(repo, 's2') });
    expect(damaged.status).toBe(0);
    expect(JSON.parse(damaged.stdout)).toHaveProperty('hookSpecificOutput');
    expect(readFileSync(cache).equals(Buffer.alloc(good.length, 0x41))).toBe(false);

    // A world-writable cache file may be anyone's code: it is not read, and a private one replaces it.
    chmodSync(cache, 0o666);
    expect(runMem(['hook', 'session-start'], { cwd: repo, env, stdin: startPayload(repo, 's3') }).status).toBe(0);
    expect(statSync(cache).mode & 0o777).toBe(0o600);
  });

  it('loads the lazy ES modules from cached code: the hook still refreshes team memory', () => {
    const remote = makeBareRemote();
    const alice = cloneAs(remote, 'alice');
    const cacheHome = makeTempDir('mem-cache-home-');
    const env = { XDG_CACHE_HOME: cacheHome, MEM_NO_BACKGROUND_SYNC: '0' };
    expect(runMem(['init', '--yes'], { cwd: alice, env }).status).toBe(0);
    const syncStatus = join(alice, '.memory', 'state', 'sync-status.json');
    for (const session of ['compiled', 'cached']) {
      rmSync(syncStatus, { force: true });
      expect(runMem(['hook', 'session-start'], { cwd: alice, env, stdin: startPayload(alice, session) }).status).toBe(
        0,
      );
      const status = JSON.parse(readFileSync(syncStatus, 'utf8')) as {
        lastSuccessAt: string | null;
        lastFailure: unknown;
      };
      expect(status.lastFailure).toBeNull();
      expect(status.lastSuccessAt).not.toBeNull();
    }
    expect(readFileSync(join(alice, '.memory', 'state', 'hook-log.jsonl'), 'utf8')).not.toContain('skipped');
  });

  it('a writing Stop (which switches how V8 compiles regular expressions) leaves a cache the next Stop accepts', () => {
    const { repo, env, cacheDir } = setUp();
    const transcript = join(repo, '..', 'turns.jsonl');
    const stop = (turn: number) => {
      appendLines(transcript, [
        userLine(`From now on always run the linter before committing module ${turn}.`),
        assistantText(`Done with module ${turn}.`),
      ]);
      expect(
        runMem(['hook', 'stop'], { cwd: repo, env, stdin: stopPayload('cache-turns', transcript, repo) }).status,
      ).toBe(0);
    };
    stop(1);
    const [cache] = cacheFiles(cacheDir, 'hook.stop.');
    expect(cache).toBeDefined();
    const written = statSync(join(cacheDir, cache!));
    // A cache the next run rejected would be written again by it, as a new file renamed into place.
    stop(2);
    stop(3);
    const after = statSync(join(cacheDir, cache!));
    expect(after.ino).toBe(written.ino);
    expect(after.mtimeMs).toBe(written.mtimeMs);
  });

  it('keeps the cache of a Stop that read a turn: one that read nothing leaves a provisional cache until then', () => {
    const { repo, env, cacheDir } = setUp();
    const transcript = join(repo, '..', 'later.jsonl');
    const stop = () =>
      expect(
        runMem(['hook', 'stop'], { cwd: repo, env, stdin: stopPayload('cache-later', transcript, repo) }).status,
      ).toBe(0);
    writeFileSync(transcript, '');
    stop();
    expect(cacheFiles(cacheDir, 'hook.stop.')).toEqual([expect.stringMatching(/\.provisional\.bin$/)]);
    appendLines(transcript, [userLine('Refactor the config loader.'), assistantText('Done.')]);
    stop();
    const kept = cacheFiles(cacheDir, 'hook.stop.');
    expect(kept).toEqual([expect.stringMatching(/^hook\.stop\.[0-9a-f]+\.bin$/)]);
    const written = statSync(join(cacheDir, kept[0]!));
    // Nothing new again: the turn's cache is used, not replaced by this run's.
    stop();
    expect(cacheFiles(cacheDir, 'hook.stop.')).toEqual(kept);
    expect(statSync(join(cacheDir, kept[0]!)).mtimeMs).toBe(written.mtimeMs);
  });

  it("keeps another build's caches for a day: two installed versions used side by side do not delete each other's", () => {
    const { repo, env, cacheDir } = setUp();
    expect(runMem(['hook', 'session-start'], { cwd: repo, env, stdin: startPayload(repo, 's1') }).status).toBe(0);
    const [ours] = cacheFiles(cacheDir, 'hook.session-start.');
    const hash = ours!.split('.')[2]!;
    // What another install's build left: one fresh, one from two days ago.
    const otherFresh = `hook.session-start.${'1'.repeat(32)}.bin`;
    const otherOld = `hook.stop.${'2'.repeat(32)}.bin`;
    writeFileSync(join(cacheDir, otherFresh), 'x', { mode: 0o600 });
    writeFileSync(join(cacheDir, otherOld), 'x', { mode: 0o600 });
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    utimesSync(join(cacheDir, otherOld), twoDaysAgo, twoDaysAgo);

    // A new variant of this build is written: the fresh foreign cache stays, the old one goes.
    expect(runMem(['status'], { cwd: repo, env }).status).toBe(0);
    expect(
      runMem(['hook', 'stop'], {
        cwd: repo,
        env,
        stdin: JSON.stringify({
          session_id: 's1',
          transcript_path: join(repo, '..', 'none.jsonl'),
          cwd: repo,
          hook_event_name: 'Stop',
        }),
      }).status,
    ).toBe(0);
    expect(cacheFiles(cacheDir, 'hook.')).toEqual(
      expect.arrayContaining([ours, otherFresh, `hook.stop.${hash}.provisional.bin`]),
    );
    expect(cacheFiles(cacheDir, 'hook.')).not.toContain(otherOld);
  });

  it('is off with MEM_NO_CODE_CACHE=1: nothing is written', () => {
    const repo = makeRepo();
    const cacheHome = makeTempDir('mem-cache-home-');
    const env = { XDG_CACHE_HOME: cacheHome, MEM_NO_CODE_CACHE: '1' };
    expect(runMem(['init', '--yes'], { cwd: repo, env }).status).toBe(0);
    expect(runMem(['hook', 'session-start'], { cwd: repo, env, stdin: startPayload(repo, 's1') }).status).toBe(0);
    expect(readdirSync(cacheHome)).toEqual([]);
  });
});
