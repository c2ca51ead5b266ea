import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveCommonGitDir } from '../core/git/repo-root.js';
import { readSyncStatus } from '../team/sync-status.js';
import { pastDeadline, type HookContext } from '../core/hook-context.js';

export type MemoryNotices = { conflicts: number; syncProblem: string | null };

/** Longest a session start waits for the team remote. */
const REFRESH_TIMEOUT_MS = 1_500;

/**
 * What SessionStart should mention besides the handoff: conflicts awaiting review and the last
 * sync failure. With `refreshTeam`, first pulls team memory when that is cheap (a remote exists,
 * no refresh ran within team.backgroundSyncIntervalSeconds, time is left); on any failure local
 * memory wins and the failure is queued by sync itself. Never throws.
 */
export async function readMemoryNotices(context: HookContext, options: { refreshTeam: boolean }): Promise<MemoryNotices> {
  if (options.refreshTeam) await refreshIfCheap(context);
  let conflicts = 0;
  try {
    const file = join(context.root, context.config.region.targets[0] ?? 'CLAUDE.md');
    if (existsSync(file)) {
      // Loaded only when there is a memory file to read: session start stays light without one.
      const { readRegion } = await import('../core/memory-file/read-region.js');
      conflicts = readRegion(readFileSync(file, 'utf8')).conflicts.length;
    }
  } catch {
    /* unreadable memory file: nothing to count */
  }
  const failure = readSyncStatus(context.root).lastFailure;
  return { conflicts, syncProblem: failure ? failure.message : null };
}

/** Cheap pre-check without spawning git: does the clone's config name the remote at all? */
function hasRemoteSection(root: string, remote: string): boolean {
  try {
    return readFileSync(join(resolveCommonGitDir(root), 'config'), 'utf8').includes(`[remote "${remote}"]`);
  } catch {
    return true; // unusual layouts: let git decide
  }
}

async function refreshIfCheap(context: HookContext): Promise<void> {
  const team = context.config.team;
  if (!team.enabled || pastDeadline(context) || context.env['MEM_NO_BACKGROUND_SYNC'] === '1') return;
  const last = readSyncStatus(context.root).lastAttemptAt;
  if (last && Date.now() - Date.parse(last) < team.backgroundSyncIntervalSeconds * 1000) return;
  if (!hasRemoteSection(context.root, team.remote)) return;
  const { resolveRemoteUrl } = await import('../team/store/transport.js');
  if (resolveRemoteUrl(context.root, team.remote) === null) return;
  try {
    const { refreshTeamMemory } = await import('../team/sync.js');
    const timeoutMs = Math.max(200, Math.min(REFRESH_TIMEOUT_MS, context.deadline - Date.now() - 500));
    await refreshTeamMemory(context.root, { timeoutMs });
  } catch (error) {
    context.notes.push(`team refresh skipped: ${(error as Error).message}`);
  }
}
