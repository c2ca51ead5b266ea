/**
 * What becomes of each branch that team memory has entries for, over plain data (read-branch-facts.ts
 * reads the facts from git; apply-branch-scopes.ts performs the plan):
 *
 * - landed: every tip this clone knows of the branch has its changes in the default branch (a merge
 *   commit or fast-forward: the tip is an ancestor; a rebase merge: `git cherry` finds every commit's
 *   patch there; a squash merge: the patch-id of the branch's whole diff is a commit of the default
 *   branch), and the branch had work of its own (a fresh branch with no commit is not "landed"):
 *   its entries are promoted, team-wide.
 * - abandoned: the remote deleted the branch without it landing (git's `[gone]` upstream), or
 *   nothing touched it (commits, entries, a "keep") for `scope.abandonDays`: its entries wait in
 *   `mem review` (promote, keep on the branch, forget). Nothing is ever deleted by this.
 * - open: everything else, including a branch this clone knows nothing of (no tip): another clone,
 *   on that branch, decides, and its promotion reaches this one through the team ref.
 */

/** What git says of one branch in this clone (read-branch-facts.ts). */
export type BranchFacts = {
  /** Tips this clone knows (its local branch, its remote-tracking ref); empty: none. */
  tips: readonly string[];
  /** The local branch's upstream was deleted on the remote (`git branch -vv` says `[gone]`). */
  gone: boolean;
  /** Every known tip's changes are in the default branch; null when no tip or no default branch is known. */
  landed: boolean | null;
  /** A known tip holds commits the default branch does not have by id (the branch has work of its own, landed or not). */
  ownWork: boolean;
  /** Where the local branch was created (the first entry of its reflog), null when not known. */
  createdAt: string | null;
  /** The newest commit time of the known tips (ms since the epoch), null when none. */
  lastCommitMs: number | null;
};

/** A branch's entries in the working copy: their ids and the newest entry's date (ms, null when none has one). */
export type ScopedEntries = { ids: readonly string[]; newestMs: number | null };

/** What a person chose for an abandoned branch in `mem review`: keep it (snoozed from `at`). */
export type KeptBranch = { atMs: number; reason: AbandonReason };

export type AbandonReason = 'gone' | 'untouched';

export type BranchScopeInput = {
  branches: ReadonlyMap<string, ScopedEntries>;
  facts: ReadonlyMap<string, BranchFacts>;
  /** The default branch (scope-view.ts), null when none is known. */
  defaultBranch: string | null;
  /** Branches this clone has seen with work of their own before (kept across syncs). */
  seenWithWork: ReadonlySet<string>;
  kept: ReadonlyMap<string, KeptBranch>;
  nowMs: number;
  abandonDays: number;
};

export type AbandonedBranch = { branch: string; reason: AbandonReason; ids: readonly string[] };

export type BranchScopePlan = {
  /** Branches whose entries become team-wide now. */
  promote: string[];
  /** Branches whose entries wait for a person in `mem review`. */
  abandoned: AbandonedBranch[];
  /** Branches seen with work of their own by this check (to remember). */
  seenWithWork: string[];
};

const DAY_MS = 86_400_000;

/** Returns the plan for every scoped branch; never throws. */
export function planBranchScopes(input: BranchScopeInput): BranchScopePlan {
  const plan: BranchScopePlan = { promote: [], abandoned: [], seenWithWork: [] };
  for (const [branch, entries] of [...input.branches].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (branch === input.defaultBranch) {
      plan.promote.push(branch);
      continue;
    }
    const facts = input.facts.get(branch);
    if (facts?.ownWork === true && !input.seenWithWork.has(branch)) plan.seenWithWork.push(branch);
    const hadWork =
      facts !== undefined &&
      (facts.ownWork ||
        input.seenWithWork.has(branch) ||
        (facts.createdAt !== null && facts.tips.length > 0 && !facts.tips.includes(facts.createdAt)));
    if (facts?.landed === true && hadWork) {
      plan.promote.push(branch);
      continue;
    }
    const kept = input.kept.get(branch);
    if (facts?.gone === true) {
      if (kept?.reason !== 'gone') plan.abandoned.push({ branch, reason: 'gone', ids: entries.ids });
      continue;
    }
    const touched = Math.max(facts?.lastCommitMs ?? 0, entries.newestMs ?? 0, kept?.atMs ?? 0);
    if (touched > 0 && input.nowMs - touched > input.abandonDays * DAY_MS)
      plan.abandoned.push({ branch, reason: 'untouched', ids: entries.ids });
  }
  return plan;
}
