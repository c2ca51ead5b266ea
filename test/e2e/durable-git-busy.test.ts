/** Durable memory waits while git is mid-merge or mid-rebase, then lands on the next turn. */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, makeRepo, runMem } from '../helpers/temp-repo.js';
import { appendLines, assistantText, stopPayload, userLine } from '../helpers/hook-payloads.js';

afterEach(cleanupTempDirs);

describe('durable memory during a git operation', () => {
  it('defers the turn’s candidates while a merge is in progress and writes them afterwards', () => {
    const repo = makeRepo();
    runMem(['init', '--yes'], { cwd: repo });
    writeFileSync(join(repo, 'CLAUDE.md'), '# Rules\n');
    const transcript = join(repo, '..', 'busy.jsonl');
    const mergeHead = join(repo, '.git', 'MERGE_HEAD');
    writeFileSync(mergeHead, `${'a'.repeat(40)}\n`);

    appendLines(transcript, [
      userLine('From now on always squash-merge pull requests in this repo.'),
      assistantText('Noted.'),
    ]);
    expect(runMem(['hook', 'stop'], { cwd: repo, stdin: stopPayload('busy-0001', transcript, repo) }).status).toBe(0);
    expect(readFileSync(join(repo, 'CLAUDE.md'), 'utf8')).toBe('# Rules\n');
    const status = JSON.parse(runMem(['status', '--json'], { cwd: repo }).stdout) as {
      hooks: { notes: { message: string }[] };
    };
    expect(status.hooks.notes.at(-1)?.message).toContain('deferred while a merge is in progress');

    rmSync(mergeHead);
    expect(existsSync(mergeHead)).toBe(false);
    appendLines(transcript, [userLine('Now update the changelog for the release.'), assistantText('Done.')]);
    expect(runMem(['hook', 'stop'], { cwd: repo, stdin: stopPayload('busy-0001', transcript, repo) }).status).toBe(0);
    expect(readFileSync(join(repo, 'CLAUDE.md'), 'utf8')).toBe('# Rules\n');
    expect(readFileSync(join(repo, '.memory', 'state', 'team-memory.md'), 'utf8')).toContain(
      'squash-merge pull requests',
    );
  });
});
