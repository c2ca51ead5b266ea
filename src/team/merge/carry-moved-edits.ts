/**
 * One side moved a block (a section, a run of items) and the other side edited it where it was:
 * line diff3 sees "deleted here" against "changed here" and conflicts. When the mover's new copy
 * of the block is found, exactly once, among the mover's own additions, the edit is carried to
 * the copy and the conflict disappears; the block is where the mover put it, with the other
 * side's change in it. Anything less certain stays a conflict.
 */
import { isBlankLine } from '../../core/memory-file/split-lines.js';

/** A stretch of the merged file: lines with where they came from, or an unresolved conflict. */
export type LinePiece =
  | { kind: 'lines'; lines: string[]; from: 'base' | 'ours' | 'theirs' | 'both' }
  | { kind: 'conflict'; ours: string[]; base: string[]; theirs: string[] };

/** Blocks shorter than this many non-blank lines are too common to be recognised as moved. */
const MIN_MOVED_LINES = 2;

/** Returns the pieces with every conflict that is an edit of a moved block resolved; never fails. */
export function carryMovedEdits(pieces: readonly LinePiece[]): LinePiece[] {
  const out = pieces.map((piece) => (piece.kind === 'lines' ? { ...piece, lines: [...piece.lines] } : piece));
  for (let k = 0; k < out.length; k++) {
    const piece = out[k];
    if (piece?.kind !== 'conflict') continue;
    const mover = piece.ours.length === 0 ? 'ours' : piece.theirs.length === 0 ? 'theirs' : null;
    if (mover === null) continue;
    let lo = 0;
    let hi = piece.base.length;
    while (lo < hi && isBlankLine(piece.base[lo] ?? '')) lo++;
    while (hi > lo && isBlankLine(piece.base[hi - 1] ?? '')) hi--;
    const block = piece.base.slice(lo, hi);
    if (block.filter((line) => !isBlankLine(line)).length < MIN_MOVED_LINES) continue;
    const edited = mover === 'ours' ? piece.theirs : piece.ours;
    const copy = findOnlyCopy(out, mover, block);
    if (copy === null) continue;
    // The editor left the block as it was and added lines beside it: those stay here, the block is moved.
    const kept = findRun(edited, piece.base);
    if (kept !== -1) {
      out[k] = {
        kind: 'lines',
        lines: [...edited.slice(0, kept), ...edited.slice(kept + piece.base.length)],
        from: 'both',
      };
      continue;
    }
    // The editor changed the block and kept the blank lines around it: its version goes to the copy.
    const lead = piece.base.slice(0, lo);
    const trail = piece.base.slice(hi);
    if (!sameLines(edited.slice(0, lead.length), lead) || !sameLines(edited.slice(edited.length - trail.length), trail))
      continue;
    copy.piece.lines.splice(copy.at, block.length, ...edited.slice(lead.length, edited.length - trail.length));
    out[k] = { kind: 'lines', lines: [], from: 'both' };
  }
  return out;
}

type LinesPiece = Extract<LinePiece, { kind: 'lines' }>;

/** Returns the one place among `side`'s own additions holding `block`, or null (none, or several). */
function findOnlyCopy(
  pieces: LinePiece[],
  side: 'ours' | 'theirs',
  block: readonly string[],
): { piece: LinesPiece; at: number } | null {
  let found: { piece: LinesPiece; at: number } | null = null;
  for (const piece of pieces) {
    if (piece.kind !== 'lines' || piece.from !== side) continue;
    for (let at = 0; at + block.length <= piece.lines.length; at++) {
      if (!block.every((line, j) => piece.lines[at + j] === line)) continue;
      if (found !== null) return null;
      found = { piece, at };
    }
  }
  return found;
}

/** Returns where `run` occurs in `lines` when it occurs exactly once, else -1. */
function findRun(lines: readonly string[], run: readonly string[]): number {
  let found = -1;
  for (let at = 0; at + run.length <= lines.length; at++) {
    if (!run.every((line, j) => lines[at + j] === line)) continue;
    if (found !== -1) return -1;
    found = at;
  }
  return found;
}

function sameLines(x: readonly string[], y: readonly string[]): boolean {
  return x.length === y.length && x.every((line, k) => line === y[k]);
}
