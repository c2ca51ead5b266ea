/**
 * A full disk (issue 28, item 8): `mem remember` says what failed and what to do, `mem sync` warns
 * and exits 0 (its documented contract), and a Stop that cannot write leaves its trace in `mem
 * status` and loses nothing. The disk is made full for mem's process alone by a preloaded fault
 * injection (test/helpers/full-disk.mjs): writes of new bytes under the repository fail with ENOSPC
 * the way the kernel fails them (on write(), naming no file); git, another process, still works.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT, cleanupTempDirs, cloneAs, makeBareRemote, readIfExists, runMem } from '../helpers/temp-repo.js';
import { appendLines, startPayload, stopPayload, userLine } from '../helpers/hook-payloads.js';
import { distinctRule, ruleToken } from '../helpers/distinct-rules.js';

afterEach(cleanupTempDirs);

const fullDisk = (repo: string): Record<string, string> => ({
  NODE_OPTIONS: `--import ${pathToFileURL(join(PROJECT_ROOT, 'test', 'helpers', 'full-disk.mjs')).href}`,
  MEM_TEST_FULL_DISK: repo,
});

function clone(): string {
  const repo = cloneAs(makeBareRemote(), 'alice');
  expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
  return repo;
}

describe('a full disk', () => {
  it('mem remember exits 1 saying no space is left, where, and what to do; nothing is written', () => {
    const repo = clone();
    expect(runMem(['remember', 'Always run `make lint` before pushing to main.'], { cwd: repo }).status).toBe(0);
    const before = readIfExists(repo, '.memory/state/team-memory.md');
    const result = runMem(['remember', 'Always run `make vet` before pushing the worker.'], {
      cwd: repo,
      env: fullDisk(repo),
    });
    expect(result.status).toBe(1);
    expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(result.stderr).toMatch(
      /cannot write .*\.memory.*: no space left on the device \(ENOSPC\)\n\s+hint: Free some disk space/,
    );
    expect(readIfExists(repo, '.memory/state/team-memory.md')).toBe(before);
  });

  it('mem sync warns, keeps local memory and exits 0; --strict exits 1; neither shows a stack', () => {
    const repo = clone();
    expect(runMem(['remember', 'Always run `make lint` before pushing to main.'], { cwd: repo }).status).toBe(0);
    const sync = runMem(['sync'], { cwd: repo, env: fullDisk(repo) });
    expect(sync.status).toBe(0);
    expect(sync.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(sync.stderr).toMatch(/warning: .*not synced.*no space left on the device \(ENOSPC\)/);
    const strict = runMem(['sync', '--strict'], { cwd: repo, env: fullDisk(repo) });
    expect(strict.status).toBe(1);
    expect(strict.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(strict.stderr).toMatch(/no space left on the device/);
    // Once there is room, the same sync shares the entry.
    expect(runMem(['sync'], { cwd: repo }).status).toBe(0);
    expect(runMem(['status', '--json'], { cwd: repo }).stdout).toMatch(/"pending": false/);
  });

  it('a Stop exits 0 and mem status says the disk is full and why the turn was not saved; the next turn saves it', () => {
    const repo = clone();
    const transcript = join(repo, '..', 'full.jsonl');
    appendLines(transcript, [userLine(distinctRule(11))]);
    // The hooks ran before the disk filled up: the log exists, with room left in its last block.
    expect(
      runMem(['hook', 'session-start'], {
        cwd: repo,
        stdin: startPayload('full-disk-session', transcript, repo, 'startup'),
      }).status,
    ).toBe(0);

    const stop = runMem(['hook', 'stop'], {
      cwd: repo,
      stdin: stopPayload('full-disk-session', transcript, repo),
      env: fullDisk(repo),
    });
    expect(stop).toMatchObject({ status: 0, stdout: '' });
    const status = runMem(['status'], { cwd: repo, env: fullDisk(repo) });
    expect(status.status).toBe(0);
    expect(status.stdout).toMatch(/Disk FULL: \d+ KiB free on the disk holding .*\.memory/);
    expect(status.stdout).toMatch(/stop IO_FAILED: cannot write .*: no space left on the device \(ENOSPC\)/);
    expect(status.stdout).not.toMatch(/INTERNAL/);
    expect(readIfExists(repo, '.memory/state/team-memory.md') ?? '').not.toContain(ruleToken(11));

    // Room again: the session's next Stop reads the turn again and writes its rule.
    expect(
      runMem(['hook', 'stop'], { cwd: repo, stdin: stopPayload('full-disk-session', transcript, repo) }),
    ).toMatchObject({ status: 0, stdout: '' });
    expect(readIfExists(repo, '.memory/state/team-memory.md')).toContain(ruleToken(11));
    expect(runMem(['status'], { cwd: repo }).stdout).not.toMatch(/Disk FULL/);
  });
});
