/**
 * The search cache in `.memory/cache/`: brought up to date with the memory files, then opened for
 * a query. The cache is never a source of truth: a missing, stale, foreign or corrupt cache is
 * rebuilt from markdown, and a cache that cannot be written only costs speed.
 *
 * Freshness is checked cheaply: each file's mtime+size first, its content hash only when those
 * moved, and the team branch by its ref (read from the ref file; git is spawned only when it
 * moved). Unchanged → only the query's index shards are decoded (no remark, no full load).
 * Changed → the whole index is loaded, the changed files' documents are removed and re-added
 * (remark runs on those files only), and the cache file is replaced atomically.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { memoryPaths } from '../store/layout.js';
import type { MemoryKind, ParsedDocument, ParsedFile } from '../search/memory-document.js';
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
  addShard,
  createMemoryIndex,
  loadIndex,
  pathFieldOf,
  runIndexQuery,
  saveIndex,
  shardsForQuery,
  type IndexedFields,
  type MemoryIndex,
  type SearchHit,
} from '../search/search-index.js';
import type { QueryTerm } from '../search/query-terms.js';
import type { ResolvedDocument } from '../search/rank-results.js';
import { scanSimpleMarkdown } from '../search/scan-simple-markdown.js';
import { discoverMemoryFiles } from './discover-memory-files.js';
import { readTeamMemory, readTeamRef } from './search-team-source.js';

export const SEARCH_CACHE_FILE = 'search-index.bin';
const MAX_FILE_BYTES = 4 * 1024 * 1024;

export type OpenIndexOptions = {
  /** Team branch to index, or null to leave the team branch out. */
  teamBranch: string | null;
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
type Scanned = {
  path: string;
  kind: MemoryKind;
  mtimeMs: number;
  size: number;
  hash: string;
  text?: string;
  skipped?: string;
  previous?: IndexedSource;
  /** Where to read it again for a rebuild. */
  load: () => { hash: string; text?: string; skipped?: string } | null;
};

/** Returns the memory index of `root`, up to date with its files; never fails because of the cache (only on a bug). */
export async function openSearchIndex(root: string, options: OpenIndexOptions): Promise<OpenedIndex> {
  const warnings: string[] = [];
  const cacheFile = join(memoryPaths(root).cacheDir, SEARCH_CACHE_FILE);
  const engine = engineId();
  const old = readCache(cacheFile, engine);
  const previous = new Map((old?.header.sources ?? []).map((s) => [s.path, s] as const));
  const scanned = scanSources(root, previous, options.teamBranch);
  const changed = scanned.filter((s) => s.previous === undefined || s.previous.hash !== s.hash || s.previous.kind !== s.kind);
  const present = new Set(scanned.map((s) => s.path));
  const removed = [...previous.values()].filter((s) => !present.has(s.path));
  for (const s of scanned) if (s.skipped !== undefined) warnings.push(`skipped ${s.path}: ${s.skipped}`);

  if (old && changed.length === 0 && removed.length === 0) {
    try {
      const sources = scanned.map((s) => restat(s.previous!, s));
      if (sources.some((s, i) => s !== scanned[i]!.previous)) {
        // Only stat data moved (touch, checkout): same blobs, new header.
        writeCache(cacheFile, { ...old.header, sources }, copyBlobs(old, old.names()), warnings);
      }
      return warmView(old, sources, warnings);
    } catch {
      // A damaged blob inside a well-formed file: rebuild below.
    }
  }
  if (old) {
    try {
      // remark is loaded only when a changed file is more than the simple markdown mem writes.
      const needsRemark = changed.some((s) => s.text !== undefined && scanSimpleMarkdown(s.text) === null);
      const parse = await parserFor(needsRemark);
      return updateIndex(old, scanned, changed, removed, parse, cacheFile, engine, warnings);
    } catch {
      // The cache disagreed with itself (a removal did not match); start again from markdown.
    }
  }
  return rebuildIndex(scanned, await parserFor(true), cacheFile, engine, warnings);
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

function scanSources(root: string, previous: Map<string, IndexedSource>, teamBranch: string | null): Scanned[] {
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
    const base = { path: file.path, kind: file.kind, mtimeMs: stat.mtimeMs, size: stat.size, load };
    if (before && before.mtimeMs === stat.mtimeMs && before.size === stat.size && before.kind === file.kind) {
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
  return source.mtimeMs === now.mtimeMs && source.size === now.size ? source : { ...source, mtimeMs: now.mtimeMs, size: now.size };
}

function warmView(file: IndexFile, sources: IndexedSource[], warnings: string[]): OpenedIndex {
  const meta = file.blob(META_BLOB);
  if (!meta) throw new Error('search cache has no index metadata');
  const index = loadIndex(meta, [], { forUpdate: false });
  const loaded = new Set<string>();
  const ensure = (terms: readonly QueryTerm[]) => {
    for (const key of shardsForQuery(terms)) {
      if (loaded.has(key)) continue;
      loaded.add(key);
      const bytes = file.blob(shardBlobName(key));
      if (bytes) addShard(index, bytes);
    }
  };
  const docs = (source: IndexedSource) => {
    const bytes = file.blob(documentsBlobName(source.path));
    return bytes ? decodeDocuments(bytes) : [];
  };
  return makeView(index, sources, docs, 'warm', warnings, ensure);
}

type Parse = (source: string) => ParsedFile;

function updateIndex(
  old: IndexFile,
  scanned: Scanned[],
  changed: Scanned[],
  removed: IndexedSource[],
  parse: Parse,
  cacheFile: string,
  engine: string,
  warnings: string[],
): OpenedIndex {
  const meta = old.blob(META_BLOB);
  if (!meta) throw new Error('search cache has no index metadata');
  const shardNames = old.names().filter((name) => name.startsWith('t:'));
  const index = loadIndex(meta, shardNames.map((name) => old.blob(name)!), { forUpdate: true });
  const oldDocs = (source: IndexedSource) => {
    const bytes = old.blob(documentsBlobName(source.path));
    return bytes ? decodeDocuments(bytes) : [];
  };
  for (const source of [...changed.flatMap((s) => (s.previous ? [s.previous] : [])), ...removed]) {
    oldDocs(source).forEach((doc, i) => index.remove(fieldsOf(source.firstId + i, doc, source)));
  }
  let nextDocId = old.header.nextDocId;
  const fresh = new Map<string, ParsedDocument[]>();
  const changedPaths = new Set(changed.map((s) => s.path));
  const sources: IndexedSource[] = [];
  for (const s of scanned) {
    if (!changedPaths.has(s.path)) {
      sources.push(restat(s.previous!, s));
      continue;
    }
    const { source, documents } = indexSource(s, nextDocId, parse, index);
    nextDocId += documents.length;
    fresh.set(s.path, documents);
    sources.push(source);
  }
  const docsOf = (source: IndexedSource) => fresh.get(source.path) ?? oldDocs(source);
  save(index, { layout: INDEX_LAYOUT, engine, nextDocId, sources }, docsOf, old, cacheFile, warnings);
  return makeView(index, sources, docsOf, 'updated', warnings);
}

function rebuildIndex(scanned: Scanned[], parse: Parse, cacheFile: string, engine: string, warnings: string[]): OpenedIndex {
  const index = createMemoryIndex();
  const fresh = new Map<string, ParsedDocument[]>();
  const sources: IndexedSource[] = [];
  let nextDocId = 1;
  for (const s of scanned) {
    const complete = s.text !== undefined || s.skipped !== undefined ? s : { ...s, ...s.load() };
    const { source, documents } = indexSource(complete, nextDocId, parse, index);
    nextDocId += documents.length;
    fresh.set(s.path, documents);
    sources.push(source);
  }
  const docsOf = (source: IndexedSource) => fresh.get(source.path) ?? [];
  save(index, { layout: INDEX_LAYOUT, engine, nextDocId, sources }, docsOf, null, cacheFile, warnings);
  return makeView(index, sources, docsOf, 'rebuilt', warnings);
}

function indexSource(s: Scanned, firstId: number, parse: Parse, index: MemoryIndex): { source: IndexedSource; documents: ParsedDocument[] } {
  const parsed: ParsedFile = s.text === undefined ? { documents: [], conditional: false } : parse(s.text);
  const source: IndexedSource = {
    path: s.path,
    kind: s.kind,
    mtimeMs: s.mtimeMs,
    size: s.size,
    hash: s.hash,
    firstId,
    count: parsed.documents.length,
    conditional: parsed.conditional,
    memIds: parsed.documents.flatMap((d) => (d.memId === undefined ? [] : [d.memId])),
  };
  if (s.skipped !== undefined) source.skipped = s.skipped;
  index.addAll(parsed.documents.map((doc, i) => fieldsOf(firstId + i, doc, source)));
  return { source, documents: parsed.documents };
}

function fieldsOf(id: number, doc: ParsedDocument, source: IndexedSource): IndexedFields {
  return { id, text: doc.text, section: doc.section, path: pathFieldOf(source.path, source.kind) };
}

function save(
  index: MemoryIndex,
  header: IndexHeader,
  docsOf: (source: IndexedSource) => ParsedDocument[],
  old: IndexFile | null,
  cacheFile: string,
  warnings: string[],
): void {
  try {
    const saved = saveIndex(index);
    const blobs = new Map<string, Uint8Array>([[META_BLOB, saved.meta]]);
    for (const [key, bytes] of saved.shards) blobs.set(shardBlobName(key), bytes);
    for (const source of header.sources) {
      if (source.count === 0) continue;
      const name = documentsBlobName(source.path);
      const unchanged = old?.header.sources.find((s) => s.path === source.path && s.hash === source.hash && s.firstId === source.firstId);
      const kept = unchanged ? old?.blob(name) : undefined;
      blobs.set(name, kept ?? encodeDocuments(docsOf(source)));
    }
    writeCache(cacheFile, header, blobs, warnings);
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
