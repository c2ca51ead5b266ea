/**
 * A branch's entry that contradicts a team-wide one is no conflict while the branch is open: on
 * that branch it overrides the team-wide entry (issue 31.5). Which team-wide entries a branch's own
 * entries override, over plain entries, with the quality gate's contradiction finder.
 */
import { isContradiction } from '../text/find-contradiction.js';
import type { Entry } from './entry.js';

/**
 * Returns, for each team-wide entry of `entries` that an entry of `branch` contradicts, that branch
 * entry (the newest such one, by position); empty when `branch` is null or has no entries. Never throws.
 */
export function findBranchOverrides(entries: readonly Entry[], branch: string | null): Map<string, Entry> {
  const overrides = new Map<string, Entry>();
  if (branch === null) return overrides;
  const own = entries.filter((entry) => entry.provenance.scope === branch);
  if (own.length === 0) return overrides;
  for (const team of entries) {
    if (team.provenance.scope !== undefined) continue;
    for (let at = own.length - 1; at >= 0; at -= 1) {
      const mine = own[at] as Entry;
      if (isContradiction(mine.text, team.text)) {
        overrides.set(team.id, mine);
        break;
      }
    }
  }
  return overrides;
}
