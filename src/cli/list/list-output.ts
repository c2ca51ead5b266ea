/** What `mem list` prints (cli/commands/list.ts): the listing for stdout and the warnings for stderr. */
import { listEntries } from '../../durable/list-entries.js';
import { teamSharedMemory } from '../../team/shared-memory.js';
import { renderEntries } from './render-list.js';
import { ALL_BRANCHES } from '../../core/memory-file/entry-scope.js';

/** `branch`: the memory as seen on that branch; `allBranches`: every branch's; neither: as seen where HEAD is. */
export type ListRequest = {
  cwd: string;
  json: boolean;
  section?: string;
  personal?: boolean;
  width: number;
  branch?: string;
  allBranches?: boolean;
};

/** Returns the text for stdout (ending in a newline) and the warnings for stderr. Throws MemError (USAGE, NOT_INITIALISED, …). */
export async function listOutput(request: ListRequest): Promise<{ stdout: string; warnings: string[] }> {
  const listing = listEntries(request.cwd, {
    provenance: teamSharedMemory.readEntryCommits,
    ...(request.section === undefined ? {} : { section: request.section }),
    ...(request.personal === true ? { personal: true } : {}),
    view:
      request.allBranches === true
        ? ALL_BRANCHES
        : request.branch !== undefined
          ? { kind: 'branch', branch: request.branch }
          : 'here',
  });
  const warnings = listing.warnings.map((warning) => `mem: warning: ${warning}\n`);
  if (request.json) return { stdout: `${JSON.stringify(listing.entries, null, 2)}\n`, warnings };
  const others = new Map<string, string>();
  if (listing.entries.some((entry) => entry.conflict !== null && !entry.personal)) {
    // Whose the other version is, worded as mem review words it ("Alice's version (2026-12-01)"); loaded only when a conflict is listed.
    const { listReviewConflicts } = await import('../../team/review.js');
    for (const conflict of listReviewConflicts(listing.root)) {
      // Note: versions[0] is this clone's side (the text listed), versions[1] the one it competes with.
      const other = conflict.versions[1];
      if (other) others.set(conflict.id, other.label);
    }
  }
  return {
    stdout: `${renderEntries(listing.entries, { width: request.width, otherVersion: (id) => others.get(id) })}\n`,
    warnings,
  };
}
