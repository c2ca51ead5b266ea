/**
 * A session start with nothing changed trusts file stamps instead of reading the team memory; it
 * must still notice every change: a hand edit of the rendered file that keeps its size and
 * modification time, and memory the Stop hook added right after the quiet start.
 */
import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, cloneAs, makeBareRemote, runMem } from '../helpers/temp-repo.js';
import { appendLines, startPayload, stopPayload, userLine } from '../helpers/hook-payloads.js';

afterEach(cleanupTempDirs);

const RENDERED = '.claude/rules/mem-team-memory.md';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const texts = (repo: string) =>
  (JSON.parse(runMem(['list', '--json'], { cwd: repo }).stdout) as Array<{ text: string }>)
    .map((entry) => entry.text)
    .sort();

describe('a quiet session start', () => {
  it('still reads back a same-size hand edit with the old mtime, and renders memory a Stop hook added after it', async () => {
    const remote = makeBareRemote();
    const repo = cloneAs(remote, 'Alice');
    runMem(['init', '--yes'], { cwd: repo });
    runMem(['remember', 'Use pnpm, never npm, in this repository.', '--section', 'Conventions'], { cwd: repo });
    expect(runMem(['sync'], { cwd: repo }).status).toBe(0);
    const start = (id: string) =>
      runMem(['hook', 'session-start'], {
        cwd: repo,
        stdin: startPayload(id, join(repo, '..', `${id}.jsonl`), repo, 'startup'),
      });
    // Past the racy second, two quiet starts: the second one trusts the stamps the first recorded.
    await sleep(1_200);
    expect(start('s-one').status).toBe(0);
    expect(start('s-two').status).toBe(0);

    const file = join(repo, RENDERED);
    const before = statSync(file);
    const text = readFileSync(file, 'utf8');
    expect(text).toContain('Use pnpm, never npm');
    writeFileSync(file, text.replace('Use pnpm, never npm', 'Use yarn, never npm'));
    utimesSync(file, before.atime, before.mtime);
    expect(start('s-three').status).toBe(0);
    expect(texts(repo)).toEqual(['Use yarn, never npm, in this repository.']);

    await sleep(1_200);
    expect(start('s-four').status).toBe(0);
    // The Stop hook adds memory to the working copy only (a running session's file is left alone).
    const transcript = join(repo, '..', 'turn.jsonl');
    appendLines(transcript, [
      userLine('From now on always use the `just` recipes instead of raw cargo commands in this repo.'),
    ]);
    expect(runMem(['hook', 'stop'], { cwd: repo, stdin: stopPayload('s-four', transcript, repo) }).status).toBe(0);
    expect(readFileSync(file, 'utf8')).not.toContain('`just` recipes');
    expect(start('s-five').status).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('`just` recipes');
  }, 120_000);
});
