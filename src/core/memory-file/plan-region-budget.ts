/**
 * The region's size budget. CLAUDE.md is read whole into every session, so the region has a line
 * budget and the most valuable entries come first: sections in taxonomy order (sections outside the
 * taxonomy after them, entries before any heading first), and within a section the existing order
 * (new entries are appended, so older entries rank first). Nothing is dropped here: the entries
 * that do not fit are reported and the caller decides (warn, move to search-only memory, forget).
 */
import { parseRegionBody } from './parse-region-body.js';
import type { RegionEntry } from './parse-region-body.js';

export type BudgetPlan = {
  /** Lines the region takes now, markers included. */
  lines: number;
  maxLines: number;
  /** Entries past the budget in value order (the lowest-value ones), empty when everything fits. */
  overflow: RegionEntry[];
};

/** Returns how the body's entries fit in `maxLines` region lines (markers included); never fails. */
export function planRegionBudget(body: string, maxLines: number, sections: readonly string[]): BudgetPlan {
  const parsed = parseRegionBody(body);
  const bySection = new Map<string, { fixed: number; items: Array<{ entry: RegionEntry | null; lines: number }> }>();
  const entryAt = new Map(parsed.entries.map((entry) => [entry.line, entry]));
  const sectionOrder: string[] = [''];
  let total = 2;
  for (const block of parsed.blocks) {
    total += block.lineCount;
    let group = bySection.get(block.section);
    if (group === undefined) {
      group = { fixed: 0, items: [] };
      bySection.set(block.section, group);
      if (block.section !== '') sectionOrder.push(block.section);
    }
    if (block.kind === 'item') {
      const entry = entryAt.get(block.line + 1) ?? null;
      group.items.push({ entry, lines: block.lineCount });
    } else {
      group.fixed += block.lineCount;
    }
  }
  const rank = (name: string): number =>
    name === '' ? -1 : sections.includes(name) ? sections.indexOf(name) : sections.length;
  const ordered = sectionOrder
    .map((name, order) => ({ name, order }))
    .sort((a, b) => rank(a.name) - rank(b.name) || a.order - b.order);
  const overflow: RegionEntry[] = [];
  let used = 2;
  let full = false;
  for (const { name } of ordered) {
    const group = bySection.get(name);
    if (group === undefined) continue;
    used += group.fixed;
    for (const item of group.items) {
      used += item.lines;
      if (used > maxLines) full = true;
      if (full && item.entry !== null) overflow.push(item.entry);
    }
  }
  return { lines: total, maxLines, overflow };
}
