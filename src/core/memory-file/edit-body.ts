/**
 * Applies entry edits to a region body by splicing blocks: untouched blocks keep their bytes, new
 * sections are created in taxonomy order, and emptied sections disappear.
 */
import type { Entry } from './entry.js';
import { renderEntryItem } from './entry-item.js';
import { parseRegionBody } from './parse-region-body.js';
import type { BodyBlock } from './parse-region-body.js';
import { detectEol } from './split-lines.js';

export type RegionEdit =
  /** Appends the entry to its section (creating the section in taxonomy order); skipped when the id exists. */
  | { op: 'add'; entry: Entry }
  /** Removes the entry (or conflict item) with this id. */
  | { op: 'remove'; id: string }
  /** Rewrites the entry's text, keeping its id, provenance (unless one is given: re-anchored, say) and list marker. */
  | { op: 'replace'; id: string; text: string; provenance?: Entry['provenance'] }
  /** Moves the entry, bytes unchanged, to the end of another section. */
  | { op: 'move'; id: string; section: string };

export type SkippedEdit = { edit: RegionEdit; reason: 'exists' | 'not-found' | 'not-an-entry' | 'same-section' };

export type BodyEditOptions = {
  /** Section taxonomy, in display order; sections not in it go last. */
  sections: readonly string[];
  /** Line ending for new lines; default: the body's own. */
  eol?: string;
};

export type BodyEditResult = { body: string; applied: RegionEdit[]; skipped: SkippedEdit[] };

/** Working block: only what splicing needs. */
export type Piece = {
  kind: BodyBlock['kind'];
  raw: string;
  section: string;
  title?: string;
  id?: string;
  block?: BodyBlock;
};

/** Returns the body with the edits applied in order; edits that cannot apply are reported in `skipped`, never thrown. */
export function editBody(body: string, edits: readonly RegionEdit[], options: BodyEditOptions): BodyEditResult {
  const eol = options.eol ?? detectEol(body);
  const pieces: Piece[] = parseRegionBody(body).blocks.map((block) => {
    const piece: Piece = { kind: block.kind, raw: block.raw, section: block.section, block };
    if (block.kind === 'heading') piece.title = block.title;
    if (block.item) piece.id = block.item.id;
    return piece;
  });
  const applied: RegionEdit[] = [];
  const skipped: SkippedEdit[] = [];
  for (const edit of edits) {
    const reason = applyEdit(pieces, edit, options.sections, eol);
    if (reason === null) applied.push(edit);
    else skipped.push({ edit, reason });
  }
  return { body: pieces.map((p) => p.raw).join(''), applied, skipped };
}

function applyEdit(
  pieces: Piece[],
  edit: RegionEdit,
  sections: readonly string[],
  eol: string,
): SkippedEdit['reason'] | null {
  if (edit.op === 'add') {
    if (pieces.some((p) => p.id === edit.entry.id)) return 'exists';
    insertItem(
      pieces,
      edit.entry.section,
      { kind: 'item', raw: renderEntryItem(edit.entry, { eol }), section: edit.entry.section, id: edit.entry.id },
      sections,
      eol,
    );
    return null;
  }
  const index = pieces.findIndex((p) => p.id === edit.id);
  const piece = pieces[index];
  if (piece === undefined) return 'not-found';
  if (edit.op === 'remove') {
    removeItem(pieces, index);
    return null;
  }
  if (edit.op === 'move') {
    if (piece.section === edit.section) return 'same-section';
    removeItem(pieces, index);
    insertItem(pieces, edit.section, { ...piece, section: edit.section }, sections, eol);
    return null;
  }
  const item = piece.block?.item;
  const block = piece.block;
  if (item?.kind !== 'entry' || block?.kind !== 'item') return 'not-an-entry';
  const comment = edit.provenance === undefined ? item.item.comment?.found.raw.trim() : undefined;
  piece.raw = renderEntryItem(
    { id: item.id, text: edit.text, provenance: edit.provenance ?? item.entry.provenance },
    { eol, marker: block.marker, indent: block.indent, ...(comment === undefined ? {} : { comment }) },
  );
  return null;
}

/** Returns the index range [start, end) of a section's pieces, start being its heading (or 0 for ''), or null. */
function sectionRange(pieces: Piece[], section: string): { start: number; end: number } | null {
  const start = section === '' ? 0 : pieces.findIndex((p) => p.kind === 'heading' && p.title === section);
  if (start === -1) return null;
  let end = start + (section === '' ? 0 : 1);
  while (end < pieces.length && pieces[end]?.kind !== 'heading') end++;
  return { start, end };
}

/** Inserts `item` at the end of its section's list, creating the section where the taxonomy puts it. */
export function insertItem(
  pieces: Piece[],
  section: string,
  item: Piece,
  sections: readonly string[],
  eol: string,
): void {
  const range = sectionRange(pieces, section);
  if (range !== null) {
    let position = -1;
    for (let k = range.end - 1; k >= range.start; k--) {
      if (pieces[k]?.kind === 'item') {
        position = k + 1;
        break;
      }
    }
    if (position === -1) {
      position = section === '' ? range.start : range.start + 1;
      if (pieces[position]?.kind === 'gap') position++;
      else if (section !== '') pieces.splice(position++, 0, gapPiece(section, eol));
    }
    pieces.splice(position, 0, item);
    if (pieces[position + 1]?.kind === 'heading') pieces.splice(position + 1, 0, gapPiece(section, eol));
    return;
  }
  const rank = (name: string): number => {
    const at = sections.indexOf(name);
    return at === -1 ? Number.MAX_SAFE_INTEGER : at;
  };
  const own = rank(section);
  let position = pieces.findIndex((p) => p.kind === 'heading' && own < rank(p.title ?? ''));
  if (position === -1) position = pieces.length;
  const created: Piece[] = [];
  if (position > 0 && pieces[position - 1]?.kind !== 'gap')
    created.push(gapPiece(pieces[position - 1]?.section ?? '', eol));
  created.push({ kind: 'heading', raw: `## ${section}${eol}`, section, title: section }, gapPiece(section, eol), item);
  if (position < pieces.length) created.push(gapPiece(section, eol));
  pieces.splice(position, 0, ...created);
}

function gapPiece(section: string, eol: string): Piece {
  return { kind: 'gap', raw: eol, section };
}

/** Removes the item at `index`; a section left with no items and no text goes too. */
function removeItem(pieces: Piece[], index: number): void {
  const section = pieces[index]?.section ?? '';
  pieces.splice(index, 1);
  const range = sectionRange(pieces, section);
  if (range !== null && section !== '') {
    const rest = pieces.slice(range.start + 1, range.end);
    if (rest.every((p) => p.kind === 'gap')) {
      pieces.splice(range.start, range.end - range.start);
      // Note: removing the last section leaves the gap that separated it; drop that too.
      if (range.start === pieces.length && pieces[range.start - 1]?.kind === 'gap') pieces.splice(range.start - 1, 1);
      return;
    }
  }
  if (pieces[index - 1]?.kind === 'gap' && pieces[index]?.kind === 'gap') pieces.splice(index, 1);
}
