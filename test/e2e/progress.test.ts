/**
 * Progress of long operations (issue 13): a first sync and an index rebuild show one line on a
 * terminal's stderr, erased when done; piped they print nothing extra; hooks never show it.
 * The terminal is a real pseudo-terminal from util-linux `script`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, MEM_BIN, runMem, testEnv } from '../helpers/temp-repo.js';
import { addEntry, makeTeam } from '../unit/team/store/team-fixture.js';
import { startPayload } from '../helpers/hook-payloads.js';

afterAll(cleanupTempDirs);

const HAS_SCRIPT = existsSync('/usr/bin/script');
const ERASE = '\r\x1b[2K';

/** Runs mem on a pseudo-terminal (stdout and stderr both reach it); returns what the terminal showed. */
function onTerminal(cwd: string, args: string[], stdin = ''): string {
  const quoted = [process.execPath, MEM_BIN, ...args].map((word) => `'${word.replace(/'/g, `'\\''`)}'`).join(' ');
  const result = spawnSync(
    'script',
    ['-qec', stdin === '' ? quoted : `printf '%s' '${stdin.replace(/'/g, `'\\''`)}' | ${quoted}`, '/dev/null'],
    {
      cwd,
      // Note: CI runs set CI=true, which (rightly) turns progress off; this terminal is not CI.
      env: testEnv({ TERM: 'xterm', MEM_PROGRESS_DELAY_MS: '0', CI: '' }),
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  return result.stdout;
}

function bigTeam() {
  const team = makeTeam();
  for (let i = 0; i < 200; i += 1)
    addEntry(
      team.alice,
      `m${i.toString(16).padStart(10, '0')}`,
      `Module m${i} logs through the logger l${i}, never to stdout.`,
    );
  expect(runMem(['sync'], { cwd: team.alice }).status).toBe(0);
  return team;
}

describe.skipIf(!HAS_SCRIPT)('progress on a terminal', () => {
  const team = bigTeam();

  it('a first sync shows its phases on a terminal, erases them, then prints its report', () => {
    const shown = onTerminal(team.bob, ['sync']);
    expect(shown).toContain('mem sync: fetching the team memory from origin…');
    expect(shown).toContain('mem sync: reading 200 team entries and merging…');
    // The progress line is erased before the report, so the report stands alone on its line.
    expect(shown).toContain(`${ERASE}mem sync: received 200 team entries`);
  });

  it('piped, the same sync prints only its report', () => {
    const other = makeTeam();
    addEntry(other.alice, 'm0000000001', 'Deploys go through the release train.');
    expect(runMem(['sync'], { cwd: other.alice }).status).toBe(0);
    const piped = runMem(['sync'], { cwd: other.bob, env: { MEM_PROGRESS_DELAY_MS: '0' } });
    expect(piped.status).toBe(0);
    expect(piped.stderr).not.toContain('fetching');
    expect(`${piped.stdout}${piped.stderr}`).not.toContain('\r');
    expect(piped.stdout).toContain('received 1 team entry');
  });

  it('an index rebuild shows progress on a terminal and nothing when piped', () => {
    rmSync(join(team.bob, '.memory', 'cache'), { recursive: true, force: true });
    const shown = onTerminal(team.bob, ['search', 'logger l42', '--limit', '1']);
    expect(shown).toMatch(/mem search: building the search index: memory files \d+\/\d+…/);
    expect(shown).toContain('logger');
    rmSync(join(team.bob, '.memory', 'cache'), { recursive: true, force: true });
    const piped = runMem(['search', 'logger l42', '--limit', '1'], {
      cwd: team.bob,
      env: { MEM_PROGRESS_DELAY_MS: '0' },
    });
    expect(piped.stderr).toBe('');
    expect(piped.stdout).toContain('l42');
  });

  it('the pre-push run (--quiet) and the hooks never show it, even on a terminal', () => {
    const fresh = makeTeam();
    addEntry(fresh.alice, 'm0000000002', 'Release notes live in CHANGELOG.md.');
    expect(runMem(['sync'], { cwd: fresh.alice }).status).toBe(0);
    expect(onTerminal(fresh.bob, ['sync', '--quiet'])).not.toContain('fetching');
    rmSync(join(fresh.bob, '.memory', 'cache'), { recursive: true, force: true });
    const hook = onTerminal(
      fresh.bob,
      ['hook', 'session-start'],
      startPayload('5e55a0aa-0000-4000-8000-000000000009', join(fresh.bob, '..', 't.jsonl'), fresh.bob, 'startup'),
    );
    expect(hook).not.toContain('mem sync:');
    expect(hook).not.toContain('building the search index');
    expect(hook).not.toContain(ERASE);
  });
});
