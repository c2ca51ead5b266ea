/**
 * The team store port: the few operations team sync needs on the object store that holds the
 * team branch. One real implementation (isomorphic-git over `.git/mem/store.git`), one in-memory
 * fake, one conformance suite for both (test/unit/git/team-store-conformance.ts).
 */

/** The refs sync uses, by role rather than by name, so callers never compose ref strings. */
export type TeamRef =
  /** The local team branch: what this clone has committed (refs/heads/<branch>). */
  | 'local'
  /** The last fetched state of the remote team branch (refs/remotes/<remote>/<branch>). */
  | 'remote'
  /** The last state this clone agreed with the team: the merge base of the next sync. */
  | 'base';

/** The files of one team-branch commit, already validated. */
export type TeamFiles = {
  /** The managed region body, as markdown. */
  memory: string;
  /** Ids of forgotten entries, sorted and unique. */
  tombstones: string[];
};

export type TeamAuthor = { name: string; email: string };

export type TeamCommitInput = {
  files: TeamFiles;
  parents: string[];
  message: string;
  author: TeamAuthor;
  /** Seconds since the epoch. */
  timestamp: number;
};

export interface TeamStorePort {
  /** Returns the commit a ref points at, or null when the ref does not exist. */
  readRef(ref: TeamRef): Promise<string | null>;
  /** Returns the validated files of `commit`; throws MemError SYNC_FAILED on unsafe or unparseable content. */
  readFiles(commit: string): Promise<TeamFiles>;
  /** Returns the id of a new commit holding `files`; the ref is not moved. */
  writeCommit(input: TeamCommitInput): Promise<string>;
  /**
   * Moves `ref` to `next` only if it currently points at `expected` (null = must not exist);
   * returns false when it did not, so the caller re-reads and retries.
   */
  updateRef(ref: TeamRef, next: string, expected: string | null): Promise<boolean>;
  /** Returns true when `ancestor` is `descendant` or one of its ancestors. */
  isAncestor(ancestor: string, descendant: string): Promise<boolean>;
}

/** Largest memory.md or tombstones.txt accepted from a team branch (untrusted input). */
export const MAX_TEAM_FILE_BYTES = 2 * 1024 * 1024;

export const TEAM_FILE_NAMES = { memory: 'memory.md', tombstones: 'tombstones.txt', readme: 'README.md' } as const;

/** Returns the canonical text of tombstones.txt: sorted, unique, one id per line. */
export function renderTombstones(ids: Iterable<string>): string {
  const sorted = normaliseTombstones(ids);
  return sorted.length === 0 ? '' : `${sorted.join('\n')}\n`;
}

/** Returns ids sorted and deduplicated, blank lines dropped. */
export function normaliseTombstones(ids: Iterable<string>): string[] {
  const set = new Set<string>();
  for (const id of ids) {
    const trimmed = id.trim();
    if (trimmed !== '') set.add(trimmed);
  }
  return [...set].sort();
}

/** Returns the ids listed in a tombstones.txt text (never throws). */
export function parseTombstones(text: string): string[] {
  return normaliseTombstones(text.split('\n'));
}

/** The README committed on the team branch, so a human browsing it knows what it is. */
export const TEAM_README = `# Team memory (managed by mem)

This branch holds the team's shared memory for AI coding agents. It is written by \`mem sync\`
and is not meant to be merged into code branches.

- \`memory.md\`: the body of the managed region of CLAUDE.md, merged entry by entry.
- \`tombstones.txt\`: ids of forgotten entries (one per line), so nothing forgotten comes back.

Every commit lists the entries it added, changed or removed; the history is the audit log.
Edit memory in CLAUDE.md and run \`mem sync\`, or resolve conflicts with \`mem review\`.
`;
