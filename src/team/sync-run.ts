/**
 * What one sync is asked to do, what it reports, and the fixed parts its steps share.
 */
import type { Progress } from '../core/progress.js';
import type { FlaggedEntry } from './scan-record.js';
import type { RemovedEntry, SyncInput } from './plan-sync.js';
import type { CommitAuthor } from './store/git-objects.js';
import type { PushStarter } from './store/transport.js';
import type { SyncFailure } from './sync-status.js';
import type { TeamContext } from './team-context.js';
import type { RegionConflict } from './team-region.js';

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
  /** This run fetched the team ref, and with it the shared handoffs (the handoff step need not fetch them again). */
  fetched: boolean;
  conflicts: RegionConflict[];
  quarantined: FlaggedEntry[];
  /** Team entries held for a person by this run (`mem review --held`). */
  held: FlaggedEntry[];
  /** Local entries kept off the team ref by the secret/injection gate. */
  withheld: FlaggedEntry[];
  /** Entries a teammate forgot or removed here that someone else wrote. */
  removedByTeam: RemovedEntry[];
  /** Entries received from teammates in this run. */
  received: number;
  /** Local entries sent in this run. */
  sent: number;
  /** Branches that landed in the default branch: their entries became team-wide in this run. */
  /** Branches that landed: entries made team-wide, and how many of them contradict a team-wide entry (conflicts for `mem review`). */
  promoted: Array<{ branch: string; entries: number; conflicts: number }>;
  /** Branches deleted or untouched without landing: their entries wait in `mem review`. */
  abandonedBranches: string[];
  failure: Omit<SyncFailure, 'at'> | null;
  warnings: string[];
  exitCode: number;
};

/** One sync's fixed parts, passed to its steps. */
export type SyncRun = {
  context: TeamContext;
  report: SyncReport;
  options: SyncOptions;
  now: Date;
  pushes: PushStarter;
};

/** What a merge step read: the working copy, the base, the team's side, and the plan's inputs. */
export type StepRead = {
  fileText: string;
  edits: number;
  baseOid: string | null;
  reader: { name: string | null; email: string | null };
  input: SyncInput;
  authors: Map<string, CommitAuthor>;
};
