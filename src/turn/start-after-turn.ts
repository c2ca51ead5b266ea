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
      env: stepEnvironment(context.env),
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

/** Where the step finds the NODE_EXTRA_CA_CERTS it was started without. */
const CARRIED_CA_CERTS = 'MEM_CARRIED_NODE_EXTRA_CA_CERTS';

/**
 * The step's environment. Node parses the bundle NODE_EXTRA_CA_CERTS names at every start-up,
 * before any code runs (~420 M instructions for a system bundle, 5× a bare start), and the step
 * itself makes no TLS connection; the value is carried under another name and handed back to the
 * git processes it starts (restoreCarriedEnvironment), for whatever they run (a credential helper).
 */
function stepEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { NODE_EXTRA_CA_CERTS: caCerts, ...rest } = env;
  return { ...rest, MEM_BACKGROUND_SYNC: '1', ...(caCerts ? { [CARRIED_CA_CERTS]: caCerts } : {}) };
}

/** Puts back, in the step's own environment, what stepEnvironment carried; never throws. */
export function restoreCarriedEnvironment(env: NodeJS.ProcessEnv): void {
  const caCerts = env[CARRIED_CA_CERTS];
  if (caCerts === undefined) return;
  env['NODE_EXTRA_CA_CERTS'] = caCerts;
  delete env[CARRIED_CA_CERTS];
}

/** True unless MEM_NO_BACKGROUND_SYNC=1 says no detached process may start (work is then done inline). */
export function canStartAfterTurn(env: NodeJS.ProcessEnv): boolean {
  return env['MEM_NO_BACKGROUND_SYNC'] !== '1';
}
