/**
 * Promotion meets the team (issue 31.5): while a branch is open, its entry that contradicts a
 * team-wide one only overrides it there; once the branch lands, the two would be team-wide side by
 * side. Instead, each such pair becomes one conflict for `mem review`, with both versions and the
 * branch each came from. Pure: over the working copy's items, so that two clones promoting the same
 * branch at once make the same conflict (same id, same versions, same commits) and the merge keeps one.
 */
import { isContradiction } from '../core/text/find-contradiction.js';
import type { Provenance } from '../core/memory-file/entry.js';
import { recordScope, sortVersions, withScope, type TeamVersion } from './store/team-record.js';
import type { WorkingItem } from './working-records.js';

/** The working copy's items after the promotion; per branch, how many entries it promoted and how many of them became conflicts. */
export type PromotionPlan = { items: WorkingItem[]; promoted: Map<string, number>; conflicts: Map<string, number> };

/**
 * Returns `items` as they are once the entries of `promoted` lose their scope, except that every promoted
 * entry that contradicts a team-wide entry (team-wide before this promotion) replaced by a conflict
 * between the two (under the promoted entry's id; the team-wide entry's id goes), and how many
 * conflicts each branch made. Never throws.
 */
export function planPromotion(items: readonly WorkingItem[], promoted: ReadonlySet<string>): PromotionPlan {
  const teamWide = items.filter((item) => item.record.kind === 'entry' && recordScope(item.record) === undefined);
  const taken = new Set<string>();
  const replaced = new Map<string, WorkingItem>();
  const conflicts = new Map<string, number>();
  const counts = new Map<string, number>();
  for (const item of items) {
    const scope = recordScope(item.record);
    if (item.record.kind !== 'entry' || scope === undefined || !promoted.has(scope)) continue;
    counts.set(scope, (counts.get(scope) ?? 0) + 1);
    const text = item.record.text;
    const team = teamWide.find(
      (other) => !taken.has(other.id) && other.record.kind === 'entry' && isContradiction(text, other.record.text),
    );
    if (team === undefined || team.record.kind !== 'entry') {
      const { scope: _scope, ...provenance } = item.provenance;
      replaced.set(item.id, { ...item, record: withScope(item.record, undefined), provenance });
      continue;
    }
    taken.add(team.id);
    const mine: TeamVersion = { section: item.record.section, text, commit: item.provenance.commit ?? null, scope };
    const theirs: TeamVersion = {
      section: team.record.section,
      text: team.record.text,
      commit: team.provenance.commit ?? null,
    };
    const versionProvenance = new Map<string, Provenance>([
      [mine.commit ?? '', item.provenance],
      [theirs.commit ?? '', team.provenance],
    ]);
    replaced.set(item.id, {
      id: item.id,
      record: { kind: 'conflict', section: item.record.section, base: null, versions: sortVersions([mine, theirs]) },
      provenance: {},
      versionProvenance,
    });
    conflicts.set(scope, (conflicts.get(scope) ?? 0) + 1);
  }
  return {
    items: items.filter((item) => !taken.has(item.id)).map((item) => replaced.get(item.id) ?? item),
    promoted: counts,
    conflicts,
  };
}
