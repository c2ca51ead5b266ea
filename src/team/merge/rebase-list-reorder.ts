/**
 * One side only reordered a list (sorted it, moved an item up) while the other side edited, added
 * or removed items in it. Line diff3 sees the reorder as deletions and insertions and conflicts
 * with every nearby edit. Here the other side's item changes are applied to the reordered list
 * first, and both sides are given that same list, so diff3 finds nothing left to disagree on
 * there: the result has the new order with the other side's edits, additions and removals.
 * Anything it cannot place for sure (a side that both reorders and edits, an edit that is not
 * one item for one item) is left to diff3 as it was.
 */
import { diffIndices } from 'node-diff3';
import { codeBoundaries } from './code-boundaries.js';

const ITEM_RE = /^ {0,3}(?:[-*+]|\d{1,9}[.)])[ \t]+\S/;
const CONTINUATION_RE = /^[ \t]+\S/;

type List = { start: number; end: number; items: string[][] };

/** Returns ours and theirs with every list one side only reordered rebuilt identically on both sides; never fails. */
export function rebaseListReorders(
  base: readonly string[],
  ours: readonly string[],
  theirs: readonly string[],
): { ours: string[]; theirs: string[] } {
  let a = [...ours];
  let b = [...theirs];
  // Note: each side's lists are found once and again only after a rebuild, not per base list
  // (that was quadratic: 5,000 lines took seconds).
  let lists = { a: listsOf(a), b: listsOf(b) };
  for (const list of listsOf(base)) {
    const key = (items: readonly string[][]): string[] => items.map((item) => item.join(''));
    const baseKeys = key(list.items);
    if (new Set(baseKeys).size !== baseKeys.length) continue;
    for (const [mover, other] of [
      ['a', 'b'],
      ['b', 'a'],
    ] as const) {
      const reordered = lists[mover].filter((l) => isPermutation(key(l.items), baseKeys));
      if (reordered.length !== 1) continue;
      const moved = reordered[0] as List;
      // The other side's version of the list: the one list sharing most of the base list's items.
      const edited = closestList(lists[other], baseKeys);
      if (edited === null || isPermutation(key(edited.items), baseKeys)) continue;
      const merged = applyItemChanges(list.items, key(moved.items), edited.items);
      if (merged === null) continue;
      const rebuilt = merged.flat();
      const next = (lines: string[], at: List): string[] => [
        ...lines.slice(0, at.start),
        ...rebuilt,
        ...lines.slice(at.end),
      ];
      if (mover === 'a') {
        a = next(a, moved);
        b = next(b, edited);
      } else {
        b = next(b, moved);
        a = next(a, edited);
      }
      lists = { a: listsOf(a), b: listsOf(b) };
      break;
    }
  }
  return { ours: a, theirs: b };
}

/** Returns the tight lists of `lines` outside code: runs of top-level items with their indented continuation lines. */
function listsOf(lines: readonly string[]): List[] {
  const lists: List[] = [];
  const inCode = codeBoundaries(lines);
  let i = 0;
  while (i < lines.length) {
    if (!ITEM_RE.test(lines[i] ?? '') || inCode[i] === true) {
      i++;
      continue;
    }
    const start = i;
    const items: string[][] = [];
    while (i < lines.length && ITEM_RE.test(lines[i] ?? '')) {
      const item = [lines[i] ?? ''];
      i++;
      while (i < lines.length && CONTINUATION_RE.test(lines[i] ?? '') && !ITEM_RE.test(lines[i] ?? ''))
        item.push(lines[i++] ?? '');
      items.push(item);
    }
    if (items.length >= 2) lists.push({ start, end: i, items });
  }
  return lists;
}

function isPermutation(x: readonly string[], y: readonly string[]): boolean {
  if (x.length !== y.length || x.every((v, k) => v === y[k])) return false;
  const sorted = (v: readonly string[]): string => [...v].sort().join('\u0000');
  return sorted(x) === sorted(y);
}

/** Returns the list sharing the most items with `keys` (at least half of them), or null when two tie or none qualifies. */
function closestList(lists: readonly List[], keys: readonly string[]): List | null {
  const wanted = new Set(keys);
  let best: List | null = null;
  let bestShared = 0;
  let tie = false;
  for (const list of lists) {
    const shared = list.items.filter((item) => wanted.has(item.join(''))).length;
    if (shared > bestShared) {
      best = list;
      bestShared = shared;
      tie = false;
    } else if (shared === bestShared && shared > 0) tie = true;
  }
  return best !== null && !tie && bestShared * 2 >= keys.length ? best : null;
}

/**
 * Returns the reordered list (`order`, item keys of the base items) with the changes that turn
 * `base` into `edited` applied item by item, or null when a change cannot be placed for sure.
 */
function applyItemChanges(
  base: readonly string[][],
  order: readonly string[],
  edited: readonly string[][],
): string[][] | null {
  const baseKeys = base.map((item) => item.join(''));
  const editedKeys = edited.map((item) => item.join(''));
  const byKey = new Map(base.map((item) => [item.join(''), item] as const));
  const replaced = new Map<string, string[][]>();
  const after = new Map<string, string[][]>();
  const atStart: string[][] = [];
  const atEnd: string[][] = [];
  for (const hunk of diffIndices(baseKeys, editedKeys)) {
    const [oStart, oLength] = hunk.buffer1;
    const [xStart, xLength] = hunk.buffer2;
    const added = edited.slice(xStart, xStart + xLength);
    if (oLength === 0) {
      // An addition follows the base item it followed on that side; one at the end of the list stays at the end, whatever the new order.
      const previous = baseKeys[oStart - 1];
      if (oStart === baseKeys.length) atEnd.push(...added);
      else if (previous === undefined) atStart.push(...added);
      else after.set(previous, [...(after.get(previous) ?? []), ...added]);
    } else if (xLength === 0 || xLength === oLength) {
      // Removed items, or each item rewritten in place: the change stays with its item.
      for (let k = 0; k < oLength; k++)
        replaced.set(baseKeys[oStart + k] ?? '', xLength === 0 ? [] : [edited[xStart + k] ?? []]);
    } else return null;
  }
  const out: string[][] = [...atStart];
  for (const key of order) {
    const item = byKey.get(key);
    if (item === undefined) return null;
    out.push(...(replaced.get(key) ?? [item]), ...(after.get(key) ?? []));
  }
  return [...out, ...atEnd];
}
