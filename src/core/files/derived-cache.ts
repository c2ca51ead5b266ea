/**
 * A value derived from files (the parsed working copy, a listing), kept in `.memory/cache/` with
 * a proof of those files (core/files/source-proof.ts: stamps, and content hashes for when a stamp
 * is racy or changed), so a read-only command whose files did not change reads one JSON file
 * instead of parsing megabytes of markdown. Any change to a source file's bytes, another cache
 * version or an unreadable cache file: derived again, and saved for the next time. Best effort: a
 * cache that cannot be written only costs the next command time.
 */
import { readFileSync } from 'node:fs';
import { writeCacheFileSync } from './atomic-write.js';
import { checkProof, proveSources, restampedProof, type SourceProof } from './source-proof.js';

type Saved<T> = { version: string; proof: SourceProof; value: T };

function save(cacheFile: string, saved: Saved<unknown>): void {
  try {
    writeCacheFileSync(cacheFile, JSON.stringify(saved));
  } catch {
    /* best effort */
  }
}

/**
 * Returns `derive(contents)`, or what it returned last time when `sources` hold the same bytes
 * since. `version` names the value's shape; `contents` are the sources' bytes (null: absent), read
 * once, after their stamps were taken, so a write in between is never vouched for.
 */
export function cachedDerivation<T>(
  cacheFile: string,
  version: string,
  sources: Record<string, string>,
  derive: (contents: Record<string, Buffer | null>) => T,
): T {
  let saved: Saved<T> | undefined;
  try {
    saved = JSON.parse(readFileSync(cacheFile, 'utf8')) as Saved<T>;
  } catch {
    /* absent or unreadable: derive */
  }
  if (saved?.version === version) {
    const check = checkProof(saved.proof, sources);
    if (check === 'content') {
      // Same bytes, new or racy stamps: vouch for them by stamps from now on, once they are settled.
      const proof = restampedProof(saved.proof, sources);
      if (proof !== null) save(cacheFile, { ...saved, proof });
    }
    if (check !== null) return saved.value;
  }
  const { proof, contents } = proveSources(sources);
  const value = derive(contents);
  save(cacheFile, { version, proof, value });
  return value;
}
