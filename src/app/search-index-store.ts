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
 * the delta's postings are grafted onto the shards a query loads (loadLayeredIndex), so scores
 * are those of one index over the same documents. When the delta (plus what it masks) grows past
 * a share of the corpus, the next update compacts it into a new main index.
 *
 * Freshness is checked cheaply: each file's mtime+size first, its content hash only when those
 * moved, and the team branch by its ref (read from the ref file; git is spawned only when it
 * moved). Unchanged → only the query's index shards are decoded (no remark, no full load).
 * Changed → remark runs on the changed files only, and only the delta is rewritten.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { memoryPaths } from '../store/layout.js';
import type { ParsedDocument, ParsedFile } from '../search/memory-document.js';
import {
  META_BLOB,
  decodeDocuments,
  decodeIndexFile,
  documentsBlobName,
  encodeDocuments,
  encodeIndexFile,
  shardBlobName,
  type IndexFile,
  type IndexHeader,
  type IndexedSource,
} from '../search/index-file.js';
import {
  INDEX_LAYOUT,
  addDocuments,
  createMemoryIndex,
  decodeLengths,
  decodeMaskedPostings,
  decodeShardPostings,
  deltaSegmentOf,
  encodeLengths,
  encodeMaskedPostings,
  encodeShardPostings,
  mergeShardPostings,
  withoutLengths,
  loadIndex,
  loadLayeredIndex,
  pathFieldOf,
  postingsByShard,
  runIndexQuery,
  saveIndex,
  shardsForQuery,
  type IndexedFields,
  type MaskedPostings,
  type MemoryIndex,
  type SearchHit,
} from '../search/search-index.js';
import type { QueryTerm } from '../search/query-terms.js';
import type { ResolvedDocument } from '../search/rank-results.js';
import { scanSimpleMarkdown } from '../search/scan-simple-markdown.js';
import { discoverMemoryFiles } from './discover-memory-files.js';
import { readTeamMemory, readTeamRef } from './search-team-source.js';

export const SEARCH_CACHE_FILE = 'search-index.bin';
export const SEARCH_DELTA_FILE = 'search-delta.bin';
const MAX_FILE_BYTES = 4 * 1024 * 1024;

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
  /** Team branch to index, or null to leave the team branch out. */
  teamBranch: string | null;
  /** Query terms whose index shards are decoded while opening, so a damaged blob means a rebuild, not a failed query. */
  preload?: readonly QueryTerm[];
  /** Tests use a small policy to exercise compaction. */
  compaction?: CompactionPolicy;
};

export type OpenedIndex = {
  sources: readonly IndexedSource[];
  /** How the cache was found: warm (unchanged), updated (some files re-indexed) or rebuilt. */
  state: 'warm' | 'updated' | 'rebuilt';
  /** Things the user should know (skipped binary files, unwritable cache); never fatal. */
  warnings: string[];
  /** mem ids found in local files (a team copy of one of these is a duplicate). */
  localMemIds: ReadonlySet<string>;
  query(terms: readonly QueryTerm[], options?: { strict?: boolean }): SearchHit[];
  resolve(id: number): ResolvedDocument | undefined;
};

/** A source as found on disk now; `text` is read only when the cache cannot vouch for it. */
type Scanned = Pick<IndexedSource, 'path' | 'kind' | 'mtimeMs' | 'ctimeMs' | 'size' | 'hash'> & {
  text?: string;
  skipped?: string;
  previous?: IndexedSource;
  /** Where to read it again for a rebuild. */
  load: () => { hash: string; text?: string; skipped?: string } | null;
};

/** Returns the memory index of `root`, up to date with its files; never fails because of the cache (only on a bug). */
export async function openSearchIndex(root: string, options: OpenIndexOptions): Promise<OpenedIndex> {
  const dir = memoryPaths(root).cacheDir;
  const files: CacheFiles = { main: join(dir, SEARCH_CACHE_FILE), delta: join(dir, SEARCH_DELTA_FILE) };
  const engine = engineId();
  const main = readCache(files.main, engine);
  if (main) {
    const delta = readCache(files.delta, engine);
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
  const scanned = scanSources(root, new Map(), options.teamBranch, warnings);
  return rebuildIndex(scanned, await parserFor(true), files, engine, warnings);
}

function removeFile(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // Note: an undeletable stale delta is harmless: it names another build, or is found damaged again.
  }
}

type CacheFiles = { main: string; delta: string };

/** The cache as read: a main index and, when it applies to that build, its delta. */
type Cache = { main: IndexFile; delta: IndexFile | null };

/** Returns the opened index from `cache` (warm or updated), or null when the cache turned out to be damaged. */
async function openCached(root: string, options: OpenIndexOptions, files: CacheFiles, cache: Cache): Promise<OpenedIndex | null> {
  const warnings: string[] = [];
  try {
    // The delta is small: decoding its document stores now finds a damaged one while the main index can still take over.
    for (const source of cache.delta?.header.sources ?? []) if (source.firstId >= cache.main.header.nextDocId) storedDocuments(cache, source);
    const current = (cache.delta ?? cache.main).header.sources;
    const previous = new Map(current.map((s) => [s.path, s] as const));
    const scanned = scanSources(root, previous, options.teamBranch, warnings);
    const changed = scanned.filter((s) => s.previous === undefined || s.previous.hash !== s.hash || s.previous.kind !== s.kind);
    const present = new Set(scanned.map((s) => s.path));
    if (changed.length === 0 && current.every((s) => present.has(s.path))) return warmIndex(cache, scanned, files, warnings, options.preload);
    // remark is loaded only when a changed file is more than the simple markdown mem writes.
    const needsRemark = changed.some((s) => s.text !== undefined && scanSimpleMarkdown(s.text) === null);
    const parse = await parserFor(needsRemark);
    return updateIndex(cache, scanned, changed, parse, files, warnings, options);
  } catch {
    // The cache disagreed with itself (a damaged blob, a removal that did not match): the caller tries without it.
    return null;
  }
}

async function parserFor(withRemark: boolean): Promise<Parse> {
  if (!withRemark) return (text) => scanSimpleMarkdown(text) ?? { documents: [], conditional: false };
  const { parseMarkdownDocuments } = await import('../search/parse-markdown-documents.js');
  return (text) => scanSimpleMarkdown(text) ?? parseMarkdownDocuments(text);
}

function engineId(): string {
  return `node${process.versions.node.split('.')[0] ?? ''}-v8-${process.versions.v8}`;
}

function readCache(cacheFile: string, engine: string): IndexFile | null {
  try {
    return decodeIndexFile(readFileSync(cacheFile), { layout: INDEX_LAYOUT, engine });
  } catch {
    return null;
  }
}

function scanSources(root: string, previous: Map<string, IndexedSource>, teamBranch: string | null, warnings: string[]): Scanned[] {
  const out: Scanned[] = [];
  for (const file of discoverMemoryFiles(root)) {
    let stat;
    try {
      stat = statSync(file.abs);
    } catch {
      continue; // deleted since the directory was listed
    }
    if (!stat.isFile()) continue;
    const load = () => readSourceFile(file.abs, stat.size);
    const before = previous.get(file.path);
    const base = { path: file.path, kind: file.kind, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs, size: stat.size, load };
    // Note: the change time too: an edit that keeps the size and restores the modification time
    // (`touch -r`, a tool preserving times) still moves ctime, which no user can set.
    if (before && before.mtimeMs === stat.mtimeMs && before.ctimeMs === stat.ctimeMs && before.size === stat.size && before.kind === file.kind) {
      out.push({ ...base, hash: before.hash, previous: before });
      continue;
    }
    const read = load();
    if (!read) continue;
    out.push(withPrevious({ ...base, ...read }, before));
  }
  if (teamBranch !== null) {
    const ref = readTeamRef(root, teamBranch);
    if (ref) {
      const path = `${teamBranch}:memory.md`;
      const before = previous.get(path);
      const load = () => {
        const bytes = readTeamMemory(ref.storeDir, ref.sha);
        return bytes ? { hash: ref.sha, ...decodeText(bytes) } : null;
      };
      const base = { path, kind: 'team' as const, mtimeMs: 0, load };
      if (before && before.hash === ref.sha) out.push({ ...base, size: before.size, hash: ref.sha, previous: before });
      else {
        const read = load();
        if (read) out.push(withPrevious({ ...base, size: read.text?.length ?? 0, ...read }, before));
      }
    }
  }
  for (const s of out) if (s.skipped !== undefined) warnings.push(`skipped ${s.path}: ${s.skipped}`);
  return out;
}

function withPrevious(scanned: Scanned, before: IndexedSource | undefined): Scanned {
  return before ? { ...scanned, previous: before } : scanned;
}

function readSourceFile(abs: string, size: number): { hash: string; text?: string; skipped?: string } | null {
  if (size > MAX_FILE_BYTES) return { hash: `size:${size}`, skipped: `larger than ${MAX_FILE_BYTES / 1024 / 1024} MiB` };
  let bytes: Buffer;
  try {
    bytes = readFileSync(abs);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? null : { hash: `unreadable:${code ?? 'error'}`, skipped: `unreadable (${code ?? 'error'})` };
  }
  return { hash: createHash('sha1').update(bytes).digest('hex'), ...decodeText(bytes) };
}

function decodeText(bytes: Buffer): { text?: string; skipped?: string } {
  // Note: a NUL byte means binary (git's own heuristic); invalid UTF-8 elsewhere becomes U+FFFD.
  if (bytes.subarray(0, 8000).includes(0)) return { skipped: 'binary file' };
  const text = bytes.toString('utf8');
  return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
}

function restat(source: IndexedSource, now: Scanned): IndexedSource {
  if (source.mtimeMs === now.mtimeMs && source.ctimeMs === now.ctimeMs && source.size === now.size) return source;
  const updated: IndexedSource = { ...source, mtimeMs: now.mtimeMs, size: now.size };
  if (now.ctimeMs === undefined) delete updated.ctimeMs;
  else updated.ctimeMs = now.ctimeMs;
  return updated;
}

type Parse = (source: string) => ParsedFile;

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
  return same && same.hash === source.hash && same.firstId === source.firstId ? file.blob(documentsBlobName(source.path)) : undefined;
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

function warmIndex(cache: Cache, scanned: Scanned[], files: CacheFiles, warnings: string[], preload: readonly QueryTerm[] | undefined): OpenedIndex {
  const sources = scanned.map((s) => restat(s.previous!, s));
  if (sources.some((s, i) => s !== scanned[i]!.previous)) {
    // Only stat data moved (touch, checkout): same blobs, new header, in the smaller file when there are two.
    const file = cache.delta ?? cache.main;
    writeCache(cache.delta ? files.delta : files.main, { ...file.header, sources }, copyBlobs(file, file.names()), warnings);
  }
  const delta = cache.delta;
  const lengths = delta?.blob(LENGTHS_BLOB);
  const segment: Segment | null = delta && {
    lengths: lengths ? decodeLengths(lengths) : [],
    postings: (key) => delta.blob(postingsBlobName(key)),
    masked: (key) => delta.blob(maskedBlobName(key)),
  };
  return layeredView(cache.main, segment, sources, (source) => storedDocuments(cache, source), 'warm', warnings, preload);
}

/** A delta as layeredView reads it: its documents' field lengths, and per shard its postings and the masked main postings. */
type Segment = { lengths: readonly number[]; postings: (key: string) => Uint8Array | undefined; masked: (key: string) => Uint8Array | undefined };

/** Blobs of a delta file besides document stores: field lengths, and per shard key postings (p:) and masked postings (m:). */
const LENGTHS_BLOB = 'lengths';
const postingsBlobName = (key: string) => `p:${key}`;
const maskedBlobName = (key: string) => `m:${key}`;

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
      layered.addShard(main.blob(shardBlobName(key)), delta?.masked(key), delta?.postings(key));
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
    else if (original && original.hash === s.hash && original.kind === s.kind) sources.push(restat(original, s)); // back to the main index's version
    else {
      const { source, documents } = parseSource(s, nextDocId, parse);
      nextDocId += documents.length;
      fresh.set(s.path, documents);
      sources.push(source);
    }
  }
  const docsOf = (source: IndexedSource) => fresh.get(source.path) ?? storedDocuments(cache, source);
  const blobOf = (source: IndexedSource) => (fresh.has(source.path) ? undefined : storedDocumentsBlob(cache, source)) ?? encodeDocuments(docsOf(source));
  const header: IndexHeader = { layout: INDEX_LAYOUT, engine: main.header.engine, build: newBuildId(), nextDocId, sources };
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
  const dropped = (old?.header.sources ?? []).filter((s) => s.firstId >= mainNext && s.count > 0 && !live.has(sourceKey(s)));
  const droppedIds = new Set(idsOf(dropped));
  const drop = (id: number) => droppedIds.has(id);
  const added = deltaSegmentOf(inDelta.flatMap((source) => (fresh.has(source.path) ? fieldsOfSource(source, docsOf(source)) : [])));
  const oldLengths = old?.blob(LENGTHS_BLOB);
  const lengths = [...(oldLengths ? withoutLengths(decodeLengths(oldLengths), drop) : []), ...added.lengths];
  const blobs = new Map<string, Uint8Array>([[LENGTHS_BLOB, encodeLengths(lengths)]]);
  const keys = new Set([...(old?.names() ?? []).filter((name) => name.startsWith('p:')).map((name) => name.slice(2)), ...added.shards.keys()]);
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
  for (const [key, bytes] of maskedPostingBlobs(cache, masked)) blobs.set(maskedBlobName(key), bytes);
  writeCache(files.delta, { ...header, base: main.header.build }, blobs, warnings);
  const segment: Segment = { lengths, postings: (key) => blobs.get(postingsBlobName(key)), masked: (key) => blobs.get(maskedBlobName(key)) };
  return layeredView(main, segment, sources, docsOf, 'updated', warnings, options.preload);
}

/**
 * The postings of the masked main documents, per shard: carried over from the old delta, with
 * the newly masked documents' terms added (tokenized once, when they become masked).
 */
function maskedPostingBlobs(cache: Cache, masked: IndexedSource[]): Map<string, Uint8Array> {
  const old = cache.delta;
  const before = old ? maskedSources(cache.main, old.header.sources) : [];
  const now = new Set(masked.map(sourceKey));
  const kept = new Set(before.map(sourceKey));
  const added = masked.filter((s) => !kept.has(sourceKey(s)));
  const oldNames = old ? old.names().filter((name) => name.startsWith('m:')) : [];
  if (old && added.length === 0 && before.every((s) => now.has(sourceKey(s)))) {
    return new Map(oldNames.map((name) => [name.slice(2), old.blob(name)!] as const));
  }
  const ids = new Set(idsOf(masked));
  const byShard = new Map<string, MaskedPostings>();
  for (const name of oldNames) {
    const still = decodeMaskedPostings(old!.blob(name)!).filter(([, , id]) => ids.has(id));
    if (still.length > 0) byShard.set(name.slice(2), still);
  }
  const fields = added.flatMap((source) => fieldsOfSource(source, storedDocuments({ main: cache.main, delta: null }, source)));
  for (const [key, postings] of postingsByShard(fields)) {
    const list = byShard.get(key);
    if (list) list.push(...postings);
    else byShard.set(key, postings);
  }
  return new Map([...byShard].map(([key, postings]) => [key, encodeMaskedPostings(postings)] as const));
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
  for (const source of masked) mainDocs(source).forEach((doc, i) => index.remove(fieldsOf(source.firstId + i, doc, source)));
  // In id order, so every document keeps short id = id (what loadLayeredIndex relies on).
  for (const source of [...inDelta].sort((a, b) => a.firstId - b.firstId)) addSource(index, source, docsOf(source));
  saveMain(index, header, blobOf, files, warnings);
  return makeView(index, header.sources, docsOf, 'updated', warnings);
}

function rebuildIndex(scanned: Scanned[], parse: Parse, files: CacheFiles, engine: string, warnings: string[]): OpenedIndex {
  const index = createMemoryIndex();
  const fresh = new Map<string, ParsedDocument[]>();
  const sources: IndexedSource[] = [];
  let nextDocId = 1;
  for (const s of scanned) {
    const complete = s.text !== undefined || s.skipped !== undefined ? s : { ...s, ...s.load() };
    const { source, documents } = parseSource(complete, nextDocId, parse);
    addSource(index, source, documents);
    nextDocId += documents.length;
    fresh.set(s.path, documents);
    sources.push(source);
  }
  const docsOf = (source: IndexedSource) => fresh.get(source.path) ?? [];
  const header: IndexHeader = { layout: INDEX_LAYOUT, engine, build: newBuildId(), nextDocId, sources };
  saveMain(index, header, (source) => encodeDocuments(docsOf(source)), files, warnings);
  return makeView(index, sources, docsOf, 'rebuilt', warnings);
}

function parseSource(s: Scanned, firstId: number, parse: Parse): { source: IndexedSource; documents: ParsedDocument[] } {
  const parsed: ParsedFile = s.text === undefined ? { documents: [], conditional: false } : parse(s.text);
  const source: IndexedSource = {
    path: s.path,
    kind: s.kind,
    mtimeMs: s.mtimeMs,
    ...(s.ctimeMs === undefined ? {} : { ctimeMs: s.ctimeMs }),
    size: s.size,
    hash: s.hash,
    firstId,
    count: parsed.documents.length,
    conditional: parsed.conditional,
    memIds: parsed.documents.flatMap((d) => (d.memId === undefined ? [] : [d.memId])),
  };
  if (s.skipped !== undefined) source.skipped = s.skipped;
  return { source, documents: parsed.documents };
}

function addSource(index: MemoryIndex, source: IndexedSource, documents: readonly ParsedDocument[]): void {
  addDocuments(index, fieldsOfSource(source, documents));
}

function fieldsOfSource(source: IndexedSource, documents: readonly ParsedDocument[]): IndexedFields[] {
  return documents.map((doc, i) => fieldsOf(source.firstId + i, doc, source));
}

function fieldsOf(id: number, doc: ParsedDocument, source: IndexedSource): IndexedFields {
  return { id, text: doc.text, section: doc.section, path: pathFieldOf(source.path, source.kind) };
}

function sum(sources: readonly IndexedSource[]): number {
  return sources.reduce((total, s) => total + s.count, 0);
}

function shardBlobsOf(file: IndexFile): Uint8Array[] {
  return file
    .names()
    .filter((name) => name.startsWith('t:'))
    .map((name) => file.blob(name)!);
}

function newBuildId(): string {
  return `${Date.now().toString(36)}-${process.pid.toString(36)}-${randomBytes(6).toString('hex')}`;
}

/** Writes a main index and drops the delta, which described the previous build. */
function saveMain(index: MemoryIndex, header: IndexHeader, blobOf: (source: IndexedSource) => Uint8Array, files: CacheFiles, warnings: string[]): void {
  try {
    const saved = saveIndex(index);
    const blobs = new Map<string, Uint8Array>([[META_BLOB, saved.meta]]);
    for (const [key, bytes] of saved.shards) blobs.set(shardBlobName(key), bytes);
    for (const source of header.sources) if (source.count > 0) blobs.set(documentsBlobName(source.path), blobOf(source));
    writeCache(files.main, header, blobs, warnings);
    removeFile(files.delta);
  } catch (error) {
    warnings.push(`search cache not saved: ${(error as Error).message}`);
  }
}

function copyBlobs(file: IndexFile, names: string[]): Map<string, Uint8Array> {
  return new Map(names.map((name) => [name, file.blob(name)!] as const));
}

function writeCache(cacheFile: string, header: IndexHeader, blobs: Map<string, Uint8Array>, warnings: string[]): void {
  try {
    const dir = join(cacheFile, '..');
    mkdirSync(dir, { recursive: true });
    // Note: the cache must never be committed, even in a clone where `mem init` never ran.
    const ignore = join(dir, '.gitignore');
    if (!existsSync(ignore)) writeFileSync(ignore, '*\n');
    // Note: temp + rename without fsync: a cache lost in a crash is rebuilt, and fsync costs ~10 ms.
    const temp = `${cacheFile}.${process.pid}.${Date.now()}.tmp`;
    try {
      writeFileSync(temp, encodeIndexFile(header, blobs));
      renameSync(temp, cacheFile);
    } catch (error) {
      rmSync(temp, { force: true });
      throw error;
    }
  } catch (error) {
    warnings.push(`search cache not saved (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); searching without it`);
  }
}

function makeView(
  index: MemoryIndex,
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
