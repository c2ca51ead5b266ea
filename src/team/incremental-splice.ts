/**
 * The incremental merge's splice: the working body with the merge step's changes, built from the
 * last one. Runs of unchanged lines are copied as slices of the old text (20,000 lines: a handful
 * of slices, not 20,000 strings); only changed and new lines are handled one by one. (Its
 * rendering is rendered from it within the size budget: render-sync-shape.ts.)
 */
import { isPlainLine } from '../core/memory-file/locate-region.js';
import { isEntryLine, type BodySection, type LineDiff } from './working-line-diff.js';
import { renderWorkingItem, type Reader, type WorkingItem } from './working-records.js';

/** A line of the working body this step finds an id on. */
export type Located = { line: number; item: WorkingItem };

/** A section of a spliced body: as in BodySection, and where its heading starts in the body. */
export type SplicedSection = BodySection & { at: number };

export type Spliced = {
  body: string;
  /**
   * The sections of the spliced body, when every line the splice wrote is a plain entry line of
   * one line (the body is then in sync's shape, and as plain as the one it was spliced into); null
   * otherwise.
   */
  sections: SplicedSection[] | null;
  /**
   * The UTF-8 bytes, in pieces, of the file whose body was `start.body` (`file`: its bytes, and how
   * many of them come before and after the body) with the spliced body in its place: the unchanged
   * runs are views of the old bytes, only the lines written are encoded (encoding a 4 MB text
   * again took ~5 ms, and joining the pieces 2-8 ms).
   */
  fileBytes: (file: { bytes: Buffer; headBytes: number; tailBytes: number }) => Buffer[];
};

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
): Spliced {
  const { lines, sections, sectionAt } = start.diff.now;
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
  // What each piece is, in order: a run of the old body's lines (from, to) or a line written; and the old lines passed over.
  const pieces: Array<{ run: [number, number] } | { line: string }> = [];
  let length = -1;
  let plain = true;
  const push = (piece: string): number => {
    const at = length + 1;
    body.push(piece);
    length = at + piece.length;
    return at;
  };
  const write = (item: WorkingItem): void => {
    const line = renderWorkingItem(item, reader).slice(0, -1);
    plain &&= !line.includes('\n') && isEntryLine(line) && isPlainLine(line);
    push(line);
    pieces.push({ line });
  };
  // Where each heading starts in the new body (headings are never replaced: they lie in copied runs).
  const headingAt = new Map<number, number>();
  const headings = sections.map((section) => section.line);
  let i = 0;
  for (const cut of cuts) {
    if (i >= count) break;
    if (cut <= i) continue;
    if (replaced.has(i)) {
      const change = replaced.get(i);
      if (change !== null && change !== undefined) write(change);
    } else {
      const from = i;
      const at = push(start.body.slice(bodyStarts[from], (bodyStarts[cut] as number) - 1));
      pieces.push({ run: [from, cut] });
      for (const heading of headings) if (heading >= from && heading < cut) headingAt.set(heading, at + (bodyStarts[heading] as number) - (bodyStarts[from] as number));
    }
    // Note: a changed line is followed by a cut, so each pass ends at its cut.
    for (const item of insertedAfter.get(cut - 1) ?? []) write(item);
    i = cut;
  }
  const text = body.join('\n');
  const fileBytes = (file: { bytes: Buffer; headBytes: number; tailBytes: number }): Buffer[] => {
    const ascii = start.body.length === file.bytes.length - file.headBytes - file.tailBytes;
    const bytesOf = (from: number, to: number) => (ascii ? to - from : Buffer.byteLength(start.body.slice(from, to)));
    const out: Buffer[] = [file.bytes.subarray(0, file.headBytes)];
    const newline = Buffer.from('\n');
    // Note: `cursor` is where old line `line` starts in the old bytes; a replaced or removed line is passed over.
    let line = 0;
    let cursor = file.headBytes;
    pieces.forEach((piece, index) => {
      if (index > 0) out.push(newline);
      if ('line' in piece) {
        out.push(Buffer.from(piece.line, 'utf8'));
        return;
      }
      const [from, to] = piece.run;
      cursor += bytesOf(bodyStarts[line] as number, bodyStarts[from] as number);
      const size = bytesOf(bodyStarts[from] as number, (bodyStarts[to] as number) - 1);
      out.push(file.bytes.subarray(cursor, cursor + size));
      cursor += size + 1;
      line = to;
    });
    out.push(file.bytes.subarray(file.bytes.length - file.tailBytes));
    return out;
  };
  if (!plain || headingAt.size !== sections.length) return { body: text, sections: null, fileBytes };
  // Each section's entries now, and its heading's line: earlier sections' changes move it.
  const change = new Int32Array(sections.length);
  for (const [line, item] of replaced) if (item === null) change[sectionAt[line] as number]! -= 1;
  for (const [line, items] of insertedAfter) change[sectionAt[line] as number]! += items.length;
  let shift = 0;
  const spliced = sections.map((section, index) => {
    const out = { line: section.line + shift, title: section.title, entries: section.entries + (change[index] as number), at: headingAt.get(section.line) as number };
    shift += change[index] as number;
    return out;
  });
  return { body: text, sections: spliced.every((section) => section.entries > 0) ? spliced : null, fileBytes };
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
