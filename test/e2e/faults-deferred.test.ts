/**
 * A turn's rules are never dropped (issue 9, item 2): a Stop that cannot take the memory lock
 * before its deadline keeps its candidates, `mem status` says they wait, and the session's next
 * hook writes them.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, makeRepo, readIfExists, runMem } from '../helpers/temp-repo.js';
import { appendLines, stopPayload, userLine } from '../helpers/hook-payloads.js';
import { distinctRule, ruleToken } from '../helpers/distinct-rules.js';

afterEach(cleanupTempDirs);

type Status = {
  sessions: { deferred: { candidates: number; sessions: number; since: string | null } };
  hooks: { errors: unknown[]; notes: Array<{ message: string }> };
};

const status = (repo: string): Status => JSON.parse(runMem(['status', '--json'], { cwd: repo }).stdout) as Status;
const memory = (repo: string): string => readIfExists(repo, '.memory/state/team-memory.md') ?? '';

describe('work that cannot be done now is kept', () => {
  it('a Stop while another process holds the memory lock defers its rule; the next hook writes it', () => {
    const repo = makeRepo();
    expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
    const transcript = join(repo, '..', 'held.jsonl');
    appendLines(transcript, [userLine(distinctRule(7))]);
    // Another live mem process (this test runner's pid) holds memory for longer than the Stop's deadline.
    const lock = join(repo, '.memory', 'state', 'locks', 'memory.lock');
    mkdirSync(lock, { recursive: true });
    writeFileSync(join(lock, 'owner'), JSON.stringify({ pid: process.pid, host: hostname(), token: 'held-by-test' }));

    const first = runMem(['hook', 'stop'], { cwd: repo, stdin: stopPayload('held-session', transcript, repo) });
    expect(first).toMatchObject({ status: 0, stdout: '' });
    expect(memory(repo)).not.toContain(ruleToken(7));
    const waiting = status(repo);
    expect(waiting.sessions.deferred).toMatchObject({ candidates: 1, sessions: 1 });
    expect(waiting.sessions.deferred.since).not.toBeNull();
    expect(waiting.hooks.notes.map((note) => note.message).join('\n')).toMatch(
      /1 candidate\(s\) deferred to the next hook: memory is locked/,
    );
    expect(runMem(['status'], { cwd: repo }).stdout).toMatch(/1 candidate\(s\) of 1 session\(s\) deferred since/);

    rmSync(lock, { recursive: true, force: true });
    // The session's next Stop has no new transcript line: the kept candidate is what it writes.
    const second = runMem(['hook', 'stop'], { cwd: repo, stdin: stopPayload('held-session', transcript, repo) });
    expect(second).toMatchObject({ status: 0, stdout: '' });
    expect(memory(repo)).toContain(ruleToken(7));
    expect(status(repo).sessions.deferred).toEqual({ candidates: 0, sessions: 0, since: null });
    const log = readFileSync(join(repo, '.memory', 'state', 'candidates.jsonl'), 'utf8');
    expect(log).toContain(ruleToken(7));
  });

  it('a lock left by a killed process does not delay the Stop: it is taken over and the rule written at once', () => {
    const repo = makeRepo();
    expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
    const transcript = join(repo, '..', 'dead.jsonl');
    appendLines(transcript, [userLine(distinctRule(8))]);
    const lock = join(repo, '.memory', 'state', 'locks', 'memory.lock');
    mkdirSync(lock, { recursive: true });
    // Note: pid 2^22 + 1 is above Linux's pid_max: no such process.
    writeFileSync(join(lock, 'owner'), JSON.stringify({ pid: 4_194_305, host: hostname(), token: 'dead' }));
    expect(runMem(['hook', 'stop'], { cwd: repo, stdin: stopPayload('dead-holder', transcript, repo) }).status).toBe(0);
    expect(memory(repo)).toContain(ruleToken(8));
    expect(status(repo).sessions.deferred.candidates).toBe(0);
  });

  it('a Stop that finds the lock busy returns without waiting out its deadline; the detached after-turn step writes the rule once the lock is free (issue 28.12)', async () => {
    const repo = makeRepo();
    expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
    const transcript = join(repo, '..', 'busy.jsonl');
    appendLines(transcript, [userLine(distinctRule(9))]);
    const lock = join(repo, '.memory', 'state', 'locks', 'memory.lock');
    mkdirSync(lock, { recursive: true });
    writeFileSync(join(lock, 'owner'), JSON.stringify({ pid: process.pid, host: hostname(), token: 'held-by-test' }));

    // The after-turn step on, as in real use (tests turn it off by default).
    const stop = runMem(['hook', 'stop'], {
      cwd: repo,
      stdin: stopPayload('busy-session', transcript, repo),
      env: { MEM_NO_BACKGROUND_SYNC: '0' },
    });
    expect(stop).toMatchObject({ status: 0, stdout: '' });
    expect(memory(repo)).not.toContain(ruleToken(9));
    expect(status(repo).sessions.deferred).toMatchObject({ candidates: 1, sessions: 1 });

    // The holder finishes; no hook of the session runs again, and still the rule lands.
    rmSync(lock, { recursive: true, force: true });
    for (let waited = 0; waited < 60_000 && !memory(repo).includes(ruleToken(9)); waited += 200)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect(memory(repo)).toContain(ruleToken(9));
    expect(status(repo).sessions.deferred).toEqual({ candidates: 0, sessions: 0, since: null });
  }, 180_000);
});
