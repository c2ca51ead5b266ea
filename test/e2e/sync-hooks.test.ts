/**
 * The team steps the agent hooks call in process: the stop hook's local commit (no network),
 * the session-start refresh (receive only) and the rate-limited after-turn step.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { refreshTeamMemory, readSyncStatus } from '../../src/team/sync.js';
import { runAfterTurnSync } from '../../src/team/after-turn-sync.js';
import { cleanupTempDirs, git, runMem, testEnv } from '../helpers/temp-repo.js';
import { addEntry, gitRun, makeTeam, readMemory, readRendered, remoteMemory } from '../unit/team/store/team-fixture.js';

afterAll(cleanupTempDirs);

function withTestEnv<T>(fn: () => Promise<T>): Promise<T> {
  const saved = { ...process.env };
  Object.assign(process.env, testEnv());
  for (const key of Object.keys(process.env))
    if (key.startsWith('GIT_DIR') || key === 'GIT_WORK_TREE') delete process.env[key];
  return fn().finally(() => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  });
}

describe('team steps for hooks', () => {
  it('a turn that changed memory is pending until a sync sends it; nothing is committed locally', async () => {
    const { remote, alice } = makeTeam({ initialEntries: [['s0', 'Seed entry for the stop hook.']] });
    expect(runMem(['sync'], { cwd: alice }).status).toBe(0);
    git(alice, ['remote', 'set-url', 'origin', '/nonexistent/remote.git']);
    addEntry(alice, 'stop1', 'Learned at the end of a turn.');
    await withTestEnv(() => runAfterTurnSync(alice, 'sess-42', new Date()));
    expect(readSyncStatus(alice).pending).toBe(true);
    expect(remoteMemory(remote)).not.toContain('Learned at the end of a turn.');
    expect(readMemory(alice)).toContain('Learned at the end of a turn.');
  });

  it('session start: receives teammates’ memory without pushing; the next sync pushes', async () => {
    const { remote, alice, bob } = makeTeam({ initialEntries: [['s0', 'Seed entry for the refresh.']] });
    addEntry(alice, 'r1', 'Alice shared this before Bob’s session.');
    expect(runMem(['sync'], { cwd: alice }).status).toBe(0);
    addEntry(bob, 'r2', 'Bob has this locally only.');
    const report = await withTestEnv(() => refreshTeamMemory(bob, { timeoutMs: 5000 }));
    expect(report.failure).toBeNull();
    expect(report.pushed).toBe(false);
    expect(readRendered(bob)).toContain('Alice shared this before Bob’s session.');
    expect(remoteMemory(remote)).not.toContain('Bob has this locally only.');
    expect(readSyncStatus(bob).pending).toBe(true);
    expect(runMem(['sync'], { cwd: bob }).status).toBe(0);
    expect(remoteMemory(remote)).toContain('Bob has this locally only.');
    expect(readSyncStatus(bob).pending).toBe(false);
  });

  it('session start through the built hook: teammates’ memory arrives before the session begins', () => {
    const { alice, bob } = makeTeam({ initialEntries: [['s0', 'Seed entry for the hook refresh.']] });
    addEntry(alice, 'h1', 'Alice shared this for Bob’s next session.');
    expect(runMem(['sync'], { cwd: alice }).status).toBe(0);
    const start = JSON.stringify({
      session_id: 'bob-session',
      transcript_path: join(bob, '..', 'none.jsonl'),
      cwd: bob,
      hook_event_name: 'SessionStart',
      source: 'startup',
    });
    const result = runMem(['hook', 'session-start'], { cwd: bob, stdin: start, env: { MEM_NO_BACKGROUND_SYNC: '0' } });
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    expect(readRendered(bob)).toContain('Alice shared this for Bob’s next session.');
    const status = JSON.parse(runMem(['status', '--json'], { cwd: bob }).stdout) as { hooks: { errors: unknown[] } };
    expect(status.hooks.errors).toEqual([]);
  });

  it('session start: an unreachable remote falls back to local memory within the timeout', async () => {
    const { alice } = makeTeam({ initialEntries: [['s0', 'Local entry survives.']] });
    git(alice, ['remote', 'set-url', 'origin', '/nonexistent/remote.git']);
    const before = readMemory(alice);
    const report = await withTestEnv(() => refreshTeamMemory(alice, { timeoutMs: 2000 }));
    expect(report.failure?.reason).toBe('offline');
    expect(report.exitCode).toBe(0);
    expect(readMemory(alice)).toBe(before);
    expect(readSyncStatus(alice).lastFailure?.reason).toBe('offline');
  });

  it('after-turn team step: syncs with the remote at most once per interval', async () => {
    const { remote, alice } = makeTeam({ initialEntries: [['s0', 'Seed entry.']] });
    addEntry(alice, 'bg1', 'Shared by the after-turn step.');
    const now = new Date();
    expect(await withTestEnv(() => runAfterTurnSync(alice, 'sess-bg', now))).toBe(0);
    expect(remoteMemory(remote)).toContain('Shared by the after-turn step.');

    addEntry(alice, 'bg2', 'Committed locally, pushed later.');
    await withTestEnv(() => runAfterTurnSync(alice, 'sess-bg', new Date(now.getTime() + 1_000)));
    expect(readSyncStatus(alice).pending).toBe(true);
    expect(remoteMemory(remote)).not.toContain('Committed locally, pushed later.');

    await withTestEnv(() => runAfterTurnSync(alice, 'sess-bg', new Date(now.getTime() + 301_000)));
    expect(remoteMemory(remote)).toContain('Committed locally, pushed later.');
  });
});

describe('pre-push hook chaining through a real push', () => {
  it('runs the previous hook first; a failing previous hook still blocks the push, a passing one lets sync run', () => {
    const { remote, alice } = makeTeam({ initialEntries: [['p0', 'Seed entry.']] });
    runMem(['uninstall', '--yes'], { cwd: alice });
    const hooks = join(alice, '.git', 'hooks');
    mkdirSync(hooks, { recursive: true });
    const previous = join(hooks, 'pre-push');
    writeFileSync(
      previous,
      '#!/bin/sh\nread line\necho "$line" > "$(git rev-parse --git-dir)/previous-hook-saw"\nexit "${FAIL_PREVIOUS:-0}"\n',
    );
    chmodSync(previous, 0o755);
    expect(runMem(['init', '--yes'], { cwd: alice }).status).toBe(0);
    addEntry(alice, 'p1', 'Pushed through a chained hook.');
    git(alice, ['checkout', '-q', '-b', 'chained']);
    const pushed = gitRun(alice, ['push', '-q', 'origin', 'chained']);
    expect(pushed.status, pushed.output).toBe(0);
    expect(readFileSync(join(alice, '.git', 'previous-hook-saw'), 'utf8')).toMatch(
      /^refs\/heads\/chained [0-9a-f]{40} refs\/heads\/chained/,
    );
    expect(remoteMemory(remote)).toContain('Pushed through a chained hook.');
    const blocked = gitRun(alice, ['-c', 'core.hooksPath=' + hooks, 'push', '-q', 'origin', 'chained:blocked'], {
      FAIL_PREVIOUS: '1',
    });
    expect(blocked.status).not.toBe(0);
    expect(() => git(remote, ['rev-parse', '--verify', 'refs/heads/blocked'])).toThrow();
  });
});
