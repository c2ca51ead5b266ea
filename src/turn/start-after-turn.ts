import { memBinPath } from '../core/mem-command.js';
import type { HookContext } from '../core/hook-context.js';
import { nodeChildProcess } from '../core/lazy-builtins.js';

/**
 * Hands what a Stop leaves to a detached `mem sync --after-turn` process (turn/after-turn.ts), so
 * the hook returns at once: the candidates it deferred while the memory lock was busy, and the
 * team step after a turn that changed durable memory. Never throws.
 */
export function startAfterTurn(context: HookContext, sessionId?: string): void {
  if (context.env['MEM_NO_BACKGROUND_SYNC'] === '1') return;
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
  } catch (error) {
    context.notes.push(`after-turn step not started: ${(error as Error).message}`);
  }
}
