/**
 * Three-way merge of the hand-written part of CLAUDE.md / AGENTS.md, for the git merge driver.
 * It starts from what git itself would do, a line diff3 (merges git gets right come out as git
 * makes them: all 185 easy sets of the real corpus, byte for byte), then settles only what is safe:
 * - both sides added list items (or table rows) at the same spot: keep both (same-spot-additions);
 * - one side moved a block the other edited: the edit goes with the block (carry-moved-edits);
 * - one side only reordered a list: the other side's item edits land in the new order (rebase-list-reorder);
 * - a last line without a newline, which one side extended, is not a conflict.
 * Everything else that both sides changed, the same list item edited two ways above all, is a
 * conflict in git's standard markers (`<<<<<<< ours` / `=======` / `>>>>>>> theirs`), so the
 * driver exits 1, `git status` lists the file and `git mergetool` works.
 */
import { diff3MergeRegions } from 'node-diff3';
import { detectEol, splitLines } from '../../core/memory-file/split-lines.js';
import { renderTextConflict } from '../../core/memory-file/text-conflict.js';
import { carryMovedEdits } from './carry-moved-edits.js';
import { codeBoundaries } from './code-boundaries.js';
import type { LinePiece } from './carry-moved-edits.js';
import type { TextMerge } from './merge-text.js';
import { rebaseListReorders } from './rebase-list-reorder.js';
import { resolveSameSpotAdditions } from './same-spot-additions.js';

/** Returns the merged text and how many conflict blocks it holds; never fails. */
export function mergeHumanText(base: string, ours: string, theirs: string): TextMerge {
  if (ours === theirs || base === theirs) return { text: ours, conflicts: 0 };
  if (base === ours) return { text: theirs, conflicts: 0 };
  const eol = detectEol(ours);
  // Every line ends with a newline while merging; whether the file does is merged on its own.
  const [o, a0, b0] = [base, ours, theirs].map((text) =>
    splitLines(endsLine(text) ? text : text + detectEol(text)),
  ) as [string[], string[], string[]];
  const { ours: a, theirs: b } = rebaseListReorders(o, a0, b0);
  const aInCode = codeBoundaries(a);
  const bInCode = codeBoundaries(b);
  const pieces: LinePiece[] = [];
  for (const region of diff3MergeRegions(a, o, b)) {
    if (region.stable) {
      const from = region.buffer === 'a' ? 'ours' : region.buffer === 'b' ? 'theirs' : 'base';
      pieces.push({ kind: 'lines', lines: region.bufferContent, from });
      continue;
    }
    const { aContent, oContent, bContent } = region;
    if (sameLines(aContent, bContent)) {
      pieces.push({ kind: 'lines', lines: aContent, from: 'both' });
      continue;
    }
    if (oContent.length === 0) {
      // Both added at one spot; code is not a list of independent rules, so additions inside a fence stay a conflict.
      const inCode = aInCode[region.aStart] === true || bInCode[region.bStart] === true;
      const merged = inCode ? null : resolveSameSpotAdditions(aContent, bContent);
      pieces.push(
        merged === null
          ? { kind: 'conflict', ours: aContent, base: oContent, theirs: bContent }
          : { kind: 'lines', lines: merged, from: 'both' },
      );
      continue;
    }
    pieces.push(...trimConflict(aContent, oContent, bContent));
  }
  let text = '';
  let conflicts = 0;
  for (const piece of carryMovedEdits(pieces)) {
    if (piece.kind === 'lines') {
      text += piece.lines.join('');
      continue;
    }
    conflicts++;
    text += renderTextConflict(piece.ours.join(''), piece.base.join(''), piece.theirs.join(''), eol, false);
  }
  // The final newline, merged like any change: a side that changed it wins.
  const wantsFinal = endsLine(ours) === endsLine(base) ? endsLine(theirs) : endsLine(ours);
  if (!wantsFinal && !text.endsWith(`>>>>>>> theirs${eol}`)) text = text.replace(/\r?\n$/, '');
  return { text, conflicts };
}

/** Returns a conflict with the lines both sides agree on at its edges moved out of it, as git does. */
function trimConflict(ours: string[], base: string[], theirs: string[]): LinePiece[] {
  let head = 0;
  while (head < ours.length && head < theirs.length && ours[head] === theirs[head]) head++;
  let tail = 0;
  while (
    tail < ours.length - head &&
    tail < theirs.length - head &&
    ours[ours.length - 1 - tail] === theirs[theirs.length - 1 - tail]
  )
    tail++;
  const pieces: LinePiece[] = [];
  if (head > 0) pieces.push({ kind: 'lines', lines: ours.slice(0, head), from: 'both' });
  pieces.push({
    kind: 'conflict',
    ours: ours.slice(head, ours.length - tail),
    base,
    theirs: theirs.slice(head, theirs.length - tail),
  });
  if (tail > 0) pieces.push({ kind: 'lines', lines: ours.slice(ours.length - tail), from: 'both' });
  return pieces;
}

function endsLine(text: string): boolean {
  return text === '' || text.endsWith('\n');
}

function sameLines(x: readonly string[], y: readonly string[]): boolean {
  return x.length === y.length && x.every((line, k) => line === y[k]);
}
