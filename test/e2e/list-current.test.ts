/**
 * `mem list` shows the memory as it stands: a change made a moment ago (inside the second in which
 * file stamps prove nothing) is listed, the JSON is the same with or without the derived caches in
 * .memory/cache/, and a listing with a conflict always shows the conflict as it stands.
 */
import { readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, runMem } from '../helpers/temp-repo.js';
import { WORKING, addEntry, conflictedTeam, makeTeam } from '../unit/team/store/team-fixture.js';

afterAll(cleanupTempDirs);

const list = (cwd: string, argv: string[] = []) => {
  const result = runMem(['list', ...argv], { cwd });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
};

/** Rewrites `path` with `next` (same length) and gives it back its old times, as a second write in the same tick would look. */
function rewriteKeepingTimes(path: string, from: string, to: string): void {
  expect(to.length).toBe(from.length);
  const before = statSync(path);
  const text = readFileSync(path, 'utf8');
  expect(text).toContain(from);
  writeFileSync(path, text.replace(from, to));
  utimesSync(path, before.atime, before.mtime);
}

describe('mem list, always current', () => {
  it('lists a change made within the same second, even one that keeps size and modification time', () => {
    const { alice } = makeTeam({ initialEntries: [['db', 'Tests use the sqlite database.']] });
    expect(list(alice)).toContain('Tests use the sqlite database.');
    expect(list(alice)).toContain('Tests use the sqlite database.');
    rewriteKeepingTimes(join(alice, WORKING), 'sqlite', 'oracle');
    expect(list(alice)).toContain('Tests use the oracle database.');
    addEntry(alice, 'ci', 'CI runs on every push.');
    const after = list(alice);
    expect(after).toContain('CI runs on every push.');
    expect(after).toContain('2 entries.');
    // Personal memory is part of the listing too.
    expect(runMem(['remember', 'I prefer short answers.', '--personal'], { cwd: alice }).status).toBe(0);
    expect(list(alice)).toContain('I prefer short answers.');
    rewriteKeepingTimes(join(alice, 'CLAUDE.local.md'), 'short', 'terse');
    expect(list(alice)).toContain('I prefer terse answers.');
  });

  it('prints the same JSON with or without the derived caches', () => {
    const { alice } = makeTeam({
      initialEntries: [
        ['db', 'Tests use the sqlite database.'],
        ['ci', 'CI runs on every push.'],
      ],
    });
    expect(runMem(['sync'], { cwd: alice }).status).toBe(0);
    const fresh = list(alice, ['--json']);
    expect(list(alice, ['--json'])).toBe(fresh);
    rmSync(join(alice, '.memory', 'cache'), { recursive: true, force: true });
    expect(list(alice, ['--json'])).toBe(fresh);
    const text = list(alice);
    rmSync(join(alice, '.memory', 'cache'), { recursive: true, force: true });
    expect(list(alice)).toBe(text);
  });

  it('names the other version of a conflict as it stands', () => {
    const { bob } = conflictedTeam();
    const out = list(bob);
    expect(out).toMatch(/! in conflict with/);
    addEntry(bob, 'ci', 'CI runs on every push.');
    const after = list(bob);
    expect(after).toContain('CI runs on every push.');
    expect(after).toMatch(/! in conflict with/);
  });
});
