/**
 * The rendered team memory's state, read without loading the renderer: the files' paths, the
 * working copy's text, the last rendering, and whether the rendered file is current. Kept apart
 * from shared-memory-file.ts (rendering, reading a human's edits back): a session start that finds
 * the rendered file current loads nothing of that.
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeCacheFileSync, writeFileAtomicSync } from './files/atomic-write.js';
import { matchesTextFingerprint, textFingerprint } from './files/fast-hash.js';
import { readTextFileSync } from './files/read-text.js';
import { stampsHold, takeStamps, type StampSet } from './files/file-stamp.js';
import {
  RENDERED_FILE,
  RENDER_STAMP_FILE,
  WORKING_FILE,
  readRenderStamp,
  renderStampPaths,
  renderedBranchKey,
} from './shared-memory-stamp.js';
import { memoryPaths } from './layout.js';
import type { Rendering } from './memory-file/render-memory.js';
import { fromRecordItems, toRecordItems, type RecordItem } from './memory-file/rendering-record.js';

export function sharedMemoryPaths(root: string) {
  const stateDir = memoryPaths(root).stateDir;
  return {
    working: join(root, WORKING_FILE),
    rendered: join(root, RENDERED_FILE),
    lastText: join(stateDir, 'team-rendered.md'),
    lastItems: join(stateDir, 'team-rendered.json'),
    renderStamp: join(root, RENDER_STAMP_FILE),
  };
}

function saveRenderStamp(root: string, stamps: StampSet, items: Rendering['items'], branch: string): void {
  saveConflictCount(root, stamps, items.filter((item) => item.kind === 'conflict').length, branch);
}

function saveConflictCount(root: string, stamps: StampSet, conflicts: number, branch: string): void {
  try {
    writeCacheFileSync(sharedMemoryPaths(root).renderStamp, `${JSON.stringify({ ...stamps, conflicts, branch })}\n`);
  } catch {
    /* a cache: without it the next check reads the files */
  }
}

/** The file's text, or null when it cannot be read. */
export function readText(path: string): string | null {
  try {
    return readTextFileSync(path);
  } catch {
    return null;
  }
}

/** How many top-level items the rendered file shows (null when there is none yet); never throws. */
export function countRenderedItems(root: string): number | null {
  const text = readText(sharedMemoryPaths(root).rendered);
  if (text === null) return null;
  let count = text.startsWith('- ') ? 1 : 0;
  for (let at = text.indexOf('\n- '); at >= 0; at = text.indexOf('\n- ', at + 1)) count += 1;
  return count;
}

/** Returns the working copy's file text ('' when there is none yet); never throws. */
export function readWorkingText(root: string): string {
  return readText(sharedMemoryPaths(root).working) ?? '';
}

/** `branch`: the branch it was rendered for (renderedBranchKey). */
export type SavedRendering = Rendering & { workingHash: string; branch: string };

export function readLastRendering(root: string): SavedRendering | null {
  const paths = sharedMemoryPaths(root);
  const text = readText(paths.lastText);
  const meta = readText(paths.lastItems);
  if (text === null || meta === null) return null;
  try {
    const parsed = JSON.parse(meta) as {
      items?: RecordItem[];
      workingHash?: string;
      textHash?: string;
      branch?: string;
    };
    if (!Array.isArray(parsed.items) || !matchesTextFingerprint(parsed.textHash, text)) return null;
    return {
      text,
      items: fromRecordItems(parsed.items),
      workingHash: parsed.workingHash ?? '',
      branch: parsed.branch ?? '',
    };
  } catch {
    return null;
  }
}

export function saveLastRendering(
  root: string,
  rendering: Rendering,
  workingHash: string,
  branch: string,
  options: { textUnchanged?: boolean; renderedShows?: boolean } = {},
): void {
  const paths = sharedMemoryPaths(root);
  mkdirSync(dirname(paths.lastText), { recursive: true });
  if (options.textUnchanged !== true) writeFileAtomicSync(paths.lastText, rendering.text);
  const textHash = textFingerprint(rendering.text);
  const record = JSON.stringify({ textHash, workingHash, branch, items: toRecordItems(rendering.items) });
  writeFileAtomicSync(paths.lastItems, `${record}\n`);
  // Note: only when the rendered file shows this rendering: otherwise it lags and must stay stale.
  if (options.renderedShows ?? readText(paths.rendered) === rendering.text)
    saveRenderStamp(root, takeStamps(renderStampPaths(root)), rendering.items, branch);
}

/**
 * Returns true when the rendered file is missing, was edited, or lags the working copy. No parsing;
 * when the files' stamps are those of the last check, not even a read.
 */
export function renderingIsStale(root: string): boolean {
  const paths = renderStampPaths(root);
  const branch = renderedBranchKey(root);
  const saved = readRenderStamp(root);
  if ((saved?.branch ?? '') === branch && stampsHold(saved, paths)) return false;
  // Note: stamps first, then the reads they vouch for, so a write in between is never vouched for.
  const stamps = takeStamps(paths);
  const current = readText(sharedMemoryPaths(root).rendered);
  const last = readLastRenderingHead(root);
  const working = readWorkingText(root);
  if (last === null) return working !== '' || current !== null;
  if (current === null) return working !== '';
  const stale = current !== last.text || !matchesTextFingerprint(last.workingHash, working) || last.branch !== branch;
  if (!stale) saveConflictCount(root, stamps, last.conflicts, branch);
  return stale;
}

/**
 * The last rendering's text, working-copy fingerprint and conflict count, without reading its
 * items (20,000 of them at scale): the record is written as `{"textHash":…,"workingHash":…,"items":[…]}`
 * and items are `{"id":…,"kind":…,"line":…}`, whose strings cannot hold a quote. Anything else
 * is read in full.
 */
function readLastRenderingHead(
  root: string,
): { text: string; workingHash: string; conflicts: number; branch: string } | null {
  const paths = sharedMemoryPaths(root);
  const text = readText(paths.lastText);
  const meta = readText(paths.lastItems);
  if (text === null || meta === null) return null;
  const cut = meta.indexOf(',"items":[');
  if (meta.startsWith('{"textHash":') && cut > 0 && meta.endsWith(']}\n')) {
    try {
      const head = JSON.parse(`${meta.slice(0, cut)}}`) as { textHash?: string; workingHash?: string; branch?: string };
      if (!matchesTextFingerprint(head.textHash, text)) return null;
      return {
        text,
        workingHash: head.workingHash ?? '',
        conflicts: meta.split('"kind":"conflict"').length - 1,
        branch: head.branch ?? '',
      };
    } catch {
      /* read in full below */
    }
  }
  const last = readLastRendering(root);
  return last === null
    ? null
    : {
        text: last.text,
        workingHash: last.workingHash,
        conflicts: last.items.filter((item) => item.kind === 'conflict').length,
        branch: last.branch,
      };
}
