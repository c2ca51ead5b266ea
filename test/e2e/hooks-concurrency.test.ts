/**
 * Concurrency: many hooks at once on one repository (same and different sessions), and
 * processes killed mid-run. Files stay valid and no update is lost.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, makeRepo, MEM_BIN, runMem, testEnv } from '../helpers/temp-repo.js';
import { appendLines, stopPayload, userLine } from '../helpers/hook-payloads.js';

afterEach(cleanupTempDirs);

function startHook(repo: string, stdin: string): { done: Promise<number>; kill: () => void } {
  const child = spawn(process.execPath, [MEM_BIN, 'hook', 'stop'], {
    cwd: repo,
    env: testEnv(),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stdin.end(stdin);
  const done = new Promise<number>((resolve) =>
    child.on('close', (code) => resolve(stdout === '' ? (code ?? -1) : 99)),
  );
  return { done, kill: () => child.kill('SIGKILL') };
}

function expectAllStateValid(repo: string): void {
  const stateDir = join(repo, '.memory', 'state', 'sessions');
  for (const name of readdirSync(stateDir)) {
    if (name.endsWith('.json')) expect(() => JSON.parse(readFileSync(join(stateDir, name), 'utf8'))).not.toThrow();
  }
  for (const name of readdirSync(join(repo, '.memory', 'sessions'))) {
    const text = readFileSync(join(repo, '.memory', 'sessions', name), 'utf8');
    expect(text.startsWith('# Session handoff')).toBe(true);
    expect(text).toContain('## Context to Load');
  }
}

describe('concurrent hooks', () => {
  it('20 stop hooks at once (5 sessions × 4) finish with valid files and every prompt counted once', async () => {
    const repo = makeRepo();
    runMem(['init', '--yes'], { cwd: repo });
    const sessions = ['s1', 's2', 's3', 's4', 's5'].map((name) => ({
      id: `${name}-concurrent`,
      transcript: join(repo, '..', `${name}.jsonl`),
    }));
    for (const session of sessions)
      appendLines(session.transcript, [
        userLine(`First request of ${session.id}`),
        userLine(`Second request of ${session.id}`),
      ]);

    const runs = sessions.flatMap((session) =>
      Array.from({ length: 4 }, () => startHook(repo, stopPayload(session.id, session.transcript, repo))),
    );
    const codes = await Promise.all(runs.map((run) => run.done));
    expect(codes).toEqual(Array(20).fill(0));

    expectAllStateValid(repo);
    const handoffs = readdirSync(join(repo, '.memory', 'sessions'));
    expect(handoffs).toHaveLength(5);
    for (const session of sessions) {
      const handoff = readFileSync(
        join(
          repo,
          '.memory',
          'sessions',
          handoffs.find((name) => name.includes(session.id.slice(0, 8)))!,
        ),
        'utf8',
      );
      expect(handoff).toContain(`- Goal: First request of ${session.id}`);
      expect(handoff).toContain('(2 prompts)');
    }
    const status = JSON.parse(runMem(['status', '--json'], { cwd: repo }).stdout) as { hooks: { errors: unknown[] } };
    expect(status.hooks.errors).toEqual([]);
  });

  it('hooks killed at random points leave no truncated file, and the next run catches up', async () => {
    const repo = makeRepo();
    runMem(['init', '--yes'], { cwd: repo });
    const transcript = join(repo, '..', 'killed.jsonl');
    for (let round = 0; round < 8; round += 1) {
      appendLines(transcript, [userLine(`Request number ${round}`)]);
      const runs = Array.from({ length: 3 }, () => startHook(repo, stopPayload('killed-session', transcript, repo)));
      await new Promise((resolve) => setTimeout(resolve, 20 + round * 15));
      for (const run of runs) run.kill();
      await Promise.all(runs.map((run) => run.done));
    }
    expect(runMem(['hook', 'stop'], { cwd: repo, stdin: stopPayload('killed-session', transcript, repo) }).status).toBe(
      0,
    );
    expectAllStateValid(repo);
    const handoff = readFileSync(
      join(repo, '.memory', 'sessions', readdirSync(join(repo, '.memory', 'sessions'))[0]!),
      'utf8',
    );
    expect(handoff).toContain('- Latest request: Request number 7');
    expect(handoff).toContain('(8 prompts)');
  });
});
