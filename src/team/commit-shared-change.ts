/**
 * After `mem remember` / `mem forget` changed shared memory: the working copy already holds the
 * change (it is this clone's share of the team memory until it syncs); mark it pending so
 * `mem status` says so. The next `mem sync` (or push) sends it.
 */
import { loadConfig } from '../core/config/load-config.js';
import { updateSyncStatus } from './sync-status.js';

/** Returns warnings (empty when recorded or when team memory is off); never throws: the memory is already on disk. */
export async function commitSharedChange(root: string): Promise<string[]> {
  try {
    if (!loadConfig(root).team.enabled) return [];
    updateSyncStatus(root, { pending: true });
    return [];
  } catch (error) {
    return [
      `could not record the pending team change: ${(error as Error).message}; the next \`mem sync\` sends it anyway`,
    ];
  }
}
