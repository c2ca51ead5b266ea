/**
 * Branch scopes at sync: reads which branches the working copy has entries for and what git says of
 * them, plans (plan-branch-scopes.ts), and applies the plan: a landed branch's entries lose their
 * scope in the working copy (the sync that follows sends that as an ordinary change, so two clones
 * promoting at once make the same change and the merge keeps one), and abandoned branches are
 * recorded for `mem review` (.memory/state/branch-scopes.json). Nothing is deleted here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomicSync } from '../core/files/atomic-write.js';
import { cachedDerivation } from '../core/files/derived-cache.js';
import { withLock } from '../core/files/lock.js';
import { readBranchPosition } from '../core/git/scope-view.js';
import { regionBody } from '../core/memory-file/region-body.js';
import { writeWorkingBody } from '../core/shared-memory-file.js';
import { readWorkingText, sharedMemoryPaths } from '../core/rendering-state.js';
import {
  planBranchScopes,
  type AbandonReason,
  type AbandonedBranch,
  type KeptBranch,
  type ScopedEntries,
} from './plan-branch-scopes.js';
import { readBranchFacts } from './read-branch-facts.js';
import { recordScope } from './store/team-record.js';
import type { TeamContext } from './team-context.js';
import { readGitIdentity } from '../core/git/git-identity.js';
import type { Config } from '../core/config/schema.js';
import { memoryPaths } from '../core/layout.js';
import { readWorkingItems, renderWorkingBody } from './working-records.js';
import { planPromotion } from './promotion-conflicts.js';

/** What this clone keeps between checks: branches seen with work of their own, what a person kept, what waits for review. */
export type BranchScopeState = {
  seenWithWork: string[];
  kept: Record<string, KeptBranch>;
  abandoned: AbandonedBranch[];
};

/** A branch promoted: how many of its entries became team-wide, and how many of those contradict a team-wide entry and wait in `mem review`. */
export type PromotedBranch = { branch: string; entries: number; conflicts: number };

export type BranchScopeOutcome = { promoted: PromotedBranch[]; abandoned: AbandonedBranch[] };

function statePath(root: string): string {
  return join(root, '.memory', 'state', 'branch-scopes.json');
}

/** Returns the saved branch-scope state of the clone at `root` (empty when none); never throws. */
export function readBranchScopeState(root: string): BranchScopeState {
  try {
    const parsed = JSON.parse(readFileSync(statePath(root), 'utf8')) as Partial<BranchScopeState>;
    return {
      seenWithWork: Array.isArray(parsed.seenWithWork) ? parsed.seenWithWork : [],
      kept: parsed.kept ?? {},
      abandoned: Array.isArray(parsed.abandoned) ? parsed.abandoned : [],
    };
  } catch {
    return { seenWithWork: [], kept: {}, abandoned: [] };
  }
}

/** Saves the branch-scope state; throws on I/O failure. */
function saveBranchScopeState(root: string, state: BranchScopeState): void {
  writeFileAtomicSync(statePath(root), `${JSON.stringify(state, null, 2)}\n`);
}

/** The working copy's scoped entries by branch, parsed once per change of the file (`.memory/cache/branch-entries.json`). */
function scopedEntries(context: TeamContext): Map<string, ScopedEntries> {
  const working = sharedMemoryPaths(context.root).working;
  const byBranch = cachedDerivation(
    join(context.paths.cacheDir, 'branch-entries.json'),
    'branch-entries-1',
    { working },
    (contents) => {
      const out: Record<string, { ids: string[]; newestMs: number | null }> = {};
      for (const item of readWorkingItems(regionBody(contents['working']?.toString('utf8') ?? '') ?? '')) {
        const scope = recordScope(item.record);
        if (scope === undefined) continue;
        const at = Date.parse(item.provenance.at ?? '');
        const known = (out[scope] ??= { ids: [], newestMs: null });
        known.ids.push(item.id);
        if (Number.isFinite(at)) known.newestMs = Math.max(known.newestMs ?? 0, at);
      }
      return out;
    },
  );
  return new Map(Object.entries(byBranch));
}

/**
 * Promotes the entries of landed branches in the working copy and records abandoned ones; returns
 * what it did. `observeOnly`: promote nothing, only note which branches have work of their own
 * (after a sync brought a branch's first entries: a clone that saw the branch open may promote it
 * once it lands). Throws LOCK_HELD or on I/O failure (sync reports it and goes on).
 */
export async function settleBranchScopes(
  context: TeamContext,
  now: Date,
  options: { observeOnly?: boolean } = {},
): Promise<BranchScopeOutcome> {
  const outcome: BranchScopeOutcome = { promoted: [], abandoned: [] };
  if (context.config.scope.branches === 'off') return outcome;
  const branches = scopedEntries(context);
  const state = readBranchScopeState(context.root);
  if (branches.size === 0) {
    if (state.abandoned.length > 0) saveBranchScopeState(context.root, { ...state, abandoned: [] });
    return outcome;
  }
  const { defaultBranch } = readBranchPosition(context.root, context.config);
  const facts = await readBranchFacts(context.root, [...branches.keys()], {
    remote: context.config.team.remote,
    defaultBranch,
    cacheFile: join(context.paths.cacheDir, 'branch-facts.json'),
  });
  const plan = planBranchScopes({
    branches,
    facts,
    defaultBranch,
    seenWithWork: new Set(state.seenWithWork),
    kept: new Map(Object.entries(state.kept)),
    nowMs: now.getTime(),
    abandonDays: context.config.scope.abandonDays,
  });
  if (options.observeOnly === true) plan.promote = [];
  if (plan.promote.length > 0)
    outcome.promoted = await promoteBranches(context.root, context.config, new Set(plan.promote));
  outcome.abandoned = plan.abandoned;
  const seen = [...new Set([...state.seenWithWork, ...plan.seenWithWork])].filter(
    (branch) => branches.has(branch) && !plan.promote.includes(branch),
  );
  const kept = Object.fromEntries(
    Object.entries(state.kept).filter(([branch]) => branches.has(branch) && !plan.promote.includes(branch)),
  );
  const next = { seenWithWork: seen, kept, abandoned: plan.abandoned };
  if (JSON.stringify(next) !== JSON.stringify(state)) saveBranchScopeState(context.root, next);
  return outcome;
}

/**
 * Makes the entries of `branches` team-wide in the working copy, under the memory lock, each one
 * that contradicts a team-wide entry as a conflict with it for `mem review` (promotion-conflicts.ts);
 * returns per branch how many entries it promoted and how many of them wait in review.
 */
export async function promoteBranches(
  root: string,
  config: Config,
  branches: ReadonlySet<string>,
): Promise<PromotedBranch[]> {
  return withLock(
    memoryPaths(root).memoryLock,
    () => {
      const text = readWorkingText(root);
      const plan = planPromotion(readWorkingItems(regionBody(text) ?? ''), branches);
      if (plan.promoted.size === 0) return [];
      const identity = readGitIdentity(root);
      writeWorkingBody(
        root,
        renderWorkingBody(plan.items, config.region.sections, {
          name: identity.name ?? null,
          email: identity.email ?? null,
        }),
        text,
      );
      return [...plan.promoted].map(([branch, entries]) => ({
        branch,
        entries,
        conflicts: plan.conflicts.get(branch) ?? 0,
      }));
    },
    { timeoutMs: 10_000 },
  );
}

/** Keeps an abandoned branch's entries on it: not offered again (until untouched for scope.abandonDays once more). */
export function keepBranch(root: string, branch: string, reason: AbandonReason, now: Date): void {
  const state = readBranchScopeState(root);
  saveBranchScopeState(root, {
    ...state,
    kept: { ...state.kept, [branch]: { atMs: now.getTime(), reason } },
    abandoned: state.abandoned.filter((item) => item.branch !== branch),
  });
}
