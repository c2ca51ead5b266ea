/**
 * The apply step of a sync: performs the plan (plan-sync.ts). The commit (and the conflict
 * commit) is written on top of the team's side and its push started, then the working copy is
 * written once, already naming that commit, the agent's file rendered, the quarantine and the
 * entries held for a person recorded.
 */
import { readGitIdentity } from '../core/git/git-identity.js';
import {
  renderLayout,
  renderSharedMemory,
  writeWorkingBody,
  writeWorkingMetadata,
} from '../core/shared-memory-file.js';
import { readWorkingText, sharedMemoryPaths } from '../core/rendering-state.js';
import { fileStamp } from '../core/files/file-stamp.js';
import { noProgress, type Progress } from '../core/progress.js';
import { commitMessage, type StepResult } from './merge-parts.js';
import { recordQuarantine } from './quarantine-record.js';
import { writeHeldState } from './held-state.js';
import { splitWideConflicts, stampSent, type SyncPlan } from './plan-sync.js';
import { type FileWrite } from './store/git-objects.js';
import { TEAM_REF_README, entryPath, serializeRecord } from './store/team-record.js';
import { pushTeamBranch, type PushOutcome, type PushStarter } from './store/transport.js';
import { listRegionConflicts } from './team-region.js';
import { readGitAuthor, type TeamContext } from './team-context.js';
import { readWorkingItems, renderWorkingBody, type WorkingItem } from './working-records.js';

import { workingBody } from './read-sync-state.js';
import { recordCommitted } from './sync-committed.js';
import type { StepRead, SyncRun } from './sync-run.js';
/**
 * Performs the plan: writes the commit (and the conflict commit) on top of the team's side and
 * starts its push, then writes the working copy once, already naming that commit, renders the
 * agent's file and records what was quarantined.
 */
export async function applySyncPlan(
  run: SyncRun,
  read: StepRead,
  plan: SyncPlan,
  theirsOid: string | null,
  reachable: boolean,
): Promise<StepResult> {
  const { context, report, options, now } = run;
  const { root } = context;
  const sections = context.config.region.sections;
  const { reader, baseOid } = read;
  const { outgoing, written, conflicted } = plan;
  if (options.dryRun) {
    const body = renderWorkingBody(splitWideConflicts(plan.items), sections, reader);
    report.conflicts = listRegionConflicts(body);
    report.wroteMemoryFile ||= body !== workingBody(readWorkingText(root));
    return { commit: null, written, pending: plan.pending };
  }
  // Note: when a commit will be pushed, the base moves once, after the push (to the pushed commit,
  // or to theirs when the push fails): one `update-ref` instead of two. A sync killed in between
  // leaves the base behind the working copy, which the next sync merges cleanly (ours = theirs).
  const willPush = plan.pending && reachable && options.push !== false;
  const advance = theirsOid !== null && theirsOid !== baseOid ? { to: theirsOid, from: baseOid } : undefined;

  // The commit is written before the working copy, so the working copy is written once, already
  // naming the commit that holds this clone's versions (and, when it is to be pushed, this clone as
  // the author of what it sends). A push that fails leaves those names on entries still pending:
  // the next sync's commit names them again.
  let commit: string | null = plan.pending ? null : theirsOid;
  let pushing: Promise<PushOutcome> | undefined;
  let finalItems = splitWideConflicts(plan.items);
  if (plan.pending && reachable) {
    const author = readGitAuthor(root);
    const timestamp = Math.floor(now.getTime() / 1000);
    const message = (kind: 'change' | 'conflict') => commitMessage(kind, outgoing, conflicted, options.sessionId);
    const firstWrites: FileWrite[] = [...outgoing];
    if (theirsOid === null) firstWrites.push({ path: 'README.md', content: TEAM_REF_README });
    // A conflict records who holds each version: ours first lands as a plain entry in its own commit.
    for (const id of conflicted) {
      const mine = read.input.ours.find((item) => item.id === id)?.record;
      firstWrites.push({ path: entryPath(id), content: mine === undefined ? null : serializeRecord(mine) });
    }
    commit = await context.store.writeCommit({
      parent: theirsOid,
      writes: firstWrites,
      message: message('change'),
      author,
      timestamp,
    });
    if (conflicted.size > 0) {
      const ownVersions = commit;
      const withCommits = (item: WorkingItem): WorkingItem => {
        if (item.record.kind !== 'conflict') return item;
        const versions = item.record.versions.map((version) =>
          version.commit === null && version.text !== null ? { ...version, commit: ownVersions } : version,
        );
        const provenance = new Map(item.versionProvenance);
        const mine = provenance.get('');
        if (mine) provenance.set(ownVersions, { ...mine, commit: ownVersions });
        return { ...item, record: { ...item.record, versions }, versionProvenance: provenance };
      };
      const conflictWrites: FileWrite[] = [];
      for (const item of plan.items) {
        if (!conflicted.has(item.id) || item.record.kind !== 'conflict') continue;
        conflictWrites.push({ path: entryPath(item.id), content: serializeRecord(withCommits(item).record) });
        written.add(item.id);
      }
      commit = await context.store.writeCommit({
        parent: commit,
        writes: conflictWrites,
        message: message('conflict'),
        author,
        timestamp,
      });
      // The working copy names ours' versions by the commit that now holds them.
      finalItems = splitWideConflicts(plan.items.map(withCommits));
    }
    if (willPush) {
      finalItems = stampSent(finalItems, written, commit, reader, now);
      pushing = sendCommit(context, commit, written, options.progress ?? noProgress, run.pushes);
    }
  }

  const body = renderWorkingBody(finalItems, sections, reader);
  report.conflicts = listRegionConflicts(body);
  const fileNow = read.edits === 0 ? read.fileText : readWorkingText(root);
  const workingText = body !== workingBody(fileNow) ? writeWorkingBody(root, body, fileNow) : fileNow;
  const stamp = fileStamp(sharedMemoryPaths(root).working);
  const rendered = renderSharedMemory(root, renderLayout(context.config), { workingText, body });
  report.wroteMemoryFile ||= rendered.written;
  recordQuarantine(root, [...report.quarantined, ...plan.held], now);
  writeHeldState(root, plan.heldState, read.input.heldState);
  if (advance !== undefined && !willPush) await context.store.updateRef('base', advance.to, advance.from);

  const wrote = { workingText, stamp, workingHash: rendered.readBack === 0 ? rendered.workingHash : null };
  if (!plan.pending) return { commit: theirsOid, written, pending: false, wrote };
  if (!reachable) return { commit: null, written, pending: true, wrote };
  return {
    commit,
    written,
    pending: true,
    wrote,
    ...(pushing ? { pushing } : {}),
    ...(willPush && advance !== undefined ? { advanceBase: advance } : {}),
  };
}

/**
 * Starts pushing `commit` and returns its outcome. A merge step starts it as soon as the commit is
 * written: the working copy and the rendered file are written while git sends it (a sync killed
 * in between leaves a pushed commit whose entries the working copy holds unstamped, which the
 * next sync merges cleanly: both sides made the same change).
 */
export function sendCommit(
  context: TeamContext,
  commit: string,
  written: ReadonlySet<string>,
  progress: Progress,
  pushes: PushStarter,
): Promise<PushOutcome> {
  progress(`sending ${written.size === 1 ? '1 change' : `${written.size} changes`} to ${context.target.remote}`);
  return pushTeamBranch(context.target, commit, pushes.take());
}

/**
 * After a push: this clone's entries name the commit that now holds them, and this clone as their
 * author. The merge step wrote them so already; only when a hook added memory to the file meanwhile
 * is it read and stamped again.
 */
export function stampPushed(context: TeamContext, step: StepResult, commit: string, now: Date): boolean {
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
  const current = workingBody(fileText);
  const items = readWorkingItems(current);
  const stamped = stampSent(items, step.written, commit, reader, now);
  // Note: commits and authors are not in the rendered file: it stays current, the next sync has nothing to do.
  const changed = stamped.some((item, index) => item !== items[index]);
  const text = changed
    ? writeWorkingMetadata(context.root, renderWorkingBody(stamped, context.config.region.sections, reader), {
        fileText,
      })
    : fileText;
  recordCommitted(context.root, text);
  return false;
}
