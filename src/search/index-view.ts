/** The opened index as a query sees it: query by terms, resolve a hit to its document and source. */
import type { ParsedDocument } from './memory-document.js';
import { type IndexedSource } from './index-file.js';
import { runIndexQuery, type MemoryIndex, type QueryIndex, type QueryOptions, type SearchHit } from './search-index.js';
import type { QueryTerm } from './query-terms.js';
import type { ResolvedDocument } from './rank-results.js';

export type OpenedIndex = {
  sources: readonly IndexedSource[];
  /** How the cache was found: warm (unchanged), updated (some files re-indexed) or rebuilt. */
  state: 'warm' | 'updated' | 'rebuilt';
  /** Things the user should know (skipped binary files, unwritable cache); never fatal. */
  warnings: string[];
  /** mem ids found in local files (a team copy of one of these is a duplicate). */
  localMemIds: ReadonlySet<string>;
  query(terms: readonly QueryTerm[], options?: QueryOptions): SearchHit[];
  resolve(id: number): ResolvedDocument | undefined;
};

export function makeView(
  index: MemoryIndex | QueryIndex,
  sources: IndexedSource[],
  docsOf: (source: IndexedSource) => ParsedDocument[],
  state: OpenedIndex['state'],
  warnings: string[],
  ensure: (terms: readonly QueryTerm[]) => void = () => undefined,
): OpenedIndex {
  const ordered = sources.filter((s) => s.count > 0).sort((a, b) => a.firstId - b.firstId);
  const cache = new Map<string, ParsedDocument[]>();
  const localMemIds = new Set(sources.filter((s) => s.kind !== 'team').flatMap((s) => s.memIds));
  return {
    sources,
    state,
    warnings,
    localMemIds,
    query(terms, options = {}) {
      ensure(terms);
      return runIndexQuery(index, terms, options);
    },
    resolve(id) {
      const source = findSource(ordered, id);
      if (!source) return undefined;
      let docs = cache.get(source.path);
      if (!docs) {
        try {
          docs = docsOf(source);
        } catch {
          docs = [];
        }
        cache.set(source.path, docs);
      }
      const doc = docs[id - source.firstId];
      return doc ? { doc, source } : undefined;
    },
  };
}

function findSource(ordered: IndexedSource[], id: number): IndexedSource | undefined {
  let lo = 0;
  let hi = ordered.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const source = ordered[mid]!;
    if (id < source.firstId) hi = mid - 1;
    else if (id >= source.firstId + source.count) lo = mid + 1;
    else return source;
  }
  return undefined;
}
