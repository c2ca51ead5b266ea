/**
 * The conflicts recorded in a region body, in the plain shape sync reports and review shows
 * (each side's text, null when that side deleted the entry).
 */
import type { Conflict } from '../core/memory-file/conflict-item.js';
import { listConflicts } from './merge/list-conflicts.js';

export type RegionConflict = {
  id: string;
  section: string;
  base: string | null;
  ours: string | null;
  theirs: string | null;
};

/** Returns the conflicts recorded in a region body; never throws. */
export function listRegionConflicts(body: string): RegionConflict[] {
  return toRegionConflicts(listConflicts(body));
}

function toRegionConflicts(conflicts: readonly Conflict[]): RegionConflict[] {
  return conflicts.map((conflict) => ({
    id: conflict.id,
    section: conflict.section,
    base: conflict.text ? conflict.text.base : (conflict.base?.text ?? null),
    ours: conflict.text ? conflict.text.ours : (conflict.ours?.text ?? null),
    theirs: conflict.text ? conflict.text.theirs : (conflict.theirs?.text ?? null),
  }));
}
