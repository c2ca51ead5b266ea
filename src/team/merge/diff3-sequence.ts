/**
 * Three-way alignment of key sequences: cuts ours (a), base (o) and theirs (b) into regions that
 * are unchanged, changed by one side only, or changed by both (to be resolved by the caller).
 */
import { diffSequence } from './diff-sequence.js';
import type { Hunk } from './diff-sequence.js';

export type Diff3Region =
  | { kind: 'stable'; aStart: number; aEnd: number; bStart: number; bEnd: number }
  | { kind: 'ours'; aStart: number; aEnd: number }
  | { kind: 'theirs'; bStart: number; bEnd: number }
  | { kind: 'both'; aStart: number; aEnd: number; oStart: number; oEnd: number; bStart: number; bEnd: number };

/** Returns the regions covering all three sequences in order; never fails. */
export function diff3Sequence(a: readonly string[], o: readonly string[], b: readonly string[]): Diff3Region[] {
  const hunks: Array<Hunk & { side: 'a' | 'b' }> = [
    ...diffSequence(o, a).map((h) => ({ ...h, side: 'a' as const })),
    ...diffSequence(o, b).map((h) => ({ ...h, side: 'b' as const })),
  ].sort((x, y) => x.oStart - y.oStart || x.oEnd - y.oEnd || (x.side === 'a' ? -1 : 1));
  const regions: Diff3Region[] = [];
  let oPos = 0;
  let deltaA = 0;
  let deltaB = 0;
  let k = 0;
  while (k < hunks.length) {
    const first = hunks[k];
    if (first === undefined) break;
    const oStart = first.oStart;
    let oEnd = first.oEnd;
    let sides = 0;
    let groupDeltaA = 0;
    let groupDeltaB = 0;
    // Note: touching ranges (and two insertions at the same base position) form one group, so
    // both sides' additions at one spot are resolved together rather than one overwriting the other.
    while (k < hunks.length && (hunks[k]?.oStart ?? 0) <= oEnd) {
      const h = hunks[k];
      if (h === undefined) break;
      oEnd = Math.max(oEnd, h.oEnd);
      const delta = h.xEnd - h.xStart - (h.oEnd - h.oStart);
      if (h.side === 'a') {
        sides |= 1;
        groupDeltaA += delta;
      } else {
        sides |= 2;
        groupDeltaB += delta;
      }
      k++;
    }
    if (oStart > oPos)
      regions.push({
        kind: 'stable',
        aStart: oPos + deltaA,
        aEnd: oStart + deltaA,
        bStart: oPos + deltaB,
        bEnd: oStart + deltaB,
      });
    const aStart = oStart + deltaA;
    const bStart = oStart + deltaB;
    deltaA += groupDeltaA;
    deltaB += groupDeltaB;
    const aEnd = oEnd + deltaA;
    const bEnd = oEnd + deltaB;
    if (sides === 1) regions.push({ kind: 'ours', aStart, aEnd });
    else if (sides === 2) regions.push({ kind: 'theirs', bStart, bEnd });
    else regions.push({ kind: 'both', aStart, aEnd, oStart, oEnd, bStart, bEnd });
    oPos = oEnd;
  }
  if (oPos < o.length || oPos + deltaA < a.length || oPos + deltaB < b.length) {
    regions.push({ kind: 'stable', aStart: oPos + deltaA, aEnd: a.length, bStart: oPos + deltaB, bEnd: b.length });
  }
  return regions;
}
