/**
 * The team step of a turn that changed durable memory, run in a detached process so the Stop hook
 * never waits for it: when the
 * clone has the team remote and no background sync ran within team.backgroundSyncIntervalSeconds,
 * a full sync (and, for a new clone, the rest of the team history once: complete-provenance.ts). Failures land in sync-status.json for `mem status`; nothing is thrown at the user.
 */
import { resolveRemoteUrl } from './store/transport.js';
import { loadConfig } from '../core/config/load-config.js';
import { syncTeamMemory } from './sync.js';
import { completeShallowProvenance } from './complete-provenance.js';
import { readSyncStatus, updateSyncStatus } from './sync-status.js';

/** Returns the exit code of the detached after-turn step (always 0: nobody waits for it). */
export async function runAfterTurnSync(root: string, sessionId: string | undefined, now = new Date()): Promise<number> {
  try {
    const config = loadConfig(root);
    if (!config.team.enabled) return 0;
    updateSyncStatus(root, { pending: true });
    if (resolveRemoteUrl(root, config.team.remote) === null) return 0;
    const last = readSyncStatus(root).lastBackgroundAt;
    if (last && now.getTime() - Date.parse(last) < config.team.backgroundSyncIntervalSeconds * 1000) return 0;
    updateSyncStatus(root, { lastBackgroundAt: now.toISOString() });
    const synced = await syncTeamMemory(root, sessionId === undefined ? {} : { sessionId });
    // Teammates' shared handoffs, for the next session start (which never goes to the network).
    const { syncSharedHandoffs } = await import('./handoffs/sync-shared-handoffs.js');
    const { openTeamContext } = await import('./team-context.js');
    await syncSharedHandoffs(openTeamContext(root), { now, prune: true, fetched: synced.fetched });
    // A new clone's shallow team history: fetched in full once, here, where nobody waits.
    await completeShallowProvenance(root);
  } catch (error) {
    try {
      updateSyncStatus(root, {
        lastFailure: {
          reason: 'failed',
          message: `after-turn team step: ${(error as Error).message}`,
          at: now.toISOString(),
        },
      });
    } catch {
      /* nowhere left to report */
    }
  }
  return 0;
}
