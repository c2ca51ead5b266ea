/**
 * The working copy's line diff against the last sync's snapshot, found from their bytes: at 20,000
 * entries both are ~4 MB and differ in a line or two (the entry `mem remember` or the Stop hook
 * added), so the bytes they share at their start and end are compared as memory (a fraction of a
 * millisecond), and only the lines between are decoded, split and read. What the last sync knew
 * of its text (where the region is, the body's sections: sync-snapshot.ts) stands for the lines it
 * did not change, which are not searched or checked again.
 *
 * The answer is diffWorkingLines' for the same two bodies, or null, and the caller takes that way
 * (a property test holds the two to one answer): where the snapshot's text was not plain or not in
 * sync's shape, where the working copy's head or tail changed, or where the lines that differ are
 * anything but plain entry lines within one section.
 */
import { isAscii } from 'node:buffer';
import { isPlainLine, type RegionOffsets } from '../core/memory-file/locate-region.js';
import type { KnownText, SavedSnapshot, SnapshotLayout } from './sync-snapshot.js';
import { lineStarts } from './incremental-splice.js';
import { compareMiddle, inOrder, isEntryLine, trimCommonLines, type BodySection, type LineDiff } from './working-line-diff.js';

/** The working copy as read: its text and its bytes. */
export type WorkingFile = { text: string; bytes: Buffer };

export type SnapshotDiff = {
  /** The working copy's region body, and where the region is in its text. */
  body: string;
  span: RegionOffsets;
  diff: LineDiff;
  /** Where each line of the body starts (lineStarts). */
  starts: Int32Array;
  /** What is known of the working copy's text now, as of the snapshot's: the same layout, the sections as they now are. */
  known: KnownText & { layout: SnapshotLayout; shape: BodySection[] };
};

/** Bytes compared at a time: a mismatch is found within one block, then byte by byte. */
const BLOCK = 64 * 1024;

/** How many bytes `a` from `aStart` and `b` from `bStart` share, at most `max`. */
function commonPrefix(a: Buffer, aStart: number, b: Buffer, bStart: number, max: number): number {
  let done = 0;
  while (done + BLOCK <= max && a.compare(b, bStart + done, bStart + done + BLOCK, aStart + done, aStart + done + BLOCK) === 0) done += BLOCK;
  while (done < max && a[aStart + done] === b[bStart + done]) done += 1;
  return done;
}

/** How many bytes `a` before `aEnd` and `b` before `bEnd` share, at most `max`. */
function commonSuffix(a: Buffer, aEnd: number, b: Buffer, bEnd: number, max: number): number {
  let done = 0;
  while (done + BLOCK <= max && a.compare(b, bEnd - done - BLOCK, bEnd - done, aEnd - done - BLOCK, aEnd - done) === 0) done += BLOCK;
  while (done < max && a[aEnd - 1 - done] === b[bEnd - 1 - done]) done += 1;
  return done;
}

function decode(bytes: Buffer): string {
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

/**
 * How many of `lines` (a body split at its newlines; `starts`: their offsets, lineStarts) lie
 * whole within its first `prefix` bytes, and how many bytes they take; `ascii`: characters are
 * bytes (else each line is measured).
 */
function linesWithin(lines: readonly string[], starts: Int32Array, prefix: number, ascii: boolean): { count: number; bytes: number } {
  if (ascii) {
    // The last line that ends, with its newline, by `prefix`: starts[k] is the end of line k-1.
    let low = 0;
    let high = lines.length;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] as number) <= prefix) low = middle;
      else high = middle - 1;
    }
    return { count: Math.min(low, lines.length - 1), bytes: starts[Math.min(low, lines.length - 1)] as number };
  }
  let count = 0;
  let used = 0;
  for (const line of lines) {
    const next = used + Buffer.byteLength(line) + 1;
    if (next > prefix || count === lines.length - 1) break;
    used = next;
    count += 1;
  }
  return { count, bytes: used };
}

/** How many of `lines` end its last `suffix` bytes, each with the newline before it (the body's final '' counts when its newline does). */
function linesEnding(lines: readonly string[], suffix: number, ascii: boolean): { count: number; bytes: number } {
  let count = 0;
  let used = 0;
  for (let k = lines.length - 1; k > 0; k -= 1) {
    const line = lines[k] as string;
    const next = used + (ascii ? line.length : Buffer.byteLength(line)) + 1;
    if (next > suffix) break;
    used = next;
    count += 1;
  }
  return { count, bytes: used === 0 ? 0 : used - 1 };
}

/** Returns the diff of the working copy against the snapshot, found from their bytes, or null where it cannot be found so (see above). */
export function diffFromSnapshot(snapshot: SavedSnapshot, file: WorkingFile, sectionOrder: readonly string[]): SnapshotDiff | null {
  const { layout, shape } = snapshot;
  if (layout === null || shape === null || !inOrder(shape, sectionOrder)) return null;
  const before = snapshot.bytes;
  const now = file.bytes;
  const { headBytes, tailBytes } = layout;
  // The head (everything up to the body) and the tail (from the end marker on) are the snapshot's.
  if (now.length < headBytes + tailBytes) return null;
  if (now.compare(before, 0, headBytes, 0, headBytes) !== 0 || now.compare(before, before.length - tailBytes, before.length, now.length - tailBytes, now.length) !== 0) return null;
  const bodyEnd = file.text.length - layout.tailChars;
  if (bodyEnd < layout.bodyStart) return null;
  const body = file.text.slice(layout.bodyStart, bodyEnd);
  if (!body.endsWith('\n')) return null;
  const lines = body.split('\n');

  // Note: in bytes, the bodies' shared start and end; then the whole lines within each.
  const nowEnd = now.length - tailBytes;
  const beforeEnd = before.length - tailBytes;
  const shorter = Math.min(nowEnd, beforeEnd) - headBytes;
  const prefix = commonPrefix(now, headBytes, before, headBytes, shorter);
  const suffix = commonSuffix(now, nowEnd, before, beforeEnd, shorter - prefix);
  const ascii = body.length === nowEnd - headBytes;
  const starts = lineStarts(lines);
  const head = linesWithin(lines, starts, prefix, ascii);
  // The lines that follow each newline of the shared end are the same in both (the last is the body's final '').
  const tail = linesEnding(lines, suffix, ascii);
  const tailLines = tail.count;
  const tailBytesShared = tail.bytes;
  if (headBytes + head.bytes > beforeEnd - tailBytesShared) return null;
  const middleBefore = decode(before.subarray(headBytes + head.bytes, beforeEnd - tailBytesShared)).split('\n');
  if (tailLines > 0) middleBefore.pop();
  const beforeCount = head.count + middleBefore.length + tailLines;
  if (lines.length - tailLines < head.count) return null;
  const lineBefore = (index: number): string => {
    if (index < head.count) return lines[index] as string;
    if (index < beforeCount - tailLines) return middleBefore[index - head.count] as string;
    return lines[index - beforeCount + lines.length] as string;
  };
  const middle = trimCommonLines(lineBefore, lines, { from: head.count, toBefore: beforeCount - tailLines, toNow: lines.length - tailLines });

  // The lines that differ lie among one section's entries, in both; the ones now are plain entry lines.
  const changed = shape.findIndex((section) => section.line + 2 <= middle.from && middle.toBefore <= section.line + 2 + section.entries);
  const removedLines = middle.toBefore - middle.from;
  const addedLines = middle.toNow - middle.from;
  if (removedLines + addedLines > 0) {
    if (changed < 0 || (shape[changed] as BodySection).entries - removedLines + addedLines <= 0) return null;
    for (let i = middle.from; i < middle.toNow; i += 1) if (!isEntryLine(lines[i] as string) || !isPlainLine(lines[i] as string)) return null;
  }
  const delta = addedLines - removedLines;
  const sections = shape.map((section, index) => (index < changed || removedLines + addedLines === 0 ? { ...section } : index === changed ? { ...section, entries: section.entries + delta } : { ...section, line: section.line + delta }));
  const sectionAt = sectionsByLine(sections, lines.length);
  const beforeSection = (index: number): number => {
    let found = 0;
    for (let k = 1; k < shape.length && (shape[k] as BodySection).line <= index; k += 1) found = k;
    return found;
  };
  const diff = compareMiddle({ count: beforeCount, line: lineBefore, sectionAt: beforeSection, sections: shape }, { lines, sections, sectionAt }, body, middle);
  if (diff === null) return null;
  const span = { start: layout.start, bodyStart: layout.bodyStart, bodyEnd, end: bodyEnd + layout.endMarker };
  return { body, span, diff, starts, known: { layout, shape: sections } };
}

/** `sectionAt` of a body in sync's shape with these sections: each line belongs to the section whose heading is the last one at or above it. */
function sectionsByLine(sections: readonly BodySection[], lineCount: number): Int32Array {
  const sectionAt = new Int32Array(lineCount);
  sections.forEach((section, index) => sectionAt.fill(index, section.line, (sections[index + 1])?.line ?? lineCount));
  return sectionAt;
}
