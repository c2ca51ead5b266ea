/** Finding what the search index covers, as it is on disk now: the memory files (the shared memory's working copy among them), checked cheaply (mtime, ctime, size; a hash only when those moved). */
import { readFileSync, statSync } from 'node:fs';
import { fingerprint } from '../core/files/fast-hash.js';
import { type IndexedSource } from './index-file.js';
import { discoverMemoryFiles } from './discover-memory-files.js';

const MAX_FILE_BYTES = 4 * 1024 * 1024;

/** A source as found on disk now; `text` is read only when the cache cannot vouch for it. */
export type Scanned = Pick<IndexedSource, 'path' | 'kind' | 'mtimeMs' | 'ctimeMs' | 'size' | 'hash'> & {
  text?: string;
  skipped?: string;
  previous?: IndexedSource;
  /** Where to read it again for a rebuild. */
  load: () => { hash: string; text?: string; skipped?: string } | null;
};

export function scanSources(root: string, previous: Map<string, IndexedSource>, warnings: string[]): Scanned[] {
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
    const base = {
      path: file.path,
      kind: file.kind,
      mtimeMs: stat.mtimeMs,
      ctimeMs: stat.ctimeMs,
      size: stat.size,
      load,
    };
    // Note: the change time too: an edit that keeps the size and restores the modification time
    // (`touch -r`, a tool preserving times) still moves ctime, which no user can set.
    if (
      before &&
      before.mtimeMs === stat.mtimeMs &&
      before.ctimeMs === stat.ctimeMs &&
      before.size === stat.size &&
      before.kind === file.kind
    ) {
      out.push({ ...base, hash: before.hash, previous: before });
      continue;
    }
    const read = load();
    if (!read) continue;
    out.push(withPrevious({ ...base, ...read }, before));
  }
  for (const s of out) if (s.skipped !== undefined) warnings.push(`skipped ${s.path}: ${s.skipped}`);
  return out;
}

function withPrevious(scanned: Scanned, before: IndexedSource | undefined): Scanned {
  return before ? { ...scanned, previous: before } : scanned;
}

function readSourceFile(abs: string, size: number): { hash: string; text?: string; skipped?: string } | null {
  if (size > MAX_FILE_BYTES)
    return { hash: `size:${size}`, skipped: `larger than ${MAX_FILE_BYTES / 1024 / 1024} MiB` };
  let bytes: Buffer;
  try {
    bytes = readFileSync(abs);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT'
      ? null
      : { hash: `unreadable:${code ?? 'error'}`, skipped: `unreadable (${code ?? 'error'})` };
  }
  // A change detector, not an identity: FNV-1a (core/files/fast-hash) instead of SHA-1, so a search never loads node:crypto.
  return { hash: fingerprint(bytes), ...decodeText(bytes) };
}

function decodeText(bytes: Buffer): { text?: string; skipped?: string } {
  // Note: a NUL byte means binary (git's own heuristic); invalid UTF-8 elsewhere becomes U+FFFD.
  if (bytes.subarray(0, 8000).includes(0)) return { skipped: 'binary file' };
  const text = bytes.toString('utf8');
  return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
}

export function restat(source: IndexedSource, now: Scanned): IndexedSource {
  if (source.mtimeMs === now.mtimeMs && source.ctimeMs === now.ctimeMs && source.size === now.size) return source;
  const updated: IndexedSource = { ...source, mtimeMs: now.mtimeMs, size: now.size };
  if (now.ctimeMs === undefined) delete updated.ctimeMs;
  else updated.ctimeMs = now.ctimeMs;
  return updated;
}
