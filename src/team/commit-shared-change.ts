/**
 * After `mem remember` / `mem forget` changed shared memory: record it on the local team branch
 * (no network), as the Stop hook does, so the branch history stays the audit log. The next
 * `mem sync` (or push) shares it.
 */
import { loadConfig } from '../core/config/load-config.js';

/** Returns warnings (empty when committed or when team memory is off); never throws: the memory is already on disk. */
export async function commitSharedChange(root: string): Promise<string[]> {
  try {
    if (!loadConfig(root).team.enabled) return [];
    // Loaded lazily: the team store is only needed after a shared change.
    const { commitLocalTeamChange } = await import('./sync.js');
    await commitLocalTeamChange(root);
    return [];
  } catch (error) {
    return [`team commit deferred to the next \`mem sync\`: ${(error as Error).message}`];
  }
}
