/**
 * A fast line scanner that cuts markdown into the blocks the region and the merge care about:
 * headings, top-level list items (with their continuation lines and nested lists), free text and
 * blank-line gaps. It never rewrites anything: concatenating the blocks' `raw` gives the input back.
 * Why not remark: importing it costs ~90 ms, and the hook path must stay near bare Node start-up.
 */
import { isBlankLine, splitLines, stripEol } from './split-lines.js';

type BlockBase = { raw: string; /** 0-based index of the block's first line. */ line: number; lineCount: number };
export type GapBlock = BlockBase & { kind: 'gap' };
export type TextBlock = BlockBase & { kind: 'text' };
export type HeadingBlock = BlockBase & { kind: 'heading'; level: number; title: string };
export type ItemBlock = BlockBase & {
  kind: 'item';
  /** The list marker as written (`-`, `*`, `+`, `1.`, `2)`). */
  marker: string;
  /** Columns of leading whitespace before the marker. */
  indent: number;
  /** Column where the item's content starts; continuation lines are de-indented by it. */
  contentColumn: number;
  /** The item's lines without line endings. */
  lines: string[];
};
export type Block = GapBlock | TextBlock | HeadingBlock | ItemBlock;

export type ScanOptions = {
  /** Which ATX headings cut blocks: only level 2 (region bodies) or any level (whole files). */
  headingLevels: 'sections' | 'all';
  /** Treat a leading `---` … `---` block as YAML front matter (whole files). */
  frontMatter: boolean;
};

const ITEM_RE = /^( {0,3})([-*+]|\d{1,9}[.)])([ \t]+|(?=\r?\n?$))/;
const THEMATIC_RE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*\r?\n?$/;
const FENCE_RE = /^( {0,3})(`{3,}|~{3,})([^\r\n]*)/;
const ATX_RE = /^ {0,3}(#{1,6})(?:[ \t]+([^\r\n]*?))?(?:[ \t]+#+)?[ \t]*\r?\n?$/;
const HTML_COMMENT_START_RE = /^ {0,3}<!--/;

/** Returns the blocks of `text` in order; never fails (any input is some sequence of blocks). */
export function scanBlocks(text: string, options: ScanOptions): Block[] {
  return scanLines(splitLines(text), options);
}

/** Returns the blocks of pre-split lines (each with its line ending); never fails. */
export function scanLines(lines: readonly string[], options: ScanOptions): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  const push = (
    block: Omit<GapBlock, 'raw' | 'lineCount'> | Omit<TextBlock, 'raw' | 'lineCount'>,
    end: number,
  ): void => {
    const prev = blocks[blocks.length - 1];
    const raw = lines.slice(block.line, end).join('');
    // Note: consecutive free-text pieces form one text block, so a paragraph never splits in two.
    if (block.kind === 'text' && prev?.kind === 'text') {
      prev.raw += raw;
      prev.lineCount += end - block.line;
      return;
    }
    blocks.push({ ...block, raw, lineCount: end - block.line });
  };

  if (options.frontMatter && lines.length > 0 && /^---[ \t]*\r?\n$/.test(lines[0] ?? '')) {
    let end = 1;
    while (end < lines.length && !/^(---|\.\.\.)[ \t]*\r?\n?$/.test(lines[end] ?? '')) end++;
    if (end < lines.length) {
      push({ kind: 'text', line: 0 }, end + 1);
      i = end + 1;
    }
  }

  while (i < lines.length) {
    const line = lines[i] ?? '';
    // Fast path for the overwhelmingly common `- text` line (mem's own items): skip the regexes.
    if (
      line.charCodeAt(0) === 45 &&
      line.charCodeAt(1) === 32 &&
      line.charCodeAt(2) !== 45 &&
      line.charCodeAt(2) !== 32
    ) {
      const end = itemEnd(lines, i, 2);
      const own = end === i + 1 ? [line] : lines.slice(i, end);
      blocks.push({
        kind: 'item',
        raw: own.join(''),
        line: i,
        lineCount: end - i,
        marker: '-',
        indent: 0,
        contentColumn: 2,
        lines: own.map(stripEol),
      });
      i = end;
      continue;
    }
    if (isBlankLine(line)) {
      let end = i + 1;
      while (end < lines.length && isBlankLine(lines[end] ?? '')) end++;
      push({ kind: 'gap', line: i }, end);
      i = end;
      continue;
    }
    const fence = FENCE_RE.exec(line);
    if (fence && !(fence[2]?.startsWith('`') && fence[3]?.includes('`'))) {
      const end = fenceEnd(lines, i + 1, fence[2] ?? '```');
      push({ kind: 'text', line: i }, end);
      i = end;
      continue;
    }
    if (HTML_COMMENT_START_RE.test(line)) {
      let end = i;
      while (end < lines.length && !(lines[end] ?? '').includes('-->', end === i ? line.indexOf('<!--') + 4 : 0)) end++;
      end = Math.min(end + 1, lines.length);
      push({ kind: 'text', line: i }, end);
      i = end;
      continue;
    }
    const atx = ATX_RE.exec(line);
    if (atx && (options.headingLevels === 'all' || atx[1] === '##')) {
      blocks.push({
        kind: 'heading',
        raw: line,
        line: i,
        lineCount: 1,
        level: (atx[1] ?? '').length,
        title: (atx[2] ?? '').trim(),
      });
      i++;
      continue;
    }
    if (!THEMATIC_RE.test(line)) {
      const item = ITEM_RE.exec(line);
      if (item) {
        const indent = (item[1] ?? '').length;
        const marker = item[2] ?? '-';
        const spacing = columnsOf(item[3] ?? '', indent + marker.length);
        // Note: CommonMark treats 5+ spaces after the marker as 1 space plus indented code.
        const contentColumn = indent + marker.length + (spacing === 0 || spacing > 4 ? 1 : spacing);
        const end = itemEnd(lines, i, contentColumn);
        const own = lines.slice(i, end);
        blocks.push({
          kind: 'item',
          raw: own.join(''),
          line: i,
          lineCount: end - i,
          marker,
          indent,
          contentColumn,
          lines: own.map(stripEol),
        });
        i = end;
        continue;
      }
    }
    push({ kind: 'text', line: i }, i + 1);
    i++;
  }
  return blocks;
}

/** Returns true when `line` opens a block that ends a lazy paragraph continuation. */
function startsBlock(line: string): boolean {
  return (
    ITEM_RE.test(line) ||
    THEMATIC_RE.test(line) ||
    FENCE_RE.test(line) ||
    HTML_COMMENT_START_RE.test(line) ||
    /^ {0,3}(#{1,6}([ \t]|\r?\n?$)|>)/.test(line)
  );
}

function fenceEnd(lines: readonly string[], from: number, opener: string): number {
  const char = opener[0] ?? '`';
  for (let j = from; j < lines.length; j++) {
    const close = /^ {0,3}(`{3,}|~{3,})[ \t]*\r?\n?$/.exec(lines[j] ?? '');
    if (close && close[1]?.[0] === char && (close[1]?.length ?? 0) >= opener.length) return j + 1;
  }
  return lines.length;
}

function itemEnd(lines: readonly string[], start: number, contentColumn: number): number {
  let lastContent = start;
  let fence: string | null = null;
  const head = stripEol(lines[start] ?? '').slice(contentColumn);
  const headFence = /^(`{3,}|~{3,})/.exec(head);
  if (headFence) fence = headFence[1] ?? null;
  for (let j = start + 1; j < lines.length; j++) {
    const line = lines[j] ?? '';
    // Fast exit: the next top-level `- ` item or `#` heading right after content ends this item.
    const c0 = line.charCodeAt(0);
    if (
      lastContent === j - 1 &&
      ((c0 === 45 && line.charCodeAt(1) === 32) ||
        (c0 === 35 && (line.charCodeAt(1) === 32 || line.charCodeAt(1) === 35)))
    )
      break;
    if (isBlankLine(line)) continue;
    const indent = leadingColumns(line);
    const previousBlank = lastContent !== j - 1;
    if (fence !== null) {
      // Note: code is never lazy; a line left of the item's content closes the item and its fence.
      if (indent < contentColumn) break;
      const inner = stripIndent(stripEol(line), contentColumn).trim();
      if (inner.startsWith(fence[0] ?? '`') && /^(`{3,}|~{3,})$/.test(inner) && inner.length >= fence.length)
        fence = null;
      lastContent = j;
      continue;
    }
    if (indent >= contentColumn) {
      const inner = /^(`{3,}|~{3,})/.exec(stripIndent(stripEol(line), contentColumn).trimStart());
      if (inner) fence = inner[1] ?? null;
      lastContent = j;
      continue;
    }
    // Lazy continuation: a paragraph line right after content that does not open a new block.
    if (!previousBlank && !startsBlock(line)) {
      lastContent = j;
      continue;
    }
    break;
  }
  return lastContent + 1;
}

function columnsOf(whitespace: string, startColumn: number): number {
  let column = startColumn;
  for (const ch of whitespace) column = ch === '\t' ? column + 4 - (column % 4) : column + 1;
  return column - startColumn;
}

/** Returns the column of the first non-blank character (tabs to multiples of 4). */
function leadingColumns(line: string): number {
  let column = 0;
  for (const ch of line) {
    if (ch === ' ') column++;
    else if (ch === '\t') column += 4 - (column % 4);
    else break;
  }
  return column;
}

/** Returns `line` with up to `columns` columns of leading whitespace removed. */
export function stripIndent(line: string, columns: number): string {
  let column = 0;
  let k = 0;
  while (k < line.length && column < columns) {
    const ch = line[k];
    if (ch === ' ') column++;
    else if (ch === '\t') column += 4 - (column % 4);
    else break;
    k++;
  }
  return line.slice(k);
}
