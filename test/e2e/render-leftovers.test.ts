/**
 * A render killed between its temp file and the rename leaves `.claude/rules/.mem-team-memory.md.<pid>.<id>.tmp`:
 * the next render or Stop removes it, so git stays clean. One killed between the rendered file and
 * its base leaves a file newer than the base: its new lines are mem's, never read back as a person's.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appendLines, stopPayload, userLine } from '../helpers/hook-payloads.js';
import { cleanupTempDirs, git, makeRepo, runMem } from '../helpers/temp-repo.js';
import { makeTeam, readMemory, readRendered, remoteMemory } from '../unit/team/store/team-fixture.js';

afterEach(cleanupTempDirs);

/** The pid of a process that has ended: a writer killed mid-write. */
function deadPid(): number {
  return spawnSync('true').pid;
}

describe('a killed render', () => {
  it('leaves no temp file beside the rendered memory once mem runs again', () => {
    const repo = makeRepo();
    expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
    git(repo, ['add', '-A']);
    git(repo, ['commit', '-q', '-m', 'Set up mem']);
    expect(runMem(['remember', 'Always run the database migrations with make migrate.'], { cwd: repo }).status).toBe(0);
    expect(runMem(['render'], { cwd: repo }).status).toBe(0);
    expect(git(repo, ['status', '--porcelain'])).toBe('');

    const rules = join(repo, '.claude', 'rules');
    const leftover = join(rules, `.mem-team-memory.md.${deadPid()}.k1x2y3.tmp`);
    writeFileSync(leftover, '- half a rendering');
    expect(git(repo, ['status', '--porcelain'])).toBe('?? .claude/rules/');
    expect(runMem(['render'], { cwd: repo }).status).toBe(0);
    expect(existsSync(leftover)).toBe(false);
    expect(git(repo, ['status', '--porcelain'])).toBe('');

    // The Stop hook, which runs after every turn, looks there too.
    writeFileSync(leftover, '- half a rendering');
    const transcript = join(repo, '..', 'turn.jsonl');
    appendLines(transcript, [userLine('Tidy the imports in the settings page.')]);
    expect(runMem(['hook', 'stop'], { cwd: repo, stdin: stopPayload('leftover', transcript, repo) }).status).toBe(0);
    expect(existsSync(leftover)).toBe(false);
    expect(git(repo, ['status', '--porcelain'])).toBe('');
  });
});

describe('a render killed between the rendered file and its base', () => {
  // The rendered file is written first and its base (.memory/state/team-rendered.{md,json}) after:
  // putting the older base back is the state a kill, Ctrl-C or hook timeout in between leaves.
  it("never reads mem's own new lines back as hand-added entries, for anyone on the team", () => {
    const { remote, alice, bob } = makeTeam();
    const state = join(alice, '.memory', 'state');
    const base = ['team-rendered.md', 'team-rendered.json'];
    expect(runMem(['remember', 'Always run make lint before pushing the api.'], { cwd: alice }).status).toBe(0);
    expect(runMem(['sync'], { cwd: alice }).status).toBe(0);
    const older = base.map((name) => readFileSync(join(state, name)));
    expect(runMem(['remember', 'Always run make vet before pushing the worker.'], { cwd: alice }).status).toBe(0);
    expect(readRendered(alice)).toContain('make vet');
    base.forEach((name, at) => writeFileSync(join(state, name), older[at] as Buffer));

    const synced = runMem(['sync'], { cwd: alice });
    expect(synced.status, synced.stderr).toBe(0);
    expect(runMem(['sync'], { cwd: bob }).status).toBe(0);
    const count = (text: string) => text.split('make vet before pushing the worker').length - 1;
    expect(count(readMemory(alice))).toBe(1);
    expect(count(readRendered(alice))).toBe(1);
    expect(count(remoteMemory(remote))).toBe(1);
    expect(count(readRendered(bob))).toBe(1);
    expect(readMemory(alice)).not.toContain('mem:id=h-');
  });
});
