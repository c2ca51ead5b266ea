/** CLI manners a user notices: did-you-mean for a mistyped command, one prefix per message, help that reads. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, makeRepo, runMem } from '../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

describe('mem CLI manners', () => {
  it('answers help and version the ways people type them (issue 29.11)', () => {
    const repo = makeRepo();
    const overview = runMem(['--help'], { cwd: repo }).stdout;
    const help = runMem(['help'], { cwd: repo });
    expect(help.status).toBe(0);
    expect(help.stdout).toBe(overview);
    const helpSync = runMem(['help', 'sync'], { cwd: repo });
    expect(helpSync.status).toBe(0);
    expect(helpSync.stdout).toBe(runMem(['sync', '--help'], { cwd: repo }).stdout);
    const version = runMem(['--version'], { cwd: repo }).stdout;
    expect(version).toMatch(/^mem-team-memory\/\d+\.\d+\.\d+ /);
    for (const typed of [['-v'], ['version']]) {
      const result = runMem(typed, { cwd: repo });
      expect(result.status, typed.join(' ')).toBe(0);
      expect(result.stdout).toBe(version);
    }
  });

  it('suggests the command a typo meant, keeping the rest of the line (exit 2)', () => {
    const repo = makeRepo();
    const status = runMem(['statsu'], { cwd: repo });
    expect(status.status).toBe(2);
    expect(status.stderr).toContain('mem: statsu is not a mem command.\n  Did you mean: mem status\n');
    const search = runMem(['serach', 'foo'], { cwd: repo });
    expect(search.status).toBe(2);
    expect(search.stderr).toContain('Did you mean: mem search foo');
    const far = runMem(['deploy'], { cwd: repo });
    expect(far.status).toBe(2);
    expect(far.stderr).not.toContain('Did you mean');
    expect(far.stderr).toContain('mem --help lists the commands.');
  });

  it('names the command once in an error', () => {
    const repo = makeRepo();
    const search = runMem(['search'], { cwd: repo });
    expect(search.stderr).toMatch(/^mem search: a query is needed/);
    const list = runMem(['list'], { cwd: repo });
    expect(list.stderr).toMatch(/^mem list: \S+ is not set up for mem yet/);
    for (const result of [search, list]) expect(result.stderr).not.toMatch(/^mem( \w+)?: mem /m);
  });

  it('shows --help of every command, each paragraph wrapped by oclif alone', () => {
    const repo = makeRepo();
    for (const id of [
      'candidates',
      'demo',
      'forget',
      'hook',
      'init',
      'list',
      'remember',
      'review',
      'search',
      'status',
      'sync',
      'uninstall',
    ]) {
      const help = runMem([id, '--help'], { cwd: repo, env: { COLUMNS: '80' } });
      expect(help.status, id).toBe(0);
      expect(help.stdout, id).not.toMatch(/^JSON:/m);
      // The summary heads the help unwrapped (oclif); everything below is wrapped to COLUMNS.
      for (const line of help.stdout.split('\n').slice(1))
        expect(line.length, `${id}: ${line}`).toBeLessThanOrEqual(100);
    }
  });
});
