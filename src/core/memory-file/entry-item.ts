/**
 * One entry as a markdown list item: `- text <!-- mem:id=… by=… at=… -->` plus continuation lines.
 * Rendering and reading are inverse for normalized text: readEntryItem(renderEntryItem(e)).text
 * equals normalizeEntryText(e.text).
 */
import type { Entry, Provenance } from './entry.js';
import { handEntryId } from './hand-entry-id.js';
import { findMemComment, formatEntryComment, neutraliseMemComments, provenanceFromAttributes } from './mem-comment.js';
import type { FoundComment } from './mem-comment.js';
import { stripIndent } from './scan-blocks.js';
import type { ItemBlock } from './scan-blocks.js';

export type ItemEntry = {
  id: string;
  text: string;
  provenance: Provenance;
  /** True when the id came from a mem comment, false when derived from the text. */
  hasComment: boolean;
  /** Index into the item's lines of the line holding the comment, and the comment itself. */
  comment: { lineIndex: number; found: FoundComment } | null;
};

const ITEM_PREFIX_RE = /^( {0,3})([-*+]|\d{1,9}[.)])([ \t]+|$)/;

/** Returns the item's content lines: the first line after its marker, the rest de-indented. */
export function itemContentLines(block: Pick<ItemBlock, 'lines' | 'contentColumn'>): string[] {
  const first = block.lines[0] ?? '';
  const prefix = ITEM_PREFIX_RE.exec(first);
  const head = prefix ? first.slice(prefix[0].length) : first.trimStart();
  return [head, ...block.lines.slice(1).map((line) => stripIndent(line, block.contentColumn))];
}

/** Returns the text normalized as mem stores it: LF, no trailing blanks, no blank first/last lines, metadata-like comments neutralised. */
export function normalizeEntryText(text: string): string {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/, ''));
  while (lines.length > 0 && lines[0] === '') lines.shift();
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  if (lines.length > 0) lines[0] = (lines[0] ?? '').trimStart();
  return neutraliseMemComments(lines.join('\n'));
}

/** Returns the entry an item block carries (id from its mem comment, or derived from its text); never fails. */
export function readEntryItem(block: Pick<ItemBlock, 'lines' | 'contentColumn'>): ItemEntry {
  const content = itemContentLines(block);
  let comment: ItemEntry['comment'] = null;
  for (let k = 0; k < content.length && comment === null; k++) {
    const found = findMemComment(content[k] ?? '');
    if (found && found.attributes['id'] !== undefined && found.attributes['conflict'] === undefined)
      comment = { lineIndex: k, found };
  }
  if (comment) {
    const line = content[comment.lineIndex] ?? '';
    content[comment.lineIndex] = line.slice(0, comment.found.start) + line.slice(comment.found.end);
  }
  const text = joinContent(content);
  if (comment) {
    const id = comment.found.attributes['id'] ?? '';
    if (id !== '')
      return { id, text, provenance: provenanceFromAttributes(comment.found.attributes), hasComment: true, comment };
  }
  return { id: handEntryId(text), text, provenance: {}, hasComment: false, comment: null };
}

/** Returns content lines joined as entry text: trailing blanks trimmed, blank edge lines dropped. */
export function joinContent(content: readonly string[]): string {
  const lines = content.map((line) => line.replace(/[ \t]+$/, ''));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  while (lines.length > 0 && lines[0] === '') lines.shift();
  return lines.join('\n');
}

export type RenderItemOptions = {
  eol: string;
  /** List marker, default `-`. */
  marker?: string;
  /** Columns before the marker, default 0. */
  indent?: number;
  /** The comment to write instead of one built from the entry (keeps a hand-edited comment's bytes). */
  comment?: string;
  /** Extra comment attributes (conflict sides use `side`, `sec`). */
  extra?: ReadonlyArray<readonly [string, string | undefined]>;
  /** Text before the entry's text on the first line (conflict labels). */
  label?: string;
};

/** Returns the markdown of one entry item, every line ended with `eol`; never fails. */
export function renderEntryItem(entry: Pick<Entry, 'id' | 'text' | 'provenance'>, options: RenderItemOptions): string {
  const marker = options.marker ?? '-';
  const indent = ' '.repeat(options.indent ?? 0);
  const continuation = ' '.repeat((options.indent ?? 0) + marker.length + 1);
  const lines = normalizeEntryText(entry.text).split('\n');
  const comment = options.comment ?? formatEntryComment(entry.id, entry.provenance, options.extra ?? []);
  const head = `${options.label ?? ''}${lines[0] ?? ''}`;
  let out = `${indent}${marker} ${head}${head === '' ? '' : ' '}${comment}${options.eol}`;
  for (const line of lines.slice(1)) out += (line === '' ? '' : continuation + line) + options.eol;
  return out;
}
