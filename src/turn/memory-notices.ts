import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveCommonGitDir } from '../core/git/repo-root.js';
import { readSyncStatus } from '../team/sync-status.js';
import { pastDeadline, type HookContext } from '../core/hook-context.js';

export type MemoryNotices = {
  conflicts: number;
  syncProblem: string | null;
  /**
   * True when this session start created the rendered file. Claude Code reads rules files while
   * the hook runs, so a file that did not exist when the session began may miss its first request
   * (seen with the real client on a loaded machine): that session gets the memory in its context too.
   */
  renderedFresh: boolean;
  /**
   * The rendered lines of entries this session start found stale anew (qualifier included), when
   * the rendered file existed already: Claude Code may have read its earlier text (without the
   * qualifier) before the hook rendered it again (seen with the real client), so the session's
   * context says it too. Empty when nothing went stale.
   */
  newlyStale: string[];
};

/** At most this many newly stale entries are named at a session start; `mem check` lists the rest. */
const MAX_NEWLY_STALE = 10;

/** Longest a session start waits for the team remote. */
const REFRESH_TIMEOUT_MS = 1_500;

/** The rendered file (core/shared-memory-file.ts RENDERED_FILE), named here so a quiet start loads nothing for it. */
export const RENDERED_PATH = '.claude/rules/mem-team-memory.md';

/**
 * What SessionStart should mention besides the handoff: conflicts awaiting review and the last
 * sync failure. With `refreshTeam`, first pulls team memory when that is cheap (a remote exists,
 * no refresh ran within team.backgroundSyncIntervalSeconds, time is left); on any failure local
 * memory wins and the failure is queued by sync itself. Never throws.
 */
export async function readMemoryNotices(
  context: HookContext,
  options: { refreshTeam: boolean },
): Promise<MemoryNotices> {
  // Note: before the refresh, which renders too.
  const existed = existsSync(join(context.root, RENDERED_PATH));
  if (options.refreshTeam) await refreshIfCheap(context);
  let conflicts = 0;
  let renderedFresh = false;
  let newlyStale: string[] = [];
  try {
    // The entries' anchors against HEAD (nothing is checked while neither HEAD nor the memory moved):
    // an entry gone stale since is rendered with its qualifier before the agent reads the file.
    const { refreshAnchorStatus } = await import('../core/anchor-status.js');
    const status = await refreshAnchorStatus(context.root);
    const staleChanged = status.changed;
    if (existed && status.newlyQualified.length > 0) {
      const { plainText } = await import('../core/memory-file/render-memory.js');
      newlyStale = status.newlyQualified
        .slice(0, MAX_NEWLY_STALE)
        .map((entry) => `${plainText(entry.text)} ${plainText(entry.qualifier)}`);
      if (status.newlyQualified.length > MAX_NEWLY_STALE)
        newlyStale.push(`… and ${status.newlyQualified.length - MAX_NEWLY_STALE} more (\`mem check\` lists them)`);
    }
    // Nothing changed since mem last checked (the stamps say so): no read, parse or render at all.
    const { currentRenderedConflicts } = await import('../core/shared-memory-stamp.js');
    const known = staleChanged ? null : currentRenderedConflicts(context.root);
    if (known !== null) return finishNotices(context, known, false, newlyStale);
    const { RENDERED_FILE, WORKING_FILE } = await import('../core/shared-memory-stamp.js');
    const { renderingIsStale } = await import('../core/rendering-state.js');
    const file = join(context.root, WORKING_FILE);
    if (staleChanged || renderingIsStale(context.root)) await renderForSession(context);
    renderedFresh = !existed && existsSync(join(context.root, RENDERED_FILE));
    if (existsSync(file)) {
      const text = readFileSync(file, 'utf8');
      // Note: a substring test first: most sessions start with no conflict, and parsing costs.
      if (text.includes('<!-- mem:conflict')) {
        const { readRegion } = await import('../core/memory-file/read-region.js');
        conflicts = readRegion(text).conflicts.length;
      }
    }
  } catch (error) {
    context.notes.push(`team memory not rendered: ${(error as Error).message}`);
  }
  return finishNotices(context, conflicts, renderedFresh, newlyStale);
}

function finishNotices(
  context: HookContext,
  conflicts: number,
  renderedFresh: boolean,
  newlyStale: string[] = [],
): MemoryNotices {
  const failure = readSyncStatus(context.root).lastFailure;
  const oldRegion = hasOldRegion(context);
  const problem = failure
    ? failure.message
    : oldRegion
      ? `${oldRegion} still holds mem's old managed region: run \`mem migrate\` (it moves the entries to team memory), then commit ${oldRegion}`
      : null;
  return { conflicts, syncProblem: problem, renderedFresh, newlyStale };
}

/**
 * Renders the team memory for the agent at the start of a session (before its first request, so
 * no running session's context changes), reading a human's edits of the file back first.
 */
async function renderForSession(context: HookContext): Promise<void> {
  const { renderLayout, renderSharedMemory } = await import('../core/shared-memory-file.js');
  const { withLock } = await import('../core/files/lock.js');
  await withLock(context.paths.memoryLock, () => renderSharedMemory(context.root, renderLayout(context.config)), {
    timeoutMs: 1_000,
    staleMs: 60_000,
  });
}

function hasOldRegion(context: HookContext): string | null {
  for (const file of context.config.region.targets) {
    try {
      if (readFileSync(join(context.root, file), 'utf8').includes('<!-- mem:begin')) return file;
    } catch {
      /* no such file */
    }
  }
  return null;
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
