/**
 * Provenance without history walks: sync records, in the working copy, the team commit that last
 * changed each entry (and git's author and date for it). This reads it back for `mem list`.
 */
import { parseRegionBody } from '../core/memory-file/parse-region-body.js';
import { readWorkingBody } from '../core/shared-memory-file.js';

/** Returns id → the team commit that last added or changed the entry, as recorded at the last sync; never throws. */
export function readEntryCommits(root: string, _branch: string): Map<string, string> {
  const commits = new Map<string, string>();
  try {
    for (const entry of parseRegionBody(readWorkingBody(root)).entries) if (entry.provenance.commit) commits.set(entry.id, entry.provenance.commit);
  } catch {
    /* no working copy yet */
  }
  return commits;
}
