/**
 * One-time migration from the previous format, where mem kept a managed region inside the tracked
 * CLAUDE.md (and AGENTS.md): its entries move into the working copy (and from there, at the next
 * sync, to the team ref), and the region is cut out of the file, bytes outside it untouched. This
 * is the only time mem writes a tracked file without being asked for that file by name; `mem init`
 * and `mem migrate` do it, and say what to commit.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../core/config/schema.js';
import { writeFileAtomicSync } from '../core/files/atomic-write.js';
import { withLock } from '../core/files/lock.js';
import { readGitIdentity } from '../core/git/git-identity.js';
import { memoryPaths } from '../core/layout.js';
import { locateRegion } from '../core/memory-file/locate-region.js';
import { repairRegion } from '../core/memory-file/repair-region.js';
import { readWorkingBody, renderLayout, renderSharedMemory, writeWorkingBody } from '../core/shared-memory-file.js';
import { readWorkingItems, renderWorkingBody } from './working-records.js';

export type Migration = { files: string[]; imported: number };

/** Returns the tracked files that still hold an old managed region (cheap: a substring test). */
export function filesWithOldRegion(root: string, config: Config): string[] {
  return config.region.targets.filter((file) => {
    try {
      return readFileSync(join(root, file), 'utf8').includes('<!-- mem:begin');
    } catch {
      return false;
    }
  });
}

/** Moves old-region entries into the working copy and removes the regions; returns what changed. Throws LOCK_HELD or on I/O failure. */
export async function migrateOldRegions(root: string, config: Config): Promise<Migration> {
  const files = filesWithOldRegion(root, config);
  if (files.length === 0) return { files: [], imported: 0 };
  return withLock(
    memoryPaths(root).memoryLock,
    () => {
      const working = readWorkingItems(readWorkingBody(root));
      const known = new Set(working.map((item) => item.id));
      let imported = 0;
      const changed: string[] = [];
      for (const file of files) {
        const path = join(root, file);
        if (!existsSync(path)) continue;
        let text = readFileSync(path, 'utf8');
        if (locateRegion(text).damage !== null) text = repairRegion(text, { sections: config.region.sections }).text;
        const span = locateRegion(text).span;
        if (span === null) continue;
        for (const item of readWorkingItems(text.slice(span.bodyStart, span.bodyEnd).replace(/\r\n/g, '\n'))) {
          if (known.has(item.id)) continue;
          known.add(item.id);
          working.push(item);
          imported += 1;
        }
        // The region goes with its line ending, and the blank line mem put before it.
        let after = text.slice(span.end).replace(/^\r?\n/, '');
        let before = text.slice(0, span.start);
        if (after === '' || /^\r?\n/.test(after)) before = before.replace(/(\r?\n)[ \t]*\r?\n$/, '$1');
        if (before === '') after = after.replace(/^\r?\n/, '');
        writeFileAtomicSync(path, before + after);
        changed.push(file);
      }
      const identity = readGitIdentity(root);
      writeWorkingBody(
        root,
        renderWorkingBody(working, config.region.sections, {
          name: identity.name ?? null,
          email: identity.email ?? null,
        }),
      );
      renderSharedMemory(root, renderLayout(config));
      return { files: changed, imported };
    },
    { timeoutMs: 10_000, staleMs: 60_000 },
  );
}
