/**
 * The search cache in `.memory/cache/`: brought up to date with the memory files, then opened for
 * a query. The cache is never a source of truth: a missing, stale, foreign or corrupt cache is
 * rebuilt from markdown, and a cache that cannot be written only costs speed.
 *
 * Two files: the main index (`search-index.bin`) and a small delta (`search-delta.bin`) holding
 * the documents of files changed since the main index was built, plus the current source list.
 * Why a delta: updating the main index in place meant decoding every shard, removing and re-adding
 * documents, and re-serialising all of it (~75 ms at 10k entries, most of the "after a change"
 * cost). Instead the main index stays as it is, its stale documents are masked at query time, and
 * the delta's postings are read beside the shards a query loads (loadLayeredIndex), so scores
 * are those of one index over the same documents. When the delta (plus what it masks) grows past
 * a share of the corpus, the next update compacts it into a new main index.
 *
 * Freshness is checked cheaply: each file's mtime+size first, its content hash only when those
 * moved. Unchanged → only the query's index shards are decoded (no remark, no full load).
 * Changed → remark runs on the changed files only, and only the delta is rewritten.
 */
import type { Progress } from '../core/progress.js';
import type { ParsedDocument } from './memory-document.js';
import {
  META_BLOB,
  decodeDocuments,
  documentsBlobName,
  encodeDocuments,
  shardBlobName,
  type IndexFile,
  type IndexHeader,
  type IndexedSource,
} from './index-file.js';
import {
  INDEX_LAYOUT,
  decodeLengths,
  decodeShardPostings,
  deltaSegmentOf,
  encodeLengths,
  encodeShardPostings,
  mergeShardPostings,
  withoutLengths,
  loadIndex,
  loadLayeredIndex,
  shardsForQuery,
} from './search-index.js';
import type { QueryTerm } from './query-terms.js';
import { scanSimpleMarkdown } from './scan-simple-markdown.js';
import {
  readCache,
  writeCache,
  removeFile,
  engineId,
  shardBlobsOf,
  newBuildId,
  saveMain,
  copyBlobs,
  type Cache,
} from './index-cache-files.js';
import { cacheFilesOf, type CacheFiles } from './cache-files.js';
import { scanSources, restat, type Scanned } from './index-sources.js';
import { makeView, type OpenedIndex } from './index-view.js';
import {
  parserFor,
  rebuildIndex,
  parseSource,
  addSource,
  fieldsOfSource,
  fieldsOf,
  type Parse,
} from './index-build.js';

export { SEARCH_CACHE_FILE, SEARCH_DELTA_FILE } from './cache-files.js';
export type { OpenedIndex } from './index-view.js';

/**
 * When an update folds the delta into a new main index: when the delta's documents plus the main
 * documents it masks exceed max(minDocs, share × documents), or it holds more than maxFiles files.
 * Why these defaults: a delta of ~1,000 documents still costs a few ms per search, while a
 * compaction costs what a full update used to (~75 ms at 10k), so it should be rare: editing the
 * same files keeps the delta the same size, and only new or many distinct files grow it.
 */
export type CompactionPolicy = { minDocs: number; share: number; maxFiles: number };
const DEFAULT_COMPACTION: CompactionPolicy = { minDocs: 1000, share: 0.1, maxFiles: 100 };

export type OpenIndexOptions = {
  /** Query terms whose index shards are decoded while opening, so a damaged blob means a rebuild, not a failed query. */
  preload?: readonly QueryTerm[];
  /** Tests use a small policy to exercise compaction. */
  compaction?: CompactionPolicy;
  /** A full rebuild's progress, for a terminal (only `mem search` passes one). */
  progress?: Progress;
};

/** Returns the memory index of `root`, up to date with its files; never fails because of the cache (only on a bug). */
export async function openSearchIndex(root: string, options: OpenIndexOptions): Promise<OpenedIndex> {
  const files = cacheFilesOf(root);
  const main = readCache(files.main);
  if (main) {
    const delta = readCache(files.delta);
    if (delta && delta.header.base === main.header.build) {
      const opened = await openCached(root, options, files, { main, delta });
      if (opened) return opened;
      // Note: a damaged delta costs only itself: the main index is used alone (and a new delta written).
      removeFile(files.delta);
    }
    const opened = await openCached(root, options, files, { main, delta: null });
    if (opened) return opened;
  }
  const warnings: string[] = [];
  const scanned = scanSources(root, new Map(), warnings);
  return rebuildIndex(scanned, await parserFor(true), files, engineId(), warnings, options.progress);
}

/**
 * The prompt hook's way in: the index as the cache holds it now, never built or brought up to
 * date here (a rebuild takes seconds at 50k entries; the hook has a budget and the user waits).
 * `fresh` is false when the cache is missing, unreadable or behind the memory files: the caller
 * then has it refreshed off the prompt path. A stale index answers from the files that did not
 * change since it was written (a changed or deleted file's old entries are never offered); a
 * missing one answers nothing.
 */
export function openReadyIndex(root: string, options: OpenIndexOptions): { index: OpenedIndex | null; fresh: boolean } {
  const files = cacheFilesOf(root);
  const main = readCache(files.main);
  if (!main) return { index: null, fresh: false };
  const delta = readCache(files.delta);
  const cache: Cache = { main, delta: delta && delta.header.base === main.header.build ? delta : null };
  try {
    const warnings: string[] = [];
    const current = (cache.delta ?? cache.main).header.sources;
    const previous = new Map(current.map((s) => [s.path, s] as const));
    const scanned = scanSources(root, previous, warnings);
    const unchanged = new Set(
      scanned
        .filter((s) => s.previous !== undefined && s.previous.hash === s.hash && s.previous.kind === s.kind)
        .map((s) => s.path),
    );
    const fresh =
      current.every((s) => unchanged.has(s.path)) &&
      scanned.every((s) => unchanged.has(s.path) && restat(s.previous!, s) === s.previous);
    const view = cachedView(cache, [...current], warnings, options.preload);
    if (fresh) return { index: view, fresh };
    const resolve = (id: number) => {
      const found = view.resolve(id);
      return found && unchanged.has(found.source.path) ? found : undefined;
    };
    return { index: { ...view, resolve }, fresh };
  } catch {
    return { index: null, fresh: false };
  }
}

/** Returns the opened index from `cache` (warm or updated), or null when the cache turned out to be damaged. */
async function openCached(
  root: string,
  options: OpenIndexOptions,
  files: CacheFiles,
  cache: Cache,
): Promise<OpenedIndex | null> {
  const warnings: string[] = [];
  try {
    // The delta is small: decoding its document stores now finds a damaged one while the main index can still take over.
    for (const source of cache.delta?.header.sources ?? [])
      if (source.firstId >= cache.main.header.nextDocId) storedDocuments(cache, source);
    const current = (cache.delta ?? cache.main).header.sources;
    const previous = new Map(current.map((s) => [s.path, s] as const));
    const scanned = scanSources(root, previous, warnings);
    const changed = scanned.filter(
      (s) => s.previous === undefined || s.previous.hash !== s.hash || s.previous.kind !== s.kind,
    );
    const present = new Set(scanned.map((s) => s.path));
    if (changed.length === 0 && current.every((s) => present.has(s.path)))
      return warmIndex(cache, scanned, files, warnings, options.preload);
    // remark is loaded only when a changed file is more than the simple markdown mem writes.
    const needsRemark = changed.some(
      (s) => s.kind !== 'team' && s.text !== undefined && scanSimpleMarkdown(s.text) === null,
    );
    const parse = await parserFor(needsRemark);
    return updateIndex(cache, scanned, changed, parse, files, warnings, options);
  } catch {
    // The cache disagreed with itself (a damaged blob, a removal that did not match): the caller tries without it.
    return null;
  }
}

/** Returns a source's documents as stored in the cache (the delta holds ids from the main index's nextDocId on). */
function storedDocuments(cache: Cache, source: IndexedSource): ParsedDocument[] {
  if (source.count === 0) return [];
  const file = cache.delta !== null && source.firstId >= cache.main.header.nextDocId ? cache.delta : cache.main;
  const bytes = file.blob(documentsBlobName(source.path));
  return bytes ? decodeDocuments(bytes) : [];
}

/** The stored blob of a source's documents, when the cache already has this very version. */
function storedDocumentsBlob(cache: Cache, source: IndexedSource): Uint8Array | undefined {
  if (source.count === 0) return undefined;
  const file = cache.delta !== null && source.firstId >= cache.main.header.nextDocId ? cache.delta : cache.main;
  const same = pathIndexOf(file).get(source.path);
  return same && same.hash === source.hash && same.firstId === source.firstId
    ? file.blob(documentsBlobName(source.path))
    : undefined;
}

const pathIndexes = new WeakMap<IndexFile, Map<string, IndexedSource>>();

function pathIndexOf(file: IndexFile): Map<string, IndexedSource> {
  let index = pathIndexes.get(file);
  if (!index) pathIndexes.set(file, (index = new Map(file.header.sources.map((s) => [s.path, s] as const))));
  return index;
}

const sourceKey = (source: IndexedSource) => `${source.firstId}\u0000${source.path}`;

/** Main index sources whose documents are no longer current: changed since, deleted, or replaced by the delta. */
function maskedSources(main: IndexFile, sources: readonly IndexedSource[]): IndexedSource[] {
  const live = new Set(sources.filter((s) => s.firstId < main.header.nextDocId).map(sourceKey));
  return main.header.sources.filter((s) => s.count > 0 && !live.has(sourceKey(s)));
}

function idsOf(sources: readonly IndexedSource[]): number[] {
  return sources.flatMap((s) => Array.from({ length: s.count }, (_, i) => s.firstId + i));
}

function warmIndex(
  cache: Cache,
  scanned: Scanned[],
  files: CacheFiles,
  warnings: string[],
  preload: readonly QueryTerm[] | undefined,
): OpenedIndex {
  const sources = scanned.map((s) => restat(s.previous!, s));
  if (sources.some((s, i) => s !== scanned[i]!.previous)) {
    // Only stat data moved (touch, checkout): same blobs, new header, in the smaller file when there are two.
    const file = cache.delta ?? cache.main;
    writeCache(
      cache.delta ? files.delta : files.main,
      { ...file.header, sources },
      copyBlobs(file, file.names()),
      warnings,
    );
  }
  return cachedView(cache, sources, warnings, preload);
}

/** The index as `cache` holds it, for `sources` (the cache's own or restatted copies of them). */
function cachedView(
  cache: Cache,
  sources: IndexedSource[],
  warnings: string[],
  preload: readonly QueryTerm[] | undefined,
): OpenedIndex {
  const delta = cache.delta;
  const lengths = delta?.blob(LENGTHS_BLOB);
  const segment: Segment | null = delta && {
    lengths: lengths ? decodeLengths(lengths) : [],
    postings: (key) => delta.blob(postingsBlobName(key)),
  };
  return layeredView(
    cache.main,
    segment,
    sources,
    (source) => storedDocuments(cache, source),
    'warm',
    warnings,
    preload,
  );
}

/** A delta as layeredView reads it: its documents' field lengths, and per shard its postings. */
type Segment = { lengths: readonly number[]; postings: (key: string) => Uint8Array | undefined };

/** Blobs of a delta file besides document stores: field lengths, and per shard key postings (p:). */
const LENGTHS_BLOB = 'lengths';
const postingsBlobName = (key: string) => `p:${key}`;

/** The main index, with `sources`' stale main documents masked and the delta segment's added; shards load as queries need them. */
function layeredView(
  main: IndexFile,
  delta: Segment | null,
  sources: IndexedSource[],
  docsOf: (source: IndexedSource) => ParsedDocument[],
  state: OpenedIndex['state'],
  warnings: string[],
  preload: readonly QueryTerm[] | undefined,
): OpenedIndex {
  const meta = main.blob(META_BLOB);
  if (!meta) throw new Error('search cache has no index metadata');
  const layered = loadLayeredIndex(meta, delta?.lengths ?? [], idsOf(maskedSources(main, sources)));
  const loaded = new Set<string>();
  const ensure = (terms: readonly QueryTerm[]) => {
    for (const key of shardsForQuery(terms)) {
      if (loaded.has(key)) continue;
      layered.addShard(main.blob(shardBlobName(key)), delta?.postings(key));
      loaded.add(key);
    }
  };
  // Decoding the query's shards here means a damaged one is found while the caller can still rebuild.
  if (preload) ensure(preload);
  return makeView(layered.index, sources, docsOf, state, warnings, ensure);
}

function updateIndex(
  cache: Cache,
  scanned: Scanned[],
  changed: Scanned[],
  parse: Parse,
  files: CacheFiles,
  warnings: string[],
  options: OpenIndexOptions,
): OpenedIndex {
  const { main } = cache;
  const mainNext = main.header.nextDocId;
  const inMain = new Map(main.header.sources.map((s) => [s.path, s] as const));
  const changedPaths = new Set(changed.map((s) => s.path));
  const fresh = new Map<string, ParsedDocument[]>();
  const sources: IndexedSource[] = [];
  let nextDocId = Math.max(mainNext, cache.delta?.header.nextDocId ?? 0);
  for (const s of scanned) {
    const original = inMain.get(s.path);
    if (!changedPaths.has(s.path)) sources.push(restat(s.previous!, s));
    else if (original && original.hash === s.hash && original.kind === s.kind)
      sources.push(restat(original, s)); // back to the main index's version
    else {
      const { source, documents } = parseSource(s, nextDocId, parse);
      nextDocId += documents.length;
      fresh.set(s.path, documents);
      sources.push(source);
    }
  }
  const docsOf = (source: IndexedSource) => fresh.get(source.path) ?? storedDocuments(cache, source);
  const blobOf = (source: IndexedSource) =>
    (fresh.has(source.path) ? undefined : storedDocumentsBlob(cache, source)) ?? encodeDocuments(docsOf(source));
  const header: IndexHeader = {
    layout: INDEX_LAYOUT,
    engine: main.header.engine,
    build: newBuildId(),
    nextDocId,
    sources,
  };
  const inDelta = sources.filter((s) => s.firstId >= mainNext && s.count > 0);
  const masked = maskedSources(main, sources);
  const policy = options.compaction ?? DEFAULT_COMPACTION;
  const overlap = sum(inDelta) + sum(masked);
  if (overlap > Math.max(policy.minDocs, policy.share * sum(sources)) || inDelta.length > policy.maxFiles) {
    return compactIndex(main, masked, inDelta, header, docsOf, blobOf, files, warnings);
  }

  // The delta's postings: the old ones minus documents no longer current, plus the fresh files'.
  const old = cache.delta;
  const live = new Set(sources.map(sourceKey));
  const dropped = (old?.header.sources ?? []).filter(
    (s) => s.firstId >= mainNext && s.count > 0 && !live.has(sourceKey(s)),
  );
  const droppedIds = new Set(idsOf(dropped));
  const drop = (id: number) => droppedIds.has(id);
  const added = deltaSegmentOf(
    inDelta.flatMap((source) => (fresh.has(source.path) ? fieldsOfSource(source, docsOf(source)) : [])),
  );
  const oldLengths = old?.blob(LENGTHS_BLOB);
  const lengths = [...(oldLengths ? withoutLengths(decodeLengths(oldLengths), drop) : []), ...added.lengths];
  const blobs = new Map<string, Uint8Array>([[LENGTHS_BLOB, encodeLengths(lengths)]]);
  const keys = new Set([
    ...(old?.names() ?? []).filter((name) => name.startsWith('p:')).map((name) => name.slice(2)),
    ...added.shards.keys(),
  ]);
  for (const key of keys) {
    const before = old?.blob(postingsBlobName(key));
    const fresher = added.shards.get(key);
    // Note: a shard untouched by this update keeps its bytes; the common edit (one file again) touches few.
    if (before && !fresher && dropped.length === 0) blobs.set(postingsBlobName(key), before);
    else {
      const merged = mergeShardPostings(before && decodeShardPostings(before), drop, fresher);
      if (merged.size > 0) blobs.set(postingsBlobName(key), encodeShardPostings(merged));
    }
  }
  for (const source of inDelta) blobs.set(documentsBlobName(source.path), blobOf(source));
  writeCache(files.delta, { ...header, base: main.header.build }, blobs, warnings);
  const segment: Segment = { lengths, postings: (key) => blobs.get(postingsBlobName(key)) };
  return layeredView(main, segment, sources, docsOf, 'updated', warnings, options.preload);
}

/** Folds the delta into a new main index: the old cost of an update, paid once per threshold. */
function compactIndex(
  main: IndexFile,
  masked: IndexedSource[],
  inDelta: IndexedSource[],
  header: IndexHeader,
  docsOf: (source: IndexedSource) => ParsedDocument[],
  blobOf: (source: IndexedSource) => Uint8Array,
  files: CacheFiles,
  warnings: string[],
): OpenedIndex {
  const meta = main.blob(META_BLOB);
  if (!meta) throw new Error('search cache has no index metadata');
  const index = loadIndex(meta, shardBlobsOf(main), { forUpdate: true });
  const mainDocs = (source: IndexedSource) => {
    const bytes = main.blob(documentsBlobName(source.path));
    return bytes ? decodeDocuments(bytes) : [];
  };
  for (const source of masked)
    mainDocs(source).forEach((doc, i) => index.remove(fieldsOf(source.firstId + i, doc, source)));
  // In id order, so every document keeps short id = id (what loadLayeredIndex relies on).
  for (const source of [...inDelta].sort((a, b) => a.firstId - b.firstId)) addSource(index, source, docsOf(source));
  saveMain(index, header, blobOf, files, warnings);
  return makeView(index, header.sources, docsOf, 'updated', warnings);
}

function sum(sources: readonly IndexedSource[]): number {
  return sources.reduce((total, s) => total + s.count, 0);
}
