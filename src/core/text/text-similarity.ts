/**
 * Word-level similarity between two rules, robust to punctuation, casing, plurals and the common
 * ways of saying "not" ("don't", "never", "instead of"), so rewordings are caught as duplicates.
 */

import { memoizeByText } from './memoize-by-text.js';

const STOPWORDS = new Set([
  'a',
  'an',
  'the',
  'to',
  'of',
  'in',
  'on',
  'for',
  'with',
  'and',
  'or',
  'is',
  'are',
  'be',
  'by',
  'it',
  'its',
  'this',
  'that',
  'we',
  'our',
  'you',
  'your',
  'please',
  'should',
  'must',
  'always',
  'all',
  'any',
  'as',
  'at',
  'from',
  'when',
  'so',
  'do',
]);

/** Returns the comparable word set of `text` (lowercased, stemmed, negations unified; shared, read-only); never throws. */
export const comparableWords: (text: string) => ReadonlySet<string> = memoizeByText(analyseWords);

function analyseWords(text: string): Set<string> {
  const normalised = text
    .toLowerCase()
    .replace(/\b(?:don't|dont|do not|never|avoid|no longer|instead of|rather than|not)\b/g, ' not ')
    .replace(/[`*_"'“”‘’()[\]{}<>]/g, ' ');
  const words = new Set<string>();
  for (const raw of normalised.split(/[^\p{L}\p{N}./@:-]+/u)) {
    const word = raw.replace(/^[.:-]+|[.:-]+$/g, '');
    if (word === '' || STOPWORDS.has(word)) continue;
    // CJK has no spaces: compare character bigrams instead of words.
    if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(word)) {
      const chars = Array.from(word);
      for (let i = 0; i + 1 < chars.length; i++) words.add(chars[i]! + chars[i + 1]!);
      continue;
    }
    words.add(word.length > 4 ? word.replace(/(?:ing|ed|es|s)$/, '') : word);
  }
  return words;
}

/** Returns the Jaccard similarity (0..1) of the comparable word sets of `a` and `b`; never throws. */
export function textSimilarity(a: string, b: string): number {
  return jaccard(comparableWords(a), comparableWords(b));
}

/** Returns |a ∩ b| / |a ∪ b| (1 for two empty sets); never throws. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared / (a.size + b.size - shared);
}

/** Returns the share of `inner`'s words that also appear in `outer` (0..1); never throws. */
export function containment(inner: ReadonlySet<string>, outer: ReadonlySet<string>): number {
  if (inner.size === 0) return 0;
  let shared = 0;
  for (const word of inner) if (outer.has(word)) shared++;
  return shared / inner.size;
}
