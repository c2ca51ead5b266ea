/**
 * A line scanner for the markdown of memory and agent files: ATX and setext headings, lists (nested,
 * ordered, tasks), paragraphs, fenced and indented code, GFM tables, block quotes, thematic breaks,
 * front matter, HTML comments and block-level HTML. It yields the documents remark does
 * (parse-markdown-documents.ts; the two are held equal by test/unit/search/) at a fraction of the
 * cost: remark's import and first parse are ~40–100 ms in a fresh process, the whole budget of a
 * search after a change or of `mem lint`. Shapes whose reading takes more than a line at a time —
 * link definitions, footnotes, other HTML, tabs in indentation, a line lazily continuing a quote,
 * inline markup other than code in a heading — return null, and the caller uses remark.
 */
import type { ParsedDocument, ParsedFile } from './memory-document.js';
import { codeFence, memoryDocumentFrom } from './memory-document-from.js';
import { headingText } from './heading-text.js';
import { tableCells } from '../core/text/table-cells.js';

const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*))?$/;
const ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])(?:( {1,4})(.*))?$/;
const FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/;
const THEMATIC_BREAK = /^ {0,3}(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/;
const SETEXT = /^ {0,3}(?:=+|-+)[ \t]*$/;
const QUOTE = /^ {0,3}>/;
const COMMENT = /^ {0,3}<!--/;
/**
 * CommonMark's HTML blocks of kind 6 (block-level tags): they run to a blank line and are not memory. The tag's name is
 * looked up lower-cased in a set: the same test as one case-insensitive alternation of the names, which V8 compiles
 * at ~10 M instructions (ICU's case closure of every letter), a fifth of `mem lint`'s scan of a file.
 */
const HTML_TAG_START = /^ {0,3}<\/?([A-Za-z][A-Za-z0-9]*)(?:[ \t]|\/?>|$)/;
const BLOCK_TAGS = new Set(
  'address article aside base basefont blockquote body caption center col colgroup dd details dialog dir div dl dt fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hr html iframe legend li link main menu menuitem nav noframes ol optgroup option p param search section summary table tbody td tfoot th thead title tr track ul'.split(
    ' ',
  ),
);
const startsHtmlBlock = (line: string): boolean => {
  const tag = HTML_TAG_START.exec(line)?.[1];
  return tag !== undefined && BLOCK_TAGS.has(tag.toLowerCase());
};
/** Shapes left to remark: other HTML, link and footnote definitions, a list marker followed by a tab. */
const UNSUPPORTED = /^ {0,3}(?:<(?!!--)|\[[^\]]*\]:|(?:[-*+]|\d{1,9}[.)])\t)/;
const TASK = /^\[[ xX]\][ \t]+(?=\S)/;

type Heading = { depth: number; text: string };
/** A document being read: its pieces of source (joined with blanks at the end), where it starts, its section. */
type Pending = { parts: string[]; line: number; section: string; code?: true; fence?: ParsedDocument['fence'] };
type Item = { marker: string; content: number; doc: Pending };
/** `quoted`: how many block quotes the lines being read are in (their markers stripped). */
type Scan = { out: Pending[]; headings: Heading[]; quoted: number };

/** Thrown inside the scanner for a shape it leaves to remark; never escapes scanSimpleMarkdown. */
class Unsupported extends Error {}

/** Returns the documents of `source` as remark reads them, or null when it uses a shape left to remark; never throws. */
export function scanSimpleMarkdown(source: string): ParsedFile | null {
  const lines = source.split(/\r?\n/);
  let first = 0;
  let conditional = false;
  if (lines[0]?.trim() === '---') {
    const end = lines.indexOf('---', 1);
    if (end < 0) return null;
    conditional = lines.slice(1, end).some((l) => /^\s*paths\s*:/.test(l));
    first = end + 1;
  }
  const scan: Scan = { out: [], headings: [], quoted: 0 };
  try {
    scanBlocks(lines.slice(first), first + 1, scan);
  } catch (error) {
    if (error instanceof Unsupported) return null;
    throw error;
  }
  const documents: ParsedDocument[] = [];
  for (const pending of scan.out) {
    const doc = memoryDocumentFrom(pending.parts.join(' '), pending.section, pending.line);
    if (doc === null) continue;
    if (pending.code) doc.code = true;
    if (pending.fence) doc.fence = pending.fence;
    documents.push(doc);
  }
  return { documents, conditional };
}

/** Reads the blocks of `lines` (a file, or a block quote's content without its markers) into `scan`; `lineNo` is the first line's number. */
function scanBlocks(lines: readonly string[], lineNo: number, scan: Scan): void {
  const items: Item[] = [];
  let paragraph: Pending | null = null;
  let itemParagraph = false;
  let blank = false;
  /**
   * Note: after indented code (blank lines between or not) or right after a thematic break,
   * micromark reads an item that could not interrupt a paragraph as a paragraph; left to remark.
   */
  let quirk: 'code' | 'break' | null = null;
  const section = () => scan.headings.map((h) => h.text).join(' > ');
  const begin = (text: string, at: number): Pending => ({ parts: [text], line: at, section: section() });
  const closeParagraph = () => {
    if (paragraph !== null) scan.out.push(paragraph);
    paragraph = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i] ?? '';
    const at = lineNo + i;
    if (text.trim() === '') {
      if (quirk === 'break') quirk = null;
      blank = true;
      itemParagraph = false;
      closeParagraph();
      continue;
    }
    const lead = /^[ \t]*/.exec(text)?.[0] ?? '';
    if (lead.includes('\t')) throw new Unsupported();
    const indent = lead.length;
    const wasBlank = blank;
    const afterBreak = quirk;
    blank = false;
    quirk = null;

    if (items.length > 0) {
      // The innermost open item whose text column the line reaches (k < 0: none).
      let k = items.length - 1;
      while (k >= 0 && (items[k] as Item).content > indent) k--;
      const owner = items[k];
      const rest = owner === undefined ? text : text.slice(owner.content);
      const restIndent = owner === undefined ? indent : indent - owner.content;
      const item = restIndent < 4 && !THEMATIC_BREAK.test(rest) ? ITEM.exec(rest) : null;
      const level = items[k + 1];
      const sibling = item !== null && level !== undefined && sameList(level.marker, item[2] ?? '-');
      const table = restIndent < 4 && isTableStart(rest, lines[i + 1]);
      // Note: only an item landing in the innermost item, beside its paragraph, must be allowed to interrupt it (CommonMark's rule as micromark applies it).
      const outerItem = k < items.length - 1 && item !== null && (item[4] ?? '').trim() !== '';
      const startsBlock = sibling || outerItem || (restIndent < 4 && startsBlockAt(rest));
      if (!startsBlock && !wasBlank && itemParagraph) {
        // Note: a table cannot start inside an item's paragraph; remark reads its lines as the paragraph's.
        if (table) throw new Unsupported();
        // The innermost item's paragraph goes on (indented, or lazily less indented).
        (items.at(-1) as Item).doc.parts.push(text.trim());
        continue;
      }
      if (owner !== undefined) {
        items.length = k + 1;
        if (item !== null) {
          // Note: a nested list starting at 2 and a quote in an item read differently around code and lazy lines; left to remark.
          if (!canInterrupt(item) && !sibling && !outerItem) throw new Unsupported();
          itemParagraph = openItem(item, indent, at, items, scan, section());
          continue;
        }
        const fence = restIndent < 4 ? FENCE.exec(rest) : null;
        if (fence !== null) {
          // A fence inside an item is part of the item's text, fences and all, as remark slices it.
          const end = closingFence(lines, i, fence, owner.content);
          for (let j = i; j <= end; j++) owner.doc.parts.push((lines[j] ?? '').trim());
          i = end;
          itemParagraph = false;
          continue;
        }
        if (table || (restIndent < 4 && ((COMMENT.test(rest) && !rest.includes('-->')) || QUOTE.test(rest))))
          throw new Unsupported();
        // Any other block inside the item (a paragraph, heading, rule, HTML, indented code) is its text as written.
        owner.doc.parts.push(text.trim());
        itemParagraph = restIndent < 4 && !startsBlock;
        continue;
      }
      items.length = 0;
      itemParagraph = false;
      // Note: micromark reads code indented less than a closed item's text in its own way; left to remark.
      if (indent >= 4) throw new Unsupported();
    }

    // Outside any list item.
    if (indent >= 4) {
      if (paragraph !== null && !wasBlank) {
        paragraph.parts.push(text.trim());
        continue;
      }
      // Indented code: its lines without four columns, up to a line indented less.
      closeParagraph();
      const code = begin('', at);
      let j = i;
      for (; j < lines.length; j++) {
        const line = lines[j] ?? '';
        if (line.trim() !== '' && !/^ {4}/.test(line)) break;
        if (line.includes('\t')) throw new Unsupported();
        code.parts.push(line.slice(4));
      }
      code.parts = [code.parts.join('\n')];
      code.code = true;
      scan.out.push(code);
      i = j - 1;
      blank = (lines[j - 1] ?? '').trim() === '';
      quirk = 'code';
      continue;
    }
    if (SETEXT.test(text) && paragraph !== null && !wasBlank) {
      const title = headingText(paragraph.parts.join('\n'));
      if (title === null) throw new Unsupported();
      paragraph = null;
      pushHeading(scan, text.trim().startsWith('=') ? 1 : 2, title);
      continue;
    }
    if (THEMATIC_BREAK.test(text)) {
      closeParagraph();
      quirk = 'break';
      continue;
    }
    const atx = ATX.exec(text);
    if (atx !== null) {
      closeParagraph();
      const title = headingText((atx[2] ?? '').replace(/(?:^|[ \t]+)#+[ \t]*$/, ''));
      if (title === null) throw new Unsupported();
      pushHeading(scan, (atx[1] ?? '#').length, title);
      continue;
    }
    const fence = FENCE.exec(text);
    if (fence !== null) {
      closeParagraph();
      const end = closingFence(lines, i, fence, 0);
      const indentOf = (fence[1] ?? '').length;
      const body = lines
        .slice(i + 1, Math.min(end, lines.length))
        .map((line) => line.replace(new RegExp(`^ {0,${indentOf}}`), ''));
      const info = (fence[3] ?? '').trim();
      // Note: remark decodes escapes and entities in an info string ("c\+\+"); left to it.
      if (/[\\&]/.test(info)) throw new Unsupported();
      const value = body.join('\n');
      const code: Pending = { ...begin(value, at), code: true };
      if (scan.quoted === 0) code.fence = codeFence(info.split(/[ \t]/)[0] ?? null, value);
      scan.out.push(code);
      i = end;
      continue;
    }
    if (QUOTE.test(text)) {
      closeParagraph();
      let j = i;
      while (j < lines.length && QUOTE.test(lines[j] ?? '')) j++;
      // Note: a line right after a quote may continue its paragraph lazily; remark reads that.
      const after = lines[j] ?? '';
      if (
        j < lines.length &&
        after.trim() !== '' &&
        !startsBlockAt(after) &&
        !/^ {0,3}(?:[-*+]|\d{1,9}[.)])[ \t]+\S/.test(after)
      )
        throw new Unsupported();
      scan.quoted += 1;
      scanBlocks(
        lines.slice(i, j).map((line) => line.replace(/^ {0,3}> ?/, '')),
        at,
        scan,
      );
      scan.quoted -= 1;
      i = j - 1;
      continue;
    }
    if (COMMENT.test(text)) {
      closeParagraph();
      // An HTML comment block runs to the line that closes it, the whole of that line included.
      let j = i;
      while (j < lines.length && !(lines[j] ?? '').slice(j === i ? text.indexOf('<!--') + 4 : 0).includes('-->')) j++;
      i = j;
      continue;
    }
    if (startsHtmlBlock(text)) {
      closeParagraph();
      while (i + 1 < lines.length && (lines[i + 1] ?? '').trim() !== '') i++;
      continue;
    }
    if (UNSUPPORTED.test(text)) throw new Unsupported();
    const item = ITEM.exec(text);
    const continues = paragraph !== null && !wasBlank;
    if (
      item !== null &&
      !THEMATIC_BREAK.test(text) &&
      !(continues && !canInterrupt(item) && isTableStart(text, lines[i + 1]))
    ) {
      if (continues && !canInterrupt(item)) {
        (paragraph as Pending).parts.push(text.trim());
        continue;
      }
      if (afterBreak !== null && !canInterrupt(item)) throw new Unsupported();
      closeParagraph();
      itemParagraph = openItem(item, indent, at, items, scan, section());
      continue;
    }
    if (isTableStart(text, lines[i + 1])) {
      closeParagraph();
      let j = i + 2;
      // Rows run to a blank line or a line that starts another block.
      for (; j < lines.length; j++) {
        const row = lines[j] ?? '';
        if (
          row.trim() === '' ||
          /^ {4}/.test(row) ||
          startsBlockAt(row) ||
          /^ {0,3}(?:[-*+]|\d{1,9}[.)])[ \t]+\S/.test(row)
        )
          break;
        if (UNSUPPORTED.test(row) || row.includes('\t')) throw new Unsupported();
        scan.out.push(begin(row.trim(), lineNo + j));
      }
      i = j - 1;
      continue;
    }
    if (paragraph !== null && !wasBlank) paragraph.parts.push(text.trim());
    else {
      closeParagraph();
      paragraph = begin(text.trim(), at);
    }
  }
  closeParagraph();
}

/** Opens a list item: its document starts now, so it comes before its nested items' as in remark; returns true (the item holds an open paragraph). */
function openItem(
  item: RegExpExecArray,
  indent: number,
  at: number,
  items: Item[],
  scan: Scan,
  section: string,
): boolean {
  const marker = item[2] ?? '-';
  const text = item[4] ?? '';
  // Note: an item that starts with a blank line, or whose text starts indented as code, is rare and read by remark.
  if (text.trim() === '' || text.startsWith(' ')) throw new Unsupported();
  const doc: Pending = { parts: [text.replace(TASK, '')], line: at, section };
  scan.out.push(doc);
  items.push({ marker, content: indent + marker.length + (item[3] ?? '').length, doc });
  return true;
}

/** Items of one list share the bullet character, or the delimiter after the number. */
function sameList(a: string, b: string): boolean {
  return /^\d/.test(a) && /^\d/.test(b) ? a.at(-1) === b.at(-1) : a === b;
}

/** A list item may interrupt a paragraph only when it has text and, if ordered, starts at 1. */
function canInterrupt(item: RegExpExecArray): boolean {
  const marker = item[2] ?? '-';
  return (item[4] ?? '').trim() !== '' && (!/^\d/.test(marker) || /^0*1[.)]$/.test(marker));
}

/** The index of the line closing the fence opened at `start` (lines.length when none does); lines of an item's fence must stay inside it. */
function closingFence(lines: readonly string[], start: number, fence: RegExpExecArray, minIndent: number): number {
  const marker = fence[2] ?? '```';
  if (marker.startsWith('`') && (fence[3] ?? '').includes('`')) throw new Unsupported();
  const close = new RegExp(`^ {0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}[ \\t]*$`);
  for (let j = start + 1; j < lines.length; j++) {
    const line = lines[j] ?? '';
    if (line.trim() === '') continue;
    const indent = /^ */.exec(line)?.[0].length ?? 0;
    if (indent < minIndent || line.includes('\t')) throw new Unsupported();
    if (close.test(line.slice(minIndent))) return j;
  }
  if (minIndent > 0) throw new Unsupported();
  return lines.length;
}

/** True when `line` starts a block that ends a paragraph or a table (so it is no lazy continuation line); tables aside. */
function startsBlockAt(line: string): boolean {
  if (
    ATX.test(line) ||
    FENCE.test(line) ||
    QUOTE.test(line) ||
    THEMATIC_BREAK.test(line) ||
    COMMENT.test(line) ||
    startsHtmlBlock(line)
  )
    return true;
  const item = ITEM.exec(line);
  return item !== null && canInterrupt(item);
}

function pushHeading(scan: Scan, depth: number, title: string): void {
  while (scan.headings.length > 0 && (scan.headings.at(-1)?.depth ?? 0) >= depth) scan.headings.pop();
  if (title !== '') scan.headings.push({ depth, text: title });
}

/** A GFM table starts with a header row and a delimiter row of as many cells. */
function isTableStart(header: string, delimiter: string | undefined): boolean {
  if (delimiter === undefined || !delimiter.includes('|') || /^ {4}/.test(delimiter)) return false;
  const cells = tableCells(delimiter);
  return cells.every((cell) => /^:?-+:?$/.test(cell)) && cells.length === tableCells(header).length;
}
