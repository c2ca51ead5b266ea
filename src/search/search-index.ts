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
import type { SearchResult } from 'minisearch';
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
const FIELD_BOOST = { text: 1, section: 1.6, path: 0.6 };

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

/** Returns the raw MiniSearch hits for already-normalized query terms, best first; empty for no terms. */
export function runIndexQuery(index: MemoryIndex, terms: readonly QueryTerm[], options: { strict?: boolean } = {}): SearchHit[] {
  if (terms.length === 0) return [];
  const lookups = allLookupTerms(terms);
  const strict = options.strict === true;
  const results: SearchResult[] = index.search(
    { combineWith: 'OR', queries: lookups },
    {
      tokenize: (text) => [text],
      processTerm: (term) => term,
      boost: FIELD_BOOST,
      prefix: (term) => term.length >= (strict ? 4 : 3),
      fuzzy: (term) => (term.length >= 8 ? (strict ? 1 : 2) : term.length >= (strict ? 6 : 4) ? 1 : false),
      weights: { fuzzy: 0.4, prefix: 0.5 },
    },
  );
  return results.map((r) => ({ id: r.id as number, score: r.score, terms: r.terms, queryTerms: r.queryTerms }));
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
export function shardKeyOf(term: string): string {
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
 * would (same document count, average field lengths and document frequencies, so BM25 scores
 * match). Why this works without touching the main index's shards: a masked document is
 * discarded (MiniSearch then skips its postings and lowers the term's document frequency when
 * it scores), and the delta's postings are grafted onto the main tree one shard at a time, as a
 * query loads that shard.
 */
export type LayeredIndex = {
  index: MemoryIndex;
  /**
   * Adds one shard key's blobs: the main index's shard, the masked documents' postings in it
   * (encodeMaskedPostings) and the delta's shard, any of them absent; throws when a blob is not
   * what it should be.
   */
  addShard(main: Uint8Array | undefined, masked: Uint8Array | undefined, delta: Uint8Array | undefined): void;
};

/**
 * Returns the main index (`mainMeta`, no shards yet) with the documents whose ids are in
 * `masked` discarded and the delta's documents (`deltaMeta`, from saveIndex of the delta
 * segment) counted in; throws when a blob is not what saveIndex wrote or a masked id is unknown.
 */
export function loadLayeredIndex(mainMeta: Uint8Array, deltaMeta: Uint8Array | null, masked: readonly number[]): LayeredIndex {
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
  const shortIds = new Map<number, number>();
  if (deltaMeta !== null) {
    const delta = decodeMeta(deltaMeta);
    if (JSON.stringify(delta.fieldIds) !== JSON.stringify(internals._fieldIds)) throw new Error('search delta has other fields');
    // The same bookkeeping as MiniSearch's add(), with the field lengths the delta measured.
    for (const [deltaShortId, id] of delta.documentIds) {
      const shortId = internals._nextId++;
      internals._documentIds.set(shortId, id);
      internals._documentCount += 1;
      shortIds.set(deltaShortId, shortId);
      (delta.fieldLength.get(deltaShortId) ?? []).forEach((length, fieldId) => {
        internals.addFieldLength(shortId, fieldId, internals._documentCount - 1, length);
      });
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
      forEachTerm(decodeShard(delta), '', (term, postings) => {
        const target = internals._index.fetch(term, () => new Map());
        for (const [fieldId, docs] of postings) {
          let field = target.get(fieldId);
          for (const [deltaShortId, frequency] of docs) {
            const shortId = shortIds.get(deltaShortId);
            if (shortId === undefined) continue; // a posting of a document removed from the delta
            if (!field) target.set(fieldId, (field = new Map()));
            field.set(shortId, frequency);
          }
        }
      });
      internals._index._size = undefined;
    },
  };
}

/** The postings of masked documents that fall in one shard: [term, field id, document id]. */
export type MaskedPostings = [string, number, number][];

/** Returns the terms MiniSearch holds for `documents` (as add() derives them), grouped by shard; never fails. */
export function postingsByShard(documents: readonly IndexedFields[]): Map<string, MaskedPostings> {
  const out = new Map<string, MaskedPostings>();
  for (const document of documents) {
    FIELDS.forEach((field, fieldId) => {
      const seen = new Set<string>();
      for (const token of tokenizeText(document[field])) {
        const term = normalizeTerm(token);
        if (!term || seen.has(term)) continue;
        seen.add(term);
        const key = shardKeyOf(term);
        let list = out.get(key);
        if (!list) out.set(key, (list = []));
        list.push([term, fieldId, document.id]);
      }
    });
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

/** MiniSearch's radix tree keeps a node's value under the empty edge. */
const LEAF = '';

function forEachTerm(node: TreeNode, prefix: string, visit: (term: string, postings: Postings) => void): void {
  for (const [edge, child] of node) {
    if (edge === LEAF) {
      if (child instanceof Map) visit(prefix, child as Postings);
    } else if (child instanceof Map) forEachTerm(child as TreeNode, prefix + edge, visit);
  }
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
    typeof internals._index.delete === 'function';
  if (!known) throw new Error(`MiniSearch internals changed: search index layout ${INDEX_LAYOUT} no longer applies`);
  return internals;
}
