/**
 * `mem compact`: replaces the team ref's history by one snapshot commit with the same tree, and
 * keeps the old history on the remote under `refs/mem/team-archive/<date>-<old head>`. Every clone
 * fetches only `refs/mem/team`, so a new clone's first fetch and every later walk get short again;
 * nothing is lost (the archive holds every old commit, the snapshot every current entry and
 * tombstone). Other clones keep syncing: sync recognises the snapshot (compaction-base.ts).
 *
 * Order: a normal sync first (this clone's changes go out), then under the sync lock: fetch,
 * snapshot, one atomic push of the archive ref and the team ref with a lease on the old head. A
 * teammate who pushed in between makes the lease fail: sync again and retry, a bounded number of
 * times with jitter, like any push.
 */
import { MemError } from '../core/errors.js';
import { withLock } from '../core/files/lock.js';
import { countCommits, writeSnapshotCommit } from './store/git-objects.js';
import { fetchTeamBranch, pushCompaction } from './store/transport.js';
import { syncTeamMemory } from './sync.js';
import { openTeamContext, readGitAuthor } from './team-context.js';

export type CompactReport = {
  outcome: 'compacted' | 'nothing-to-compact' | 'dry-run' | 'failed';
  /** Commits of the team history before (as this clone's store has it). */
  commits: number;
  /** The snapshot commit now at the team ref. */
  snapshot: string | null;
  /** Where the old history is kept on the remote. */
  archiveRef: string | null;
  message: string | null;
  warnings: string[];
};

export type CompactOptions = { dryRun?: boolean; now?: Date; retryDelayMs?: (attempt: number) => number };

/** Compacts the team ref's history; expected failures (offline, local changes that could not be sent) are in the report. */
export async function compactTeamHistory(root: string, options: CompactOptions = {}): Promise<CompactReport> {
  const now = options.now ?? new Date();
  const context = openTeamContext(root);
  if (!context.config.team.enabled)
    throw new MemError('USAGE', 'team sync is disabled (team.enabled = false): there is no team history to compact');
  const report: CompactReport = {
    outcome: 'failed',
    commits: 0,
    snapshot: null,
    archiveRef: null,
    message: null,
    warnings: [],
  };
  const retries = context.config.team.pushRetries;
  for (let attempt = 0; ; attempt += 1) {
    // Note: this clone's unsent memory first, so the snapshot holds it and nothing waits on the old history.
    const synced = await syncTeamMemory(root, {
      now,
      ...(options.retryDelayMs ? { retryDelayMs: options.retryDelayMs } : {}),
    });
    if (synced.failure !== null)
      return { ...report, message: `sync failed first, nothing compacted: ${synced.failure.message}` };
    if (synced.pending)
      return {
        ...report,
        message: 'this clone has memory the team ref does not have yet (see mem status); nothing compacted',
      };
    const step = await withLock(context.syncLock, async (): Promise<'done' | 'retry'> => {
      const fetched = await fetchTeamBranch(context.target);
      if (!fetched.ok) {
        report.message = `fetch failed, nothing compacted: ${fetched.message}`;
        return 'done';
      }
      const head = await context.store.readRef('remote');
      if (!fetched.branchExists || head === null) {
        report.outcome = 'nothing-to-compact';
        report.message = 'the remote has no team ref yet';
        return 'done';
      }
      const storeDir = context.target.storeDir;
      report.commits = countCommits(storeDir, head);
      if (report.commits <= 1) {
        report.outcome = 'nothing-to-compact';
        report.snapshot = head;
        return 'done';
      }
      const archiveRef = `refs/mem/team-archive/${now.toISOString().slice(0, 10)}-${head.slice(0, 8)}`;
      report.archiveRef = archiveRef;
      if (options.dryRun) {
        report.outcome = 'dry-run';
        return 'done';
      }
      const message = [
        `mem: compact the team memory history (${report.commits} commits)`,
        '',
        `The history before this snapshot is kept on the remote under ${archiveRef}.`,
        '',
        `Mem-Compacts: ${head}`,
        `Mem-Archive: ${archiveRef}`,
        '',
      ].join('\n');
      const snapshot = writeSnapshotCommit(storeDir, {
        commit: head,
        message,
        author: readGitAuthor(root),
        timestamp: Math.floor(now.getTime() / 1000),
      });
      const pushed = await pushCompaction(context.target, snapshot, head, archiveRef);
      if (!pushed.ok) {
        if (pushed.reason === 'rejected' && attempt < retries) {
          report.warnings.push(
            `the team ref moved while compacting; syncing again (attempt ${attempt + 2} of ${retries + 1})`,
          );
          return 'retry';
        }
        report.message = `the compaction was not pushed, nothing changed on the remote: ${pushed.message}`;
        return 'done';
      }
      await context.store.updateRef('remote', snapshot, head);
      // Note: this worktree's base becomes the snapshot (same tree); other worktrees' bases see through it at their next sync.
      if ((await context.store.readRef('base')) === head) await context.store.updateRef('base', snapshot, head);
      report.outcome = 'compacted';
      report.snapshot = snapshot;
      return 'done';
    });
    if (step === 'done') return report;
    await new Promise((resolve) =>
      setTimeout(
        resolve,
        options.retryDelayMs ? options.retryDelayMs(attempt) : Math.round((50 + Math.random() * 200) * 2 ** attempt),
      ),
    );
  }
}
