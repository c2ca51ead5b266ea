/**
 * A query as the index sees it: normalized terms, each with its synonyms. Computed once, outside
 * MiniSearch, because the same terms decide which index shards must be loaded.
 */
import { normalizeTerm } from './normalize-term.js';
import { synonymsOf } from './expand-synonyms.js';
import { tokenizeText } from './tokenize-text.js';

/** A 10,000-character query must cost what a sentence costs: only the first terms count. */
export const MAX_QUERY_TERMS = 32;

export type QueryTerm = { term: string; synonyms: readonly string[] };

/** Returns the distinct normalized terms of `query` (at most MAX_QUERY_TERMS), empty for stop words only; never fails. */
export function queryTerms(query: string, options: { ignore?: ReadonlySet<string> } = {}): QueryTerm[] {
  const seen = new Set<string>();
  const out: QueryTerm[] = [];
  for (const raw of tokenizeText(query.slice(0, 20_000))) {
    if (options.ignore?.has(raw.toLowerCase())) continue;
    const term = normalizeTerm(raw);
    if (term === null || seen.has(term)) continue;
    seen.add(term);
    out.push({ term, synonyms: synonymsOf(term) });
    if (out.length >= MAX_QUERY_TERMS) break;
  }
  return out;
}

/** Returns every term a query may look up, synonyms included; never fails. */
export function allLookupTerms(terms: readonly QueryTerm[]): string[] {
  return [...new Set(terms.flatMap((t) => [t.term, ...t.synonyms]))];
}
