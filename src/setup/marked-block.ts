/**
 * Reversible edits to files mem shares with the user (`.gitattributes`, husky's `pre-push`): a
 * block between two marker lines, appended at the end, that can be removed leaving the file
 * byte-for-byte as it was, including a missing final newline or the file's absence.
 */

const ADDED_NEWLINE = ' (mem added the newline before this block)';

export type MarkedBlock = { start: string; end: string };

/** Returns `text` with `body` appended between the markers (unchanged when the block is present). */
export function appendMarkedBlock(text: string | undefined, block: MarkedBlock, body: string): string {
  const current = text ?? '';
  if (current.includes(block.start)) return current;
  const needsNewline = current !== '' && !current.endsWith('\n');
  const startLine = needsNewline ? `\n${block.start}${ADDED_NEWLINE}` : block.start;
  return `${current}${startLine}\n${body}${body.endsWith('\n') ? '' : '\n'}${block.end}\n`;
}

/** Returns `text` without the block (exactly as before it was appended), or null when the block was absent. */
export function removeMarkedBlock(text: string, block: MarkedBlock): string | null {
  let start = text.indexOf(block.start);
  if (start < 0) return null;
  const lineEnd = text.indexOf('\n', start);
  const startLine = text.slice(start, lineEnd < 0 ? text.length : lineEnd);
  if (startLine.endsWith(ADDED_NEWLINE) && text[start - 1] === '\n') start -= 1;
  const endMark = text.indexOf(block.end, start);
  let end = endMark < 0 ? text.length : endMark + block.end.length;
  if (text[end] === '\n') end += 1;
  return text.slice(0, start) + text.slice(end);
}
