/**
 * The seam between team sync and the markdown/merge modules: how sync reads and writes the
 * managed region body, lists its entries and conflicts, and merges three bodies. Sync depends on
 * these few functions only.
 * The markdown and merge modules do the work; this file adapts their shapes to what sync needs
 * (byte offsets of items for the secret/injection gate, plain-text conflict sides for review).
 */
import { regionDamagedError } from '../core/memory-file/apply-region-edits.js';
import type { Conflict } from '../core/memory-file/conflict-item.js';
import { locateRegion } from '../core/memory-file/locate-region.js';
import { parseRegionBody } from '../core/memory-file/parse-region-body.js';
import { regionBody, replaceRegionBody } from '../core/memory-file/region-body.js';
import { listConflicts } from './merge/list-conflicts.js';
import { mergeRegion } from './merge/merge-region.js';
import { resolveConflict, type ConflictChoice } from './merge/resolve-conflict.js';

export type RegionEntry = {
  id: string;
  section: string;
  text: string;
  /** Offsets of the whole list item (including its trailing newline) in the body. */
  start: number;
  end: number;
};

export type RegionConflict = { id: string; section: string; base: string | null; ours: string | null; theirs: string | null };

export type RegionMerge = { text: string; conflicts: RegionConflict[]; clean: boolean };

export type { ConflictChoice };

/** Returns the managed region body of a memory file (LF endings), or null when the file has no region; throws REGION_DAMAGED on damaged markers. */
export function readRegionBody(fileText: string): string | null {
  const location = locateRegion(fileText);
  if (location.damage !== null) throw regionDamagedError(location.damage);
  return regionBody(fileText);
}

/** Returns the file text with the region body replaced (region appended when absent), in the file's line ending; bytes outside it never change. */
export function writeRegionBody(fileText: string, body: string): string {
  return replaceRegionBody(fileText, body);
}

/** Returns the items of a region body in order (entries and conflict items, with their offsets); never throws. */
export function listRegionEntries(body: string): RegionEntry[] {
  const entries: RegionEntry[] = [];
  let offset = 0;
  for (const block of parseRegionBody(body).blocks) {
    const start = offset;
    offset += block.raw.length;
    const item = block.item;
    if (!item) continue;
    const text = item.kind === 'entry' || item.kind === 'resolved' ? item.entry.text : block.raw.trim();
    entries.push({ id: item.id, section: block.section, text, start, end: offset });
  }
  return entries;
}

/** Returns the three-way merge of region bodies; tombstoned entries are dropped. Never throws. */
export function mergeRegionBodies(base: string, ours: string, theirs: string, tombstones: ReadonlySet<string>): RegionMerge {
  const outcome = mergeRegion(base, ours, theirs, { tombstones });
  return { text: outcome.text, conflicts: toRegionConflicts(outcome.conflicts), clean: outcome.clean };
}

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

/** Returns the body with conflict `id` settled by `choice`; throws NOT_FOUND when there is no such conflict. */
export function resolveRegionConflict(body: string, id: string, choice: ConflictChoice): string {
  return resolveConflict(body, id, choice);
}
