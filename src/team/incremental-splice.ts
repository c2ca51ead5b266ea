/**
 * The incremental merge's splice: the working body, its rendering and the rendering's record with
 * the merge step's changes, built from the last ones. Runs of unchanged lines are copied as slices
 * of the old texts (20,000 lines: a handful of slices, not 20,000 strings); only changed, new and
 * (when the rendering is of the body the last sync wrote) differing lines are handled one by one.
 * The record's items hold each line as the gap from the previous item (rendering-record.ts), so a
 * run of them is copied as text too.
 */
import { readTextFileSync } from '../core/files/read-text.js';
import { entryItemJson } from '../core/memory-file/rendering-record.js';
import { RULES_FILE_NOTE, RULES_FILE_TITLE, plainText, safeSection, type Rendering } from '../core/memory-file/render-memory.js';
import { sharedMemoryPaths } from '../core/shared-memory-file.js';
import { readEntryLine, type BodySection, type LineDiff } from './working-line-diff.js';
import { renderWorkingItem, type Reader, type WorkingItem } from './working-records.js';

/** A line of the working body this step finds an id on. */
export type Located = { line: number; item: WorkingItem };

/**
 * The last rendering and its record, read while git fetches, with what the splice computes from
 * them (at 20,000 entries ~8 ms that would otherwise fall between the commit and the push's end).
 */
export type EarlyRendering = { text: string; record: string; starts: Int32Array; entriesBefore: Int32Array; spans: RecordSpans | null };

export function readEarlyRendering(root: string): EarlyRendering | null {
  try {
    const paths = sharedMemoryPaths(root);
    const text = readTextFileSync(paths.lastText);
    const record = readTextFileSync(paths.lastItems);
    const starts = lineStarts(text);
    return { text, record, starts, entriesBefore: entryLinesBefore(text, starts), spans: recordItemSpans(record) };
  } catch {
    return null;
  }
}

/** The last rendering as the splice reads it: its text, where its lines start, which body it shows, how many entry lines precede each line, its record's items. */
export type LastRendering = { text: string; starts: Int32Array; ofSynced: boolean; entriesBefore: Int32Array; spans: RecordSpans | null };

/**
 * The working body and its rendering with this step's changes: lines of entries that changed
 * replaced or removed, new entries at the end of their section; every line the last sync wrote
 * as it is keeps the rendered line it had. Runs of unchanged lines are copied as slices of the
 * body, the rendering and its record (20,000 lines: a handful of slices, not 20,000 strings).
 */
export function splice(
  start: { body: string; bodyStarts: Int32Array; diff: LineDiff },
  located: ReadonlyMap<string, Located>,
  current: ReadonlyMap<string, WorkingItem>,
  appended: readonly string[],
  last: LastRendering,
  reader: Reader,
): { body: string; rendering: Rendering } {
  const { lines, sections, sectionAt } = start.diff.now;
  const { from, toNow } = start.diff.middle;
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
  // Lines handled one by one: changed ones, and (when the last rendering is of the body the last
  // sync wrote) those where the two bodies differ, whose rendered line is found one by one too.
  const oneByOne = new Set(replaced.keys());
  if (last.ofSynced) for (let line = from; line < toNow; line += 1) oneByOne.add(line);
  // Note: a run of copied lines ends before a line handled one by one, after an insertion point,
  // and at the edges of the middle (where the rendered lines' shift changes).
  const count = lines.length;
  const cuts = [...new Set([from, toNow, count, ...[...insertedAfter.keys()].map((line) => line + 1), ...[...oneByOne].flatMap((line) => [line, line + 1])])].filter((line) => line > 0 && line <= count).sort((a, b) => a - b);
  // The rendered line of an unchanged line of the body now: the same line, shifted past the middle
  // when the last rendering is of the body the last sync wrote (-1: that body did not have it).
  const shownAt = last.ofSynced ? start.diff.writtenAt : (line: number) => line;
  const { bodyStarts } = start;
  const { entriesBefore } = last;
  // Note: the record's items are the rendering's entry lines, in order, or none is copied.
  const record = last.spans !== null && last.spans.count === entriesBefore[entriesBefore.length - 1] ? last.spans : null;

  const body: string[] = [];
  const shown: string[] = [RULES_FILE_NOTE, RULES_FILE_TITLE, ''];
  // Note: the record's items written as JSON text; `shownLine` is the rendered file's next line
  // (1-based), `itemLine` the line of the last item written (each item holds the gap from it).
  const items: string[] = [];
  let shownLine = 4;
  let itemLine = 0;
  const addItem = (id: string, line: number) => {
    items.push(entryItemJson(id, line - itemLine));
    itemLine = line;
  };
  const renderedLine = (text: string, section: number) => `- ${plainText(entryText(readEntryLine(text, sections[section]?.title ?? '')))}`;
  const emitEntry = (text: string, rendered: string) => {
    body.push(text);
    addItem(lineId(text, 0), shownLine);
    shown.push(rendered);
    shownLine += 1 + newlines(rendered);
  };
  const emitLine = (i: number) => {
    const line = lines[i] as string;
    const section = sectionAt[i] as number;
    if (line.startsWith('## ') || line === '') {
      body.push(line);
      shown.push(line === '' ? '' : `## ${safeSection(sections[section]?.title ?? '')}`);
      shownLine += 1;
    } else if (!replaced.has(i)) {
      const at = shownAt(i);
      emitEntry(line, at >= 0 ? textLine(last.text, last.starts, at + 3) : renderedLine(line, section));
    } else {
      const change = replaced.get(i);
      if (change === null || change === undefined) return;
      const text = renderWorkingItem(change, reader).slice(0, -1);
      emitEntry(text, renderedLine(text, section));
    }
  };
  const emitRun = (i: number, end: number) => {
    const at = shownAt(i) + 3;
    const run = start.body.slice(bodyStarts[i], (bodyStarts[end] as number) - 1);
    body.push(run);
    shown.push(last.text.slice(last.starts[at], (last.starts[at + end - i] as number) - 1));
    if (record !== null) {
      // The run's items are the record's, in a row: the first one's gap is new, the rest are copied.
      const firstItem = entriesBefore[at] as number;
      const itemsEnd = entriesBefore[at + end - i] as number;
      if (itemsEnd > firstItem) {
        let line = at;
        while (last.text.charCodeAt(last.starts[line] as number) !== 45) line += 1;
        addItem(record.id(firstItem), shownLine + line - at);
        if (itemsEnd > firstItem + 1) items.push(record.slice(firstItem + 1, itemsEnd));
        let lastLine = at + end - i - 1;
        while (last.text.charCodeAt(last.starts[lastLine] as number) !== 45) lastLine -= 1;
        itemLine = shownLine + lastLine - at;
      }
    } else {
      // A record from before gaps (or none to copy): each entry line's item, written one by one.
      for (let at = 0, line = shownLine; at < run.length; line += 1) {
        const stop = run.indexOf('\n', at);
        if (run.charCodeAt(at) === 45) addItem(lineId(run, at), line);
        at = stop < 0 ? run.length : stop + 1;
      }
    }
    shownLine += end - i;
  };
  let i = 0;
  for (const cut of cuts) {
    if (i >= count) break;
    if (cut <= i) continue;
    if (oneByOne.has(i)) emitLine(i);
    else if (shownAt(i) >= 0) emitRun(i, cut);
    else for (let k = i; k < cut; k += 1) emitLine(k);
    const lastLine = oneByOne.has(i) ? i : cut - 1;
    for (const item of insertedAfter.get(lastLine) ?? []) {
      const text = renderWorkingItem(item, reader).slice(0, -1);
      emitEntry(text, renderedLine(text, sectionAt[lastLine] as number));
    }
    // Note: a line handled one by one is followed by a cut, so each pass ends at its cut.
    i = cut;
  }
  return { body: body.join('\n'), rendering: { text: shown.join('\n'), items: [], itemsJson: { json: `[${items.join(',')}]`, entries: items.length } } };
}

/** Where each item of a record's items array starts, so runs of items are copied as text; null when the record is not the gap-form record of one-line entries the splice copies. */
export type RecordSpans = { id: (index: number) => string; slice: (from: number, to: number) => string; count: number };

const RECORD_ITEMS = /^\[(?:\{"id":"[^"\\]*","kind":"entry","gap":\d+\},)*(?:\{"id":"[^"\\]*","kind":"entry","gap":\d+\})?\]\}\n$/;

export function recordItemSpans(record: string): RecordSpans | null {
  const open = record.indexOf(',"items":[');
  if (open < 0 || !RECORD_ITEMS.test(record.slice(open + 9))) return null;
  const starts: number[] = [];
  for (let at = record.indexOf('{"id":"', open); at >= 0; at = record.indexOf('{"id":"', at + 7)) starts.push(at);
  const close = record.length - 3;
  const endOf = (index: number) => (index + 1 < starts.length ? (starts[index + 1] as number) - 1 : close);
  return {
    count: starts.length,
    id: (index) => record.slice((starts[index] as number) + 7, record.indexOf('"', (starts[index] as number) + 7)),
    slice: (from, to) => record.slice(starts[from], endOf(to - 1)),
  };
}

/** For each line of a rendering, how many entry lines (`- …`) come before it. */
export function entryLinesBefore(text: string, starts: Int32Array): Int32Array {
  const before = new Int32Array(starts.length);
  let count = 0;
  for (let line = 0; line < starts.length - 1; line += 1) {
    before[line] = count;
    if (line >= 3 && text.charCodeAt(starts[line] as number) === 45) count += 1;
  }
  before[starts.length - 1] = count;
  return before;
}

/** The id of the entry line starting at `from`: its mem comment's, which in sync's shape comes first and ends at a space. */
function lineId(text: string, from: number): string {
  const id = text.indexOf('<!-- mem:id=', from) + 12;
  return text.slice(id, text.indexOf(' ', id));
}

function newlines(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count += 1;
  return count;
}

/** The offset each line of `text` starts at, then one past its end (as if the text ended in a newline): `length - 1` lines, as `split` counts them. */
export function lineStarts(text: string): Int32Array {
  const count = newlines(text) + 1;
  const starts = new Int32Array(count + 1);
  let k = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts[k++] = at + 1;
  starts[count] = text.length + 1;
  return starts;
}

/** Line `index` of a text whose line starts are `starts`. */
function textLine(text: string, starts: Int32Array, index: number): string {
  return text.slice(starts[index], (starts[index + 1] as number) - 1);
}

function entryText(item: WorkingItem | null): string {
  return item?.record.kind === 'entry' ? item.record.text : '';
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
