/**
 * What changed in the working copy since the last sync wrote it, read line by line, without
 * parsing the entries that did not change (a sync at 20,000 entries must not parse 20,000 lines).
 *
 * It only answers for the shape sync itself writes (renderWorkingBody): `## Section`, a blank
 * line, one line per entry, a blank line before the next heading, sections in the configured
 * order. Anything else (a multi-line entry, a conflict block, a new or emptied section, text
 * outside an entry, a duplicated line) returns null, and the caller merges the whole file: the
 * answer is either exact or not given.
 */
import { scanBlocks } from '../core/memory-file/scan-blocks.js';
import { readWorkingItems, type WorkingItem } from './working-records.js';

/** One section of a working body: its heading's line index, its title, how many entry lines it holds. */
export type BodySection = { line: number; title: string; entries: number };

/** A working body split into lines, with its sections; `sectionAt[i]` is the section index of line i (-1 above the first heading). */
export type BodyLines = { lines: string[]; sections: BodySection[]; sectionAt: Int32Array };

export type LineDiff = {
  /** How many lines the body the last sync wrote has (its lines are not kept: 20,000 strings the merge never reads), and the body now. */
  beforeLines: number;
  now: BodyLines;
  /** For an entry line of the body now that the last sync wrote as it is, that line's index in `before`; -1 for one it did not write. */
  writtenAt: (line: number) => number;
  /** Entry lines of the current body that the last sync did not write (new or edited), read. */
  added: Array<{ line: number; item: WorkingItem }>;
  /** Ids of entry lines the last sync wrote that are gone from the current body (removed or edited). */
  removed: string[];
  /** Where the bodies differ: lines before `from` are the same in both, and so are the lines from `toNow` (now) and `toBefore` (before) to the end. */
  middle: { from: number; toNow: number; toBefore: number };
};

/** More changed lines than this and reading them one by one stops paying: the whole file is merged. */
export const MAX_CHANGED_LINES = 256;

/** Returns the lines of a body in sync's own shape, or null for any other shape. */
function readBodyLines(body: string, sectionOrder: readonly string[]): BodyLines | null {
  if (body === '' || !body.endsWith('\n')) return null;
  const lines = body.split('\n');
  const sectionAt = new Int32Array(lines.length);
  const sections = readSections(lines, sectionAt);
  return sections !== null && inOrder(sections, sectionOrder) ? { lines, sections, sectionAt } : null;
}

/**
 * The sections of a body in sync's own shape, in the order they come (whatever the configured
 * order), or null for any other shape: what a sync keeps beside its snapshot, so the next one
 * need not read the lines it did not change (snapshot-line-diff.ts).
 */
export function readBodyShape(body: string): BodySection[] | null {
  if (body === '' || !body.endsWith('\n')) return null;
  const lines = body.split('\n');
  return readSections(lines, new Int32Array(lines.length));
}

/** The sections of `lines` (a body split at its newlines) in sync's shape, filling `sectionAt`; null for any other shape. */
function readSections(lines: readonly string[], sectionAt: Int32Array): BodySection[] | null {
  const sections: BodySection[] = [];
  // Grammar: (heading, blank, entry+) joined by one blank line, then the final newline's ''.
  let i = 0;
  const last = lines.length - 1;
  while (i < last) {
    const heading = lines[i] as string;
    if (!heading.startsWith('## ') || lines[i + 1] !== '') return null;
    const title = headingTitle(heading);
    if (title === null) return null;
    const section: BodySection = { line: i, title, entries: 0 };
    sectionAt[i] = sections.length;
    sectionAt[i + 1] = sections.length;
    let j = i + 2;
    while (j < last && isEntryLine(lines[j] as string)) {
      sectionAt[j] = sections.length;
      j += 1;
    }
    section.entries = j - i - 2;
    if (section.entries === 0) return null;
    sections.push(section);
    if (j === last) break;
    if (lines[j] !== '' || j + 1 >= last) return null;
    sectionAt[j] = sections.length - 1;
    i = j + 1;
  }
  if (lines[last] !== '' || sections.length === 0) return null;
  sectionAt[last] = sections.length - 1;
  return sections;
}

/**
 * Returns the entry lines added and removed between the body the last sync wrote and the body
 * now, section by section (an entry moved to another section is removed there and added here;
 * entries reordered within a section are no change, as the team ref keeps no order), or null when
 * either body is not in sync's shape, the headings differ, or too much changed.
 */
export function diffWorkingLines(synced: string, body: string, sectionOrder: readonly string[]): LineDiff | null {
  const before = readBodyLines(synced, sectionOrder);
  const now = readBodyLines(body, sectionOrder);
  if (before === null || now === null || before.sections.length !== now.sections.length) return null;
  for (let k = 0; k < now.sections.length; k += 1) if (before.sections[k]?.title !== now.sections[k]?.title) return null;
  const a = before.lines;
  const b = now.lines;
  // Note: the lines both bodies share at their start and end are the same lines in the same
  // sections (the headings are the same); only the middle is compared entry by entry.
  const middle = trimCommonLines((i) => a[i] as string, b, { from: 0, toBefore: a.length, toNow: b.length });
  return compareMiddle({ count: a.length, line: (i) => a[i] as string, sectionAt: (i) => before.sectionAt[i] as number, sections: before.sections }, now, body, middle);
}

/** Where two bodies differ: lines before `from` are the same in both, and so are the lines from `toBefore` (before) and `toNow` (now) to the end. */
export type Middle = LineDiff['middle'];

/**
 * Narrows `middle` by the lines both bodies share at its start, then at its end (as far as the
 * start leaves): the lines of the body the last sync wrote are asked for one by one (`before`),
 * as only those of the middle may be read.
 */
export function trimCommonLines(before: (line: number) => string, now: readonly string[], middle: Middle): Middle {
  let start = middle.from;
  while (start < middle.toBefore && start < middle.toNow && before(start) === now[start]) start += 1;
  let endA = middle.toBefore;
  let endB = middle.toNow;
  while (endA > start && endB > start && before(endA - 1) === now[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  return { from: start, toBefore: endA, toNow: endB };
}

/** The body the last sync wrote, as the comparison of the middle reads it: its line count, and its lines and their sections, asked for one by one. */
export type BeforeLines = { count: number; line: (index: number) => string; sectionAt: (index: number) => number; sections: readonly BodySection[] };

/**
 * The diff of two bodies in sync's shape with the same headings, whose lines outside `middle` are
 * the same: the middle's entry lines compared section by section; null when a line is copied or
 * unreadable, or too much changed.
 */
export function compareMiddle(before: BeforeLines, now: BodyLines, body: string, middle: Middle): LineDiff | null {
  const { from: start, toBefore: endA, toNow: endB } = middle;
  const b = now.lines;
  const inA = middleEntries(before.line, before.sectionAt, start, endA);
  const inB = middleEntries((i) => b[i] as string, (i) => now.sectionAt[i] as number, start, endB);
  // Note: the last sync wrote every id once, so its lines are unique; a line copied within the
  // middle of the current body would match one line twice.
  if ([...inB.values()].reduce((sum, set) => sum + set.size, 0) !== countEntries(b, start, endB)) return null;
  const added: Array<{ line: number; item: WorkingItem }> = [];
  const removed: string[] = [];
  const kept = new Map<number, number>();
  for (let i = start; i < endB; i += 1) {
    const line = b[i] as string;
    const section = now.sectionAt[i] as number;
    if (!isEntryLine(line)) continue;
    const was = inA.get(section)?.get(line);
    if (was !== undefined) {
      kept.set(i, was);
      continue;
    }
    if (added.length >= MAX_CHANGED_LINES) return null;
    const item = readEntryLine(line, now.sections[section]?.title ?? '');
    // An added id must be the only line that carries it (a copied line with an edit would be a second).
    if (item === null || !onlyOnce(body, idMarker(item.id))) return null;
    added.push({ line: i, item });
  }
  for (let i = start; i < endA; i += 1) {
    const line = before.line(i);
    const section = before.sectionAt(i);
    if (!isEntryLine(line) || inB.get(section)?.has(line)) continue;
    if (removed.length >= MAX_CHANGED_LINES) return null;
    const item = readEntryLine(line, before.sections[section]?.title ?? '');
    if (item === null) return null;
    removed.push(item.id);
  }
  const writtenAt = (line: number): number => {
    if (line < start) return line;
    if (line >= endB) return line - endB + endA;
    return kept.get(line) ?? -1;
  };
  return { beforeLines: before.count, now, writtenAt, added, removed, middle };
}

/** What an entry line carries for its id, and only its line: `<!-- mem:id=<id> ` (attributes follow the id after a space, or ` -->` ends it). */
export function idMarker(id: string): string {
  return `<!-- mem:id=${id} `;
}

/** Returns the one entry a canonical entry line carries in `section`, as the working-copy reader reads it, or null when it is anything else. */
export function readEntryLine(line: string, section: string): WorkingItem | null {
  const items = readWorkingItems(`## ${section}\n\n${line}\n`);
  if (items.length !== 1) return null;
  const item = items[0] as WorkingItem;
  return item.record.kind === 'entry' && item.record.section === section && line.includes(idMarker(item.id)) ? item : null;
}

/** True when `text` holds `part` exactly once (a second search forward from the first: lastIndexOf searches 4 MB backwards char by char). */
function onlyOnce(text: string, part: string): boolean {
  const first = text.indexOf(part);
  return first >= 0 && text.indexOf(part, first + 1) < 0;
}

/** The entry lines of a body between `from` and `to`, by section, with their index. */
function middleEntries(lineAt: (index: number) => string, sectionAt: (index: number) => number, from: number, to: number): Map<number, Map<string, number>> {
  const out = new Map<number, Map<string, number>>();
  for (let i = from; i < to; i += 1) {
    const line = lineAt(i);
    if (!isEntryLine(line)) continue;
    const section = sectionAt(i);
    let set = out.get(section);
    if (set === undefined) {
      set = new Map();
      out.set(section, set);
    }
    set.set(line, i);
  }
  return out;
}

function countEntries(lines: readonly string[], from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i += 1) if (isEntryLine(lines[i] as string)) count += 1;
  return count;
}

/** An entry line as sync writes it: `- ` then text (a line of a multi-line entry or anything else is not). */
export function isEntryLine(line: string): boolean {
  return line.charCodeAt(0) === 45 && line.charCodeAt(1) === 32 && line.charCodeAt(2) !== 32;
}

/** The title of a heading line written as `## Title` (no trailing blanks, no closing hashes), or null. */
function headingTitle(line: string): string | null {
  const block = scanBlocks(`${line}\n`, { headingLevels: 'sections', frontMatter: false })[0];
  return block?.kind === 'heading' && line === `## ${block.title}` ? block.title : null;
}

/** Sections in the order sync renders them: the configured ones first, in that order, then the others; each once. */
export function inOrder(sections: readonly BodySection[], sectionOrder: readonly string[]): boolean {
  const titles = sections.map((section) => section.title);
  if (new Set(titles).size !== titles.length) return false;
  const known = sectionOrder.filter((title) => titles.includes(title));
  const expected = [...known, ...titles.filter((title) => !sectionOrder.includes(title))];
  return expected.every((title, index) => titles[index] === title);
}
