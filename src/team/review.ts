/**
 * `mem review`: the conflicts waiting in the team memory, from the reader's point of view ("your
 * version", "Alice's version": who made each, when, and a word-level diff), and settling one. A
 * settlement is an ordinary change of the working copy (under the memory lock); the next sync
 * shares it and, since it descends from the conflict on the team ref, no clone is asked again.
 */
import { withLock } from '../core/files/lock.js';
import { readGitIdentity } from '../core/git/git-identity.js';
import { loadConfig } from '../core/config/load-config.js';
import { memoryPaths } from '../core/layout.js';
import type { Entry } from '../core/memory-file/entry.js';
import { parseRegionBody } from '../core/memory-file/parse-region-body.js';
import { versionLabel } from '../core/memory-file/render-memory.js';
import {
  absorbRenderedEdits,
  readWorkingBody,
  renderLayout,
  renderSharedMemory,
  writeWorkingBody,
} from '../core/shared-memory-file.js';
import { resolveConflict, type ConflictChoice } from './merge/resolve-conflict.js';
import { updateSyncStatus } from './sync-status.js';
import { wordDiff } from './word-diff.js';
import { keepBranch, promoteBranches, readBranchScopeState } from './apply-branch-scopes.js';
import type { AbandonReason } from './plan-branch-scopes.js';
import { MemError } from '../core/errors.js';
import { requireId, type IdKind } from '../core/resolve-id.js';

/** One version of a conflict as the reader sees it. */
export type ReviewVersion = {
  /** "Your version (2026-12-01)" or "Alice's version (2026-12-01)". */
  label: string;
  /** True for the reader's own version. */
  mine: boolean;
  author: string | null;
  at: string | null;
  /** The team commit that holds this version, when known. */
  commit: string | null;
  /** The branch this version was learned on (null: team-wide). */
  scope: string | null;
  section: string;
  /** null: this version deleted the entry. */
  text: string | null;
};

/**
 * One conflict as `mem review --json` prints it. `ours` is the reader's version ("mine"), `theirs`
 * the teammate's; `diff` goes from theirs to mine, word by word (`[-removed-]{+added+}`).
 */
export type ReviewConflict = {
  id: string;
  section: string;
  base: string | null;
  ours: string | null;
  theirs: string | null;
  versions: ReviewVersion[];
  diff: string;
};

/** What the reader can choose; `ours` and `theirs` keep working as aliases of mine and theirs. */
export type ReviewChoice = 'mine' | 'ours' | 'theirs' | 'both' | { text: string };

function reader(root: string): { name: string | null; email: string | null } {
  const identity = readGitIdentity(root);
  return { name: identity.name ?? null, email: identity.email ?? null };
}

function version(
  entry: Entry | null,
  section: string,
  who: { name: string | null; email: string | null },
  mine: boolean,
): ReviewVersion {
  const label = versionLabel(entry, who);
  return {
    label: entry === null ? `${mine ? 'Your' : "A teammate's"} version: deleted` : label,
    mine: entry === null ? mine : label.startsWith('Your version'),
    author: entry?.provenance.author ?? null,
    at: entry?.provenance.at ?? null,
    commit: entry?.provenance.commit ?? null,
    scope: entry?.provenance.scope ?? null,
    section: entry?.section || section,
    text: entry?.text ?? null,
  };
}

/** Returns the conflicts awaiting review in the clone at `root`, in memory order; never throws on a missing working copy. */
export function listReviewConflicts(root: string): ReviewConflict[] {
  const who = reader(root);
  return parseRegionBody(readWorkingBody(root)).conflicts.map((conflict) => {
    const ours = conflict.text ? conflict.text.ours : (conflict.ours?.text ?? null);
    const theirs = conflict.text ? conflict.text.theirs : (conflict.theirs?.text ?? null);
    const base = conflict.text ? conflict.text.base : (conflict.base?.text ?? null);
    return {
      id: conflict.id,
      section: conflict.section,
      base,
      ours,
      theirs,
      versions: [
        version(conflict.ours, conflict.section, who, true),
        version(conflict.theirs, conflict.section, who, false),
      ],
      diff: wordDiff(theirs, ours),
    };
  });
}

/** A branch whose entries wait for a decision: deleted on the remote without landing (`gone`), or untouched for scope.abandonDays. */
export type AbandonedBranchReview = {
  branch: string;
  reason: AbandonReason;
  entries: Array<{ id: string; section: string; text: string }>;
};

/** Returns the abandoned branches the last sync found, with their entries as the working copy holds them; never throws. */
export function listAbandonedBranches(root: string): AbandonedBranchReview[] {
  const abandoned = readBranchScopeState(root).abandoned;
  if (abandoned.length === 0) return [];
  const entries = parseRegionBody(readWorkingBody(root)).entries;
  return abandoned
    .map((item) => ({
      branch: item.branch,
      reason: item.reason,
      entries: entries
        .filter((entry) => entry.provenance.scope === item.branch)
        .map((entry) => ({ id: entry.id, section: entry.section, text: entry.text })),
    }))
    .filter((item) => item.entries.length > 0);
}

/**
 * Settles an abandoned branch: `promote` makes its entries team-wide (the next sync shares it),
 * `keep` leaves them on the branch and stops asking; returns the branches still waiting. Throws
 * NOT_FOUND for a branch with no entry waiting, LOCK_HELD when memory is busy.
 */
export async function settleAbandonedBranch(
  root: string,
  branch: string,
  take: 'promote' | 'keep',
  now: Date,
): Promise<AbandonedBranchReview[]> {
  const waiting = listAbandonedBranches(root).find((item) => item.branch === branch);
  if (waiting === undefined)
    throw new MemError('NOT_FOUND', `no entries of branch "${branch}" await a decision`, {
      hint: 'Run `mem review --branches` to see the branches that do.',
    });
  const config = loadConfig(root);
  if (take === 'promote') {
    await promoteBranches(root, config, new Set([branch]));
    await withLock(memoryPaths(root).memoryLock, () => renderSharedMemory(root, renderLayout(config)));
    updateSyncStatus(root, { pending: true });
  }
  keepBranch(root, branch, waiting.reason, now);
  return listAbandonedBranches(root);
}

const CONFLICTS: IdKind = {
  noun: 'conflict',
  nouns: 'conflicts',
  where: "in this clone's team memory",
  list: 'mem review --list',
};

/**
 * Settles the conflict `typed` names (its id, or the start of exactly one conflict's id, as every
 * command that takes an id reads one) by keeping mine, theirs, both, or a given text, re-renders the
 * agent's file, and returns its whole id and the conflicts still open; throws NOT_FOUND for an id that
 * names no single conflict, LOCK_HELD when memory is busy.
 */
export async function resolveReviewConflict(
  root: string,
  typed: string,
  choice: ReviewChoice,
): Promise<{ resolved: string; remaining: ReviewConflict[] }> {
  const config = loadConfig(root);
  const sections = config.region.sections;
  const mapped: ConflictChoice = choice === 'mine' ? 'ours' : choice;
  let resolved = typed;
  await withLock(memoryPaths(root).memoryLock, () => {
    const { body } = absorbRenderedEdits(root, sections);
    resolved = requireId(typed, parseRegionBody(body).conflicts, CONFLICTS).id;
    writeWorkingBody(root, resolveConflict(body, resolved, mapped));
    renderSharedMemory(root, renderLayout(config));
  });
  const remaining = listReviewConflicts(root);
  updateSyncStatus(root, { conflicts: remaining.length, pending: true });
  return { resolved, remaining };
}
