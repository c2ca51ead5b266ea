/**
 * A detached `mem sync --quiet`, rate limited by team.backgroundSyncIntervalSeconds, for callers
 * that want the team remote updated without waiting for it.
 */
import { memBinPath } from '../platform/mem-command.js';
import { loadConfig } from './load-config.js';
import { readSyncStatus, updateSyncStatus } from './team-sync-status.js';

/**
 * Starts `mem sync --quiet` as a detached process unless one ran within
 * team.backgroundSyncIntervalSeconds; returns whether it started one. Never throws.
 */
export async function startBackgroundSync(root: string, options: { binPath?: string; now?: Date } = {}): Promise<boolean> {
  try {
    const config = loadConfig(root);
    if (!config.team.enabled) return false;
    const now = options.now ?? new Date();
    const last = readSyncStatus(root).lastBackgroundAt;
    const interval = config.team.backgroundSyncIntervalSeconds * 1000;
    if (last && now.getTime() - Date.parse(last) < interval) return false;
    const binPath = options.binPath ?? memBinPath();
    updateSyncStatus(root, { lastBackgroundAt: now.toISOString() });
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, [binPath, 'sync', '--quiet'], {
      cwd: root,
      detached: true,
      stdio: 'ignore',
      env: { ...process.env, MEM_BACKGROUND_SYNC: '1' },
    });
    child.on('error', () => undefined);
    child.unref();
    return true;
  } catch {
    return false;
  }
}
