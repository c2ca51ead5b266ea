/**
 * A hook whose stdin is never closed (`sleep 30 | mem hook stop`, a client that forgets to close
 * it) still ends by its deadline with exit 0, on a pipe and on a socket, and does its work when
 * the payload itself arrived.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, makeRepo, makeTempDir, MEM_BIN, runMem, testEnv } from '../helpers/temp-repo.js';
import { appendLines, stopPayload, userLine } from '../helpers/hook-payloads.js';

afterEach(cleanupTempDirs);

/** Far beyond any deadline (the longest is 10 s), and short of the 30 s the writer stays open. */
const SAFETY_CAP_MS = 25_000;

type Ended = { ended: true; code: number | null; stdout: string } | { ended: false };

function waitForEnd(child: ChildProcess): Promise<Ended> {
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  return new Promise((resolve) => {
    const cap = setTimeout(() => {
      child.kill('SIGKILL');
      resolve({ ended: false });
    }, SAFETY_CAP_MS);
    child.on('exit', (code) => {
      clearTimeout(cap);
      resolve({ ended: true, code, stdout });
    });
  });
}

function initRepo(): string {
  const repo = makeRepo();
  expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
  return repo;
}

function lastHookRecord(repo: string): { code?: string; ok: boolean; session?: string } {
  const lines = readFileSync(join(repo, '.memory', 'state', 'hook-log.jsonl'), 'utf8')
    .trim()
    .split('\n');
  return JSON.parse(lines.at(-1)!) as { code?: string; ok: boolean };
}

describe('stdin that never closes', () => {
  it('on a pipe (as `sleep 30 | mem hook stop`): stop exits 0 with nothing printed, and status says why', async () => {
    const repo = initRepo();
    const fifo = join(makeTempDir(), 'stdin.fifo');
    execFileSync('mkfifo', [fifo]);
    // Note: opened read-write, the pipe always has a writer: the hook never sees its end.
    const fd = openSync(fifo, 'r+');
    const child = spawn(process.execPath, [MEM_BIN, 'hook', 'stop'], {
      cwd: repo,
      env: testEnv(),
      stdio: [fd, 'pipe', 'ignore'],
    });
    closeSync(fd);
    const result = await waitForEnd(child);
    expect(result).toEqual({ ended: true, code: 0, stdout: '' });
    expect(lastHookRecord(repo)).toMatchObject({ ok: false, code: 'STDIN_OPEN' });
    const status = JSON.parse(runMem(['status', '--json'], { cwd: repo }).stdout) as {
      hooks: { errors: Array<{ code: string }> };
    };
    expect(status.hooks.errors.map((error) => error.code)).toContain('STDIN_OPEN');
  });

  it('on a socket (how a Node client spawns hooks): session-end exits 0', async () => {
    const repo = initRepo();
    const child = spawn(process.execPath, [MEM_BIN, 'hook', 'session-end'], {
      cwd: repo,
      env: testEnv(),
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    const result = await waitForEnd(child);
    child.stdin?.destroy();
    expect(result).toEqual({ ended: true, code: 0, stdout: '' });
  });

  it('a whole payload on a stdin left open is handled: the Stop writes its handoff and exits 0', async () => {
    const repo = initRepo();
    const transcript = join(repo, '..', 'open.jsonl');
    appendLines(transcript, [userLine('Add a retry to the upload client.')]);
    const child = spawn(process.execPath, [MEM_BIN, 'hook', 'stop'], {
      cwd: repo,
      env: testEnv(),
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    child.stdin?.write(stopPayload('open-stdin-session', transcript, repo));
    const result = await waitForEnd(child);
    child.stdin?.destroy();
    expect(result).toEqual({ ended: true, code: 0, stdout: '' });
    expect(lastHookRecord(repo)).toMatchObject({ ok: true, session: 'open-stdin-session' });
    const sessions = join(repo, '.memory', 'sessions');
    expect(existsSync(sessions) && readdirSync(sessions).length).toBe(1);
  });
});
