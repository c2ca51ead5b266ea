/**
 * A full disk or an unwritable `.memory/` (issue 9, item 7): `mem remember` says what failed,
 * where and what to do (no internal-error stack) and changes nothing; `mem sync` keeps its
 * contract: it warns, keeps local memory for the next sync, and exits 0 (1 with --strict).
 * Note: tests run as root in CI, where permission bits do not stop a write; a file standing where
 * mem needs a directory fails the same code path (the write is refused by the file system).
 */
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, cloneAs, makeBareRemote, readIfExists, runMem } from '../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

function clone(): string {
  const repo = cloneAs(makeBareRemote(), 'alice');
  expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
  return repo;
}

/** Makes .memory/state unwritable: a file stands where the directory was. */
function breakState(repo: string): void {
  const state = join(repo, '.memory', 'state');
  renameSync(state, `${state}.moved`);
  writeFileSync(state, 'not a directory\n');
}

describe('unwritable memory state', () => {
  it('mem remember exits 1 naming the path and what to do, and writes no entry', () => {
    const repo = clone();
    const before = readIfExists(repo, 'CLAUDE.md');
    breakState(repo);
    const result = runMem(['remember', 'Always run `make lint` before pushing to main.'], { cwd: repo });
    expect(result.status).toBe(1);
    expect(result.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(result.stderr).toContain(join(repo, '.memory', 'state'));
    expect(result.stderr).toMatch(/a file is in the way.*\n\s+hint: Move what is in the way aside/);
    expect(result.stdout).not.toMatch(/remembered as/);
    expect(readIfExists(repo, 'CLAUDE.md')).toBe(before);
  });

  it('mem sync warns, keeps local memory and exits 0; --strict exits 1; neither shows a stack', () => {
    const repo = clone();
    expect(runMem(['remember', 'Always run `make lint` before pushing to main.'], { cwd: repo }).status).toBe(0);
    const memory = readIfExists(repo, 'CLAUDE.md');
    breakState(repo);
    const sync = runMem(['sync'], { cwd: repo });
    expect(sync.status).toBe(0);
    expect(sync.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(sync.stderr).toMatch(
      /not synced \(write-failed\): cannot create the directory .*\.memory\/state.*local memory kept, will retry/,
    );
    const quiet = runMem(['sync', '--quiet'], { cwd: repo });
    expect(quiet.status).toBe(0);
    expect(quiet.stderr).toMatch(/write-failed/);
    const strict = runMem(['sync', '--strict'], { cwd: repo });
    expect(strict.status).toBe(1);
    expect(strict.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(readIfExists(repo, 'CLAUDE.md')).toBe(memory);
  });
});
