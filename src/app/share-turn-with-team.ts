import { resolveRemoteUrl } from '../git/transport.js';
import type { HookContext } from './hook-context.js';
import { commitLocalTeamChange, startBackgroundSync } from './sync.js';

/**
 * After a turn changed durable memory: commit it to the local team branch (no network), then,
 * when the clone has the team remote, start a detached, locked, rate-limited `mem sync`.
 * Failures are noted for `mem status`, never thrown: the turn's memory is already on disk.
 */
export async function shareTurnWithTeam(context: HookContext, sessionId?: string): Promise<void> {
  if (!context.config.team.enabled) return;
  try {
    await commitLocalTeamChange(context.root, sessionId === undefined ? {} : { sessionId });
  } catch (error) {
    context.notes.push(`team commit deferred: ${(error as Error).message}`);
    return;
  }
  if (context.env['MEM_NO_BACKGROUND_SYNC'] === '1') return;
  if (resolveRemoteUrl(context.root, context.config.team.remote) === null) return;
  await startBackgroundSync(context.root);
}
