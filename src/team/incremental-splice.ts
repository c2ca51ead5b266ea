/**
 * The incremental merge's splice: the working body with the merge step's changes, built from the
 * last one. Runs of unchanged lines are copied as slices of the old text (20,000 lines: a handful
 * of slices, not 20,000 strings); only changed and new lines are handled one by one. (Its
 * rendering is rendered from it within the size budget: render-sync-shape.ts.)
 */
import type { BodySection, LineDiff } from './working-line-diff.js';
import { renderWorkingItem, type Reader, type WorkingItem } from './working-records.js';

/** A line of the working body this step finds an id on. */
export type Located = { line: number; item: WorkingItem };

/**
 * The working body with this step's changes: lines of entries that changed replaced or removed,
 * new entries at the end of their section. Runs of unchanged lines are copied as slices of the
 * body (20,000 lines: a handful of slices, not 20,000 strings).
 */
export function splice(
  start: { body: string; bodyStarts: Int32Array; diff: LineDiff },
  located: ReadonlyMap<string, Located>,
  current: ReadonlyMap<string, WorkingItem>,
  appended: readonly string[],
  reader: Reader,
): string {
  const { lines, sections } = start.diff.now;
  const replaced = new Map<number, WorkingItem | null>();
  for (const [id, at] of located) {
    const now = current.get(id) ?? null;
    if (now !== at.item) replaced.set(at.line, now);
  }
  const insertedAfter = new Map<number, WorkingItem[]>();
  for (const id of appended) {
    const item = current.get(id);
    if (item === undefined) continue;
    const at = sections[sections.findIndex((s) => s.title === item.record.section)] as BodySection;
    const lastEntry = at.line + 1 + at.entries;
    insertedAfter.set(lastEntry, [...(insertedAfter.get(lastEntry) ?? []), item]);
  }
  // Note: a run of copied lines ends before a changed line and after an insertion point.
  const count = lines.length;
  const cuts = [...new Set([count, ...[...insertedAfter.keys()].map((line) => line + 1), ...[...replaced.keys()].flatMap((line) => [line, line + 1])])].filter((line) => line > 0 && line <= count).sort((a, b) => a - b);
  const { bodyStarts } = start;
  const body: string[] = [];
  let i = 0;
  for (const cut of cuts) {
    if (i >= count) break;
    if (cut <= i) continue;
    if (replaced.has(i)) {
      const change = replaced.get(i);
      if (change !== null && change !== undefined) body.push(renderWorkingItem(change, reader).slice(0, -1));
    } else body.push(start.body.slice(bodyStarts[i], (bodyStarts[cut] as number) - 1));
    // Note: a changed line is followed by a cut, so each pass ends at its cut.
    for (const item of insertedAfter.get(cut - 1) ?? []) body.push(renderWorkingItem(item, reader).slice(0, -1));
    i = cut;
  }
  return body.join('\n');
}

/**
 * The offset each line starts at in `lines.join('\n')`, then one past its end (as if the text ended
 * in a newline). From the lines' lengths: the body is already split, and looking for 20,000
 * newlines in a 2.4 MB text again took 6 ms of every incremental sync (profile).
 */
export function lineStarts(lines: readonly string[]): Int32Array {
  const starts = new Int32Array(lines.length + 1);
  for (let k = 0; k < lines.length; k += 1) starts[k + 1] = (starts[k] as number) + (lines[k] as string).length + 1;
  return starts;
}

/** The index of the line of a text whose line starts are `starts` that holds character `offset`. */
export function lineAt(starts: Int32Array, offset: number): number {
  let low = 0;
  let high = starts.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] as number) <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}
