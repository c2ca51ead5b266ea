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
import { serialize, deserialize } from 'node:v8';
import { tokenizeText } from './tokenize-text.js';
import { normalizeTerm } from './normalize-term.js';
import type { QueryTerm } from './query-terms.js';
import { allLookupTerms } from './query-terms.js';

/** Bump when the index layout or the text pipeline (tokenizer, stemmer) changes. */
export const INDEX_LAYOUT = 'ms7-v8-shards-5';

/** What MiniSearch indexes for one document; the displayed fields live in the document store. */
export type IndexedFields = { id: number; text: string; section: string; path: string };

export type MemoryIndex = MiniSearch<IndexedFields>;

type TreeNode = Map<string, unknown>;
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
  documentIds: Map<number, number>;
  fieldLength: Map<number, number[]>;
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
export function runIndexQuery(index: MemoryIndex, terms: readonly QueryTerm[], options: QueryOptions = {}): SearchHit[] {
  if (terms.length === 0) return [];
  const internals = internalsOf(index);
  const strict = options.strict === true;
  const fieldIds = FIELDS.map((field) => internals._fieldIds[field]!);
  const totals = new Map<number, { score: number; words: string[]; terms: Set<string> }>();
  for (const query of terms) {
    const best = new Map<number, { score: number; term: string }>();
    for (const [term, weight] of expansionsOf(internals, query, strict)) {
      const postings = internals._index.get(term);
      if (!postings) continue;
      const scores = new Map<number, number>();
      FIELDS.forEach((field, at) => {
        const fieldId = fieldIds[at]!;
        const frequencies = postings.get(fieldId);
        if (!frequencies) return;
        const average = internals._avgFieldLength[fieldId]!;
        const idf = Math.log(1 + (internals._documentCount - frequencies.size + 0.5) / (frequencies.size + 0.5));
        for (const [shortId, frequency] of frequencies) {
          const lengths = internals._fieldLength.get(shortId);
          if (!lengths || !internals._documentIds.has(shortId)) continue;
          const norm = BM25.k * (1 - BM25.b + (BM25.b * (lengths[fieldId] ?? 0)) / average);
          const score = weight * FIELD_BOOST[field] * idf * (BM25.d + (frequency * (BM25.k + 1)) / (frequency + norm));
          scores.set(shortId, (scores.get(shortId) ?? 0) + score);
        }
      });
      for (const [shortId, score] of scores) {
        const current = best.get(shortId);
        if (!current || score > current.score) best.set(shortId, { score, term });
      }
    }
    for (const [shortId, { score, term }] of best) {
      const total = totals.get(shortId);
      if (total) {
        total.score += score;
        total.words.push(query.term);
        total.terms.add(term);
      } else totals.set(shortId, { score, words: [query.term], terms: new Set([term]) });
    }
  }
  const hits: SearchHit[] = [];
  for (const [shortId, total] of totals) {
    const id = internals._documentIds.get(shortId);
    if (id === undefined) continue;
    hits.push({ id, score: total.score * total.words.length, terms: [...total.terms], queryTerms: total.words });
  }
  return hits.sort((a, b) => b.score - a.score);
}

/** Returns the index terms a query word may match, each with its weight; never fails. */
function expansionsOf(internals: Internals, query: QueryTerm, strict: boolean): Map<string, number> {
  const out = new Map<string, number>();
  const offer = (term: string, weight: number) => {
    if (weight > (out.get(term) ?? 0)) out.set(term, weight);
  };
  const word = query.term;
  offer(word, 1);
  for (const synonym of query.synonyms) offer(synonym, SYNONYM_WEIGHT);
  if (word.length >= (strict ? 4 : 3)) {
    for (const [term] of internals._index.atPrefix(word)) {
      if (term !== word) offer(term, (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * (term.length - word.length)));
    }
  }
  if (typoBudget(query.typed, strict) > 0) for (const term of query.transposed) offer(term, TYPO_WEIGHT);
  const typos = typoBudget(word.length, strict);
  if (typos > 0) {
    // Levenshtein distance 2 finds every word one swap away; the swap is then counted as one typo.
    for (const [term] of internals._index.fuzzyGet(word, Math.min(2, typos + 1))) {
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
  const meta: MetaBlob = {
    documentCount: internals._documentCount,
    nextId: internals._nextId,
    fieldIds: internals._fieldIds,
    avgFieldLength: internals._avgFieldLength,
    dirtCount: internals._dirtCount,
    documentIds: internals._documentIds,
    fieldLength: internals._fieldLength,
  };
  const grouped = new Map<string, TreeNode>();
  for (const [edge, child] of internals._index._tree) {
    const key = shardKeyOf(edge);
    let group = grouped.get(key);
    if (!group) grouped.set(key, (group = new Map()));
    group.set(edge, child);
  }
  const shards = new Map<string, Uint8Array>();
  for (const [key, group] of grouped) shards.set(key, serialize(group));
  return { meta: serialize(meta), shards };
}

/**
 * Returns an index restored from `meta` and the given shards (all of them for an index that will
 * be updated, only a query's for a search); throws when the blobs are not what saveIndex wrote.
 */
export function loadIndex(meta: Uint8Array, shards: Iterable<Uint8Array>, options: { forUpdate: boolean }): MemoryIndex {
  const index = createMemoryIndex();
  const internals = internalsOf(index);
  const blob = decodeMeta(meta);
  internals._documentCount = blob.documentCount;
  internals._nextId = blob.nextId;
  internals._fieldIds = blob.fieldIds;
  internals._avgFieldLength = blob.avgFieldLength;
  internals._dirtCount = blob.dirtCount;
  internals._documentIds = blob.documentIds;
  internals._fieldLength = blob.fieldLength;
  internals._index._tree = new Map();
  for (const bytes of shards) addShard(index, bytes);
  if (options.forUpdate) {
    internals._idToShortId = new Map();
    for (const [shortId, id] of blob.documentIds) internals._idToShortId.set(id, shortId);
  }
  return index;
}

/** Adds one shard written by saveIndex to a loaded index; throws when the bytes are not a shard. */
export function addShard(index: MemoryIndex, bytes: Uint8Array): void {
  const internals = internalsOf(index);
  for (const [edge, child] of decodeShard(bytes)) internals._index._tree.set(edge, child);
  internals._index._size = undefined;
}

/**
 * A main index seen through a delta segment: the main index's documents minus the masked ones,
 * plus the delta's documents, answering queries exactly as one index holding the same documents
 * would (same document count, average field lengths, document frequencies and term frequencies,
 * so BM25 scores match). The main index's shards are never rewritten for this: masked documents
 * are discarded and their postings removed, and the delta's postings grafted on, one shard at a
 * time as a query loads it.
 */
export type LayeredIndex = {
  index: MemoryIndex;
  /**
   * Adds one shard key's blobs: the main index's shard, the masked documents' postings in it
   * (encodeMaskedPostings) and the delta's postings in it (encodeShardPostings), any of them
   * absent; throws when a blob is not what it should be.
   */
  addShard(main: Uint8Array | undefined, masked: Uint8Array | undefined, delta: Uint8Array | undefined): void;
};

/**
 * Returns the main index (`mainMeta`, no shards yet) with the documents whose ids are in
 * `masked` discarded and the delta's documents (their DeltaSegment lengths) counted in; throws
 * when a blob is not what saveIndex wrote, a masked id is unknown or a delta id is taken.
 */
export function loadLayeredIndex(mainMeta: Uint8Array, deltaLengths: readonly number[], masked: readonly number[]): LayeredIndex {
  const index = loadIndex(mainMeta, [], { forUpdate: false });
  const internals = internalsOf(index);
  const maskedShortIds = new Map<number, number>();
  if (masked.length > 0) {
    if (masked.some((id) => internals._documentIds.get(id) !== id)) {
      // Only an index not built by addDocuments lacks short id = id; a scan costs ~3 ms at 10k.
      const wanted = new Set(masked);
      for (const [shortId, id] of internals._documentIds) if (wanted.has(id)) maskedShortIds.set(id, shortId);
    } else {
      for (const id of masked) maskedShortIds.set(id, id);
    }
    for (const [id, shortId] of maskedShortIds) internals._idToShortId.set(id, shortId);
    // Note: discard throws on an id the index does not hold: the caller then rebuilds.
    for (const id of masked) index.discard(id);
  }
  // The same bookkeeping as MiniSearch's add(), under short id = id (delta ids come after every main id).
  for (let at = 0; at + LENGTHS_STRIDE <= deltaLengths.length; at += LENGTHS_STRIDE) {
    const id = deltaLengths[at]!;
    if (id < internals._nextId || internals._documentIds.has(id)) throw new Error('search delta document ids overlap the main index');
    internals._nextId = id + 1;
    internals._documentIds.set(id, id);
    internals._documentCount += 1;
    for (let fieldId = 0; fieldId < FIELDS.length; fieldId++) {
      internals.addFieldLength(id, fieldId, internals._documentCount - 1, deltaLengths[at + 1 + fieldId]!);
    }
  }
  return {
    index,
    addShard(main, masked, delta) {
      if (main !== undefined) addShard(index, main);
      // Why remove masked postings, not rely on discard alone: MiniSearch lowers a term's document
      // frequency for discarded documents only as it meets them, so documents scored before them
      // would get another score than in an index that never held them.
      if (masked !== undefined) {
        for (const [term, fieldId, id] of decodeMaskedPostings(masked)) {
          const shortId = maskedShortIds.get(id);
          const postings = shortId === undefined ? undefined : internals._index.get(term);
          const field = postings?.get(fieldId);
          if (!postings || !field || !field.delete(shortId!)) continue;
          if (field.size === 0) postings.delete(fieldId);
          if (postings.size === 0) internals._index.delete(term);
        }
      }
      if (delta === undefined) return;
      // The main shard holding the same first characters is in the tree now, so fetch() extends
      // its branches instead of creating a second branch for the same prefix.
      for (const [term, triples] of decodeShardPostings(delta)) {
        const target = internals._index.fetch(term, () => new Map());
        for (let at = 0; at + 2 < triples.length; at += 3) {
          const fieldId = triples[at]!;
          let field = target.get(fieldId);
          if (!field) target.set(fieldId, (field = new Map()));
          field.set(triples[at + 1]!, triples[at + 2]!);
        }
      }
      internals._index._size = undefined;
    },
  };
}

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
export function mergeShardPostings(shard: ShardPostings | undefined, drop: (id: number) => boolean, added: ShardPostings | undefined): ShardPostings {
  const out: ShardPostings = new Map();
  for (const [term, triples] of shard ?? []) {
    const kept: number[] = [];
    for (let at = 0; at + 2 < triples.length; at += 3) if (!drop(triples[at + 1]!)) kept.push(triples[at]!, triples[at + 1]!, triples[at + 2]!);
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
  return serialize(postings);
}

/** Returns the postings stored by encodeShardPostings; throws when the bytes are not such a map. */
export function decodeShardPostings(bytes: Uint8Array): ShardPostings {
  const value = deserialize(bytes) as unknown;
  if (!(value instanceof Map)) throw new Error('search delta postings are damaged');
  return value as ShardPostings;
}

/** Returns delta field lengths as bytes for the cache; never fails. */
export function encodeLengths(lengths: readonly number[]): Uint8Array {
  return serialize(lengths);
}

/** Returns the lengths stored by encodeLengths; throws when the bytes are not such a list. */
export function decodeLengths(bytes: Uint8Array): number[] {
  const value = deserialize(bytes) as unknown;
  if (!Array.isArray(value) || value.length % LENGTHS_STRIDE !== 0) throw new Error('search delta lengths are damaged');
  return value as number[];
}

/** The postings of masked documents that fall in one shard: [term, field id, document id]. */
export type MaskedPostings = [string, number, number][];

/** Returns the terms MiniSearch holds for `documents` (as add() derives them), grouped by shard; never fails. */
export function postingsByShard(documents: readonly IndexedFields[]): Map<string, MaskedPostings> {
  const out = new Map<string, MaskedPostings>();
  for (const [key, shard] of deltaSegmentOf(documents).shards) {
    const list: MaskedPostings = [];
    for (const [term, triples] of shard) for (let at = 0; at + 2 < triples.length; at += 3) list.push([term, triples[at]!, triples[at + 1]!]);
    out.set(key, list);
  }
  return out;
}

/** Returns masked postings as bytes for the cache; never fails. */
export function encodeMaskedPostings(postings: MaskedPostings): Uint8Array {
  return serialize(postings);
}

/** Returns the postings stored by encodeMaskedPostings; throws when the bytes are not such a list. */
export function decodeMaskedPostings(bytes: Uint8Array): MaskedPostings {
  const value = deserialize(bytes) as unknown;
  if (!Array.isArray(value)) throw new Error('search delta masked postings are damaged');
  return value as MaskedPostings;
}

function decodeMeta(bytes: Uint8Array): MetaBlob {
  const blob = deserialize(bytes) as MetaBlob;
  if (!(blob.documentIds instanceof Map) || !(blob.fieldLength instanceof Map) || typeof blob.nextId !== 'number') {
    throw new Error('search index metadata has an unknown shape');
  }
  return blob;
}

function decodeShard(bytes: Uint8Array): TreeNode {
  const group = deserialize(bytes) as unknown;
  if (!(group instanceof Map)) throw new Error('search index shard has an unknown shape');
  return group as TreeNode;
}


const HIDDEN_PATH_PARTS = new Set(['claude.md', 'claude.local.md', 'agents.md', '.claude', '.memory', 'sessions', 'memory.md']);

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
