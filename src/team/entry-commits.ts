/**
 * Provenance without history walks: sync records, in the working copy, the team commit that last
 * changed each entry (and git's author and date for it). This reads it back for `mem list`.
 */

/**
 * Returns id → team commit for entries whose listing lacks one. Empty: the working copy that
 * `mem list` reads already carries each entry's commit (`c=`), recorded by sync, so nothing is
 * read twice and no history is walked. Kept for the durable port's shape.
 */
export function readEntryCommits(_root: string, _branch: string): Map<string, string> {
  return new Map();
}
