/**
 * Whether a prompt is text the user pasted rather than typed to the agent: a spec, a log, tool
 * output, an agent's report, a long multi-line document. Decided by shape, not by wording, so it
 * holds for documents nobody here has seen: many lines, markdown structure (headings, lists,
 * fences), output-shaped lines, or sheer length. mem never writes by itself from pasted text.
 */
import { isOutputLine } from '../notice/notice-lasting.js';

/** More non-empty lines than this is a document, not a request. */
const MAX_TYPED_LINES = 5;
/** Longer than this is a document or a dictated brief, not one request. */
const MAX_TYPED_CHARS = 700;
const LIST_ITEM = /^\s*(?:[-*+•]|\d+[.)])\s+/;
const HEADING = /^\s{0,3}#{1,6}\s+\S|^\s*\*\*[^*]+\*\*\s*:?\s*$|^\s*[=-]{3,}\s*$/;
const FENCE = /^\s*(?:```|~~~)/;

/** Returns true when `prompt` has the shape of pasted text; never throws. */
export function isPastedText(prompt: string): boolean {
  if (prompt.length > MAX_TYPED_CHARS) return true;
  const lines = prompt.split(/\r?\n/).filter((line) => line.trim() !== '');
  if (lines.length > MAX_TYPED_LINES) return true;
  let items = 0;
  for (const line of lines) {
    if (FENCE.test(line) || isOutputLine(line.trim())) return true;
    // A one-line `#` prompt is a memory line, not a heading.
    if (lines.length > 1 && HEADING.test(line)) return true;
    if (LIST_ITEM.test(line)) items += 1;
  }
  return items >= 3;
}
