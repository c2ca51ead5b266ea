/**
 * A bounded cache for pure functions of one text. Judging compares every candidate with every
 * entry of the region (1,000 in a big repository), so the same entry texts are analysed again for
 * each candidate and each rule; the analysis is pure, so its result can be reused.
 */

/** Returns `analyse` with its results cached by text (the cache empties when it reaches `maxEntries`); results are shared, never mutate them. */
export function memoizeByText<T>(analyse: (text: string) => T, maxEntries = 4096): (text: string) => T {
  const cache = new Map<string, T>();
  return (text) => {
    const cached = cache.get(text);
    if (cached !== undefined) return cached;
    const result = analyse(text);
    if (cache.size >= maxEntries) cache.clear();
    cache.set(text, result);
    return result;
  };
}
