/**
 * Reads a region body (the lines between the markers) into blocks annotated with their section and,
 * for list items, the entry or conflict they carry. Pure and byte-preserving: the blocks' `raw`
 * concatenate back to the body.
 */
import type { Entry } from './entry.js';
import { readConflictItem } from './conflict-item.js';
import type { Conflict, ConflictVersions } from './conflict-item.js';
import { readEntryItem } from './entry-item.js';
import type { ItemEntry } from './entry-item.js';
import { scanBlocks } from './scan-blocks.js';
import type { Block, ItemBlock } from './scan-blocks.js';
import { findTextConflicts } from './text-conflict.js';

export type BodyItem =
  | { kind: 'entry'; id: string; entry: Entry; item: ItemEntry }
  | { kind: 'conflict'; id: string; conflict: ConflictVersions }
  /** A conflict item whose human kept only a resolved version or only `(deleted)`. */
  | { kind: 'resolved'; id: string; entry: Entry }
  | { kind: 'removed'; id: string };

export type BodyBlock = Block & {
  /** Section the block belongs to ('' before the first `##` heading). */
  section: string;
  /** For item blocks, what the item carries. */
  item?: BodyItem;
};

/** An entry with its position, as `mem list --json` shows it. */
export type RegionEntry = Entry & { /** 1-based line in the text it was read from. */ line: number };

export type ParsedBody = {
  blocks: BodyBlock[];
  entries: RegionEntry[];
  conflicts: Conflict[];
  /** Section headings in body order. */
  sections: string[];
};

/** Returns the parsed body; `lineOffset` is added to reported line numbers. Never fails. */
export function parseRegionBody(body: string, lineOffset = 0): ParsedBody {
  const blocks: BodyBlock[] = [];
  const entries: RegionEntry[] = [];
  const conflicts: Conflict[] = [];
  const sections: string[] = [];
  const seen = new Map<string, number>();
  // Note: a copied line can duplicate an id; later copies get `~2`, `~3` so every item stays addressable.
  const unique = (id: string): string => {
    const count = (seen.get(id) ?? 0) + 1;
    seen.set(id, count);
    return count === 1 ? id : `${id}~${count}`;
  };
  let section = '';
  for (const block of scanBlocks(body, { headingLevels: 'sections', frontMatter: false })) {
    if (block.kind === 'heading') {
      section = block.title;
      sections.push(section);
      blocks.push(Object.assign(block, { section }));
      continue;
    }
    if (block.kind === 'text') {
      for (const found of findTextConflicts(block.raw)) {
        conflicts.push({
          id: found.id,
          kind: 'text',
          section,
          line: lineOffset + block.line + found.startLine + 1,
          ours: null,
          theirs: null,
          base: null,
          text: { ours: found.ours, base: found.base, theirs: found.theirs },
        });
      }
    }
    if (block.kind !== 'item') {
      blocks.push(Object.assign(block, { section }));
      continue;
    }
    const item = readBodyItem(block, section, unique);
    blocks.push(Object.assign(block, { section, item }));
    const line = lineOffset + block.line + 1;
    if (item.kind === 'entry' || item.kind === 'resolved')
      entries.push({ id: item.entry.id, section, text: item.entry.text, provenance: item.entry.provenance, line });
    else if (item.kind === 'conflict') conflicts.push({ ...item.conflict, kind: 'entry', section, line });
  }
  return { blocks, entries, conflicts, sections };
}

/** Returns what one item block in `section` carries, with its id made unique by `unique`. */
export function readBodyItem(block: ItemBlock, section: string, unique: (id: string) => string = (id) => id): BodyItem {
  const conflict = readConflictItem(block, section);
  if (conflict !== null) {
    if (conflict.kind === 'conflict') {
      const id = unique(conflict.conflict.id);
      return { kind: 'conflict', id, conflict: { ...conflict.conflict, id } };
    }
    if (conflict.kind === 'resolved') {
      const id = unique(conflict.entry.id);
      return { kind: 'resolved', id, entry: { ...conflict.entry, id } };
    }
    return { kind: 'removed', id: unique(`removed-${block.line}`) };
  }
  const item = readEntryOnce(block);
  const id = unique(item.id);
  return { kind: 'entry', id, item, entry: { id, section, text: item.text, provenance: item.provenance } };
}

/**
 * What the entry items read lately carried, by their text: a sync reads the working copy, then
 * renders what it wrote, and the same thousands of unchanged items would be read again each time.
 * Bounded: cleared when it outgrows a large team's working copy twice over.
 */
const readLately = new Map<string, { contentColumn: number; item: ItemEntry }>();
const READ_LATELY_MAX = 50_000;

/** Returns readEntryItem(block), from what was read lately when the same item text was; a fresh object each time (callers may change theirs). */
function readEntryOnce(block: ItemBlock): ItemEntry {
  const known = readLately.get(block.raw);
  if (known !== undefined && known.contentColumn === block.contentColumn)
    return { ...known.item, provenance: { ...known.item.provenance } };
  const item = readEntryItem(block);
  if (readLately.size >= READ_LATELY_MAX) readLately.clear();
  readLately.set(block.raw, {
    contentColumn: block.contentColumn,
    item: { ...item, provenance: { ...item.provenance } },
  });
  return item;
}
