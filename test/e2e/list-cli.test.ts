/**
 * `mem list`'s flags and manners: the same listing whichever flag spelling is used, oclif's own
 * messages for help, unknown flags and a missing value, and a quiet stop when the pipe closes.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BEGIN_MARKER, END_MARKER } from '../../src/core/memory-file/region-format.js';
import { MEM_BIN, cleanupTempDirs, makeRepo, runMem, testEnv } from '../helpers/temp-repo.js';

const WORKING = '.memory/state/team-memory.md';

afterAll(cleanupTempDirs);

describe('mem list, flags and manners', () => {
  const repo = makeRepo();
  expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
  expect(runMem(['remember', 'Run make check before pushing.', '--section', 'Commands'], { cwd: repo }).status).toBe(0);
  expect(runMem(['remember', 'The staging database is read-only.', '--section', 'Gotchas'], { cwd: repo }).status).toBe(
    0,
  );
  expect(runMem(['remember', 'I prefer short answers.', '--personal'], { cwd: repo }).status).toBe(0);

  it('lists the same entries whichever spelling of a flag is used', () => {
    const all = runMem(['list'], { cwd: repo });
    expect(all.status).toBe(0);
    expect(all.stdout).toContain('Run make check before pushing.');
    expect(all.stdout).toContain('I prefer short answers.');
    expect(all.stdout.endsWith('.claude/rules/mem-team-memory.md.\n')).toBe(true);
    const spellings = [['--section', 'Commands'], ['-s', 'Commands'], ['--section=Commands']].map(
      (argv) => runMem(['list', ...argv], { cwd: repo }).stdout,
    );
    expect(new Set(spellings).size).toBe(1);
    expect(spellings[0]).toContain('Commands (1)');
    expect(spellings[0]).not.toContain('Gotchas');
    const json = JSON.parse(runMem(['list', '--personal', '--json'], { cwd: repo }).stdout) as Array<{
      text: string;
      personal: boolean;
    }>;
    expect(json.map((entry) => [entry.text, entry.personal])).toEqual([['I prefer short answers.', true]]);
  });

  it('answers help and bad flags with clear messages and exit codes', () => {
    const help = runMem(['list', '--help'], { cwd: repo });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('USAGE\n  $ mem list');
    const bogus = runMem(['list', '--bogus'], { cwd: repo });
    expect(bogus.status).toBe(2);
    // In mem's own words, naming the command (issue 29.12), not oclif's "› Error:".
    expect(bogus.stderr).toBe(
      'mem list: Nonexistent flag: --bogus\n  hint: mem list --help lists its flags and arguments.\n',
    );
    const missing = runMem(['list', '--section'], { cwd: repo });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('Flag --section expects a value');
    const unknown = runMem(['list', '--section', 'Nope'], { cwd: repo });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/^mem list: unknown section "Nope"\n {2}hint: Sections in this repository: /);
  });

  it('stops quietly when the reader closes the pipe early (mem list | head -c 1)', () => {
    // Team memory of 1,500 entries (a listing far bigger than a pipe's buffer), as sync leaves it.
    const big = makeRepo();
    expect(runMem(['init', '--yes'], { cwd: big }).status).toBe(0);
    const items = Array.from(
      { length: 1500 },
      (_, i) =>
        `- Rule ${i}: run make check-${i} before pushing the service. <!-- mem:id=m${i.toString(16).padStart(10, '0')} -->`,
    );
    mkdirSync(join(big, '.memory', 'state'), { recursive: true });
    writeFileSync(join(big, WORKING), `${BEGIN_MARKER}\n## Commands\n\n${items.join('\n')}\n${END_MARKER}\n`);
    expect(runMem(['list'], { cwd: big }).stdout).toContain('1500 entries.');
    for (const argv of ['list', 'list --json']) {
      const result = spawnSync(
        'bash',
        ['-c', `set -o pipefail; "${process.execPath}" "${MEM_BIN}" ${argv} | head -c 1 > /dev/null`],
        { cwd: big, env: testEnv(), encoding: 'utf8' },
      );
      expect(result.stderr, argv).toBe('');
      expect(result.status, argv).toBe(0);
    }
  });
});
