/**
 * `mem list` on a terminal: a listing longer than the screen goes through the pager (as `git log`
 * does), a short one, `--json`, a pipe or `MEM_PAGER=cat` print as they are, and a pager that
 * cannot run still leaves the listing on screen. A pseudo-terminal from util-linux `script`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BEGIN_MARKER, END_MARKER } from '../../src/core/memory-file/region-format.js';
import { MEM_BIN, cleanupTempDirs, makeRepo, runMem, testEnv } from '../helpers/temp-repo.js';

afterAll(cleanupTempDirs);

const HAS_SCRIPT = existsSync('/usr/bin/script');
/** Marks every line that went through the pager. */
const MARKING_PAGER = 'sed "s/^/paged: /"';

function repoWith(entries: number): string {
  const repo = makeRepo();
  expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
  const items = Array.from(
    { length: entries },
    (_, i) => `- Rule ${i}: run make check-${i} first. <!-- mem:id=m${i.toString(16).padStart(10, '0')} -->`,
  );
  mkdirSync(join(repo, '.memory', 'state'), { recursive: true });
  writeFileSync(
    join(repo, '.memory', 'state', 'team-memory.md'),
    `${BEGIN_MARKER}\n## Commands\n\n${items.join('\n')}\n${END_MARKER}\n`,
  );
  return repo;
}

/** `mem <argv>` on a pseudo-terminal (no size: 24 rows are assumed); its screen output. */
function onTerminal(repo: string, argv: string, env: Record<string, string>): string {
  const result = spawnSync('script', ['-qec', `${process.execPath} ${MEM_BIN} ${argv}`, '/dev/null'], {
    cwd: repo,
    input: '',
    env: testEnv({ TERM: 'dumb', ...env }),
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.replace(/\r/g, '');
}

describe.skipIf(!HAS_SCRIPT)('mem list on a terminal', () => {
  const long = repoWith(40);
  const short = repoWith(1);

  it('pages a listing longer than the screen, and prints a short one as it is', () => {
    const paged = onTerminal(long, 'list', { MEM_PAGER: MARKING_PAGER });
    expect(paged).toContain('paged: Commands (40)');
    expect(paged).toContain('paged: 40 entries.');
    const plain = onTerminal(short, 'list', { MEM_PAGER: MARKING_PAGER });
    expect(plain).toContain('Commands (1)');
    expect(plain).not.toContain('paged:');
    // The kept listing (the second run) is paged the same way.
    expect(onTerminal(long, 'list', { MEM_PAGER: MARKING_PAGER })).toContain('paged: Commands (40)');
  });

  it('never pages --json, a pipe, or with MEM_PAGER=cat; a pager that cannot run leaves the listing on screen', () => {
    expect(onTerminal(long, 'list --json', { MEM_PAGER: MARKING_PAGER })).not.toContain('paged:');
    const cat = onTerminal(long, 'list', { MEM_PAGER: 'cat' });
    expect(cat).toContain('40 entries.');
    expect(cat).not.toContain('paged:');
    const piped = runMem(['list'], { cwd: long, env: { MEM_PAGER: MARKING_PAGER } });
    expect(piped.stdout).not.toContain('paged:');
    const missing = onTerminal(long, 'list', { MEM_PAGER: 'no-such-pager-anywhere' });
    expect(missing).toContain('Commands (40)');
    expect(missing).toContain('40 entries.');
  });
});
