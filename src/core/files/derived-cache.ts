/**
 * A value derived from files (the parsed working copy, a listing), kept in `.memory/cache/` with
 * the stamps of those files (core/files/file-stamp.ts), so a read-only command whose files did not
 * change reads one JSON file instead of parsing megabytes of markdown. Any change to a source
 * file, a racy stamp, another cache version or an unreadable cache file: derived again, and saved
 * for the next time. Best effort: a cache that cannot be written only costs the next command time.
 */
import { readFileSync } from 'node:fs';
import { writeCacheFileSync } from './atomic-write.js';
import { stampsHold, takeStamps, type StampSet } from './file-stamp.js';

type Saved<T> = { version: string; stamps: StampSet; value: T };

/** Returns `derive()`, or what it returned last time when `sources` are unchanged since. `version` names the value's shape. */
export function cachedDerivation<T>(cacheFile: string, version: string, sources: Record<string, string>, derive: () => T): T {
  try {
    const saved = JSON.parse(readFileSync(cacheFile, 'utf8')) as Saved<T>;
    if (saved.version === version && stampsHold(saved.stamps, sources)) return saved.value;
  } catch {
    /* absent or unreadable: derive */
  }
  // Note: stamps before the reads `derive` makes, so a write in between is never vouched for.
  const stamps = takeStamps(sources);
  const value = derive();
  try {
    writeCacheFileSync(cacheFile, JSON.stringify({ version, stamps, value }));
  } catch {
    /* best effort */
  }
  return value;
}
