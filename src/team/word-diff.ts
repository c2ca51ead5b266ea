/**
 * A word-level diff of two versions of an entry, the way `git diff --word-diff` prints it:
 * `[-removed-]{+added+}` inline. Entries are short (a few dozen words), so a plain LCS table is fine.
 */

/** Returns `from` → `to` as one line with removed words in `[-…-]` and added ones in `{+…+}`; never fails. */
export function wordDiff(from: string | null, to: string | null): string {
  if (from === null) return to === null ? '' : `{+${to}+}`;
  if (to === null) return `[-${from}-]`;
  const a = from.split(/\s+/).filter((word) => word !== '');
  const b = to.split(/\s+/).filter((word) => word !== '');
  if (a.length * b.length > 250_000) return `[-${from}-]{+${to}+}`;
  const table: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      (table[i] as number[])[j] =
        a[i] === b[j]
          ? ((table[i + 1] as number[])[j + 1] ?? 0) + 1
          : Math.max((table[i + 1] as number[])[j] ?? 0, (table[i] as number[])[j + 1] ?? 0);
    }
  }
  const out: string[] = [];
  const removed: string[] = [];
  const added: string[] = [];
  const flush = () => {
    if (removed.length > 0) out.push(`[-${removed.splice(0).join(' ')}-]`);
    if (added.length > 0) out.push(`{+${added.splice(0).join(' ')}+}`);
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      flush();
      out.push(a[i] as string);
      i += 1;
      j += 1;
    } else if (
      j < b.length &&
      (i >= a.length || ((table[i] as number[])[j + 1] ?? 0) >= ((table[i + 1] as number[])[j] ?? 0))
    ) {
      added.push(b[j] as string);
      j += 1;
    } else {
      removed.push(a[i] as string);
      i += 1;
    }
  }
  flush();
  return out.join(' ');
}
