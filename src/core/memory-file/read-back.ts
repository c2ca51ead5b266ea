/**
 * Reads a human's edits of the rendered memory file back as changes to shared memory. The base is
 * mem's last rendering (its text and the id of each list item), so only what the human changed
 * becomes an edit: an item reworded keeps its id, an item deleted is removed, a new item is a new
 * entry in the section it was typed under, an item moved under another heading changes section,
 * and a conflict whose versions were cut down to one is settled with it. Nothing is overwritten:
 * the caller applies these edits before it renders again.
 *
 * mem's own rendering of the working copy as it is now is never read as a person's edit: the
 * rendered file and its base are two writes, and a process killed between them leaves a file
 * newer than its base, whose new lines are mem's and not anyone's typing.
 */
import type { RegionEdit } from './edit-body.js';
import { handEntryId, normalizeForIdentity } from './hand-entry-id.js';
import type { RenderedItem, Rendering } from './render-memory.js';
import { RULES_FILE_NOTE, RULES_FILE_TITLE, stripOverrideNote } from './render-memory.js';
import { isOmittedNote } from './render-budget.js';
import { itemContentLines, joinContent } from './entry-item.js';
import { scanBlocks } from './scan-blocks.js';
import { stripQualifier } from '../anchors/entry-staleness.js';

export type ReadBackEdit = RegionEdit;

/** A conflict the human settled by hand: the conflict item goes, the kept text (if any) stays under the same id. */
function settle(id: string, text: string | null, section: string): RegionEdit[] {
  if (text === null || text === '(deleted)') return [{ op: 'remove', id }];
  return [
    { op: 'remove', id },
    { op: 'add', entry: { id, section, text, provenance: {} } },
  ];
}

type Unit = { text: string; section: string; nested: string[] };

/** Returns the top-level list items (and loose paragraphs) of a rendered file, with the section each sits under; never fails. */
function readRenderedUnits(text: string): Unit[] {
  const units: Unit[] = [];
  let section = '';
  for (const block of scanBlocks(text, { headingLevels: 'all', frontMatter: false })) {
    if (block.kind === 'heading') {
      if (block.level >= 2) section = block.title.trim();
      continue;
    }
    if (block.kind === 'item') {
      const content = itemContentLines(block);
      const head = content[0] ?? '';
      const nested = content
        .slice(1)
        .filter((line) => /^\s*[-*+] /.test(line))
        .map((line) => line.replace(/^\s*[-*+] /, '').trim());
      const rest = content.slice(1).filter((line) => !/^\s*[-*+] /.test(line));
      units.push({
        text: stripQualifier(stripOverrideNote(joinContent([head, ...rest]).replace(/\s*\n\s*/g, ' '))),
        section,
        nested,
      });
      continue;
    }
    if (block.kind === 'text') {
      const paragraph = block.raw.trim();
      if (
        paragraph === '' ||
        paragraph === RULES_FILE_NOTE ||
        paragraph === RULES_FILE_TITLE ||
        isOmittedNote(paragraph) ||
        /^<!--[\s\S]*-->$/.test(paragraph)
      )
        continue;
      units.push({ text: paragraph.replace(/\s*\n\s*/g, ' '), section, nested: [] });
    }
  }
  return units;
}

export type ReadBack = {
  edits: ReadBackEdit[];
  /** The file as it is now, with the id of each item: the base for the next read-back. */
  rendering: Rendering;
};

/**
 * Returns the edits that turn `last` into `current` (empty when the human changed nothing) and the
 * new base. `defaultSection` files an item typed above every heading; `own` is mem's rendering of
 * the working copy as it is now (any size budget aside): a line of it, under its heading, is mem's
 * own and reads back as no edit, whatever the base says.
 */
export function readBack(last: Rendering, current: string, defaultSection: string, own?: Rendering): ReadBack {
  if (current === last.text) return { edits: [], rendering: last };
  const before = readRenderedUnits(last.text);
  const after = readRenderedUnits(current);
  const ids = before.map((_, index) => last.items[index]);
  const matchedOld = new Array<number>(after.length).fill(-1);
  const used = new Set<number>();
  // 0. A line mem renders from the working copy now is that entry's, unchanged.
  const mine = matchOwnLines(after, own);
  const oldIndexOf = new Map<string, number>();
  ids.forEach((item, index) => {
    if (item !== undefined && !oldIndexOf.has(item.id)) oldIndexOf.set(item.id, index);
  });
  mine.forEach((item, index) => {
    const old = item === undefined ? undefined : oldIndexOf.get(item.id);
    if (old === undefined || used.has(old)) return;
    matchedOld[index] = old;
    used.add(old);
  });
  // 1. Items whose text did not change keep their id, wherever they moved.
  const byKey = new Map<string, number[]>();
  before.forEach((unit, index) => {
    const key = unitKey(unit);
    byKey.set(key, [...(byKey.get(key) ?? []), index]);
  });
  after.forEach((unit, index) => {
    if (mine[index] !== undefined) return;
    const queue = byKey.get(unitKey(unit));
    let old = queue?.shift();
    while (old !== undefined && used.has(old)) old = queue?.shift();
    if (old !== undefined) {
      matchedOld[index] = old;
      used.add(old);
    }
  });
  // 2. A changed item takes the id of the unmatched old item between the same neighbours.
  for (let index = 0; index < after.length; index += 1) {
    if (matchedOld[index] !== -1 || mine[index] !== undefined) continue;
    let low = -1;
    for (let k = index - 1; k >= 0; k -= 1)
      if ((matchedOld[k] ?? -1) >= 0) {
        low = matchedOld[k] ?? -1;
        break;
      }
    let high = before.length;
    for (let k = index + 1; k < after.length; k += 1)
      if ((matchedOld[k] ?? -1) >= 0) {
        high = matchedOld[k] ?? before.length;
        break;
      }
    for (let old = low + 1; old < high; old += 1) {
      if (!used.has(old)) {
        matchedOld[index] = old;
        used.add(old);
        break;
      }
    }
  }
  const edits: ReadBackEdit[] = [];
  const items: Rendering['items'] = [];
  after.forEach((unit, index) => {
    const own = mine[index];
    if (own !== undefined) {
      items.push(own);
      return;
    }
    const section = unit.section === '' ? defaultSection : unit.section;
    const old = matchedOld[index] ?? -1;
    const item = old >= 0 ? ids[old] : undefined;
    const previous = old >= 0 ? before[old] : undefined;
    if (item === undefined || previous === undefined) {
      const id = handEntryId(unit.text);
      edits.push({ op: 'add', entry: { id, section, text: unit.text, provenance: {} } });
      items.push({ id, kind: 'entry' });
      return;
    }
    items.push(item);
    if (item.kind === 'conflict') {
      if (unitKey(unit) === unitKey(previous)) {
        if (unit.section !== previous.section) edits.push({ op: 'move', id: item.id, section });
        return;
      }
      const kept = settledText(unit);
      if (kept !== null) edits.push(...settle(item.id, kept, section));
      return;
    }
    if (unit.text !== previous.text) edits.push({ op: 'replace', id: item.id, text: unit.text });
    if (unit.section !== previous.section) edits.push({ op: 'move', id: item.id, section });
  });
  before.forEach((_, old) => {
    const item = ids[old];
    if (used.has(old) || item === undefined) return;
    edits.push({ op: 'remove', id: item.id });
  });
  return { edits, rendering: { text: current, items } };
}

/**
 * For each unit of `after`, the item of `own` it shows (same text, same heading), each item taken
 * once, in order; undefined where it shows none.
 */
function matchOwnLines(after: readonly Unit[], own: Rendering | undefined): Array<RenderedItem | undefined> {
  const mine = new Array<RenderedItem | undefined>(after.length).fill(undefined);
  if (own === undefined) return mine;
  const queues = new Map<string, RenderedItem[]>();
  readRenderedUnits(own.text).forEach((unit, index) => {
    const item = own.items[index];
    if (item === undefined) return;
    const key = `${unit.section}\u0002${unitKey(unit)}`;
    queues.set(key, [...(queues.get(key) ?? []), item]);
  });
  after.forEach((unit, index) => {
    mine[index] = queues.get(`${unit.section}\u0002${unitKey(unit)}`)?.shift();
  });
  return mine;
}

function unitKey(unit: Unit): string {
  return `${normalizeForIdentity(unit.text)}\u0000${unit.nested.map(normalizeForIdentity).join('\u0001')}`;
}

/**
 * Returns the text a human kept of a conflict: the one version left (its label cut), or the item's
 * own text when they replaced the whole thing by a plain line; null when it still offers a choice.
 */
function settledText(unit: Unit): string | null {
  const label = /^(?:Your|A teammate's|[^:]{1,60}'s) version(?: \([^)]*\))?: /;
  if (unit.nested.length === 1) return (unit.nested[0] ?? '').replace(label, '');
  if (unit.nested.length === 0 && !unit.text.startsWith('Two versions of this memory'))
    return unit.text.replace(label, '');
  return null;
}
