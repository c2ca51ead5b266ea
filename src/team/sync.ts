/**
 * Team sync: fetch the team branch, three-way merge it with the managed region of CLAUDE.md,
 * write the result back (bytes outside the region untouched), commit to the team branch, push,
 * and on a rejected push fetch and merge again. Memory never blocks the user's work: every
 * failure leaves local memory as it is, is recorded in sync-status.json and retried next time.
 *
 * Order of effects: sync lock → fetch (no lock on memory) → memory lock: read, merge, write
 * CLAUDE.md, commit, move refs → push → base. Pure decisions live in the region/merge modules.
 */
import { join } from 'node:path';
import { EXIT, MemError, fileSystemError, isMemError } from '../core/errors.js';
import type { TeamFiles } from './store/team-store-port.js';
import { normaliseTombstones } from './store/team-store-port.js';
import { fetchTeamBranch, pushTeamBranch, type TransportFailureReason } from './store/transport.js';
import { writeFileAtomic, writeFileAtomicSync } from '../core/files/atomic-write.js';
import { withLock } from '../core/files/lock.js';
import { directoriesUnder, removeOrphanTemps } from '../core/files/orphan-temps.js';
import { memoryPaths } from '../core/layout.js';
import { renderTeamCommitMessage } from './commit-message.js';
import { openTeamContext, readGitAuthor, repoOperationInProgress, type TeamContext } from './team-context.js';
import { listRegionConflicts, mergeRegionBodies, readRegionBody, writeRegionBody, type RegionConflict } from './team-region.js';
import { sanitizeBody, type FlaggedEntry } from './sanitize.js';
import { readSyncStatus, updateSyncStatus, type SyncFailure, type SyncFailureReason } from './sync-status.js';
import { readLocalTombstones } from './tombstones.js';
import { EMPTY_FILES, bodyHash, readCommittedHash, readTextOrEmpty, rememberCommittedBody, sameFiles } from './committed-body.js';

export { readSyncStatus } from './sync-status.js';
export type { SyncStatus } from './sync-status.js';
// The hook-side team steps live in their own files; re-exported for callers of this module.
export { commitLocalTeamChange, type LocalCommitResult } from './local-commit.js';

export type SyncOptions = {
  /** Compute and report, write nothing (no CLAUDE.md, no commit, no push). */
  dryRun?: boolean;
  /** Exit non-zero on any failure (CI), instead of "local memory wins, exit 0". */
  strict?: boolean;
  /** Skip the push (session-start refresh: receive only, send later). */
  push?: boolean;
  /** Network timeout for this run, overriding team.networkTimeoutSeconds. */
  timeoutMs?: number;
  /** Agent session behind this change, for the commit trailer. */
  sessionId?: string;
  /** How long to wait for another sync of this clone. */
  lockTimeoutMs?: number;
  now?: Date;
};

export type SyncReport = {
  /** What happened overall. */
  outcome: 'up-to-date' | 'synced' | 'queued' | 'disabled' | 'dry-run';
  /** CLAUDE.md (the managed region) was rewritten with teammates' memory. */
  wroteMemoryFile: boolean;
  /** The team-branch commit this clone now has, when any. */
  commit: string | null;
  pushed: boolean;
  /** Local memory has changes the remote team branch does not have yet. */
  pending: boolean;
  /** The remote had no team branch and this run created it. */
  createdRemoteBranch: boolean;
  conflicts: RegionConflict[];
  quarantined: FlaggedEntry[];
  /** Local entries kept out of the team branch by the secret/injection gate. */
  withheld: FlaggedEntry[];
  failure: Omit<SyncFailure, 'at'> | null;
  warnings: string[];
  exitCode: number;
};


/** Returns the report of one sync of the clone at `root`; expected failures are in the report, only bugs and broken config throw. */
export async function syncTeamMemory(root: string, options: SyncOptions = {}): Promise<SyncReport> {
  const now = options.now ?? new Date();
  const context = openTeamContext(root, options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs });
  const report = emptyReport();
  if (!context.config.team.enabled) return { ...report, outcome: 'disabled' };
  const busy = repoOperationInProgress(root);
  if (busy) {
    return finish(context, report, options, now, {
      reason: 'repo-busy',
      message: `${busy} is in progress in this repository; team memory will sync after it finishes`,
    });
  }
  try {
    await withLock(context.syncLock, () => runSync(context, report, options, now), {
      timeoutMs: options.lockTimeoutMs ?? 30_000,
      staleMs: 10 * 60_000,
    });
  } catch (error) {
    if (isMemError(error) && error.code === 'LOCK_HELD') {
      report.failure = { reason: 'lock-held', message: 'another mem sync of this clone is running; this one was skipped' };
    } else if (isMemError(error) && error.code === 'REGION_DAMAGED') {
      report.failure = { reason: 'region-damaged', message: error.message };
    } else if (isMemError(error) && error.code === 'SYNC_FAILED') {
      report.failure = { reason: 'invalid-team-content', message: error.message };
    } else if (fileSystemError(error)) {
      // A full disk or an unwritable .memory/ is the machine's state, not a bug: like offline, the
      // sync is queued and the push it runs in goes on.
      const problem = fileSystemError(error)!;
      report.failure = { reason: 'write-failed', message: `${problem.message}. ${(problem.hint ?? '').replace(/\.$/, '')}` };
    } else {
      throw error;
    }
  }
  return finish(context, report, options, now, report.failure);
}

async function runSync(context: TeamContext, report: SyncReport, options: SyncOptions, now: Date): Promise<void> {
  const retries = context.config.team.pushRetries;
  // Ref updates of a killed sync may have left temp files in the store (the sync lock is held).
  removeOrphanTemps(directoriesUnder(join(context.target.storeDir, 'refs')));
  for (let attempt = 0; ; attempt += 1) {
    const fetched = await fetchTeamBranch(context.target);
    const network: { reason: TransportFailureReason; message: string } | null = fetched.ok ? null : fetched;
    const remoteOid = fetched.ok && fetched.branchExists ? await context.store.readRef('remote') : null;
    if (!network && remoteOid && !options.dryRun && (await isNothingToDo(context, remoteOid))) {
      report.commit = remoteOid;
      report.conflicts = listRegionConflicts(readRegionBody(readTextOrEmpty(context.memoryFile)) ?? '');
      return;
    }
    const lastKnownRemote = remoteOid ?? (await context.store.readRef('remote'));
    const step = await withLock(context.paths.memoryLock, () => mergeStep(context, report, options, now, network === null, remoteOid), {
      timeoutMs: 10_000,
    });
    report.pending = step.commit !== null && step.commit !== lastKnownRemote;
    if (network) {
      report.failure = network;
      return;
    }
    if (step.failure) {
      report.failure = step.failure;
      return;
    }
    if (options.dryRun || options.push === false || step.commit === null || step.commit === remoteOid) return;
    const pushed = await pushTeamBranch(context.target, step.commit);
    if (pushed.ok) {
      report.pushed = true;
      report.pending = false;
      report.createdRemoteBranch = remoteOid === null;
      await context.store.updateRef('base', step.commit, await context.store.readRef('base'));
      return;
    }
    if (pushed.reason === 'rejected' && attempt < retries) {
      report.warnings.push(`the team branch moved while syncing; merging again (attempt ${attempt + 2} of ${retries + 1})`);
      continue;
    }
    report.failure = pushed;
    return;
  }
}

/** True when the remote, the base and the local branch agree and the region is what was last committed. */
async function isNothingToDo(context: TeamContext, remoteOid: string): Promise<boolean> {
  const [base, local] = [await context.store.readRef('base'), await context.store.readRef('local')];
  if (base !== remoteOid || local !== remoteOid) return false;
  const body = readRegionBody(readTextOrEmpty(context.memoryFile)) ?? '';
  return bodyHash(body, readLocalTombstones(context.root)) === readCommittedHash(context.root);
}

type StepResult = { commit: string | null; failure: { reason: SyncFailureReason; message: string } | null };

async function mergeStep(
  context: TeamContext,
  report: SyncReport,
  options: SyncOptions,
  now: Date,
  reachable: boolean,
  remoteOid: string | null,
): Promise<StepResult> {
  const { store } = context;
  const scan = { entropyBits: context.config.filter.secretEntropyBits, minTokenLength: context.config.filter.secretMinTokenLength };
  const fileText = readTextOrEmpty(context.memoryFile);
  const ours = readRegionBody(fileText) ?? '';
  const baseOid = await store.readRef('base');
  const localOid = await store.readRef('local');
  let base = baseOid ? await store.readFiles(baseOid) : EMPTY_FILES;
  const local = localOid ? await store.readFiles(localOid) : null;

  let theirs: TeamFiles | null = null;
  let failure: StepResult['failure'] = null;
  if (remoteOid) {
    try {
      theirs = await store.readFiles(remoteOid);
    } catch (error) {
      if (!isMemError(error)) throw error;
      failure = { reason: 'invalid-team-content', message: error.message };
    }
    if (theirs && baseOid && !(await store.isAncestor(baseOid, remoteOid))) {
      // Note: a history rewritten by force is treated as unrelated: with an empty base, nothing
      // local is deleted because it vanished from the rewrite (only tombstones delete).
      report.warnings.push('the remote team branch was rewritten (force-pushed); merging without a common base so nothing is lost');
      base = EMPTY_FILES;
    }
  }
  const tombstones = new Set(
    normaliseTombstones([...base.tombstones, ...(theirs?.tombstones ?? []), ...(local?.tombstones ?? []), ...readLocalTombstones(context.root)]),
  );

  let merged = ours;
  if (theirs) {
    const incoming = sanitizeBody(theirs.memory, [ours, base.memory], ours, scan);
    report.quarantined = incoming.flagged;
    const result = mergeRegionBodies(base.memory, ours, incoming.text, tombstones);
    merged = result.text;
  } else if (tombstones.size > 0) {
    merged = mergeRegionBodies(ours, ours, ours, tombstones).text;
  }
  report.conflicts = listRegionConflicts(merged);

  if (merged !== ours) {
    report.wroteMemoryFile = true;
    if (!options.dryRun) {
      const next = writeRegionBody(fileText, merged);
      await writeFileAtomic(context.memoryFile, next);
      for (const mirror of context.mirrorFiles) {
        const mirrorText = readTextOrEmpty(mirror);
        if (readRegionBody(mirrorText) !== null) await writeFileAtomic(mirror, writeRegionBody(mirrorText, merged));
      }
    }
  }

  const outgoing = sanitizeBody(merged, [theirs?.memory ?? base.memory, base.memory], '', scan);
  report.withheld = outgoing.flagged;
  const files: TeamFiles = { memory: outgoing.text, tombstones: [...tombstones] };
  const head = theirs ? remoteOid : localOid;
  const headFiles = theirs ?? local;
  let commit: string | null = head;
  const localIncluded = localOid === null || (remoteOid !== null && theirs !== null && (await store.isAncestor(localOid, remoteOid)));
  const sameAsHead = headFiles !== null && sameFiles(headFiles, files);
  if (!(sameAsHead && (theirs === null || localIncluded))) {
    const parents = theirs && remoteOid ? [remoteOid, ...(localIncluded || localOid === null ? [] : [localOid])] : localOid ? [localOid] : [];
    const nothingYet = head === null && files.memory === '' && files.tombstones.length === 0;
    if (nothingYet && !reachable) commit = null;
    else if (!options.dryRun) {
      const author = readGitAuthor(context.root);
      commit = await store.writeCommit({
        files,
        parents,
        author,
        timestamp: Math.floor(now.getTime() / 1000),
        message: renderTeamCommitMessage({
          before: headFiles?.memory ?? '',
          after: files.memory,
          forgotten: files.tombstones.filter((id) => !(headFiles?.tombstones ?? []).includes(id)),
          author: author.name,
          sessionId: options.sessionId,
          kind: parents.length > 1 ? 'merge' : 'change',
        }),
      });
    } else {
      commit = 'dry-run';
    }
  }
  if (!options.dryRun && commit !== null && commit !== localOid) {
    if (!(await store.updateRef('local', commit, localOid))) {
      throw new MemError('LOCK_HELD', 'the local team branch moved during sync');
    }
  }
  if (!options.dryRun && theirs && remoteOid && remoteOid !== baseOid) {
    // What the remote had is now merged into local memory: that is the new agreement.
    await store.updateRef('base', remoteOid, baseOid);
  }
  if (!options.dryRun) {
    writeFileAtomicSync(join(memoryPaths(context.root).stateDir, 'quarantine.json'), `${JSON.stringify({ version: 1, at: now.toISOString(), entries: report.quarantined }, null, 2)}\n`);
    rememberCommittedBody(context.root, merged);
  }
  report.commit = commit === 'dry-run' ? null : commit;
  return { commit: commit === 'dry-run' ? null : commit, failure };
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
  if (failure) report.warnings.push(`team memory not synced (${failure.reason}): ${failure.message}; local memory kept, will retry`);
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
    conflicts: [],
    quarantined: [],
    withheld: [],
    failure: null,
    warnings: [],
    exitCode: EXIT.ok,
  };
}

/**
 * Session-start refresh: fetch and merge with a short timeout, no push. Returns the report; on
 * any failure local memory stays as it is and the failure is queued. Never throws for expected failures.
 */
export async function refreshTeamMemory(root: string, options: { timeoutMs?: number; sessionId?: string } = {}): Promise<SyncReport> {
  return syncTeamMemory(root, {
    push: false,
    timeoutMs: options.timeoutMs ?? 3_000,
    lockTimeoutMs: 0,
    ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }),
  });
}
