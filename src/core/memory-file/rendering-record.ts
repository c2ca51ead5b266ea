/**
 * The items of the last rendering's record (`.memory/state/team-rendered.json`): one per top-level
 * item of the rendered file, in order, with the line it starts on.
 *
 * A line is written as the gap from the previous item's line (`gap`), not as a line number (an
 * entry added near the top changes one gap instead of every line number after it). Records
 * written before (`line`) and items whose line is unknown (`line` absent) read as they always did.
 */
import type { RenderedItem } from './render-memory.js';

/** An item as the record holds it. */
export type RecordItem = { id: string; kind: RenderedItem['kind']; gap?: number; line?: number };

/** The record's items of `items`: gaps when every item's line is known, else the items as they are. */
export function toRecordItems(items: readonly RenderedItem[]): RecordItem[] {
  if (!items.every((item) => typeof item.line === 'number')) return [...items];
  let previous = 0;
  return items.map((item) => {
    const line = item.line as number;
    const gap = line - previous;
    previous = line;
    return { id: item.id, kind: item.kind, gap };
  });
}

/** The rendered items a record holds, each with its line when the record says it. */
export function fromRecordItems(items: ReadonlyArray<Partial<RecordItem>>): RenderedItem[] {
  let previous: number | undefined = 0;
  return items.map((item) => {
    const line =
      typeof item.gap === 'number'
        ? previous === undefined
          ? undefined
          : previous + item.gap
        : typeof item.line === 'number'
          ? item.line
          : undefined;
    previous = line;
    const kind = item.kind === 'conflict' ? 'conflict' : 'entry';
    return line === undefined ? { id: String(item.id), kind } : { id: String(item.id), kind, line };
  });
}
