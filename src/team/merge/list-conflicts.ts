/** Lists the conflicts waiting in a region body, for `mem review` and `mem status`. */
import type { Conflict } from '../../core/memory-file/conflict-item.js';
import { parseRegionBody } from '../../core/memory-file/parse-region-body.js';

/** Returns the entry and free-text conflicts in `body`, in order, with 1-based lines; never fails. */
export function listConflicts(body: string): Conflict[] {
  if (!body.includes('<!-- mem:conflict') && !body.includes('<<<<<<<')) return [];
  return parseRegionBody(body).conflicts;
}
