/**
 * The read path of the managed region: where it is, its entries with provenance and line numbers,
 * its sections, its conflicts, and any damage to its markers.
 */
import type { Conflict } from './conflict-item.js';
import { locateRegion } from './locate-region.js';
import type { RegionDamage, RegionSpan } from './locate-region.js';
import { parseRegionBody } from './parse-region-body.js';
import type { RegionEntry } from './parse-region-body.js';
import { repairRegion } from './repair-region.js';
import { detectEol } from './split-lines.js';

export type RegionRead = {
  /** True when the file has a region (possibly damaged). */
  found: boolean;
  /** Offsets of the well-formed region; null when absent or damaged. */
  span: RegionSpan | null;
  /** Entries in file order; line numbers are 1-based in the file (in the repaired file when damaged). */
  entries: RegionEntry[];
  sections: string[];
  conflicts: Conflict[];
  /** Present when the markers are damaged; entries are then read as `repairRegion` would keep them. */
  damage?: RegionDamage;
  eol: '\n' | '\r\n';
};

/** Returns what the region of `fileText` holds; never fails (damage is reported, not thrown). */
export function readRegion(fileText: string): RegionRead {
  const eol = detectEol(fileText);
  const location = locateRegion(fileText);
  if (location.damage !== null) {
    const repaired = repairRegion(fileText);
    const again = locateRegion(repaired.text);
    const parsed =
      again.span === null
        ? null
        : parseRegionBody(repaired.text.slice(again.span.bodyStart, again.span.bodyEnd), again.span.beginLine + 1);
    return {
      found: true,
      span: null,
      entries: parsed?.entries ?? [],
      sections: parsed?.sections ?? [],
      conflicts: parsed?.conflicts ?? [],
      damage: location.damage,
      eol,
    };
  }
  const span = location.span;
  if (span === null) return { found: false, span: null, entries: [], sections: [], conflicts: [], eol };
  const parsed = parseRegionBody(fileText.slice(span.bodyStart, span.bodyEnd), span.beginLine + 1);
  return { found: true, span, entries: parsed.entries, sections: parsed.sections, conflicts: parsed.conflicts, eol };
}
