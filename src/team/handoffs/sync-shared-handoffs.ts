/**
 * Shared handoffs at sync, share and unshare: the ref fetched, merged or deleted branches' handoffs
 * pruned (kept in the ref's history), and the cache a session start reads rebuilt when the ref
 * moved. Every file that arrives passes the gates (shared-handoff.ts) before the cache holds it.
 */
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeCacheFileSync } from '../../core/files/atomic-write.js';
import { readRemoteBranches, type RemoteBranchesRead } from '../../core/git/read-remote-branches.js';
import { readGitAuthor, type TeamContext } from '../team-context.js';
import {
  branchCacheFile,
  handoffCacheDir,
  readAllHandoffs,
  readHandoffCacheIndex,
  type CachedHandoff,
  type HandoffCacheIndex,
} from './handoff-cache.js';
import {
  changeHandoffs,
  fetchHandoffs,
  handoffsHead,
  openHandoffRef,
  readHandoffFiles,
  type ChangeOutcome,
  type HandoffRef,
} from './handoff-ref.js';
import { planHandoffPrune } from './plan-handoff-prune.js';
import { handoffPath, readSharedHandoff, serializeSharedHandoff, whoOf, type SharedHandoff } from './shared-handoff.js';

export type HandoffSyncReport = { fetched: boolean; pruned: number; shared: number; refused: number; warning?: string };

/** The remote's branches as a prune reads them (one `ls-remote`), asked for ahead; null when it could not say. */
export type BranchListing = Promise<RemoteBranchesRead | null>;

/**
 * Starts asking the remote for its branches when this clone's cache holds shared handoffs (a prune
 * will need them), so that a sync runs it beside the team fetch: two round trips at once, not one
 * after the other. Returns undefined when no handoff is shared; never throws (nor does the promise reject).
 */
export function listRemoteBranchesAhead(context: TeamContext): BranchListing | undefined {
  try {
    if (readdirSync(join(handoffCacheDir(context.paths.cacheDir), 'branches')).length === 0) return undefined;
  } catch {
    return undefined;
  }
  return readRemoteBranches(context.root, context.config.team.remote, context.target.timeoutMs).catch(() => null);
}

/**
 * Fetches the shared handoffs (unless `fetched`: the team sync's fetch just brought them), prunes
 * those of merged or deleted branches, and rebuilds the cache; never throws. The prune asks the
 * remote for its branches (one `ls-remote`, or the `branches` started ahead) only when some
 * handoff is shared at all.
 */
export async function syncSharedHandoffs(
  context: TeamContext,
  options: { now: Date; prune: boolean; fetched?: boolean; branches?: BranchListing },
): Promise<HandoffSyncReport> {
  const report: HandoffSyncReport = { fetched: false, pruned: 0, shared: 0, refused: 0 };
  try {
    const ref = openHandoffRef(context);
    const fetched = options.fetched === true ? { ok: true as const } : await fetchHandoffs(ref);
    if (!fetched.ok) return { ...report, warning: `shared handoffs not fetched: ${fetched.message}` };
    report.fetched = true;
    let index = await refreshHandoffCache(context, ref);
    if (options.prune) {
      const pruned = await pruneHandoffs(context, ref, options.now, options.branches);
      report.pruned = pruned.count;
      if (pruned.warning) report.warning = pruned.warning;
      index = await refreshHandoffCache(context, ref);
    }
    report.shared = readAllHandoffs(context.paths.cacheDir).length;
    report.refused = index.refused.length;
  } catch (error) {
    report.warning = `shared handoffs not synced: ${(error as Error).message}`;
  }
  return report;
}

/** Publishes `handoff` as this author's for its branch (replacing their previous one); the cache follows. */
export async function publishHandoff(context: TeamContext, handoff: SharedHandoff, now: Date): Promise<ChangeOutcome> {
  const ref = openHandoffRef(context);
  const path = handoffPath(handoff.branch, handoff.who);
  const text = serializeSharedHandoff(handoff);
  const outcome = await changeHandoffs(
    ref,
    (files) => (files.get(path)?.toString('utf8') === text ? [] : [{ path, content: text }]),
    {
      message: `mem: handoff of ${handoff.who} for ${handoff.branch}\n\nMem-Handoff: ${path}`,
      author: readGitAuthor(context.root),
      now,
    },
  );
  if (outcome.ok) await refreshHandoffCache(context, ref);
  return outcome;
}

/** Removes this author's shared handoff of `branch` from the ref (its history keeps it); `commit: null` when there was none. */
export async function unpublishHandoff(context: TeamContext, branch: string, now: Date): Promise<ChangeOutcome> {
  const ref = openHandoffRef(context);
  const author = readGitAuthor(context.root);
  const path = handoffPath(branch, whoOf(author.email));
  const outcome = await changeHandoffs(ref, (files) => (files.has(path) ? [{ path, content: null }] : []), {
    message: `mem: unshare the handoff of ${whoOf(author.email)} for ${branch}`,
    author,
    now,
  });
  if (outcome.ok) await refreshHandoffCache(context, ref);
  return outcome;
}

/** Rebuilds the cache from the ref's last fetched head when it moved; returns the cache's index. */
async function refreshHandoffCache(context: TeamContext, ref: HandoffRef): Promise<HandoffCacheIndex> {
  const cacheDir = context.paths.cacheDir;
  const index = readHandoffCacheIndex(cacheDir);
  const head = await handoffsHead(ref);
  if (head === index.commit) return index;
  const self = whoOf(readGitAuthor(context.root).email);
  const byBranch = new Map<string, CachedHandoff[]>();
  const refused: HandoffCacheIndex['refused'] = [];
  for (const [path, bytes] of head === null ? [] : await readHandoffFiles(ref, head)) {
    const read = readSharedHandoff(bytes, path);
    if (!read.ok) {
      refused.push({ path, reason: read.reason });
      continue;
    }
    const handoff = read.handoff;
    const cached: CachedHandoff = {
      path,
      branch: handoff.branch,
      who: handoff.who,
      name: handoff.name,
      updatedAt: handoff.updatedAt,
      sharedAt: handoff.sharedAt,
      goal: handoff.goal,
      tip: handoff.git.tip,
      clean: handoff.git.clean,
      mine: handoff.who === self,
      raw: bytes.toString('utf8'),
    };
    if (handoff.git.onRemote !== undefined) cached.onRemote = handoff.git.onRemote;
    byBranch.set(handoff.branch, [...(byBranch.get(handoff.branch) ?? []), cached]);
  }
  const branchesDir = join(handoffCacheDir(cacheDir), 'branches');
  mkdirSync(branchesDir, { recursive: true });
  const keep = new Set([...byBranch.keys()].map((branch) => branchCacheFile(cacheDir, branch)));
  for (const name of readdirSync(branchesDir))
    if (!keep.has(join(branchesDir, name))) rmSync(join(branchesDir, name), { force: true });
  for (const [branch, handoffs] of byBranch)
    writeCacheFileSync(branchCacheFile(cacheDir, branch), `${JSON.stringify({ handoffs })}\n`);
  const next: HandoffCacheIndex = { commit: head, refused };
  writeCacheFileSync(join(handoffCacheDir(cacheDir), 'index.json'), `${JSON.stringify(next)}\n`);
  return next;
}

/** Removes the handoffs of branches merged or deleted on the remote; one commit, pushed. */
async function pruneHandoffs(
  context: TeamContext,
  ref: HandoffRef,
  now: Date,
  ahead: BranchListing | undefined,
): Promise<{ count: number; warning?: string }> {
  const cached = readAllHandoffs(context.paths.cacheDir);
  if (cached.length === 0) return { count: 0 };
  const remote = await (ahead ??
    readRemoteBranches(context.root, context.config.team.remote, context.target.timeoutMs));
  if (remote === null)
    return { count: 0, warning: 'shared handoffs not pruned: the remote could not list its branches' };
  const paths = planHandoffPrune(cached, remote, now);
  if (paths.length === 0) return { count: 0 };
  const outcome = await changeHandoffs(
    ref,
    (files) => paths.filter((path) => files.has(path)).map((path) => ({ path, content: null })),
    {
      message: `mem: prune ${paths.length} handoff(s) of merged or deleted branches`,
      author: readGitAuthor(context.root),
      now,
    },
  );
  if (!outcome.ok) return { count: 0, warning: `shared handoffs not pruned: ${outcome.message}` };
  return { count: outcome.commit === null ? 0 : paths.length };
}
