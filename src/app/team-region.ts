/**
 * The seam between team sync and the markdown/merge modules: how sync reads and writes the
 * managed region body, lists its entries and conflicts, and merges three bodies. Sync depends on
 * these few functions only.
 *
 * Note: PROVISIONAL line-level implementation until src/markdown and src/merge land; swap the
 * bodies for their functions (regionBody, replaceRegionBody, mergeRegion, listConflicts,
 * resolveConflict) without changing these signatures.
 */
import { merge as diff3Merge } from 'node-diff3';
import { MemError } from '../errors.js';
import { regionDamagedError } from '../markdown/apply-region-edits.js';
import { renderEntryItem } from '../markdown/entry-item.js';
import { locateRegion } from '../markdown/locate-region.js';
import { parseRegionBody } from '../markdown/parse-region-body.js';
import { regionBody, replaceRegionBody } from '../markdown/region-body.js';

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

export type ConflictChoice = 'ours' | 'theirs' | 'both' | { text: string };

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
  const lines = (text: string) => text.split(/(?<=\n)/).filter((line) => line !== '');
  const result = diff3Merge(lines(ours), lines(base), lines(theirs));
  let text = result.result.map((line) => (line.endsWith('\n') ? line : `${line}\n`)).join('');
  if (tombstones.size > 0) {
    for (const entry of listRegionEntries(text).reverse()) {
      if (tombstones.has(entry.id)) text = text.slice(0, entry.start) + text.slice(entry.end);
    }
  }
  return { text, conflicts: [], clean: !result.conflict };
}

/** Returns the conflicts recorded in a region body; never throws. */
export function listRegionConflicts(body: string): RegionConflict[] {
  return parseRegionBody(body).conflicts.map((conflict) => ({
    id: conflict.id,
    section: conflict.section,
    base: conflict.text ? conflict.text.base : (conflict.base?.text ?? null),
    ours: conflict.text ? conflict.text.ours : (conflict.ours?.text ?? null),
    theirs: conflict.text ? conflict.text.theirs : (conflict.theirs?.text ?? null),
  }));
}

/** Returns the body with conflict `id` settled by `choice`; throws NOT_FOUND when there is no such conflict. */
export function resolveRegionConflict(body: string, id: string, choice: ConflictChoice): string {
  let offset = 0;
  for (const block of parseRegionBody(body).blocks) {
    const start = offset;
    offset += block.raw.length;
    if (block.item?.kind !== 'conflict' || block.item.id !== id) continue;
    const { ours, theirs } = block.item.conflict;
    const render = (entry: typeof ours, entryId: string) => (entry ? renderEntryItem({ ...entry, id: entryId }, { eol: '\n' }) : '');
    let replacement: string;
    if (choice === 'ours') replacement = render(ours, id);
    else if (choice === 'theirs') replacement = render(theirs, id);
    else if (choice === 'both') replacement = render(ours, id) + render(theirs, ours ? `${id}-2` : id);
    else replacement = choice.text.trim() === '' ? '' : render({ id, text: choice.text.trim(), provenance: ours?.provenance ?? theirs?.provenance ?? {}, section: block.section }, id);
    return body.slice(0, start) + replacement + body.slice(offset);
  }
  throw new MemError('NOT_FOUND', `no conflict with id ${id} in the managed region`, { hint: 'Run `mem review --list` to see the open conflicts.' });
}
