/**
 * The search cache as one file: a JSON header (which files were indexed, with their stat and
 * content hash, and where each blob sits) followed by binary blobs (index metadata, index shards,
 * one document store per source file). The same format holds the main index and its delta. One file means one atomic rename per update, and a reader
 * never sees half of an update; blobs are sliced out lazily, so a query decodes only what it uses.
 */
import type { MemoryKind, ParsedDocument } from './memory-document.js';
import { nodeV8 } from '../core/lazy-builtins.js';

const MAGIC = 'MEMSRCH\n';

/** One indexed source: a memory file of the worktree (the shared memory's working copy is one). */
export type IndexedSource = {
  /** Repository-relative path with "/" separators. */
  path: string;
  kind: MemoryKind;
  mtimeMs: number;
  /** Change time (absent in caches written before it was kept). */
  ctimeMs?: number;
  size: number;
  /** Content hash. */
  hash: string;
  /** Documents of this source have ids firstId … firstId + count - 1, in document-store order. */
  firstId: number;
  count: number;
  /** A rule with `paths:` front matter: Claude Code loads it only for matching files. */
  conditional: boolean;
  /** mem ids of the entries in this source (team entries with one of these ids are not shown twice). */
  memIds: string[];
  /** Why the file is not indexed (binary, too large, unreadable); its documents count is 0. */
  skipped?: string;
};

export type IndexHeader = {
  layout: string;
  /**
   * Runtime that wrote the blobs, for diagnosis only: Node documents v8.serialize's format as
   * backward-compatible (safe to store to disk), so a cache survives a Node upgrade; a blob an
   * older runtime cannot read fails to decode, and the cache is rebuilt like a damaged one.
   */
  engine: string;
  /** Names this build of a main index; a delta names the build it applies to in `base`. */
  build: string;
  /** Delta files only: the main index build whose documents this delta overrides. */
  base?: string;
  nextDocId: number;
  /** Every indexed source (in a delta: the whole current list, main index sources included). */
  sources: IndexedSource[];
};

export type IndexFile = {
  header: IndexHeader;
  /** Returns the named blob, or undefined when absent; throws when it can no longer be read. */
  blob(name: string): Uint8Array | undefined;
  names(): string[];
};

/** Returns the bytes of a cache file holding `header` and `blobs`; never fails. */
export function encodeIndexFile(header: IndexHeader, blobs: Map<string, Uint8Array>): Uint8Array {
  const table: Record<string, [number, number]> = {};
  let offset = 0;
  for (const [name, bytes] of blobs) {
    table[name] = [offset, bytes.byteLength];
    offset += bytes.byteLength;
  }
  const head = new TextEncoder().encode(JSON.stringify({ ...header, blobs: table, blobBytes: offset }));
  const out = new Uint8Array(MAGIC.length + 4 + head.byteLength + offset);
  out.set(new TextEncoder().encode(MAGIC), 0);
  new DataView(out.buffer).setUint32(MAGIC.length, head.byteLength);
  out.set(head, MAGIC.length + 4);
  let at = MAGIC.length + 4 + head.byteLength;
  for (const bytes of blobs.values()) {
    out.set(bytes, at);
    at += bytes.byteLength;
  }
  return out;
}

/** Returns the decoded cache file; throws when the bytes are not a complete cache file of this layout. */
export function decodeIndexFile(bytes: Uint8Array, expected: { layout: string }): IndexFile {
  const headLength = headLengthOf(bytes.subarray(0, INDEX_PREFIX_BYTES));
  const head = parseIndexHead(
    bytes.subarray(INDEX_PREFIX_BYTES, INDEX_PREFIX_BYTES + headLength),
    bytes.byteLength,
    expected,
  );
  return indexFileOf(head, (offset, length) => bytes.subarray(offset, offset + length));
}

/** Bytes before the JSON header: the magic line and the header's length. */
export const INDEX_PREFIX_BYTES = MAGIC.length + 4;

/** The parsed JSON header of a cache file, with where its blobs sit. */
export type IndexHead = { header: IndexHeader; blobs: Record<string, [number, number]>; base: number };

/** Returns the header length the prefix announces; throws when it is not a cache file's prefix. */
export function headLengthOf(prefix: Uint8Array): number {
  if (prefix.byteLength < INDEX_PREFIX_BYTES || new TextDecoder().decode(prefix.subarray(0, MAGIC.length)) !== MAGIC)
    throw new Error('not a mem search cache file');
  return new DataView(prefix.buffer, prefix.byteOffset, prefix.byteLength).getUint32(MAGIC.length);
}

/** Returns the header of a cache file of `fileBytes` bytes; throws on another layout or a truncated file. */
export function parseIndexHead(headBytes: Uint8Array, fileBytes: number, expected: { layout: string }): IndexHead {
  const parsed = JSON.parse(new TextDecoder().decode(headBytes)) as IndexHeader & {
    blobs: Record<string, [number, number]>;
    blobBytes: number;
  };
  if (parsed.layout !== expected.layout) throw new Error('search cache from another version of mem');
  const base = INDEX_PREFIX_BYTES + headBytes.byteLength;
  if (fileBytes !== base + parsed.blobBytes || !Array.isArray(parsed.sources) || typeof parsed.build !== 'string') {
    throw new Error('search cache is truncated');
  }
  const { blobs, blobBytes: _ignored, ...header } = parsed;
  return { header, blobs, base };
}

/** Returns the cache file whose blobs `read(offset, length)` reads, each once; never fails itself. */
export function indexFileOf(head: IndexHead, read: (offset: number, length: number) => Uint8Array): IndexFile {
  const cache = new Map<string, Uint8Array>();
  return {
    header: head.header,
    blob(name) {
      const at = head.blobs[name];
      if (!at) return undefined;
      let bytes = cache.get(name);
      if (!bytes) cache.set(name, (bytes = read(head.base + at[0], at[1])));
      return bytes;
    },
    names: () => Object.keys(head.blobs),
  };
}

/** Returns the blob name of a source's document store; never fails. */
export function documentsBlobName(path: string): string {
  return `d:${path}`;
}

/** Returns the blob name of an index shard; never fails. */
export function shardBlobName(key: string): string {
  return `t:${key}`;
}

export const META_BLOB = 'meta';

/** Returns a source's documents as bytes for the cache; never fails. */
export function encodeDocuments(documents: readonly ParsedDocument[]): Uint8Array {
  return nodeV8().serialize(documents);
}

/** Returns the documents stored by encodeDocuments; throws when the bytes are not such a list. */
export function decodeDocuments(bytes: Uint8Array): ParsedDocument[] {
  const value = nodeV8().deserialize(bytes) as unknown;
  if (!Array.isArray(value)) throw new Error('search cache document store is damaged');
  return value as ParsedDocument[];
}
