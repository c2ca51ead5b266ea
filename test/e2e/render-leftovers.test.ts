/** A render killed between its temp file and the rename leaves `.claude/rules/.mem-team-memory.md.<pid>.<id>.tmp`: the next render or Stop removes it, so git stays clean. */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appendLines, stopPayload, userLine } from '../helpers/hook-payloads.js';
import { cleanupTempDirs, git, makeRepo, runMem } from '../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

/** The pid of a process that has ended: a writer killed mid-write. */
function deadPid(): number {
  return spawnSync('true').pid;
}

describe('a killed render', () => {
  it("leaves no temp file beside the rendered memory once mem runs again", () => {
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
