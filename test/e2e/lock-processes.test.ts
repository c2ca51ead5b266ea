/**
 * The cross-process lock under real contention: many processes, a read-modify-write of one file
 * each time, and holders that die. A lock that ever lets two in loses increments.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, makeTempDir, PROJECT_ROOT } from '../helpers/temp-repo.js';

let worker: string;

beforeAll(async () => {
  const dir = makeTempDir('mem-lock-worker-');
  worker = join(dir, 'worker.mjs');
  // The worker increments a counter file `count` times, each read-modify-write under withLock.
  await build({
    stdin: {
      contents: `
        import { readFileSync, writeFileSync } from 'node:fs';
        import { withLock } from './src/core/files/lock.ts';
        const [lockPath, counter, count, holdMs] = process.argv.slice(2);
        for (let i = 0; i < Number(count); i += 1) {
          await withLock(lockPath, async () => {
            const value = Number(readFileSync(counter, 'utf8'));
            if (Number(holdMs) > 0) await new Promise((resolve) => setTimeout(resolve, Number(holdMs)));
            writeFileSync(counter, String(value + 1));
          }, { timeoutMs: 120_000 });
        }`,
      resolveDir: PROJECT_ROOT,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: worker,
    logLevel: 'error',
  });
});
afterAll(cleanupTempDirs);

function runWorker(args: string[]): Promise<number> {
  const child = spawn(process.execPath, [worker, ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.on('close', (code) => (code === 0 ? resolve(code) : reject(new Error(`worker exited ${code}: ${stderr}`)))),
  );
}

describe('withLock across processes', () => {
  it('20 processes × 50 increments under the lock end at exactly 1000', async () => {
    const dir = makeTempDir();
    const counter = join(dir, 'counter');
    writeFileSync(counter, '0');
    await Promise.all(
      Array.from({ length: 20 }, () => runWorker([join(dir, 'locks', 'counter.lock'), counter, '50', '0'])),
    );
    expect(readFileSync(counter, 'utf8')).toBe('1000');
  });

  it('a lock left by a killed holder is taken over once, by exactly one of the waiting processes', async () => {
    const dir = makeTempDir();
    const counter = join(dir, 'counter');
    const lockPath = join(dir, 'locks', 'counter.lock');
    writeFileSync(counter, '0');
    // A holder that dies with the lock held: its pid is gone when the waiters start.
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((resolve) => dead.on('close', resolve));
    mkdirSync(lockPath, { recursive: true });
    writeFileSync(
      join(lockPath, 'owner'),
      JSON.stringify({ pid: dead.pid, host: (await import('node:os')).hostname(), token: 'dead' }),
    );
    await Promise.all(Array.from({ length: 12 }, () => runWorker([lockPath, counter, '10', '2'])));
    expect(readFileSync(counter, 'utf8')).toBe('120');
  });

  it('a lock directory without owner (an older mem killed right after its mkdir) is taken over once it is a few seconds old', async () => {
    const dir = makeTempDir();
    const counter = join(dir, 'counter');
    const lockPath = join(dir, 'locks', 'counter.lock');
    writeFileSync(counter, '0');
    mkdirSync(lockPath, { recursive: true });
    const old = new Date(Date.now() - 60_000);
    utimesSync(lockPath, old, old);
    // A taker of this version killed between its mkdir and its rename leaves only a temp directory.
    mkdirSync(join(dir, 'locks', 'counter.lock.4194305.abc123.new'));
    await Promise.all(Array.from({ length: 4 }, () => runWorker([lockPath, counter, '5', '0'])));
    expect(readFileSync(counter, 'utf8')).toBe('20');
    expect(readdirSync(join(dir, 'locks'))).toEqual([]);
  });

  it('holders killed with SIGKILL while holding the lock never let two survivors in at once', async () => {
    const dir = makeTempDir();
    const counter = join(dir, 'counter');
    const lockPath = join(dir, 'locks', 'counter.lock');
    writeFileSync(counter, '0');
    // Victims hold the lock for long stretches and are killed mid-hold; the survivors' count must be exact.
    const victims = Array.from({ length: 6 }, () =>
      spawn(process.execPath, [worker, lockPath, join(dir, 'victim-counter'), '1000', '20'], { stdio: 'ignore' }),
    );
    writeFileSync(join(dir, 'victim-counter'), '0');
    const survivors = Promise.all(Array.from({ length: 8 }, () => runWorker([lockPath, counter, '25', '1'])));
    for (const victim of victims) {
      await new Promise((resolve) => setTimeout(resolve, 60));
      victim.kill('SIGKILL');
    }
    await survivors;
    expect(readFileSync(counter, 'utf8')).toBe('200');
  });
});
