/**
 * The rendering of a working body in sync's own shape (working-line-diff.ts: `## Section`, a blank
 * line, one line per entry with a unique id, a blank line), reading only the entries the size budget shows: at
 * 20,000 entries a sync renders the few hundred newest of each section, from the end of each
 * section backwards, instead of parsing 20,000 lines. Its result is renderMemory's for the same
 * body, byte for byte (a property test holds it to that); null for any other shape.
 */
import { readEntryItem } from './entry-item.js';
import { scanBlocks } from './scan-blocks.js';
import { layOutRendering, plainText, safeSection, type RenderOptions, type RenderSection, type Rendering } from './render-memory.js';

/** Thrown from inside a section's lazy reader when a line is not an entry line: the caller answers null. */
class NotSyncShape extends Error {}

/** A section of a body in sync's shape as the code that wrote the body knows it: where its heading starts, its title (as the heading reads), its entry count. */
export type KnownSection = { at: number; title: string; entries: number };

/**
 * `known`: the body's sections, from the code that wrote it in sync's shape and plain (no conflict
 * in it: an incremental sync's splice): the body is then not searched or counted line by line.
 */
export function renderSyncShapeBody(body: string, options: RenderOptions, known?: readonly KnownSection[]): Rendering | null {
  const found = known !== undefined ? knownSections(body, known) : readSections(body);
  if (found === null) return null;
  const byTitle = new Map(found.map((section) => [section.title, section]));
  if (byTitle.size !== found.length) return null;
  // Note: the order renderBodyItems gives: configured sections first, then the others as they come.
  const configured = options.sections.filter((title) => byTitle.has(title));
  const ordered = [...configured, ...found.map((section) => section.title).filter((title) => !configured.includes(title))].map((title) => byTitle.get(title) as RenderSection);
  try {
    return layOutRendering(ordered, options);
  } catch (error) {
    if (error instanceof NotSyncShape) return null;
    throw error;
  }
}

/** The body's sections with lazy readers of their entry lines; null when the body is not in sync's shape. */
function readSections(body: string): RenderSection[] | null {
  // Note: a conflict or a multi-line entry anywhere (a line that starts with a space) is not this shape.
  if (!body.startsWith('## ') || !body.endsWith('\n') || body.includes('<!-- mem:conflict') || body.includes('\n ')) return null;
  const headings: number[] = [0];
  for (let at = body.indexOf('\n## '); at >= 0; at = body.indexOf('\n## ', at + 1)) headings.push(at + 1);
  const sections: RenderSection[] = [];
  for (let k = 0; k < headings.length; k += 1) {
    const heading = headings[k] as number;
    const titleEnd = body.indexOf('\n', heading);
    const end = k + 1 < headings.length ? (headings[k + 1] as number) : body.length;
    // `## Title`, a blank line, the entry lines, a blank line (the last section: the body's end).
    if (body.charCodeAt(titleEnd + 1) !== 10) return null;
    const from = titleEnd + 2;
    let to = end;
    while (to > from && body.charCodeAt(to - 1) === 10) to -= 1;
    if (to <= from || body.charCodeAt(from) !== 45) return null;
    const title = plainHeadingTitle(body.slice(heading, titleEnd));
    if (title === null) return null;
    const section = lazySection(safeSection(title), body, from, to);
    if (section === null) return null;
    sections.push(section);
  }
  return sections;
}

/** The lazy sections of a body whose sections are known. */
function knownSections(body: string, known: readonly KnownSection[]): RenderSection[] {
  return known.map((section, index) => {
    // `## Title`, a blank line, the entry lines; then a blank line before the next heading, or the body's final newline.
    const from = section.at + 3 + section.title.length + 2;
    const next = known[index + 1];
    return lazySection(safeSection(section.title), body, from, next === undefined ? body.length - 1 : next.at - 2, section.entries) as RenderSection;
  });
}

/**
 * The title of a heading line that reads as written (`## Title`: no closing hashes, no blanks at
 * either end), as the parser reads it; null for any other heading ("## Notes ##" is titled
 * "Notes" by the parser, which the shape does not try to follow).
 */
function plainHeadingTitle(line: string): string | null {
  const block = scanBlocks(`${line}\n`, { headingLevels: 'sections', frontMatter: false })[0];
  return block?.kind === 'heading' && line === `## ${block.title}` ? block.title : null;
}

/**
 * A section whose entry lines lie in `body` from `from` to `to` (no final newline), read from the
 * end as asked for; null when a line there is not a list item. `known`: how many lines there are,
 * from code that wrote them as list items (then they are not counted).
 */
function lazySection(title: string, body: string, from: number, to: number, known?: number): RenderSection | null {
  let count = 1;
  if (known !== undefined) count = known;
  else {
    for (let at = body.indexOf('\n', from); at >= 0 && at < to; at = body.indexOf('\n', at + 1)) {
      if (body.charCodeAt(at + 1) !== 45 || body.charCodeAt(at + 2) !== 32) return null;
      count += 1;
    }
  }
  // Line starts found from the end backwards: starts[k] is where line count-1-k starts.
  const starts: number[] = [];
  const startOf = (index: number): number => {
    const back = count - 1 - index;
    while (starts.length <= back) {
      const previousEnd = starts.length === 0 ? to : (starts[starts.length - 1] as number) - 1;
      const newline = body.lastIndexOf('\n', previousEnd - 1);
      starts.push(newline < from ? from : newline + 1);
    }
    return starts[back] as number;
  };
  const read = new Map<number, { id: string; line: string }>();
  const entry = (index: number) => {
    let known = read.get(index);
    if (known === undefined) {
      const start = startOf(index);
      const end = index === count - 1 ? to : startOf(index + 1) - 1;
      const line = body.slice(start, end);
      if (line.charCodeAt(0) !== 45 || line.charCodeAt(1) !== 32 || !line.includes('<!-- mem:')) throw new NotSyncShape();
      const item = readEntryItem({ lines: [line], contentColumn: 2 });
      if (!item.hasComment) throw new NotSyncShape();
      known = { id: item.id, line: `- ${plainText(item.text)}` };
      read.set(index, known);
    }
    return known;
  };
  return { title, count, conflicts: [], id: (index) => entry(index).id, lines: (index) => [entry(index).line] };
}
