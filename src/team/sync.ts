/**
 * Team sync: fetch the team ref, merge it entry by entry with this clone's working copy, render
 * the agent's file, and push this clone's changes as one commit on top of what the team has.
 *
 * Only the entries that changed are looked at: `diff-tree` says which files the team changed
 * since the last agreement (the base), blob ids say which ones this clone changed, and only ids
 * both sides changed go through the three-way merge. Everything else is a union of files, so two
 * people adding memory never conflict. History stays linear (each push is a child of the remote
 * head), which makes "who changed this entry" one walk over the new commits only.
 *
 * Memory never blocks the user's work: every failure keeps local memory as it is, is recorded in
 * sync-status.json and retried by the next sync. No tracked file is ever written.
 *
 * Order of effects: sync lock → fetch, and while it runs landed branches promoted in the working
 * copy → memory lock: read back the rendered file, merge, write the working copy, render, write the
 * commit → push (rejected: fetch, merge, retry with jitter) → base.
 */
import { join } from 'node:path';
import { EXIT, fileSystemError, isMemError } from '../core/errors.js';
import { isDamageMessage, setAsideDamagedStore, storeDamage } from './store/damaged-store.js';
import { withLock } from '../core/files/lock.js';
import { directoriesUnder, removeOrphanTemps } from '../core/files/orphan-temps.js';
import { readWorkingText } from '../core/rendering-state.js';
import { noProgress } from '../core/progress.js';
import { type StepResult } from './merge-parts.js';
import { conflictVersionCommits, nameConflictVersions, planSync } from './plan-sync.js';
import { isAncestor, readCommitAuthors } from './store/git-objects.js';
import { pushStarter, type PushStarter, type TransportFailureReason } from './store/transport.js';
import { listRegionConflicts } from './team-region.js';
import { openTeamContext, type TeamContext } from './team-context.js';
import { readSyncStatus, updateSyncStatus, withRemovals, type SyncFailure } from './sync-status.js';
import { addLocalTombstones } from './tombstones.js';
import { settleBranchScopes } from './apply-branch-scopes.js';

import { applySyncPlan, sendCommit, stampPushed } from './apply-sync-plan.js';
import { isNothingToDo, readEarly, readSyncState, workingBody, type EarlyRead } from './read-sync-state.js';
import { recordCommitted } from './sync-committed.js';
import type { SyncOptions, SyncReport, SyncRun } from './sync-run.js';
export { readSyncStatus } from './sync-status.js';

export type { SyncOptions, SyncReport } from './sync-run.js';

/** Commits a new clone's first sync fetches (attribution of entries changed before them comes from the entries themselves, or is unknown). */
const FIRST_SYNC_DEPTH = 500;

/** Reads, plans and applies one merge of the team's side `theirsOid` (null: none yet) with the working copy, under the memory lock. */
async function mergeStep(
  run: SyncRun,
  theirsOid: string | null,
  reachable: boolean,
  early: EarlyRead | null,
): Promise<StepResult> {
  const read = await readSyncState(run, theirsOid, reachable, early);
  const plan = planSync(read.input);
  run.report.received += plan.received;
  run.report.withheld.push(...plan.withheld);
  run.report.held.push(...plan.held);
  run.report.removedByTeam.push(...plan.removedByTeam);
  if (!run.options.dryRun && plan.forgotten.length > 0) addLocalTombstones(run.context.root, plan.forgotten);
  // Who wrote each version of a conflict: git's author of the commit that holds it.
  const versionCommits = conflictVersionCommits(plan.items).filter((commit) => !read.authors.has(commit));
  const authors = new Map([...read.authors, ...readCommitAuthors(run.context.target.storeDir, versionCommits)]);
  nameConflictVersions(plan.items, authors, read.reader, run.now);
  return applySyncPlan(run, read, plan, theirsOid, reachable);
}

/** Returns the report of one sync of the clone at `root`; expected failures are in the report, only bugs and broken config throw. */
export async function syncTeamMemory(root: string, options: SyncOptions = {}): Promise<SyncReport> {
  const now = options.now ?? new Date();
  const open = () => openTeamContext(root, options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs });
  let context = open();
  const report = emptyReport();
  if (!context.config.team.enabled) return { ...report, outcome: 'disabled' };
  try {
    await withLock(
      context.syncLock,
      async () => {
        try {
          await runSync(context, report, options, now);
        } catch (error) {
          const damage = options.dryRun ? null : storeDamage(error);
          if (damage === null) throw error;
          // The store is a cache of the remote plus this clone's commits; the working copy keeps
          // every local entry (and .memory/ every unsynced forget): rebuild it and sync again.
          const aside = setAsideDamagedStore(context.target.storeDir, now);
          report.warnings.push(
            `the team store was damaged (${damage}); rebuilt it from the remote, keeping local memory; the damaged copy is at ${aside}`,
          );
          context = open();
          await runSync(context, report, options, now);
        }
      },
      { timeoutMs: options.lockTimeoutMs ?? 30_000, staleMs: 10 * 60_000 },
    );
  } catch (error) {
    if (isMemError(error) && error.code === 'LOCK_HELD') {
      report.failure = {
        reason: 'lock-held',
        message: 'another mem sync of this clone is running; this one was skipped',
      };
    } else if (isMemError(error) && (error.code === 'GIT_FAILED' || error.code === 'SYNC_FAILED')) {
      report.failure = { reason: 'failed', message: error.message };
    } else if (isMemError(error) && error.code === 'REGION_DAMAGED') {
      report.failure = { reason: 'region-damaged', message: error.message };
    } else if (fileSystemError(error)) {
      // A full disk or an unwritable .memory/ is the machine's state, not a bug: like offline, the
      // sync is queued and the push it runs in goes on.
      const problem = fileSystemError(error)!;
      report.failure = {
        reason: 'write-failed',
        message: `${problem.message}. ${(problem.hint ?? '').replace(/\.$/, '')}`,
      };
    } else {
      throw error;
    }
  }
  return finish(context, report, options, now, report.failure);
}

async function runSync(context: TeamContext, report: SyncReport, options: SyncOptions, now: Date): Promise<void> {
  // Ref updates of a killed sync may have left temp files in the store (the sync lock is held).
  removeOrphanTemps(directoriesUnder(join(context.target.storeDir, 'refs')));
  // Note: the first push's git, started while the heap is small (see prepared-git.ts).
  const pushes = pushStarter(context.target);
  const observed: { settling: Promise<void> | null } = { settling: null };
  try {
    await syncAttempts(context, report, options, now, pushes, observed);
  } finally {
    pushes.cancel();
    // Note: done under the sync lock, whatever happened (settleScopes never rejects).
    await observed.settling;
  }
}

async function syncAttempts(
  context: TeamContext,
  report: SyncReport,
  options: SyncOptions,
  now: Date,
  pushes: PushStarter,
  observed: { settling: Promise<void> | null },
): Promise<void> {
  const retries = context.config.team.pushRetries;
  const progress = options.progress ?? noProgress;
  for (let attempt = 0; ; attempt += 1) {
    // A new clone's first sync reads the tip's tree, not a year of history: a shallow fetch of the
    // last commits (who changed what recently), bounded whatever the team's history.
    const first = (await context.store.readRef('remote')) === null && (await context.store.readRef('base')) === null;
    progress(`fetching the team memory from ${context.target.remote}`);
    const fetching = context.store.fetch({
      ...(first ? { depth: FIRST_SYNC_DEPTH } : {}),
      ...(options.progress ? { progress: options.progress } : {}),
    });
    // Landed branches first: their entries' promotion is then an ordinary change this sync sends.
    // Note: settled while git fetches (another process, another core), as the working copy is then
    // read when it changed: the first read of a changed working copy is most of a sync's parsing.
    if (attempt === 0 && !options.dryRun) await settleScopes(context, report, now);
    const early =
      attempt === 0 && !options.dryRun ? await readEarly(context, options.push !== false ? pushes : null) : null;
    const fetched = await fetching;
    if (!fetched.ok && fetched.reason === 'failed' && isDamageMessage(fetched.message))
      throw new Error(fetched.message);
    const network: { reason: TransportFailureReason; message: string } | null = fetched.ok ? null : fetched;
    // Note: a remote without the team ref fetched nothing else either (git refuses the whole fetch).
    if (fetched.ok && fetched.branchExists) report.fetched = true;
    // Offline: what this clone fetched before is still worth merging (it is the team's, just older).
    const theirsOid = fetched.ok && !fetched.branchExists ? null : await lastKnownTeamHead(context, network !== null);
    if (network === null && !options.dryRun && (await isNothingToDo(context, theirsOid))) {
      report.commit = theirsOid;
      const working = readWorkingText(context.root);
      // Note: a substring test first: parsing the whole working copy is what a no-op must not do.
      report.conflicts = working.includes('<!-- mem:conflict') ? listRegionConflicts(workingBody(working)) : [];
      return;
    }
    const step = await withLock(
      context.paths.memoryLock,
      () => mergeStep({ context, report, options, now, pushes }, theirsOid, network === null, early),
      { timeoutMs: 10_000 },
    );
    // Branches whose first entries this sync brought: noted while open, so this clone can promote
    // them once they land. Note: started now, so the working copy the merge wrote is read while git
    // pushes (after a rejected push, again once the last one is done: the next merge's view).
    if (!options.dryRun && report.received > 0) {
      const before = observed.settling;
      observed.settling =
        before === null
          ? settleScopes(context, report, now, true)
          : before.then(() => settleScopes(context, report, now, true));
    }
    report.pending = step.pending;
    // The base move mergeStep left for after the push, done when the push does not happen or fails.
    const advanceBase = async () => {
      if (step.advanceBase !== undefined)
        await context.store.updateRef('base', step.advanceBase.to, step.advanceBase.from);
    };
    if (network) {
      await advanceBase();
      report.failure = network;
      return;
    }
    if (options.dryRun || options.push === false || step.commit === null || step.commit === theirsOid) {
      await advanceBase();
      if (!options.dryRun && !step.pending) recordCommitted(context.root);
      if (step.commit !== null) report.commit = step.commit;
      return;
    }
    const pushing = step.pushing ?? sendCommit(context, step.commit, step.written, progress, pushes);
    const pushed = await pushing;
    if (pushed.ok) {
      report.pushed = true;
      report.pending = false;
      report.createdRemoteBranch = theirsOid === null;
      report.commit = step.commit;
      report.sent = step.written.size;
      // The remote's team ref is now this commit: an offline sync later must not take the older fetch for the team's side.
      await context.store.updateRef('remote', step.commit, theirsOid);
      // Note: git moves the base while this clone's entries are stamped (independent, both under the sync lock).
      const movingBase = context.store.updateRef(
        'base',
        step.commit,
        step.advanceBase !== undefined ? step.advanceBase.from : await context.store.readRef('base'),
      );
      await withLock(context.paths.memoryLock, () => stampPushed(context, step, step.commit as string, now), {
        timeoutMs: 10_000,
      });
      await movingBase;
      return;
    }
    await advanceBase();
    if (pushed.reason === 'rejected' && attempt < retries) {
      report.warnings.push(
        `the team ref moved while syncing; merging again (attempt ${attempt + 2} of ${retries + 1})`,
      );
      await sleep(options.retryDelayMs ? options.retryDelayMs(attempt) : jitter(attempt));
      continue;
    }
    report.failure =
      pushed.reason === 'rejected'
        ? {
            reason: 'rejected',
            message: `${pushed.message} (gave up after ${retries + 1} attempts; the next sync retries)`,
          }
        : pushed;
    return;
  }
}

/** Promotes landed branches' entries and records abandoned branches; a failure is a warning, never the sync's. */
async function settleScopes(context: TeamContext, report: SyncReport, now: Date, observeOnly = false): Promise<void> {
  try {
    const outcome = await settleBranchScopes(context, now, { observeOnly });
    if (!observeOnly) report.promoted = outcome.promoted;
    report.abandonedBranches = outcome.abandoned.map((item) => item.branch);
  } catch (error) {
    report.warnings.push(`branch scopes not checked: ${(error as Error).message}`);
  }
}

/**
 * The team's head as this clone knows it: the last fetch, or, offline, this clone's base when the
 * last fetch is older than it (its own push moved the base on): an older view of the team is old
 * news, never a rewrite of its history.
 */
async function lastKnownTeamHead(context: TeamContext, offline: boolean): Promise<string | null> {
  const fetched = await context.store.readRef('remote');
  if (!offline || fetched === null) return fetched;
  const base = await context.store.readRef('base');
  return base !== null && base !== fetched && isAncestor(context.target.storeDir, fetched, base) ? base : fetched;
}

/** A growing, jittered pause, so clones that collided do not collide again in lockstep. */
function jitter(attempt: number): number {
  return Math.round((50 + Math.random() * 200) * 2 ** attempt);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function finish(
  context: TeamContext,
  report: SyncReport,
  options: SyncOptions,
  now: Date,
  failure: Omit<SyncFailure, 'at'> | null,
): SyncReport {
  report.failure = failure;
  const at = now.toISOString();
  if (failure)
    report.warnings.push(
      `team memory not synced (${failure.reason}): ${failure.message}; local memory kept, will retry`,
    );
  if (options.dryRun) report.outcome = 'dry-run';
  else if (failure) report.outcome = 'queued';
  else report.outcome = report.wroteMemoryFile || report.pushed ? 'synced' : 'up-to-date';
  if (!options.dryRun) {
    try {
      updateSyncStatus(context.root, {
        lastAttemptAt: at,
        ...(failure ? { lastFailure: { ...failure, at } } : { lastFailure: null, lastSuccessAt: at }),
        pending: report.pending || (failure !== null && readSyncStatus(context.root).pending),
        conflicts: report.conflicts.length,
        quarantined: report.quarantined.length,
        ...(report.removedByTeam.length > 0
          ? { removedByTeam: withRemovals(readSyncStatus(context.root).removedByTeam, report.removedByTeam, at) }
          : {}),
      });
    } catch (error) {
      const problem = fileSystemError(error);
      if (!problem) throw error;
      report.warnings.push(`the sync status could not be recorded for \`mem status\`: ${problem.message}`);
    }
  }
  report.exitCode = failure && options.strict ? EXIT.failure : report.conflicts.length > 0 ? EXIT.conflicts : EXIT.ok;
  return report;
}

function emptyReport(): SyncReport {
  return {
    outcome: 'up-to-date',
    wroteMemoryFile: false,
    commit: null,
    pushed: false,
    pending: false,
    createdRemoteBranch: false,
    fetched: false,
    conflicts: [],
    quarantined: [],
    held: [],
    withheld: [],
    removedByTeam: [],
    received: 0,
    sent: 0,
    promoted: [],
    abandonedBranches: [],
    failure: null,
    warnings: [],
    exitCode: EXIT.ok,
  };
}

/** Session-start refresh: fetch and merge with a short timeout, no push; never throws for expected failures. */
export async function refreshTeamMemory(
  root: string,
  options: { timeoutMs?: number; sessionId?: string } = {},
): Promise<SyncReport> {
  return syncTeamMemory(root, {
    push: false,
    timeoutMs: options.timeoutMs ?? 3_000,
    lockTimeoutMs: 0,
    ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }),
  });
}
