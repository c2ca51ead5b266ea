/**
 * A line scanner for the markdown mem itself writes (the managed region, the team branch's
 * memory.md, session handoffs): ATX headings, list items, paragraphs, fenced code, front matter
 * and HTML comments. It yields the same documents remark would for such files at a fraction of
 * the cost (remark takes ~40–100 ms on a 120-entry CLAUDE.md in a fresh process, the whole
 * budget of a search after a change). Anything else — block quotes, tables, setext headings,
 * indented code, HTML blocks, link definitions — returns null and the caller uses remark.
 */
import type { ParsedDocument, ParsedFile } from './memory-document.js';
import { memoryDocumentFrom } from './memory-document-from.js';
import { stripComments } from './strip-comments.js';

const HEADING = /^(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const ITEM = /^([ \t]*)(?:[-*+]|\d{1,9}[.)])(?:[ \t]+(?:\[[ xX]\][ \t]+)?(.*))?$/;
const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})/;
const COMMENT_LINE = /^[ \t]*<!--.*-->[ \t]*$/;
const UNSUPPORTED = /^(?:[ \t]{0,3}(?:>|\||<(?!!--)|\[[^\]]*\]:|={2,}[ \t]*$|-{2,}[ \t]*$|(?:\*[ \t]*){3,}$|(?:_[ \t]*){3,}$))/;

type Open = { lines: string[]; line: number; indent: number } | null;

/** Returns the documents of `source` when it only uses the simple constructs above, else null; never throws. */
export function scanSimpleMarkdown(source: string): ParsedFile | null {
  const lines = source.split(/\r?\n/);
  const out: ParsedDocument[] = [];
  const headings: { depth: number; text: string }[] = [];
  let conditional = false;
  let i = 0;
  if (lines[0]?.trim() === '---') {
    const end = lines.indexOf('---', 1);
    if (end < 0) return null;
    conditional = lines.slice(1, end).some((l) => /^\s*paths\s*:/.test(l));
    i = end + 1;
  }
  let open: Open = null;
  let afterBlank = false;
  const flush = () => {
    if (open) push(out, open.lines.join(' '), headings, open.line);
    open = null;
  };
  let inComment = false;
  for (; i < lines.length; i++) {
    const text = lines[i] ?? '';
    const lineNo = i + 1;
    if (inComment) {
      if (text.includes('-->')) inComment = false;
      continue;
    }
    if (text.trim() === '') {
      afterBlank = true;
      continue;
    }
    const blankBefore = afterBlank;
    afterBlank = false;
    if (COMMENT_LINE.test(text)) continue;
    if (/^[ \t]*<!--/.test(text) && !text.includes('-->')) {
      inComment = true;
      continue;
    }
    if (UNSUPPORTED.test(text)) return null;
    const current: Open = open;
    const indented = /^[ \t]{2,}/.test(text);
    if (/^[ \t]{4,}/.test(text) && !(current !== null && current.indent >= 0) && (current === null || blankBefore)) return null; // indented code
    const fence = FENCE.exec(text);
    if (fence) {
      flush();
      const marker = fence[1] ?? '```';
      const body: string[] = [];
      let j = i + 1;
      while (j < lines.length && !(lines[j] ?? '').trimStart().startsWith(marker)) body.push(lines[j++] ?? '');
      push(out, body.join('\n'), headings, lineNo, true);
      i = j;
      continue;
    }
    const heading = HEADING.exec(text);
    if (heading && !/^[ \t]/.test(text)) {
      flush();
      const depth = (heading[1] ?? '#').length;
      while (headings.length > 0 && (headings.at(-1)?.depth ?? 0) >= depth) headings.pop();
      const title = stripComments(heading[2] ?? '');
      if (title !== '') headings.push({ depth, text: title });
      continue;
    }
    const item = ITEM.exec(text);
    if (item) {
      flush();
      open = { lines: [item[2] ?? ''], line: lineNo, indent: (item[1] ?? '').length };
      continue;
    }
    // A line continues the open block unless a blank line ended it (a list item continues through indented lines).
    if (current !== null && (!blankBefore || (current.indent >= 0 && indented))) {
      current.lines.push(text.trim());
      continue;
    }
    flush();
    open = { lines: [text.trim()], line: lineNo, indent: -1 };
  }
  flush();
  return { documents: out, conditional };
}

function push(out: ParsedDocument[], raw: string, headings: { text: string }[], line: number, code = false): void {
  const doc = memoryDocumentFrom(raw, headings.map((h) => h.text).join(' > '), line);
  if (doc === null) return;
  if (code) doc.code = true;
  out.push(doc);
}
