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
 * Order of effects: sync lock → fetch → memory lock: read back the rendered file, merge, write the
 * working copy, render, write the commit → push (rejected: fetch, merge, retry with jitter) → base.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXIT, fileSystemError, isMemError } from '../core/errors.js';
import { writeCacheFileSync } from '../core/files/atomic-write.js';
import { textFingerprint } from '../core/files/fast-hash.js';
import { isDamageMessage, setAsideDamagedStore, storeDamage } from './store/damaged-store.js';
import { withLock } from '../core/files/lock.js';
import { directoriesUnder, removeOrphanTemps } from '../core/files/orphan-temps.js';
import { readGitIdentity } from '../core/git/git-identity.js';
import { memoryPaths } from '../core/layout.js';
import { regionBody } from '../core/memory-file/region-body.js';
import { absorbRenderedEdits, readWorkingFile, readWorkingText, renderLayout, renderSharedMemory, renderingIsStale, sharedMemoryPaths, writeWorkingBody, writeWorkingMetadata } from '../core/shared-memory-file.js';
import { fileStamp, stampsChanged, stampsHold, takeStamps, type StampSet } from '../core/files/file-stamp.js';
import type { Provenance } from '../core/memory-file/entry.js';
import { noProgress, type Progress } from '../core/progress.js';
import { mergeRecords, type Side } from './merge/merge-records.js';
import { prescanRecords, type FlaggedEntry } from './scan-record.js';
import { commitMessage, incomingEntriesReader, isoSeconds, outgoingEntries, quarantinedIds, recordQuarantine, stampSent, teamProvenance, type StepResult } from './merge-parts.js';
import { incrementalMergeStep, startIncremental, startIncrementalFromFile, startStepRead, type IncrementalStart } from './incremental-merge-step.js';
import { startTeamHistory } from './store/team-history.js';
import { lazyObjectReader, type LazyObjectReader } from './store/object-reader.js';
import { dropSyncSnapshot, linkSnapshotText, saveSyncSnapshot, tombstonesFingerprint } from './sync-snapshot.js';
import {
  attributeChanges,
  diffTrees,
  listTree,
  readCommitAuthors,
  startAttributeChanges,
  startListTree,
  streamBlobs,
  writeCommit,
  type Attribution,
  type CommitAuthor,
  type FileWrite,
  type TreeFile,
} from './store/git-objects.js';
import { attributeAcrossCompaction, findCompaction, type Compaction } from './compaction-base.js';
import {
  ENTRY_DIR,
  TEAM_REF_README,
  TOMBSTONE_DIR,
  blobOid,
  classifyPath,
  entryPath,
  parseRecord,
  serializeRecord,
  tombstonePath,
  type TeamRecord,
} from './store/team-record.js';
import { fetchTeamBranch, pushStarter, pushTeamBranch, type PushOutcome, type PushStarter, type TransportFailureReason } from './store/transport.js';
import { listRegionConflicts, type RegionConflict } from './team-region.js';
import { openTeamContext, readGitAuthor, type TeamContext } from './team-context.js';
import { readSyncStatus, updateSyncStatus, type SyncFailure } from './sync-status.js';
import { addLocalTombstones, readLocalTombstones } from './tombstones.js';
import { readWorkingItems, renderWorkingBlocks, renderWorkingBody, type WorkingItem } from './working-records.js';

export { readSyncStatus } from './sync-status.js';
export type { SyncStatus } from './sync-status.js';
export type { FlaggedEntry } from './scan-record.js';

export type SyncOptions = {
  /** Compute and report, write nothing (no working copy, no commit, no push). */
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
  /** Pause between push retries (tests pass 0); default: jittered, growing. */
  retryDelayMs?: (attempt: number) => number;
  /** Phases of a long sync, for a terminal (only `mem sync` passes one; hooks never do). */
  progress?: Progress;
  /** false: always merge the whole working copy (tests compare both ways of merging on the same state). */
  incremental?: boolean;
};

export type SyncReport = {
  outcome: 'up-to-date' | 'synced' | 'queued' | 'disabled' | 'dry-run';
  /** The rendered memory file changed (teammates' memory arrived, or a human's edit was read back). */
  wroteMemoryFile: boolean;
  /** The team commit this clone now agrees with, when any. */
  commit: string | null;
  pushed: boolean;
  /** Local memory has changes the remote team ref does not have yet. */
  pending: boolean;
  /** The remote had no team ref and this run created it. */
  createdRemoteBranch: boolean;
  conflicts: RegionConflict[];
  quarantined: FlaggedEntry[];
  /** Local entries kept off the team ref by the secret/injection gate. */
  withheld: FlaggedEntry[];
  /** Entries received from teammates in this run. */
  received: number;
  /** Local entries sent in this run. */
  sent: number;
  failure: Omit<SyncFailure, 'at'> | null;
  warnings: string[];
  exitCode: number;
  /** How the last merge step read the working copy: only the lines changed since the last sync, or all of it (null: no merge step ran). */
  merge: 'incremental' | 'full' | null;
};

const DIRS = [ENTRY_DIR, TOMBSTONE_DIR];
/** Commits a new clone's first sync fetches (attribution of entries changed before them comes from the entries themselves, or is unknown). */
const FIRST_SYNC_DEPTH = 500;
const COMMITTED_FILE = 'team-committed.json';

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
          report.warnings.push(`the team store was damaged (${damage}); rebuilt it from the remote, keeping local memory; the damaged copy is at ${aside}`);
          context = open();
          await runSync(context, report, options, now);
        }
      },
      { timeoutMs: options.lockTimeoutMs ?? 30_000, staleMs: 10 * 60_000 },
    );
  } catch (error) {
    if (isMemError(error) && error.code === 'LOCK_HELD') {
      report.failure = { reason: 'lock-held', message: 'another mem sync of this clone is running; this one was skipped' };
    } else if (isMemError(error) && (error.code === 'GIT_FAILED' || error.code === 'SYNC_FAILED')) {
      report.failure = { reason: 'failed', message: error.message };
    } else if (isMemError(error) && error.code === 'REGION_DAMAGED') {
      report.failure = { reason: 'region-damaged', message: error.message };
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
  // Ref updates of a killed sync may have left temp files in the store (the sync lock is held).
  removeOrphanTemps(directoriesUnder(join(context.target.storeDir, 'refs')));
  // Note: one cat-file for every question this sync asks the store between its fetch and its push.
  const objects = lazyObjectReader(context.target.storeDir);
  // Note: and the first push's git, started while the heap is small (see prepared-git.ts).
  const pushes = pushStarter(context.target);
  try {
    await syncAttempts(context, report, options, now, objects, pushes);
  } finally {
    objects.close();
    pushes.cancel();
  }
}

async function syncAttempts(context: TeamContext, report: SyncReport, options: SyncOptions, now: Date, objects: LazyObjectReader, pushes: PushStarter): Promise<void> {
  const retries = context.config.team.pushRetries;
  const progress = options.progress ?? noProgress;
  for (let attempt = 0; ; attempt += 1) {
    // A new clone's first sync reads the tip's tree, not a year of history: a shallow fetch of the
    // last commits (who changed what recently), bounded whatever the team's history.
    const first = (await context.store.readRef('remote')) === null && (await context.store.readRef('base')) === null;
    progress(`fetching the team memory from ${context.target.remote}`);
    const fetching = fetchTeamBranch(context.target, { ...(first ? { depth: FIRST_SYNC_DEPTH } : {}), ...(options.progress ? { progress: options.progress } : {}) });
    // Note: while git fetches (another process, another core), the working copy is read when it changed.
    const early = attempt === 0 && !options.dryRun ? await readEarly(context, options.incremental !== false, objects, options.push !== false ? pushes : null) : null;
    const fetched = await fetching;
    if (!fetched.ok && fetched.reason === 'failed' && isDamageMessage(fetched.message)) throw new Error(fetched.message);
    const network: { reason: TransportFailureReason; message: string } | null = fetched.ok ? null : fetched;
    // Offline: what this clone fetched before is still worth merging (it is the team's, just older).
    const theirsOid = fetched.ok && !fetched.branchExists ? null : await context.store.readRef('remote');
    if (network === null && !options.dryRun && (await isNothingToDo(context, theirsOid))) {
      report.commit = theirsOid;
      const working = readWorkingText(context.root);
      // Note: a substring test first: parsing the whole working copy is what a no-op must not do.
      report.conflicts = working.includes('<!-- mem:conflict') ? listRegionConflicts(bodyOf(working)) : [];
      return;
    }
    const step = await withLock(context.paths.memoryLock, () => mergeStep(context, report, options, now, theirsOid, network === null, objects, pushes, early), { timeoutMs: 10_000 });
    report.pending = step.pending;
    // The base move mergeStep left for after the push, done when the push does not happen or fails.
    const advanceBase = async () => {
      if (step.advanceBase !== undefined) await context.store.updateRef('base', step.advanceBase.to, step.advanceBase.from);
    };
    if (network) {
      await advanceBase();
      await keepSnapshot(context, step, null);
      report.failure = network;
      return;
    }
    if (options.dryRun || options.push === false || step.commit === null || step.commit === theirsOid) {
      await advanceBase();
      if (!options.dryRun) await keepSnapshot(context, step, null);
      if (!options.dryRun && !step.pending) recordCommitted(context.root);
      if (step.commit !== null) report.commit = step.commit;
      return;
    }
    const pushing = step.pushing ?? sendCommit(context, step.commit, step.written, progress, pushes);
    // Note: the snapshot for a push that succeeds is written while git sends it, naming the commit
    // as its base; a push that fails rewrites it below, and a sync killed before the base moves
    // leaves a snapshot whose base is not the base, which the next sync does not use.
    const foreseen = keepSnapshotFor(context, step, step.commit, step.written);
    const pushed = await pushing;
    if (pushed.ok) {
      report.pushed = true;
      report.pending = false;
      report.createdRemoteBranch = theirsOid === null;
      report.commit = step.commit;
      report.sent = step.written.size;
      // Note: git moves the base while this clone's entries are stamped (independent, both under the sync lock).
      const movingBase = context.store.updateRef('base', step.commit, step.advanceBase !== undefined ? step.advanceBase.from : await context.store.readRef('base'));
      const holds = await withLock(context.paths.memoryLock, () => stampPushed(context, step, step.commit as string, now), { timeoutMs: 10_000 });
      await movingBase;
      if (!foreseen || !holds) await keepSnapshot(context, step, step.written, holds);
      return;
    }
    await advanceBase();
    await keepSnapshot(context, step, null);
    if (pushed.reason === 'rejected' && attempt < retries) {
      report.warnings.push(`the team ref moved while syncing; merging again (attempt ${attempt + 2} of ${retries + 1})`);
      await sleep(options.retryDelayMs ? options.retryDelayMs(attempt) : jitter(attempt));
      continue;
    }
    report.failure = pushed.reason === 'rejected' ? { reason: 'rejected', message: `${pushed.message} (gave up after ${retries + 1} attempts; the next sync retries)` } : pushed;
    return;
  }
}

/**
 * Keeps what the merge step wrote as the next sync's starting point, with the base as it now is:
 * the ids this clone changed stay candidates unless `sent` (pushed). Dropped when the working copy
 * no longer holds what the step wrote (a hook wrote meanwhile; `holds`: known already), or when
 * tombstones it sent did not reach the team ref: the next sync then reads the whole working copy.
 */
async function keepSnapshot(context: TeamContext, step: StepResult, sent: ReadonlySet<string> | null, holds?: boolean): Promise<void> {
  const wrote = step.wrote;
  const base = await context.store.readRef('base');
  if (base === null || !(holds ?? (wrote !== undefined && readWorkingText(context.root) === wrote.workingText)) || !keepSnapshotFor(context, step, base, sent)) dropSyncSnapshot(context.root);
}

/** Saves the snapshot of what the merge step wrote with `base` as its base; false (nothing saved) when it cannot be the next sync's start. */
function keepSnapshotFor(context: TeamContext, step: StepResult, base: string, sent: ReadonlySet<string> | null): boolean {
  const wrote = step.wrote;
  if (wrote === undefined || wrote.workingHash === null || (wrote.tombstonesSent && sent === null)) return false;
  const pending = sent === null ? wrote.changed : wrote.changed.filter((id) => !sent.has(id));
  const working = sharedMemoryPaths(context.root).working;
  const linked = saveSyncSnapshot(context.root, { base, body: wrote.body, pending, tombstones: tombstonesFingerprint(readLocalTombstones(context.root)), workingHash: wrote.workingHash }, wrote.workingText, { path: working, stamp: wrote.stamp }, wrote.known);
  // Note: the snapshot is another name of the working copy the step wrote, which moves its change time.
  if (linked !== null) wrote.stamp = linked;
  return true;
}

/** A growing, jittered pause, so clones that collided do not collide again in lockstep. */
function jitter(attempt: number): number {
  return Math.round((50 + Math.random() * 200) * 2 ** attempt);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The working copy as read while the fetch ran, outside the memory lock (the merge step checks it is still the file's). */
type EarlyRead = { text: string; stamps: StampSet; body: string; items: WorkingItem[] | null; baseTree: { base: string; files: Promise<Map<string, TreeFile>> } | null; incremental: IncrementalStart | null };

/**
 * When the working copy was written since the last sync recorded it (a sync with nothing to do
 * does none of this): asks git who the user is, reads the working copy, and either finds what
 * changed in it since the last sync (the base's files of those ids are read later, with the team's
 * changes, in one cat-file), or starts the listing of the base's whole tree (a process started
 * while the heap is small is cheaper to start) and parses the whole working copy; starts the
 * sync's cat-file. Never throws.
 */
async function readEarly(context: TeamContext, incremental: boolean, objects: LazyObjectReader, pushes: PushStarter | null): Promise<EarlyRead | null> {
  try {
    const saved = readCommitted(context.root);
    if (saved?.stamps !== undefined && !stampsChanged(saved.stamps, committedStampPaths(context.root))) return null;
    const base = await context.store.readRef('base');
    // Note: started now, while the heap is small (a process costs more to start as it grows), it
    // waits on its stdin for the questions asked between the fetch and the push.
    objects.get();
    pushes?.prepare();
    readGitIdentity(context.root);
    // Note: stamps before the read they vouch for, so a write in between is never vouched for.
    const stamps = takeStamps({ working: sharedMemoryPaths(context.root).working });
    const file = readWorkingFile(context.root);
    const text = file.text;
    // Note: the working copy's bytes against the last sync's: its region is found and its lines diffed without reading 4 MB line by line.
    const { body, start } = incremental ? startIncrementalFromFile(context.root, base, file, context.config.region.sections) : { body: regionBody(text) ?? '', start: null };
    const baseTree = start !== null || base === null ? null : { base, files: startListTree(context.target.storeDir, base, DIRS) };
    const items = start !== null ? null : readWorkingItems(body);
    // Note: entries no team commit holds yet are what this sync will most likely send: scanned now, the merge step's gate finds them scanned.
    // An incremental sync sends only lines changed since the last sync, so only those are scanned.
    const unsent = start !== null ? start.diff.added.map((added) => added.item) : (items ?? []);
    prescanRecords(
      unsent.filter((item) => item.provenance.commit === undefined).map((item) => [item.id, item.record] as const),
      { entropyBits: context.config.filter.secretEntropyBits, minTokenLength: context.config.filter.secretMinTokenLength },
    );
    return { text, stamps, body, items, baseTree, incremental: start };
  } catch {
    return null;
  }
}

/** True when the remote, the base and the working copy agree and the rendered file is current: nothing to read, merge or render. */
async function isNothingToDo(context: TeamContext, theirsOid: string | null): Promise<boolean> {
  const base = await context.store.readRef('base');
  if (base !== theirsOid) return false;
  const saved = readCommitted(context.root);
  if (!stampsHold(saved?.stamps, committedStampPaths(context.root))) {
    const stamps = takeStamps(committedStampPaths(context.root));
    if (saved?.hash !== committedHash(context.root)) return false;
    saveCommitted(context.root, { hash: saved.hash, stamps });
  }
  return !renderingIsStale(context.root);
}

async function mergeStep(
  context: TeamContext,
  report: SyncReport,
  options: SyncOptions,
  now: Date,
  theirsOid: string | null,
  reachable: boolean,
  objects: LazyObjectReader,
  pushes: PushStarter,
  early: EarlyRead | null = null,
): Promise<StepResult> {
  const { root, config } = context;
  report.merge = 'full';
  const storeDir = context.target.storeDir;
  const sections = config.region.sections;
  const scan = { entropyBits: config.filter.secretEntropyBits, minTokenLength: config.filter.secretMinTokenLength };
  const identity = readGitIdentity(root);
  const reader = { name: identity.name ?? null, email: identity.email ?? null };

  const baseOid = await context.store.readRef('base');
  const moved = theirsOid !== null && theirsOid !== baseOid;
  // Note: git's reads are started first (the new commits walked in the sync's open cat-file, or one
  // `git log`, where the history allows it: team-history.ts) and run on another core while the
  // working copy is read below.
  const history = moved && baseOid !== null ? startTeamHistory(storeDir, baseOid, theirsOid, DIRS, [ENTRY_DIR], objects.get()) : null;
  const ancestry = history?.related ?? Promise.resolve(false);
  const diff = history?.changes ?? null;
  const log = history?.attribution ?? null;
  // Note: a new clone's first sync lists the team's whole tree and attributes it: both start now,
  // and the attribution is awaited after the entries are read and checked (git works beside them).
  const fresh = theirsOid !== null && baseOid === null ? { listing: startListTree(storeDir, theirsOid, DIRS), attribution: startAttributeChanges(storeDir, theirsOid, null, [ENTRY_DIR]) } : null;
  // Note: and what the incremental step builds its commit from, beside that walk (one round fewer after it).
  const stepRead = early !== null && early.incremental !== null && baseOid !== null && theirsOid !== null && options.incremental !== false && !options.dryRun ? startStepRead(objects.get(), early.incremental, baseOid, theirsOid) : null;

  // Note: the file's text read once under the lock (or, while its stamps say it is the one read
  // during the fetch, not read again: 2.4 MB at 20,000 entries); when no edit is read back it is still the file's.
  const fileText = early !== null && stampsHold(early.stamps, { working: sharedMemoryPaths(root).working }) ? early.text : readWorkingText(root);
  // Note: the body of the text read during the fetch was found then (finding it scans 2.4 MB at 20,000 entries).
  const fileBody = early !== null && fileText === early.text ? early.body : (regionBody(fileText) ?? '');
  const absorbed = options.dryRun ? { body: bodyOf(fileText), edits: 0 } : absorbRenderedEdits(root, sections, fileBody);
  if (absorbed.edits > 0) report.wroteMemoryFile = true;
  // Note: what was read during the fetch is used when the body is still the one read (checked under the lock).
  const reuse = early !== null && early.body === absorbed.body;

  // Note: only when the rendered file is the last rendering (or gone): a human's edit of it, even a
  // reorder read back as no edit, goes through the full merge, which reads the whole working copy.
  if (options.incremental !== false && !options.dryRun && absorbed.edits === 0 && 'rendered' in absorbed && absorbed.rendered !== undefined && baseOid !== null) {
    const start = reuse && early.incremental !== null ? early.incremental : startIncremental(root, baseOid, absorbed.body, sections);
    const team = diff !== null && log !== null ? { related: ancestry, changes: diff, attribution: log } : null;
    const step =
      start === null
        ? null
        : await incrementalMergeStep({ context, report, objects: objects.get(), start, fileText, base: baseOid, theirs: theirsOid, reachable, team, reader, scan, now, push: options.push !== false, started: stepRead, send: (commit, written) => sendCommit(context, commit, written, options.progress ?? noProgress, pushes), ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }) });
    if (step !== null) {
      report.merge = 'incremental';
      return step;
    }
  }
  const baseTree =
    baseOid === null ? Promise.resolve(new Map<string, TreeFile>()) : early?.baseTree?.base === baseOid ? early.baseTree.files : startListTree(storeDir, baseOid, DIRS);
  const oursItems = reuse && early.items !== null ? early.items : readWorkingItems(absorbed.body);
  const items = new Map<string, WorkingItem>(oursItems.map((item) => [item.id, item]));
  const order = oursItems.map((item) => item.id);

  const baseFiles = await baseTree;
  // Which ids the team changed since the base (or, the first time and after a forced rewrite, everything it has).
  let incoming: Array<{ path: string; newOid: string | null; newMode: string | null }> = [];
  let related = true;
  let compaction: Compaction | null = null;
  if (theirsOid !== null && theirsOid !== baseOid) {
    related = baseOid !== null && (await ancestry);
    // A compacted team ref is a new root with the same tree: this clone's base is still a base,
    // when it is part of the history the snapshot replaced (kept under an archive ref).
    if (!related && baseOid !== null) compaction = await findCompaction(context, baseOid, theirsOid, reachable);
    if (compaction !== null) related = true;
    if (related && baseOid !== null) incoming = diff !== null ? await diff : diffTrees(storeDir, baseOid, theirsOid, DIRS);
    else {
      if (baseOid !== null) report.warnings.push('the remote team ref was rewritten (force-pushed); merging without a common base so nothing is lost');
      incoming = [...(fresh !== null ? await fresh.listing : listTree(storeDir, theirsOid, DIRS)).values()].map((file) => ({ path: file.path, newOid: file.oid, newMode: file.mode }));
    }
  }
  const attributed: Promise<{ byPath: Map<string, Attribution>; authors: Map<string, CommitAuthor> }> =
    theirsOid === null || theirsOid === baseOid
      ? Promise.resolve({ byPath: new Map<string, Attribution>(), authors: new Map<string, CommitAuthor>() })
      : compaction !== null && baseOid !== null
        ? Promise.resolve(attributeAcrossCompaction(storeDir, theirsOid, baseOid, compaction))
        : related && baseOid !== null && log !== null
          ? log
          : fresh !== null
            ? fresh.attribution
            : Promise.resolve(attributeChanges(storeDir, theirsOid, related ? baseOid : null, [ENTRY_DIR]));

  // The base's files by id, each path classified once (20,000 entries: classifying is a SHA-1 each).
  const baseEntries = new Map<string, string>();
  const baseTombstones: string[] = [];
  for (const file of baseFiles.values()) {
    const kind = classifyPath(file.path);
    if (kind?.kind === 'entry') baseEntries.set(kind.id, file.oid);
    else if (kind?.kind === 'tombstone') baseTombstones.push(kind.id);
  }

  // Tombstones: a union. What the team forgot is forgotten here too, and stays so.
  const tombstones = new Set(readLocalTombstones(root));
  for (const id of baseTombstones) tombstones.add(id);
  const remoteTombstones = new Set<string>();
  for (const change of incoming) {
    const kind = classifyPath(change.path);
    if (kind?.kind === 'tombstone' && change.newOid !== null) {
      tombstones.add(kind.id);
      remoteTombstones.add(kind.id);
    }
  }
  if (theirsOid !== null && related) for (const id of baseTombstones) remoteTombstones.add(id);

  // What this clone changed since the base: blob ids differ (no blob is read for that).
  const baseBlobOf = (id: string): string | null => (related || theirsOid === null ? (baseEntries.get(id) ?? null) : null);
  const oursChanged = new Set<string>();
  for (const item of oursItems) if (blobOid(serializeRecord(item.record)) !== baseBlobOf(item.id)) oursChanged.add(item.id);
  if (related || theirsOid === null) {
    for (const id of baseEntries.keys()) if (!items.has(id) && !tombstones.has(id)) oursChanged.add(id);
  }

  // Theirs: read and check each changed file on its own; a bad one is quarantined, the rest arrives.
  const wantedBlobs = incoming.filter((change) => change.newOid !== null && classifyPath(change.path)?.kind === 'entry').map((change) => change.newOid as string);
  const bothChanged = incoming.map((change) => classifyPath(change.path)).filter((kind) => kind?.kind === 'entry' && oursChanged.has(kind.id)).map((kind) => kind?.id ?? '');
  const baseBlobIds = bothChanged.map((id) => baseBlobOf(id)).filter((oid): oid is string => oid !== null);
  if (wantedBlobs.length > 0) (options.progress ?? noProgress)(`reading ${wantedBlobs.length} team entr${wantedBlobs.length === 1 ? 'y' : 'ies'} and merging`);
  // Note: each entry is checked as git reads it, while git reads the rest (a first sync reads them all).
  const entriesReader = incomingEntriesReader(incoming, scan);
  const blobs = await streamBlobs(storeDir, [...wantedBlobs, ...baseBlobIds], (arrived) => entriesReader.add(arrived));
  const { theirs, quarantined } = entriesReader.finish(blobs);
  report.quarantined.push(...quarantined);
  const baseRecord = (id: string): Side => {
    const oid = baseBlobOf(id);
    if (oid === null) return undefined;
    const bytes = blobs.get(oid);
    const parsed = bytes === undefined ? null : parseRecord(bytes);
    return parsed?.ok ? parsed.record : undefined;
  };

  const attribution = await attributed;

  // The merge, id by id.
  const conflicted = new Set<string>();
  for (const [id, record] of theirs) {
    const at = attribution.byPath.get(entryPath(id));
    const provenance = (entry: TeamRecord | undefined): Provenance => teamProvenance(at, entry);
    if (!oursChanged.has(id)) {
      setItem(items, order, id, record, provenance(record));
      report.received += 1;
      continue;
    }
    const ours = items.get(id)?.record;
    const base = baseRecord(id);
    if (base === undefined && ours !== undefined && record !== undefined && serializeRecord(ours) !== serializeRecord(record)) {
      // Two clones chose the same id for different entries (or a teammate reused one): theirs keeps
      // the id it already has on the team ref, ours moves to a new one derived from it. Nothing is lost.
      const moved = `${id.slice(0, 50)}-${blobOid(serializeRecord(ours)).slice(0, 8)}`;
      const mine = items.get(id) as WorkingItem;
      items.set(moved, { ...mine, id: moved });
      order.splice(order.indexOf(id) + 1, 0, moved);
      oursChanged.add(moved);
      oursChanged.delete(id);
      setItem(items, order, id, record, provenance(record));
      report.received += 1;
      continue;
    }
    const merged = mergeRecords(base, ours, record, { ours: null, theirs: at?.commit ?? theirsOid });
    if (merged.conflict) conflicted.add(id);
    const mine = items.get(id)?.provenance ?? {};
    setItem(items, order, id, merged.record, merged.record !== undefined && serializeRecord(merged.record) === serializeRecord(ours ?? merged.record) ? mine : provenance(merged.record));
    if (merged.record === undefined || ours === undefined || serializeRecord(merged.record) !== serializeRecord(ours)) report.received += 1;
  }
  for (const id of tombstones) {
    if (items.has(id)) {
      items.delete(id);
      oursChanged.add(id);
    }
  }
  if (!options.dryRun && remoteTombstones.size > 0) addLocalTombstones(root, [...remoteTombstones].filter((id) => id !== ''));

  // Who wrote each version of a conflict: git's author of the commit that holds it.
  const versionCommits = [...items.values()].flatMap((item) => (item.record.kind === 'conflict' ? item.record.versions.map((version) => version.commit).filter((c): c is string => c !== null) : []));
  const authors = new Map([...attribution.authors, ...readCommitAuthors(storeDir, versionCommits.filter((c) => !attribution.authors.has(c)))]);
  for (const item of items.values()) {
    if (item.record.kind !== 'conflict') continue;
    const known = item.versionProvenance ?? new Map<string, Provenance>();
    for (const version of item.record.versions) {
      const author = version.commit === null ? null : authors.get(version.commit);
      const key = version.commit ?? '';
      if (author) known.set(key, { author: author.name, at: isoSeconds(author.at), ...(version.commit ? { commit: version.commit } : {}) });
      else if (version.commit === null && !known.has(key)) known.set(key, { ...(reader.name ? { author: reader.name } : {}), at: now.toISOString().replace(/\.\d{3}Z$/, 'Z') });
    }
    item.versionProvenance = known;
  }

  // Outgoing: what this clone sends passes the same gate; a flagged entry stays local.
  const { outgoing, written, withheld } = outgoingEntries(oursChanged, items, conflicted, scan);
  report.withheld.push(...withheld);
  for (const id of tombstones) if (!remoteTombstones.has(id) && !(theirsOid === null && baseFiles.has(tombstonePath(id)))) outgoing.push({ path: tombstonePath(id), content: '' });

  const merged = order.filter((id) => items.has(id)).map((id) => items.get(id) as WorkingItem);
  const pendingWork = outgoing.length > 0 || conflicted.size > 0;
  if (options.dryRun) {
    const body = renderWorkingBody(splitWideConflicts(merged), sections, reader);
    report.conflicts = listRegionConflicts(body);
    report.wroteMemoryFile ||= body !== bodyOf(readWorkingText(root));
    return { commit: null, written, pending: pendingWork };
  }
  // Note: when a commit will be pushed, the base moves once, after the push (to the pushed commit,
  // or to theirs when the push fails): one `update-ref` instead of two. A sync killed in between
  // leaves the base behind the working copy, which the next sync merges cleanly (ours = theirs).
  const willPush = pendingWork && reachable && options.push !== false;
  const advance = theirsOid !== null && theirsOid !== baseOid ? { to: theirsOid, from: baseOid } : undefined;

  // The commit is written before the working copy, so the working copy is written once, already
  // naming the commit that holds this clone's versions (and, when it is to be pushed, this clone as
  // the author of what it sends). A push that fails leaves those names on entries still pending:
  // the next sync's commit names them again.
  let commit: string | null = pendingWork ? null : theirsOid;
  let pushing: Promise<PushOutcome> | undefined;
  let finalItems = splitWideConflicts(merged);
  if (pendingWork && reachable) {
    const author = readGitAuthor(root);
    const timestamp = Math.floor(now.getTime() / 1000);
    const message = (kind: 'change' | 'conflict') => commitMessage(kind, outgoing, conflicted, options.sessionId);
    const firstWrites: FileWrite[] = [...outgoing];
    if (theirsOid === null) firstWrites.push({ path: 'README.md', content: TEAM_REF_README });
    // A conflict records who holds each version: ours first lands as a plain entry in its own commit.
    for (const id of conflicted) {
      const mine = oursItems.find((item) => item.id === id)?.record;
      firstWrites.push({ path: entryPath(id), content: mine === undefined ? null : serializeRecord(mine) });
    }
    commit = writeCommit(storeDir, { parent: theirsOid, writes: firstWrites, message: message('change'), author, timestamp });
    if (conflicted.size > 0) {
      const ownVersions = commit;
      const withCommits = (item: WorkingItem): WorkingItem => {
        if (item.record.kind !== 'conflict') return item;
        const versions = item.record.versions.map((version) => (version.commit === null && version.text !== null ? { ...version, commit: ownVersions } : version));
        const provenance = new Map(item.versionProvenance);
        const mine = provenance.get('');
        if (mine) provenance.set(ownVersions, { ...mine, commit: ownVersions });
        return { ...item, record: { ...item.record, versions }, versionProvenance: provenance };
      };
      const conflictWrites: FileWrite[] = [];
      for (const id of conflicted) {
        const item = items.get(id);
        if (item?.record.kind !== 'conflict') continue;
        conflictWrites.push({ path: entryPath(id), content: serializeRecord(withCommits(item).record) });
        written.add(id);
      }
      commit = writeCommit(storeDir, { parent: commit, writes: conflictWrites, message: message('conflict'), author, timestamp });
      // The working copy names ours' versions by the commit that now holds them.
      finalItems = splitWideConflicts(merged.map(withCommits));
    }
    if (willPush) {
      finalItems = stampSent(finalItems, written, commit, reader, now);
      pushing = sendCommit(context, commit, written, options.progress ?? noProgress, pushes);
    }
  }

  const { body, blocks } = renderWorkingBlocks(finalItems, sections, reader);
  report.conflicts = listRegionConflicts(body);
  const fileNow = absorbed.edits === 0 ? fileText : readWorkingText(root);
  const workingText = body !== bodyOf(fileNow) ? writeWorkingBody(root, body, fileNow) : fileNow;
  // Note: before rendering, which may read a human's edit back into the working copy.
  linkSnapshotText(root, sharedMemoryPaths(root).working);
  const stamp = fileStamp(sharedMemoryPaths(root).working);
  // Note: a merge's items have unique ids; in sync's shape (a first sync's 20,000 entries) only
  // the entries the budget shows are read to render, not every block (~200 ms at 20,000).
  const rendered = renderSharedMemory(root, renderLayout(context.config), { workingText, body, blocks, syncShape: new Set(finalItems.map((item) => item.id)).size === finalItems.length });
  report.wroteMemoryFile ||= rendered.written;
  recordQuarantine(root, report.quarantined, now);
  if (advance !== undefined && !willPush) await context.store.updateRef('base', advance.to, advance.from);

  const tombstonesSent = outgoing.some((write) => write.path.startsWith(`${TOMBSTONE_DIR}/`));
  const wrote = { body, workingText, stamp, changed: [...oursChanged, ...quarantinedIds(report.quarantined)], workingHash: rendered.readBack === 0 ? rendered.workingHash : null, tombstonesSent };
  if (!pendingWork) return { commit: theirsOid, written, pending: false, wrote };
  if (!reachable) return { commit: null, written, pending: true, wrote };
  return { commit, written, pending: true, wrote, ...(pushing ? { pushing } : {}), ...(willPush && advance !== undefined ? { advanceBase: advance } : {}) };
}

/**
 * Starts pushing `commit` and returns its outcome. A merge step starts it as soon as the commit is
 * written: the working copy and the rendered file are written while git sends it (a sync killed
 * in between leaves a pushed commit whose entries the working copy holds unstamped, which the
 * next sync merges cleanly: both sides made the same change).
 */
function sendCommit(context: TeamContext, commit: string, written: ReadonlySet<string>, progress: Progress, pushes: PushStarter): Promise<PushOutcome> {
  progress(`sending ${written.size === 1 ? '1 change' : `${written.size} changes`} to ${context.target.remote}`);
  return pushTeamBranch(context.target, commit, pushes.take());
}

/** A conflict shows two versions; a third and later one becomes an entry of its own (nothing is dropped). */
function splitWideConflicts(items: readonly WorkingItem[]): WorkingItem[] {
  const out: WorkingItem[] = [];
  for (const item of items) {
    if (item.record.kind !== 'conflict' || item.record.versions.length <= 2) {
      out.push(item);
      continue;
    }
    const [first, second, ...rest] = item.record.versions;
    out.push({ ...item, record: { ...item.record, versions: [first, second].filter((v) => v !== undefined) } });
    rest.forEach((version, index) => {
      if (version.text === null) return;
      out.push({ id: `${item.id.slice(0, 55)}.v${index + 3}`, record: { kind: 'entry', section: version.section, text: version.text, session: null, agent: null }, provenance: item.versionProvenance?.get(version.commit ?? '') ?? {} });
    });
  }
  return out;
}

function setItem(items: Map<string, WorkingItem>, order: string[], id: string, record: Side, provenance: Provenance): void {
  if (record === undefined) {
    items.delete(id);
    return;
  }
  if (!items.has(id)) order.push(id);
  items.set(id, { id, record, provenance });
}

/**
 * After a push: this clone's entries name the commit that now holds them, and this clone as their
 * author. The merge step wrote them so already; only when a hook added memory to the file meanwhile
 * is it read and stamped again.
 */
function stampPushed(context: TeamContext, step: StepResult, commit: string, now: Date): boolean {
  // Note: every writer of the working copy replaces it by rename (a new inode), so the file's stamp
  // as the merge step left it says it still holds what the step wrote, without reading 2.4 MB again.
  if (step.wrote !== undefined && fileStamp(sharedMemoryPaths(context.root).working) === step.wrote.stamp) {
    recordCommitted(context.root, step.wrote.workingText, step.wrote.workingHash ?? undefined);
    return true;
  }
  const fileText = readWorkingText(context.root);
  if (step.wrote !== undefined && step.wrote.workingText === fileText) {
    recordCommitted(context.root, fileText, step.wrote.workingHash ?? undefined);
    return true;
  }
  const identity = readGitIdentity(context.root);
  const reader = { name: identity.name ?? null, email: identity.email ?? null };
  const current = bodyOf(fileText);
  const items = readWorkingItems(current);
  const stamped = stampSent(items, step.written, commit, reader, now);
  // Note: commits and authors are not in the rendered file: it stays current, the next sync has nothing to do.
  const changed = stamped.some((item, index) => item !== items[index]);
  const text = changed ? writeWorkingMetadata(context.root, renderWorkingBody(stamped, context.config.region.sections, reader), { fileText }) : fileText;
  recordCommitted(context.root, text);
  return false;
}

function bodyOf(text: string): string {
  const begin = text.indexOf('-->\n');
  const end = text.lastIndexOf('<!-- mem:end');
  return begin >= 0 && end > begin ? text.slice(begin + 4, end) : '';
}

/** The working copy and the local tombstones as one fingerprint; `workingHash`: the text's own fingerprint, when known. */
function committedHash(root: string, workingText: string = readWorkingText(root), workingHash: string = textFingerprint(workingText)): string {
  return textFingerprint(`${workingHash}\u0000${readLocalTombstones(root).join('\n')}`);
}

type Committed = { hash: string; stamps?: StampSet };

/** The files behind the committed hash, whose stamps let a no-op sync skip reading and hashing them. */
function committedStampPaths(root: string): Record<string, string> {
  return { working: sharedMemoryPaths(root).working, tombstones: join(memoryPaths(root).stateDir, 'tombstones.txt') };
}

function readCommitted(root: string): Committed | null {
  try {
    const parsed = JSON.parse(readFileSync(join(memoryPaths(root).stateDir, COMMITTED_FILE), 'utf8')) as Partial<Committed>;
    return typeof parsed.hash === 'string' ? { hash: parsed.hash, ...(parsed.stamps ? { stamps: parsed.stamps } : {}) } : null;
  } catch {
    return null;
  }
}

function saveCommitted(root: string, committed: Committed): void {
  writeCacheFileSync(join(memoryPaths(root).stateDir, COMMITTED_FILE), `${JSON.stringify(committed)}\n`);
}

/** Records that the working copy as it is now is what the team ref holds (the no-op fast path); `workingText`: the file as the caller just wrote it under the memory lock. */
function recordCommitted(root: string, workingText?: string, workingHash?: string): void {
  const stamps = takeStamps(committedStampPaths(root));
  saveCommitted(root, { hash: committedHash(root, workingText, workingHash), stamps });
}

function finish(context: TeamContext, report: SyncReport, options: SyncOptions, now: Date, failure: Omit<SyncFailure, 'at'> | null): SyncReport {
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
    received: 0,
    sent: 0,
    failure: null,
    warnings: [],
    exitCode: EXIT.ok,
    merge: null,
  };
}

/** Session-start refresh: fetch and merge with a short timeout, no push; never throws for expected failures. */
export async function refreshTeamMemory(root: string, options: { timeoutMs?: number; sessionId?: string } = {}): Promise<SyncReport> {
  return syncTeamMemory(root, { push: false, timeoutMs: options.timeoutMs ?? 3_000, lockTimeoutMs: 0, ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }) });
}

