/**
 * A Stop that finds another mem process at a turn's work hands its turn over instead of reading
 * and judging it (issue 28.12: fifty Stops at once each took 22–32 s, past the 10 s hook timeout).
 * Nothing is lost: the after-turn step reads the turn later, and if that step dies first, the next
 * hook of any session does.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, makeRepo, readIfExists, runMem } from '../helpers/temp-repo.js';
import { appendLines, stopPayload, userLine } from '../helpers/hook-payloads.js';
import { distinctRule, ruleToken } from '../helpers/distinct-rules.js';

afterEach(cleanupTempDirs);

type Status = {
  sessions: { pendingCatchUp: number; deferred: { candidates: number; sessions: number } };
  hooks: { errors: unknown[] };
};

const status = (repo: string): Status => JSON.parse(runMem(['status', '--json'], { cwd: repo }).stdout) as Status;
const memory = (repo: string): string => readIfExists(repo, '.memory/state/team-memory.md') ?? '';
const locks = (repo: string): string => join(repo, '.memory', 'state', 'locks');
const sessionHandoffs = (repo: string): string[] =>
  existsSync(join(repo, '.memory', 'sessions')) ? readdirSync(join(repo, '.memory', 'sessions')) : [];

/** Holds the after-turn step's lock as a live mem process at work would (this test runner's pid). */
function holdTurnWork(repo: string): () => void {
  const lock = join(locks(repo), 'after-turn.lock');
  mkdirSync(lock, { recursive: true });
  writeFileSync(join(lock, 'owner'), JSON.stringify({ pid: process.pid, host: hostname(), token: 'held-by-test' }));
  return () => rmSync(lock, { recursive: true, force: true });
}

describe('a turn handed over while another mem process is at work', () => {
  it('is not read by the Stop; the after-turn step writes its rule once that process is done', async () => {
    const repo = makeRepo();
    expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
    const transcript = join(repo, '..', 'handed.jsonl');
    appendLines(transcript, [userLine(distinctRule(11))]);
    const release = holdTurnWork(repo);

    // The after-turn step on, as in real use (tests turn it off by default).
    const stop = runMem(['hook', 'stop'], {
      cwd: repo,
      stdin: stopPayload('handed-session', transcript, repo),
      env: { MEM_NO_BACKGROUND_SYNC: '0' },
    });
    expect(stop).toMatchObject({ status: 0, stdout: '' });
    // Nothing of the turn was read: no rule, no candidate judged or deferred, no session handoff yet.
    expect(memory(repo)).not.toContain(ruleToken(11));
    expect(readIfExists(repo, '.memory/state/candidates.jsonl') ?? '').not.toContain(ruleToken(11));
    expect(sessionHandoffs(repo)).toEqual([]);
    const waiting = status(repo);
    expect(waiting.sessions.pendingCatchUp).toBe(1);
    expect(waiting.sessions.deferred.candidates).toBe(0);
    expect(runMem(['status'], { cwd: repo }).stdout).toMatch(/1 session\(s\) whose transcript waits to be read/);

    // The other process finishes; no hook runs again, and still the rule and the handoff land.
    release();
    for (let waited = 0; waited < 90_000 && !memory(repo).includes(ruleToken(11)); waited += 200)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect(memory(repo)).toContain(ruleToken(11));
    for (let waited = 0; waited < 30_000 && status(repo).sessions.pendingCatchUp > 0; waited += 200)
      await new Promise((resolve) => setTimeout(resolve, 200));
    const done = status(repo);
    expect(done.sessions).toMatchObject({ pendingCatchUp: 0, deferred: { candidates: 0, sessions: 0 } });
    expect(done.hooks.errors).toEqual([]);
    expect(sessionHandoffs(repo)).toHaveLength(1);
  }, 180_000);

  it('is not lost when the step dies before reading it: the next Stop of another session reads it', () => {
    const repo = makeRepo();
    expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
    const transcript = join(repo, '..', 'orphaned.jsonl');
    appendLines(transcript, [userLine(distinctRule(12))]);
    const release = holdTurnWork(repo);
    const stop = runMem(['hook', 'stop'], {
      cwd: repo,
      stdin: stopPayload('orphaned-session', transcript, repo),
      env: { MEM_NO_BACKGROUND_SYNC: '0' },
    });
    expect(stop).toMatchObject({ status: 0, stdout: '' });
    // The step the Stop queued waits behind the held lock: it has read nothing when it is killed.
    const queued = JSON.parse(readFileSync(join(locks(repo), 'after-turn-queued.lock', 'owner'), 'utf8')) as {
      pid: number;
    };
    process.kill(queued.pid, 'SIGKILL');
    release();
    expect(memory(repo)).not.toContain(ruleToken(12));
    expect(status(repo).sessions.pendingCatchUp).toBe(1);

    // Another session's next Stop (no detached step here) reads the orphaned turn too.
    const other = join(repo, '..', 'other.jsonl');
    appendLines(other, [userLine('What does the billing module export?')]);
    const next = runMem(['hook', 'stop'], { cwd: repo, stdin: stopPayload('other-session', other, repo) });
    expect(next).toMatchObject({ status: 0, stdout: '' });
    expect(memory(repo)).toContain(ruleToken(12));
    expect(status(repo).sessions).toMatchObject({ pendingCatchUp: 0, deferred: { candidates: 0, sessions: 0 } });
    expect(sessionHandoffs(repo)).toHaveLength(2);
  });
});
