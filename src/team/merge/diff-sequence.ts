/**
 * Patience diff over sequences of string keys. Why not node-diff3's LCS for the entry sequence: its
 * Hunt–McIlroy candidate scan is quadratic on long, mostly equal sequences (10,000 entries a side),
 * while entry keys are unique, which is exactly what patience diff anchors on (O(n log n)).
 */

/** A changed range: base [oStart, oEnd) became other [xStart, xEnd). */
export type Hunk = { oStart: number; oEnd: number; xStart: number; xEnd: number };

/** Below this many cells, ranges without unique anchors fall back to an exact LCS table. */
const MAX_DP_CELLS = 250_000;

/** Returns the hunks that turn `o` into `x`, in order; never fails. */
export function diffSequence(o: readonly string[], x: readonly string[]): Hunk[] {
  const matches: number[] = [];
  matchRange(o, 0, o.length, x, 0, x.length, matches);
  const hunks: Hunk[] = [];
  let oi = 0;
  let xi = 0;
  for (let k = 0; k < matches.length; k += 2) {
    const mo = matches[k] ?? 0;
    const mx = matches[k + 1] ?? 0;
    if (mo > oi || mx > xi) hunks.push({ oStart: oi, oEnd: mo, xStart: xi, xEnd: mx });
    oi = mo + 1;
    xi = mx + 1;
  }
  if (oi < o.length || xi < x.length) hunks.push({ oStart: oi, oEnd: o.length, xStart: xi, xEnd: x.length });
  return hunks;
}

/** Appends matched index pairs (o index, x index), increasing, to `out`. */
function matchRange(
  o: readonly string[],
  olo: number,
  ohi: number,
  x: readonly string[],
  xlo: number,
  xhi: number,
  out: number[],
): void {
  while (olo < ohi && xlo < xhi && o[olo] === x[xlo]) {
    out.push(olo++, xlo++);
  }
  let suffix = 0;
  while (ohi - suffix > olo && xhi - suffix > xlo && o[ohi - 1 - suffix] === x[xhi - 1 - suffix]) suffix++;
  const oh = ohi - suffix;
  const xh = xhi - suffix;
  if (olo < oh && xlo < xh) {
    const anchors = uniqueAnchors(o, olo, oh, x, xlo, xh);
    if (anchors.length > 0) {
      let po = olo;
      let px = xlo;
      for (const [ao, ax] of longestIncreasing(anchors)) {
        matchRange(o, po, ao, x, px, ax, out);
        out.push(ao, ax);
        po = ao + 1;
        px = ax + 1;
      }
      matchRange(o, po, oh, x, px, xh, out);
    } else if ((oh - olo) * (xh - xlo) <= MAX_DP_CELLS) {
      lcsTable(o, olo, oh, x, xlo, xh, out);
    }
  }
  for (let k = 0; k < suffix; k++) out.push(oh + k, xh + k);
}

/** Returns [oIndex, xIndex] for keys that occur exactly once in both ranges, in o order. */
function uniqueAnchors(
  o: readonly string[],
  olo: number,
  ohi: number,
  x: readonly string[],
  xlo: number,
  xhi: number,
): Array<[number, number]> {
  const seen = new Map<string, { o: number; oi: number; x: number; xi: number }>();
  for (let i = olo; i < ohi; i++) {
    const key = o[i] ?? '';
    const found = seen.get(key);
    if (found) found.o++;
    else seen.set(key, { o: 1, oi: i, x: 0, xi: -1 });
  }
  for (let j = xlo; j < xhi; j++) {
    const found = seen.get(x[j] ?? '');
    if (found) {
      found.x++;
      found.xi = j;
    }
  }
  const anchors: Array<[number, number]> = [];
  for (let i = olo; i < ohi; i++) {
    const found = seen.get(o[i] ?? '');
    if (found && found.o === 1 && found.x === 1) anchors.push([i, found.xi]);
  }
  return anchors;
}

/** Returns the longest subsequence of anchors increasing in x (they are already increasing in o). */
function longestIncreasing(anchors: Array<[number, number]>): Array<[number, number]> {
  const tails: number[] = [];
  const previous: number[] = new Array<number>(anchors.length).fill(-1);
  for (let k = 0; k < anchors.length; k++) {
    const value = anchors[k]?.[1] ?? 0;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((anchors[tails[mid] ?? 0]?.[1] ?? 0) < value) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) previous[k] = tails[lo - 1] ?? -1;
    tails[lo] = k;
  }
  const result: Array<[number, number]> = [];
  for (let k = tails[tails.length - 1] ?? -1; k !== -1; k = previous[k] ?? -1) {
    const anchor = anchors[k];
    if (anchor) result.push(anchor);
  }
  return result.reverse();
}

/** Appends an exact LCS of two small ranges. */
function lcsTable(
  o: readonly string[],
  olo: number,
  ohi: number,
  x: readonly string[],
  xlo: number,
  xhi: number,
  out: number[],
): void {
  const n = ohi - olo;
  const m = xhi - xlo;
  const table = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i * (m + 1) + j] =
        o[olo + i] === x[xlo + j]
          ? (table[(i + 1) * (m + 1) + j + 1] ?? 0) + 1
          : Math.max(table[(i + 1) * (m + 1) + j] ?? 0, table[i * (m + 1) + j + 1] ?? 0);
    }
  }
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (o[olo + i] === x[xlo + j]) {
      out.push(olo + i, xlo + j);
      i++;
      j++;
    } else if ((table[(i + 1) * (m + 1) + j] ?? 0) >= (table[i * (m + 1) + j + 1] ?? 0)) i++;
    else j++;
  }
}
