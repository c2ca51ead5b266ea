/**
 * The MiniSearch index over memory documents, and its compact on-disk form.
 *
 * Why not MiniSearch's JSON: loading a 10k-entry index with `loadJSON` costs ~75–160 ms (parse,
 * then one Map per posting list), most of a warm search's budget. Instead the radix tree's
 * top-level branches (one per first character) and the document tables are stored with
 * `v8.serialize`, which rebuilds Maps natively (~0.5 ms a branch), and a query loads only the
 * branches its terms start with. The price: this reaches into MiniSearch's internals
 * (`_index._tree`, `_documentIds`, …), so the layout is checked on every save and restore, pinned
 * by a unit test, and any mismatch makes the caller rebuild from markdown.
 * Note: fuzzy matching never changes a term's first character, because that branch is not loaded.
 */
import MiniSearch from 'minisearch';
import { nodeV8 } from '../core/lazy-builtins.js';
import { tokenizeText } from './tokenize-text.js';
import { normalizeTerm } from './normalize-term.js';
import type { QueryTerm } from './query-terms.js';
import { allLookupTerms } from './query-terms.js';

/** Bump when the index layout or the text pipeline (tokenizer, stemmer) changes. */
export const INDEX_LAYOUT = 'ms7-v8-shards-7-code';

/** What MiniSearch indexes for one document; the displayed fields live in the document store. */
export type IndexedFields = { id: number; text: string; section: string; path: string };

export type MemoryIndex = MiniSearch<IndexedFields>;

type TreeNode = Map<string, unknown>;
/** MiniSearch's radix tree (SearchableMap) as scoring reads it; leaf values are StoredPostings. */
type Tree = {
  get(term: string): StoredPostings | undefined;
  set(term: string, value: StoredPostings): unknown;
  atPrefix(prefix: string): Iterable<[string, unknown]>;
  fuzzyGet(term: string, maxDistance: number): Map<string, [unknown, number]>;
};
/** Where MiniSearch's radix tree keeps a node's own value. */
const LEAF = '';
/** A term's postings: field id → short document id → term frequency. */
type Postings = Map<number, Map<number, number>>;
type Internals = {
  _index: {
    _tree: TreeNode;
    _size: number | undefined;
    fetch(term: string, initial: () => Postings): Postings;
    get(term: string): Postings | undefined;
    delete(term: string): void;
    atPrefix(prefix: string): Iterable<[string, Postings]>;
    fuzzyGet(term: string, maxDistance: number): Map<string, [Postings, number]>;
  };
  _documentCount: number;
  _documentIds: Map<number, number>;
  _idToShortId: Map<number, number>;
  _fieldIds: Record<string, number>;
  _fieldLength: Map<number, number[]>;
  _avgFieldLength: number[];
  _nextId: number;
  _dirtCount: number;
  addFieldLength(shortId: number, fieldId: number, count: number, length: number): void;
};

type MetaBlob = {
  documentCount: number;
  nextId: number;
  fieldIds: Record<string, number>;
  avgFieldLength: number[];
  dirtCount: number;
  /**
   * ids[shortId] is the document id, -1 where there is none; lengths[shortId × 3 + field id] the
   * field's length, -1 where there is no document. Why arrays, not MiniSearch's maps: v8 restores
   * a typed array as one copy, while a map of 50k entries costs tens of ms on every search.
   */
  ids: Int32Array;
  lengths: Int32Array;
};

const FIELDS = ['text', 'section', 'path'] as const;
/**
 * A heading or a path word is context shared by every entry under it: it counts for less than the
 * entry's own words, so the entry that says the word itself ranks above its neighbours.
 */
const FIELD_BOOST = { text: 1, section: 0.5, path: 0.4 };

/** Returns an empty index configured with mem's tokenizer, stemmer and field list; never fails. */
export function createMemoryIndex(): MemoryIndex {
  return new MiniSearch<IndexedFields>({
    fields: [...FIELDS],
    storeFields: [],
    tokenize: tokenizeText,
    processTerm: normalizeTerm,
    autoVacuum: false,
    // Note: MiniSearch warns on stderr when a removed document changed; the index is rebuilt on doubt anyway.
    logger: () => undefined,
  });
}

export type SearchHit = { id: number; score: number; terms: string[]; queryTerms: string[] };

export type QueryOptions = {
  /** Recall's mode: longer words before prefixes and typos count, so a prompt's incidental words match less. */
  strict?: boolean;
  /**
   * Only the best `top` hits are returned, and those tied with the last (all when absent). Building and sorting a hit for every
   * document a common word matches (20k of 50k entries) was most of a large query's garbage, while
   * the ranking reads a few dozen; a caller that filters hits asks for all, or again without it.
   */
  top?: number;
};

/** How much a match counts against the word typed: exact 1, a synonym, a longer word it begins, a typo. */
const SYNONYM_WEIGHT = 0.7;
const PREFIX_WEIGHT = 0.5;
const TYPO_WEIGHT = 0.45;
/** MiniSearch's BM25+ parameters, so scores stay on the scale rankResults and recall were tuned on. */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };

/**
 * Returns the hits for already-normalized query terms, best first; empty for no terms.
 *
 * Scored here rather than by MiniSearch's search(), on MiniSearch's own index, for two reasons:
 * each query word counts once, by its best match (MiniSearch adds up every synonym, prefix and
 * fuzzy expansion of a word, and counts each expansion as a matched word, so a document full of
 * near-misses outranks one with the word itself); and typos are counted the way people make them,
 * a swap of two adjacent letters being one typo (MiniSearch's Levenshtein distance counts two).
 * Words combine with OR, times the number of words matched: a document with every word wins, and a
 * word that matches nothing never empties the result.
 */
export function runIndexQuery(
  index: MemoryIndex | QueryIndex,
  terms: readonly QueryTerm[],
  options: QueryOptions = {},
): SearchHit[] {
  if (terms.length === 0) return [];
  const view = index instanceof MiniSearch ? queryIndexOf(index) : index;
  const strict = options.strict === true;
  const fieldIds = FIELDS.map((field) => view.fieldIds[field]!);
  // Scores by short id in flat arrays: a common word has thousands of postings at 50k entries,
  // and a map entry per posting per expansion is most of a query's time (and garbage).
  const limit = view.idLimit;
  const total = new Float64Array(limit);
  const matchedWords = new Uint8Array(limit);
  const expansion = new Float64Array(limit);
  const best = new Float64Array(limit);
  /** Per query word: for each document, 1 + the index of the expansion that matched it best (0: none). */
  const bestTerm = terms.map(() => new Int32Array(limit));
  const expansionTerms: string[][] = [];
  const touched: number[] = [];
  // Live postings of one expansion in one field, gathered once: their count is the document
  // frequency BM25 needs before the scores can be summed.
  const postingIds = new Int32Array(limit);
  const postingFrequencies = new Int32Array(limit);
  const postingLengths = new Int32Array(limit);
  terms.forEach((query, word) => {
    const expansions = [...expansionsOf(view.tree, query, strict)];
    expansionTerms.push(expansions.map(([term]) => term));
    const inWord: number[] = [];
    expansions.forEach(([term, weight], at) => {
      const stored = view.tree.get(term);
      const extra = view.extra(term);
      if (stored === undefined && extra === undefined) return;
      const inExpansion: number[] = [];
      FIELDS.forEach((field, f) => {
        const fieldId = fieldIds[f]!;
        const matching = livePostings(view, stored, extra, fieldId, postingIds, postingFrequencies, postingLengths);
        if (matching === 0) return;
        const average = view.average[fieldId]!;
        const scale =
          weight * FIELD_BOOST[field] * Math.log(1 + (view.documentCount - matching + 0.5) / (matching + 0.5));
        for (let p = 0; p < matching; p++) {
          const shortId = postingIds[p]!;
          const frequency = postingFrequencies[p]!;
          const norm = BM25.k * (1 - BM25.b + (BM25.b * postingLengths[p]!) / average);
          if (expansion[shortId] === 0) inExpansion.push(shortId);
          expansion[shortId] = expansion[shortId]! + scale * (BM25.d + (frequency * (BM25.k + 1)) / (frequency + norm));
        }
      });
      for (const shortId of inExpansion) {
        if (best[shortId] === 0) inWord.push(shortId);
        if (expansion[shortId]! > best[shortId]!) {
          best[shortId] = expansion[shortId]!;
          bestTerm[word]![shortId] = at + 1;
        }
        expansion[shortId] = 0;
      }
    });
    for (const shortId of inWord) {
      if (matchedWords[shortId] === 0) touched.push(shortId);
      total[shortId] = total[shortId]! + best[shortId]!;
      matchedWords[shortId] = matchedWords[shortId]! + 1;
      best[shortId] = 0;
    }
  });
  // The final scores first, then hits (with their words) only for the documents that are returned.
  const scores = new Float64Array(touched.length);
  touched.forEach((shortId, k) => (scores[k] = total[shortId]! * matchedWords[shortId]!));
  const cut = options.top !== undefined && options.top < touched.length ? kthLargest(scores, options.top) : -Infinity;
  const hits: SearchHit[] = [];
  touched.forEach((shortId, k) => {
    if (scores[k]! < cut) return;
    const id = view.idOf(shortId);
    if (id === undefined) return;
    const queryTerms: string[] = [];
    const matched: string[] = [];
    terms.forEach((query, word) => {
      const at = bestTerm[word]![shortId]!;
      if (at === 0) return;
      queryTerms.push(query.term);
      const term = expansionTerms[word]![at - 1]!;
      if (!matched.includes(term)) matched.push(term);
    });
    hits.push({ id, score: scores[k]!, terms: matched, queryTerms });
  });
  // Note: every hit tied with the `top`-th is kept, so the ranking breaks ties among all of them, as it would among all hits.
  return hits.sort((a, b) => b.score - a.score);
}

/** Returns the `k`-th largest of `values` (1-based; ties count once each); `values` is left as it was. */
function kthLargest(values: Float64Array, k: number): number {
  const sorted = Float64Array.from(values).sort();
  return sorted[sorted.length - k]!;
}

/**
 * Copies the live postings of `stored` and `extra` in field `fieldId` into the buffers (document
 * short id, term frequency, field length) and returns how many there are. One pass, no callback:
 * a common word has thousands of postings, each read once.
 */
function livePostings(
  view: QueryIndex,
  stored: StoredPostings | undefined,
  extra: readonly number[] | undefined,
  fieldId: number,
  ids: Int32Array,
  frequencies: Int32Array,
  lengths: Int32Array,
): number {
  let count = 0;
  const limit = ids.length;
  const keep = (shortId: number, frequency: number, length: number) => {
    if (length < 0 || shortId >= limit || count >= limit) return;
    ids[count] = shortId;
    frequencies[count] = frequency;
    lengths[count] = length;
    count += 1;
  };
  const plain = view.plainLengths;
  if (stored instanceof Int32Array) {
    for (let at = 0; at + 1 < stored.length; at += 2 + 2 * stored[at + 1]!) {
      if (stored[at] !== fieldId) continue;
      const end = at + 2 + 2 * stored[at + 1]!;
      if (plain !== undefined) {
        // Every document of the main index is live: its field length is read straight from the table.
        for (let p = at + 2; p + 1 < end; p += 2) {
          const shortId = stored[p]!;
          const length =
            shortId * plain.fields + fieldId < plain.lengths.length
              ? plain.lengths[shortId * plain.fields + fieldId]!
              : -1;
          if (length >= 0 && count < limit) {
            ids[count] = shortId;
            frequencies[count] = stored[p + 1]!;
            lengths[count] = length;
            count += 1;
          }
        }
      } else
        for (let p = at + 2; p + 1 < end; p += 2) keep(stored[p]!, stored[p + 1]!, view.lengthOf(stored[p]!, fieldId));
    }
  } else if (stored !== undefined) {
    for (const [shortId, frequency] of stored.get(fieldId) ?? [])
      keep(shortId, frequency, view.lengthOf(shortId, fieldId));
  }
  if (extra !== undefined)
    for (let at = 0; at + 2 < extra.length; at += 3)
      if (extra[at] === fieldId) keep(extra[at + 1]!, extra[at + 2]!, view.lengthOf(extra[at + 1]!, fieldId));
  return count;
}

/**
 * What scoring reads of an index, whichever form it is in: a MiniSearch index being built or
 * updated (maps), or a saved one loaded for a query (packed arrays, plus a delta segment's
 * documents and postings, minus masked documents).
 */
export type QueryIndex = {
  tree: Tree;
  /** Every short id is below this. */
  idLimit: number;
  fieldIds: Record<string, number>;
  documentCount: number;
  /** Average length of each field (by field id) over the live documents. */
  average: readonly number[];
  /** The field's length in a live document; -1 for a document that is not (masked, removed, unknown). */
  lengthOf(shortId: number, fieldId: number): number;
  idOf(shortId: number): number | undefined;
  /** Postings a delta segment adds to a term: [field id, short id, term frequency, …]. */
  extra(term: string): readonly number[] | undefined;
  /**
   * When every document of the index is live (nothing masked, no delta): the field lengths by
   * short id × fields + field id (-1: no such document), so scoring reads them without a call.
   */
  plainLengths?: { lengths: Int32Array; fields: number };
};

/** A term's postings in the tree: MiniSearch's maps, or the packed form a saved shard holds ([field id, count, short id, tf, …] per field). */
type StoredPostings = Postings | Int32Array;

function queryIndexOf(index: MemoryIndex): QueryIndex {
  const internals = internalsOf(index);
  return {
    tree: internals._index as unknown as Tree,
    idLimit: internals._nextId + 1,
    fieldIds: internals._fieldIds,
    documentCount: internals._documentCount,
    average: internals._avgFieldLength,
    lengthOf(shortId, fieldId) {
      if (!internals._documentIds.has(shortId)) return -1;
      return internals._fieldLength.get(shortId)?.[fieldId] ?? -1;
    },
    idOf: (shortId) => internals._documentIds.get(shortId),
    extra: () => undefined,
  };
}

/** Returns the index terms a query word may match, each with its weight; never fails. */
function expansionsOf(tree: Tree, query: QueryTerm, strict: boolean): Map<string, number> {
  const out = new Map<string, number>();
  const offer = (term: string, weight: number) => {
    if (weight > (out.get(term) ?? 0)) out.set(term, weight);
  };
  const word = query.term;
  offer(word, 1);
  for (const synonym of query.synonyms) offer(synonym, SYNONYM_WEIGHT);
  if (word.length >= (strict ? 4 : 3)) {
    for (const [term] of tree.atPrefix(word)) {
      if (term !== word) offer(term, (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * (term.length - word.length)));
    }
  }
  if (typoBudget(query.typed, strict) > 0) for (const term of query.transposed) offer(term, TYPO_WEIGHT);
  const typos = typoBudget(word.length, strict);
  if (typos > 0) {
    // Levenshtein distance 2 finds every word one swap away; the swap is then counted as one typo.
    for (const [term] of tree.fuzzyGet(word, Math.min(2, typos + 1))) {
      const distance = typoDistance(word, term, typos);
      if (distance > 0 && distance <= typos) offer(term, (TYPO_WEIGHT * term.length) / (term.length + distance - 1));
    }
  }
  return out;
}

/** Typos a word of `length` letters may carry and still match: none for short words, where one changed letter makes another word. */
function typoBudget(length: number, strict: boolean): number {
  if (strict) return length >= 6 ? 1 : 0;
  return length >= 8 ? 2 : length >= 4 ? 1 : 0;
}

/**
 * Returns the optimal-string-alignment distance of `a` and `b` (insertions, deletions,
 * substitutions and swaps of adjacent letters, each one typo), or max + 1 once it is over `max`.
 */
export function typoDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[b.length]!, max + 1);
}

/**
 * Adds documents to the index, each under the short id equal to its id when the ids come after
 * every id used so far (ids are handed out in increasing order, so they do): loadLayeredIndex can
 * then mask documents without scanning the id table. Throws on a duplicate id, as MiniSearch does.
 */
export function addDocuments(index: MemoryIndex, documents: readonly IndexedFields[]): void {
  const internals = internalsOf(index);
  for (const document of documents) {
    if (document.id >= internals._nextId) internals._nextId = document.id;
    index.add(document);
  }
}

/** Returns the shard that holds terms starting like `term`; never fails. */
function shardKeyOf(term: string): string {
  const code = term.charCodeAt(0);
  return Number.isNaN(code) ? '_' : code < 128 ? String(code) : `u${code % 61}`;
}

/** Returns the shards a query needs; never fails. */
export function shardsForQuery(terms: readonly QueryTerm[]): string[] {
  return [...new Set(allLookupTerms(terms).map(shardKeyOf))];
}

export type IndexBlobs = { meta: Uint8Array; shards: Map<string, Uint8Array> };

/** Returns the index as independently loadable blobs; throws when MiniSearch's internal layout is not the one this code knows. */
export function saveIndex(index: MemoryIndex): IndexBlobs {
  const internals = internalsOf(index);
  const size = internals._nextId + 1;
  const ids = new Int32Array(size).fill(-1);
  const lengths = new Int32Array(size * FIELDS.length).fill(-1);
  for (const [shortId, id] of internals._documentIds) {
    if (!(shortId >= 0 && shortId < size))
      throw new Error(`MiniSearch internals changed: short id ${shortId} out of range`);
    ids[shortId] = id;
  }
  for (const [shortId, fields] of internals._fieldLength) {
    if (!(shortId >= 0 && shortId < size))
      throw new Error(`MiniSearch internals changed: short id ${shortId} out of range`);
    for (let fieldId = 0; fieldId < FIELDS.length; fieldId++)
      lengths[shortId * FIELDS.length + fieldId] = fields[fieldId] ?? 0;
  }
  const meta: MetaBlob = {
    documentCount: internals._documentCount,
    nextId: internals._nextId,
    fieldIds: internals._fieldIds,
    avgFieldLength: internals._avgFieldLength,
    dirtCount: internals._dirtCount,
    ids,
    lengths,
  };
  const grouped = new Map<string, TreeNode>();
  for (const [edge, child] of internals._index._tree) {
    const key = shardKeyOf(edge);
    let group = grouped.get(key);
    if (!group) grouped.set(key, (group = new Map()));
    group.set(edge, packTree(child as TreeNode));
  }
  const shards = new Map<string, Uint8Array>();
  for (const [key, group] of grouped) shards.set(key, nodeV8().serialize(group));
  return { meta: nodeV8().serialize(meta), shards };
}

/** Returns a copy of a radix tree node with every term's postings packed into one Int32Array (restored by v8 as one copy). */
function packTree(node: TreeNode): TreeNode {
  const out: TreeNode = new Map();
  for (const [key, value] of node) {
    if (key !== LEAF) out.set(key, packTree(value as TreeNode));
    else {
      const packed: number[] = [];
      for (const [fieldId, frequencies] of value as Postings) {
        packed.push(fieldId, frequencies.size);
        for (const [shortId, frequency] of frequencies) packed.push(shortId, frequency);
      }
      out.set(LEAF, Int32Array.from(packed));
    }
  }
  return out;
}

/** Turns packed postings back into MiniSearch's maps, in place, so MiniSearch can update the tree. */
function unpackTree(node: TreeNode): void {
  for (const [key, value] of node) {
    if (key !== LEAF) unpackTree(value as TreeNode);
    else if (value instanceof Int32Array) {
      const postings: Postings = new Map();
      forEachField(value, (fieldId, frequencies) => postings.set(fieldId, frequencies));
      node.set(LEAF, postings);
    }
  }
}

function forEachField(packed: Int32Array, visit: (fieldId: number, frequencies: Map<number, number>) => void): void {
  for (let at = 0; at + 1 < packed.length; at += 2 + 2 * packed[at + 1]!) {
    const frequencies = new Map<number, number>();
    const end = at + 2 + 2 * packed[at + 1]!;
    for (let p = at + 2; p + 1 < end; p += 2) frequencies.set(packed[p]!, packed[p + 1]!);
    visit(packed[at]!, frequencies);
  }
}

/**
 * Returns a MiniSearch index restored from `meta` and the given shards, with MiniSearch's own maps
 * (for an update: all shards; tests restore a query's); throws when the blobs are not what saveIndex wrote.
 */
export function loadIndex(
  meta: Uint8Array,
  shards: Iterable<Uint8Array>,
  options: { forUpdate: boolean },
): MemoryIndex {
  const index = createMemoryIndex();
  const internals = internalsOf(index);
  const blob = decodeMeta(meta);
  internals._documentCount = blob.documentCount;
  internals._nextId = blob.nextId;
  internals._fieldIds = blob.fieldIds;
  internals._avgFieldLength = blob.avgFieldLength;
  internals._dirtCount = blob.dirtCount;
  internals._documentIds = new Map();
  internals._fieldLength = new Map();
  for (let shortId = 0; shortId < blob.ids.length; shortId++) {
    const id = blob.ids[shortId]!;
    if (id < 0) continue;
    internals._documentIds.set(shortId, id);
    internals._fieldLength.set(
      shortId,
      Array.from(blob.lengths.subarray(shortId * FIELDS.length, (shortId + 1) * FIELDS.length)),
    );
  }
  internals._index._tree = new Map();
  for (const bytes of shards) {
    for (const [edge, child] of decodeShard(bytes)) {
      unpackTree(child as TreeNode);
      internals._index._tree.set(edge, child);
    }
  }
  internals._index._size = undefined;
  if (options.forUpdate) {
    internals._idToShortId = new Map();
    for (const [shortId, id] of internals._documentIds) internals._idToShortId.set(id, shortId);
  }
  return index;
}

/**
 * A main index seen through a delta segment, for a query: the main index's documents minus the
 * masked ones, plus the delta's documents, answering exactly as one index holding the same
 * documents would (same document count, average field lengths, document frequencies and term
 * frequencies, so BM25 scores match). Nothing is rewritten or copied for this: masked documents
 * are skipped by id as postings are read, and the delta's postings are read beside the main
 * index's, one shard at a time as a query loads it.
 */
export type LayeredIndex = {
  index: QueryIndex;
  /**
   * Adds one shard key's blobs: the main index's shard and the delta's postings in it
   * (encodeShardPostings), either absent; throws when a blob is not what it should be.
   */
  addShard(main: Uint8Array | undefined, delta: Uint8Array | undefined): void;
};

/**
 * Returns the main index (`mainMeta`, no shards yet) with the documents whose ids are in
 * `masked` left out and the delta's documents (their DeltaSegment lengths) counted in; throws
 * when a blob is not what saveIndex wrote, a masked id is unknown or a delta id is taken.
 */
export function loadLayeredIndex(
  mainMeta: Uint8Array,
  deltaLengths: readonly number[],
  masked: readonly number[],
): LayeredIndex {
  const blob = decodeMeta(mainMeta);
  const F = FIELDS.length;
  const size = blob.ids.length;
  const maskedShortIds = new Set<number>();
  if (masked.length > 0) {
    const wanted = new Set(masked);
    // Documents added by addDocuments have short id = id; any other index needs a scan (~1 ms at 10k).
    if (masked.every((id) => id < size && blob.ids[id] === id)) for (const id of masked) maskedShortIds.add(id);
    else
      for (let shortId = 0; shortId < size; shortId++) if (wanted.has(blob.ids[shortId]!)) maskedShortIds.add(shortId);
    if (maskedShortIds.size !== wanted.size)
      throw new Error('search cache masks a document the main index does not hold');
  }
  const totals = blob.avgFieldLength.map((average) => average * blob.documentCount);
  let count = blob.documentCount;
  for (const shortId of maskedShortIds) {
    count -= 1;
    for (let fieldId = 0; fieldId < F; fieldId++) totals[fieldId]! -= blob.lengths[shortId * F + fieldId]!;
  }
  const deltaDocs = new Map<number, number[]>();
  for (let at = 0; at + LENGTHS_STRIDE <= deltaLengths.length; at += LENGTHS_STRIDE) {
    const id = deltaLengths[at]!;
    if (id < blob.nextId || (id < size && blob.ids[id]! >= 0) || deltaDocs.has(id))
      throw new Error('search delta document ids overlap the main index');
    const fields = deltaLengths.slice(at + 1, at + 1 + F);
    deltaDocs.set(id, fields);
    count += 1;
    fields.forEach((length, fieldId) => (totals[fieldId]! += length));
  }
  const tree = createMemoryIndex() as unknown as { _index: Tree & { _tree: TreeNode; _size: number | undefined } };
  const extra = new Map<string, number[]>();
  const index: QueryIndex = {
    tree: tree._index,
    idLimit: Math.max(size, ...[...deltaDocs.keys()].map((id) => id + 1)),
    fieldIds: blob.fieldIds,
    documentCount: count,
    average: totals.map((total) => (count > 0 ? total / count : 0)),
    lengthOf(shortId, fieldId) {
      const added = deltaDocs.size > 0 ? deltaDocs.get(shortId) : undefined;
      if (added) return added[fieldId] ?? -1;
      return shortId < size && !maskedShortIds.has(shortId) ? blob.lengths[shortId * F + fieldId]! : -1;
    },
    idOf(shortId) {
      if (deltaDocs.has(shortId)) return shortId;
      return shortId < size && !maskedShortIds.has(shortId) && blob.ids[shortId]! >= 0 ? blob.ids[shortId] : undefined;
    },
    extra: (term) => extra.get(term),
  };
  if (maskedShortIds.size === 0 && deltaDocs.size === 0) index.plainLengths = { lengths: blob.lengths, fields: F };
  return {
    index,
    addShard(main, delta) {
      if (main !== undefined) for (const [edge, child] of decodeShard(main)) tree._index._tree.set(edge, child);
      tree._index._size = undefined;
      if (delta === undefined) return;
      // Delta-only terms go into the tree too (with no main postings), so prefixes and typos find them.
      for (const [term, triples] of decodeShardPostings(delta)) {
        extra.set(term, triples);
        if (tree._index.get(term) === undefined) tree._index.set(term, EMPTY_POSTINGS);
      }
    },
  };
}

const EMPTY_POSTINGS = new Int32Array(0);

/** Postings of delta documents in one shard: term → [field id, document id, term frequency, …]. */
export type ShardPostings = Map<string, number[]>;

/** What the delta holds for its documents, computed without a MiniSearch index (a cold add() costs ~0.1 ms a document). */
export type DeltaSegment = {
  /** Per document, in order: id, then its length in each field (MiniSearch's unique token count). */
  lengths: number[];
  shards: Map<string, ShardPostings>;
};

const LENGTHS_STRIDE = 1 + FIELDS.length;

/** Returns the postings and field lengths MiniSearch's add() would record for `documents`; never fails. */
export function deltaSegmentOf(documents: readonly IndexedFields[]): DeltaSegment {
  const lengths: number[] = [];
  const shards = new Map<string, ShardPostings>();
  for (const document of documents) {
    lengths.push(document.id);
    FIELDS.forEach((field, fieldId) => {
      const tokens = tokenizeText(document[field]);
      lengths.push(new Set(tokens).size);
      const frequencies = new Map<string, number>();
      for (const token of tokens) {
        const term = normalizeTerm(token);
        if (term) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
      }
      for (const [term, frequency] of frequencies) {
        const key = shardKeyOf(term);
        let shard = shards.get(key);
        if (!shard) shards.set(key, (shard = new Map()));
        let triples = shard.get(term);
        if (!triples) shard.set(term, (triples = []));
        triples.push(fieldId, document.id, frequency);
      }
    });
  }
  return { lengths, shards };
}

/** Returns `lengths` without the documents `drop` selects; never fails. */
export function withoutLengths(lengths: readonly number[], drop: (id: number) => boolean): number[] {
  const out: number[] = [];
  for (let at = 0; at + LENGTHS_STRIDE <= lengths.length; at += LENGTHS_STRIDE) {
    if (!drop(lengths[at]!)) out.push(...lengths.slice(at, at + LENGTHS_STRIDE));
  }
  return out;
}

/** Returns `shard` without the documents `drop` selects, with `added` merged in; never fails. */
export function mergeShardPostings(
  shard: ShardPostings | undefined,
  drop: (id: number) => boolean,
  added: ShardPostings | undefined,
): ShardPostings {
  const out: ShardPostings = new Map();
  for (const [term, triples] of shard ?? []) {
    const kept: number[] = [];
    for (let at = 0; at + 2 < triples.length; at += 3)
      if (!drop(triples[at + 1]!)) kept.push(triples[at]!, triples[at + 1]!, triples[at + 2]!);
    if (kept.length > 0) out.set(term, kept);
  }
  for (const [term, triples] of added ?? []) {
    const existing = out.get(term);
    if (existing) existing.push(...triples);
    else out.set(term, [...triples]);
  }
  return out;
}

/** Returns one shard's delta postings as bytes for the cache; never fails. */
export function encodeShardPostings(postings: ShardPostings): Uint8Array {
  return nodeV8().serialize(postings);
}

/** Returns the postings stored by encodeShardPostings; throws when the bytes are not such a map. */
export function decodeShardPostings(bytes: Uint8Array): ShardPostings {
  const value = nodeV8().deserialize(bytes) as unknown;
  if (!(value instanceof Map)) throw new Error('search delta postings are damaged');
  return value as ShardPostings;
}

/** Returns delta field lengths as bytes for the cache; never fails. */
export function encodeLengths(lengths: readonly number[]): Uint8Array {
  return nodeV8().serialize(lengths);
}

/** Returns the lengths stored by encodeLengths; throws when the bytes are not such a list. */
export function decodeLengths(bytes: Uint8Array): number[] {
  const value = nodeV8().deserialize(bytes) as unknown;
  if (!Array.isArray(value) || value.length % LENGTHS_STRIDE !== 0) throw new Error('search delta lengths are damaged');
  return value as number[];
}

function decodeMeta(bytes: Uint8Array): MetaBlob {
  const blob = nodeV8().deserialize(bytes) as MetaBlob;
  if (
    !(blob.ids instanceof Int32Array) ||
    !(blob.lengths instanceof Int32Array) ||
    blob.lengths.length !== blob.ids.length * FIELDS.length ||
    typeof blob.nextId !== 'number'
  ) {
    throw new Error('search index metadata has an unknown shape');
  }
  return blob;
}

function decodeShard(bytes: Uint8Array): TreeNode {
  const group = nodeV8().deserialize(bytes) as unknown;
  if (!(group instanceof Map)) throw new Error('search index shard has an unknown shape');
  return group as TreeNode;
}

const HIDDEN_PATH_PARTS = new Set([
  'claude.md',
  'claude.local.md',
  'agents.md',
  '.claude',
  '.memory',
  'sessions',
  'memory.md',
]);

/** Returns the indexed form of a document's location: directory and file-name words that say what it is about; never fails. */
export function pathFieldOf(path: string, kind: string): string {
  const words = path
    .split(/[/:]/)
    .filter((part) => !HIDDEN_PATH_PARTS.has(part.toLowerCase()))
    .map((part) => part.replace(/\.md$/i, ''));
  if (kind === 'session' || kind === 'team') words.push(kind);
  return words.join(' ');
}

function internalsOf(index: MemoryIndex): Internals {
  const internals = index as unknown as Internals;
  const known =
    internals._index?._tree instanceof Map &&
    internals._documentIds instanceof Map &&
    internals._idToShortId instanceof Map &&
    internals._fieldLength instanceof Map &&
    Array.isArray(internals._avgFieldLength) &&
    typeof internals._nextId === 'number' &&
    typeof internals.addFieldLength === 'function' &&
    typeof internals._index.fetch === 'function' &&
    typeof internals._index.get === 'function' &&
    typeof internals._index.delete === 'function' &&
    typeof internals._index.atPrefix === 'function' &&
    typeof internals._index.fuzzyGet === 'function';
  if (!known) throw new Error(`MiniSearch internals changed: search index layout ${INDEX_LAYOUT} no longer applies`);
  return internals;
}
