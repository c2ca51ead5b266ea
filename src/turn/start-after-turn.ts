import { memBinPath } from '../core/mem-command.js';
import type { HookContext } from '../core/hook-context.js';
import { nodeChildProcess } from '../core/lazy-builtins.js';
import { isLockHeld, takeLockFor } from '../core/files/lock.js';
import { AFTER_TURN_STALE_MS, afterTurnLocks } from './after-turn-locks.js';

/**
 * Hands what a Stop leaves to a detached `mem sync --after-turn` process (turn/after-turn.ts), so
 * the hook returns at once: the candidates it deferred while the memory lock was busy, and the
 * team step after a turn that changed durable memory. Called once this Stop's writes and deferrals
 * are saved: a step already queued then sees them, and none is started (50 Stops at once started
 * 50 steps, 14 s of CPU on a 2-core machine beside the Stops themselves). Never throws.
 */
export function startAfterTurn(context: HookContext, sessionId?: string): void {
  if (!canStartAfterTurn(context.env)) return;
  const { queued } = afterTurnLocks(context.paths);
  if (isLockHeld(queued, AFTER_TURN_STALE_MS)) return;
  try {
    const args = [memBinPath(), 'sync', '--after-turn', ...(sessionId ? ['--session', sessionId] : [])];
    const child = nodeChildProcess().spawn(process.execPath, args, {
      cwd: context.root,
      detached: true,
      stdio: 'ignore',
      // Note: the child is not a hook; it must not inherit hook-only switches.
      env: { ...context.env, MEM_BACKGROUND_SYNC: '1' },
    });
    child.on('error', () => undefined);
    child.unref();
    // Queued from now on, not once the child has started (seconds, under load): Stops ending
    // meanwhile see it and start none of their own.
    if (child.pid !== undefined) takeLockFor(queued, child.pid, AFTER_TURN_STALE_MS);
  } catch (error) {
    context.notes.push(`after-turn step not started: ${(error as Error).message}`);
  }
}

/** True unless MEM_NO_BACKGROUND_SYNC=1 says no detached process may start (work is then done inline). */
export function canStartAfterTurn(env: NodeJS.ProcessEnv): boolean {
  return env['MEM_NO_BACKGROUND_SYNC'] !== '1';
}
