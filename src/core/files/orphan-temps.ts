/**
 * A process killed between writing an atomic write's temp file and renaming it leaves the temp
 * file behind (`.<name>.<pid>.<random>.tmp`). The next run removes those whose writer is gone.
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { TEMP_NAME } from './atomic-write.js';
import { isProcessAlive } from './process-alive.js';

/** A temp file older than this is an orphan even if its pid is alive again (pid reuse). */
const MAX_AGE_MS = 60 * 60_000;

/** Removes orphaned temp files of atomic writes directly in `dirs`; returns how many; never throws. */
export function removeOrphanTemps(dirs: readonly string[], now = Date.now()): number {
  let removed = 0;
  for (const dir of dirs) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue; // absent or unreadable: nothing of ours to clean
    }
    for (const name of names) {
      const match = TEMP_NAME.exec(name);
      if (!match) continue;
      const path = join(dir, name);
      try {
        if (isProcessAlive(Number(match[1])) && now - statSync(path).mtimeMs < MAX_AGE_MS) continue; // a write in progress
        rmSync(path, { force: true });
        removed += 1;
      } catch {
        /* gone meanwhile, or not ours to remove */
      }
    }
  }
  return removed;
}

/** Returns `dir` and every directory below it (for ref trees, which are small); never throws. */
export function directoriesUnder(dir: string): string[] {
  const found = [dir];
  try {
    for (const entry of readdirSync(dir, { withFileTypes: true }))
      if (entry.isDirectory()) found.push(...directoriesUnder(join(dir, entry.name)));
  } catch {
    /* absent or unreadable */
  }
  return found;
}
