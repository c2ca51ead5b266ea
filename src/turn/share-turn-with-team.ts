import { memBinPath } from '../core/mem-command.js';
import type { HookContext } from '../core/hook-context.js';
import { nodeChildProcess } from '../core/lazy-builtins.js';

/**
 * After a turn changed durable memory: hand the team step (local team-branch commit, then a
 * rate-limited sync when a remote exists) to a detached `mem sync --after-turn` process, so the
 * Stop hook returns without loading the git object store. Never throws.
 */
export async function shareTurnWithTeam(context: HookContext, sessionId?: string): Promise<void> {
  if (!context.config.team.enabled || context.env['MEM_NO_BACKGROUND_SYNC'] === '1') return;
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
    context.notes.push(`team step not started: ${(error as Error).message}`);
  }
}
