/**
 * The filter's answer for one candidate: what happens to it and why, as stable reason codes.
 */
import type { Candidate } from '../../core/memory-file/candidate.js';

/** Stable reason codes, shown by `mem candidates` and written to the candidate log. */
export type ReasonCode =
  | 'secret'
  | 'injection'
  | 'invisible-unicode'
  | 'tool-output'
  | 'question'
  | 'too-short'
  | 'too-long'
  | 'too-vague'
  | 'ephemeral'
  | 'contradiction'
  | 'duplicate'
  | 'near-duplicate'
  | 'duplicate-in-batch'
  /** The text repeats an entry a human forgot (`mem forget`): it does not come back by itself. */
  | 'forgotten'
  | 'forced'
  /** A CLAUDE.md file mem does not manage already says it (a human wrote it). */
  | 'in-claude-md'
  /** The injection gate found only a weak sign: it waits in the pending inbox for a person. */
  | 'held'
  /** Nobody asked for it to be kept and it comes from no source strong enough for the inbox. */
  | 'not-asked';

/**
 * add: write a new entry. merge: the entry `targetId` already says it (record provenance only).
 * supersede: replace the text of `targetId`, keeping its id. flag: contradicts `targetId`; keep
 * both for human review, never overwrite. reject: write nothing.
 */
export type VerdictAction = 'add' | 'merge' | 'supersede' | 'flag' | 'reject';

export type Verdict = {
  candidate: Candidate;
  /** true when the action changes memory (add, merge, supersede). */
  accepted: boolean;
  action: VerdictAction;
  reasons: ReasonCode[];
  targetId?: string;
};
