/**
 * The team store as sync sees it: refs, the entries at a commit, a commit written on top of
 * another, and the remote's team ref fetched and pushed. Two implementations hold to one contract
 * (test/unit/team/team-store-contract.test.ts): the system git's (git-team-store.ts) and an
 * in-memory fake (test/helpers/fake-team-store.ts) that sync's decisions are tested on.
 */
import type { Progress } from '../../core/progress.js';
import type { CommitSpec } from './git-objects.js';
import type { TeamRef } from './team-ref-names.js';
import type { FetchOutcome, PushOutcome } from './transport.js';

export type { TeamRef } from './team-ref-names.js';
export type { CommitSpec } from './git-objects.js';

/** What a commit holds: each entry's file bytes by id, and the ids forgotten (tombstones). */
export type StoredEntries = { entries: Map<string, Buffer>; tombstones: string[] };

export type TeamStore = {
  /** Returns the commit a ref points at, or null when the ref does not exist. */
  readRef(ref: TeamRef): Promise<string | null>;
  /** Moves `ref` to `next` only if it points at `expected` (null: must not exist); false when it did not. */
  updateRef(ref: TeamRef, next: string, expected: string | null): Promise<boolean>;
  /** Returns the entries and tombstones of `commit`; rejects with GIT_FAILED when it cannot be read. */
  readEntries(commit: string): Promise<StoredEntries>;
  /** Writes one commit and returns its id; rejects with GIT_FAILED when the store cannot be written. */
  writeCommit(spec: CommitSpec): Promise<string>;
  /** Brings the remote's team ref into the `remote` ref; never rejects (a failure is the outcome). */
  fetch(options?: { depth?: number; progress?: Progress }): Promise<FetchOutcome>;
  /** Makes `commit` the remote's team ref when it descends from what the remote has; never rejects. */
  push(commit: string): Promise<PushOutcome>;
};
