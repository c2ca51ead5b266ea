/** The two search cache files in `.memory/cache/` (main index and delta): read, written by temp + rename. */
import {
  closeSync,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { CacheFiles } from './cache-files.js';
import {
  META_BLOB,
  INDEX_PREFIX_BYTES,
  headLengthOf,
  indexFileOf,
  parseIndexHead,
  documentsBlobName,
  encodeIndexFile,
  shardBlobName,
  type IndexFile,
  type IndexHeader,
  type IndexedSource,
} from './index-file.js';
import { INDEX_LAYOUT, saveIndex, type MemoryIndex } from './search-index.js';

/** The cache as read: a main index and, when it applies to that build, its delta. */
export type Cache = { main: IndexFile; delta: IndexFile | null };

export function removeFile(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // Note: an undeletable stale delta is harmless: it names another build, or is found damaged again.
  }
}

export function engineId(): string {
  return `node${process.versions.node.split('.')[0] ?? ''}-v8-${process.versions.v8}`;
}

export function readCache(cacheFile: string): IndexFile | null {
  try {
    return readIndexFile(cacheFile, { layout: INDEX_LAYOUT });
  } catch {
    return null;
  }
}

/**
 * Closes the file a cache reader kept open once the reader is gone. Why keep it open: a blob read
 * later must come from the file the header was read from, even when an update has renamed a new
 * cache over it meanwhile.
 */
const openFiles = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // Note: already closed.
  }
});

/**
 * Returns the cache file at `path` with only its header read; blobs are read as they are asked
 * for (a search needs a few of a 20 MB index). Throws when it is not a complete cache file of
 * this layout, or cannot be read.
 */
function readIndexFile(path: string, expected: { layout: string }): IndexFile {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const headLength = headLengthOf(readAt(fd, 0, INDEX_PREFIX_BYTES));
    const head = parseIndexHead(readAt(fd, INDEX_PREFIX_BYTES, headLength), size, expected);
    const file = indexFileOf(head, (offset, length) => readAt(fd, offset, length));
    openFiles.register(file, fd);
    return file;
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

function readAt(fd: number, position: number, length: number): Uint8Array {
  const buffer = Buffer.allocUnsafe(length);
  let done = 0;
  while (done < length) {
    const count = readSync(fd, buffer, done, length - done, position + done);
    if (count === 0) throw new Error('search cache is truncated');
    done += count;
  }
  return buffer;
}

export function shardBlobsOf(file: IndexFile): Uint8Array[] {
  return file
    .names()
    .filter((name) => name.startsWith('t:'))
    .map((name) => file.blob(name)!);
}

export function newBuildId(): string {
  // Note: not node:crypto: loading it (OpenSSL bindings, ~20 internal modules) costs a warm search more than all its hashing; a build id only has to differ from the previous one.
  return `${Date.now().toString(36)}-${process.pid.toString(36)}-${Math.floor(Math.random() * 2 ** 48).toString(36)}`;
}

/** Writes a main index and drops the delta, which described the previous build. */
export function saveMain(
  index: MemoryIndex,
  header: IndexHeader,
  blobOf: (source: IndexedSource) => Uint8Array,
  files: CacheFiles,
  warnings: string[],
): void {
  try {
    const saved = saveIndex(index);
    const blobs = new Map<string, Uint8Array>([[META_BLOB, saved.meta]]);
    for (const [key, bytes] of saved.shards) blobs.set(shardBlobName(key), bytes);
    for (const source of header.sources)
      if (source.count > 0) blobs.set(documentsBlobName(source.path), blobOf(source));
    writeCache(files.main, header, blobs, warnings);
    removeFile(files.delta);
  } catch (error) {
    warnings.push(`search cache not saved: ${(error as Error).message}`);
  }
}

export function copyBlobs(file: IndexFile, names: string[]): Map<string, Uint8Array> {
  return new Map(names.map((name) => [name, file.blob(name)!] as const));
}

export function writeCache(
  cacheFile: string,
  header: IndexHeader,
  blobs: Map<string, Uint8Array>,
  warnings: string[],
): void {
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
    warnings.push(
      `search cache not saved (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); searching without it`,
    );
  }
}
