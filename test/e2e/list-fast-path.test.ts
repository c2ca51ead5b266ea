/**
 * `mem list` answers without oclif for its usual argument shapes (bin/run.js → dist/list.cjs):
 * the same listing whichever flag spelling is used, and oclif's own messages for what the fast
 * path leaves to it (help, unknown flags, a missing value).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, makeRepo, runMem } from '../helpers/temp-repo.js';

afterAll(cleanupTempDirs);

describe('mem list, fast path and oclif', () => {
  const repo = makeRepo();
  expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
  expect(runMem(['remember', 'Run make check before pushing.', '--section', 'Commands'], { cwd: repo }).status).toBe(0);
  expect(runMem(['remember', 'The staging database is read-only.', '--section', 'Gotchas'], { cwd: repo }).status).toBe(0);
  expect(runMem(['remember', 'I prefer short answers.', '--personal'], { cwd: repo }).status).toBe(0);

  it('lists the same entries whichever spelling of a flag is used', () => {
    const all = runMem(['list'], { cwd: repo });
    expect(all.status).toBe(0);
    expect(all.stdout).toContain('Run make check before pushing.');
    expect(all.stdout).toContain('I prefer short answers.');
    expect(all.stdout.endsWith('.claude/rules/mem-team-memory.md.\n')).toBe(true);
    const spellings = [['--section', 'Commands'], ['-s', 'Commands'], ['--section=Commands']].map((argv) => runMem(['list', ...argv], { cwd: repo }).stdout);
    expect(new Set(spellings).size).toBe(1);
    expect(spellings[0]).toContain('Commands (1)');
    expect(spellings[0]).not.toContain('Gotchas');
    const json = JSON.parse(runMem(['list', '--personal', '--json'], { cwd: repo }).stdout) as Array<{ text: string; personal: boolean }>;
    expect(json.map((entry) => [entry.text, entry.personal])).toEqual([['I prefer short answers.', true]]);
  });

  it("leaves help and bad flags to oclif, with oclif's messages and exit codes", () => {
    const help = runMem(['list', '--help'], { cwd: repo });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('USAGE\n  $ mem list');
    const bogus = runMem(['list', '--bogus'], { cwd: repo });
    expect(bogus.status).toBe(2);
    expect(bogus.stderr).toContain('Nonexistent flag: --bogus');
    const missing = runMem(['list', '--section'], { cwd: repo });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('Flag --section expects a value');
    const unknown = runMem(['list', '--section', 'Nope'], { cwd: repo });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/^mem list: unknown section "Nope"\n {2}hint: Sections in this repository: /);
  });
});
