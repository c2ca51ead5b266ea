/**
 * A query as the index sees it: normalized terms, each with its synonyms and the spellings one
 * transposed pair of letters away. Computed once, outside MiniSearch, because the same terms
 * decide which index shards must be loaded.
 */
import { normalizeTerm } from './normalize-term.js';
import { synonymsOf } from './expand-synonyms.js';
import { tokenizeText } from './tokenize-text.js';

/** A 10,000-character query must cost what a sentence costs: only the first terms count. */
export const MAX_QUERY_TERMS = 32;

export type QueryTerm = {
  term: string;
  synonyms: readonly string[];
  /**
   * Index forms of the word with two adjacent letters swapped (never the first letter, so the
   * shard stays the same). Why here and not only as fuzzy matching on the stem: a typo can defeat
   * the stemmer ("neednig" keeps its ending, "needing" becomes "need"), so the swap is undone on
   * the word as typed, then normalized.
   */
  transposed: readonly string[];
  /** Letters of the word as typed: the stemmer may shorten a typo a lot ("wries" → "wry"), the typo budget counts what was typed. */
  typed: number;
};

/** Returns the distinct normalized terms of `query` (at most MAX_QUERY_TERMS), empty for stop words only; never fails. */
export function queryTerms(query: string, options: { ignore?: ReadonlySet<string> } = {}): QueryTerm[] {
  const seen = new Set<string>();
  const out: QueryTerm[] = [];
  for (const raw of tokenizeText(query.slice(0, 20_000))) {
    if (options.ignore?.has(raw.toLowerCase())) continue;
    const term = normalizeTerm(raw);
    if (term === null || seen.has(term)) continue;
    seen.add(term);
    out.push({
      term,
      synonyms: synonymsOf(term),
      transposed: transposedForms(raw, term),
      typed: Math.max(term.length, raw.length),
    });
    if (out.length >= MAX_QUERY_TERMS) break;
  }
  return out;
}

/** Returns every term a query may look up exactly (synonyms and transposed forms included); never fails. */
export function allLookupTerms(terms: readonly QueryTerm[]): string[] {
  return [...new Set(terms.flatMap((t) => [t.term, ...t.synonyms, ...t.transposed]))];
}

function transposedForms(raw: string, term: string): string[] {
  const word = raw.toLowerCase();
  if (word.length < 4 || !/^\p{L}+$/u.test(word)) return [];
  const out = new Set<string>();
  for (let i = 1; i + 1 < word.length; i++) {
    if (word[i] === word[i + 1]) continue;
    const swapped = normalizeTerm(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
    if (swapped !== null && swapped !== term && swapped[0] === term[0]) out.add(swapped);
  }
  return [...out];
}
