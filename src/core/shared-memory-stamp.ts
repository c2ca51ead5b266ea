/**
 * The render stamp: the stamps (core/files/file-stamp.ts) of the working copy, the rendered file and
 * the last rendering at the moment mem last knew the rendered file to be current, and how many
 * conflicts it shows. A session start with nothing changed reads this one small file and a few
 * `stat`s instead of megabytes of memory. Kept apart from shared-memory-file.ts so that quiet path
 * loads nothing else.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stampsHold, type StampSet } from './files/file-stamp.js';
import { readScopeBranch } from './git/scope-view.js';

/** The rendered file, relative to the worktree root. */
export const RENDERED_FILE = '.claude/rules/mem-team-memory.md';
/** Its folder, where a render killed mid-write leaves its temp file (turn/stop.ts removes it). */
export const RENDERED_DIR = '.claude/rules';
/** The working copy, relative to the worktree root. */
export const WORKING_FILE = '.memory/state/team-memory.md';
/** The render stamp, relative to the worktree root. */
export const RENDER_STAMP_FILE = '.memory/state/team-render-stamp.json';
const LAST_ITEMS_FILE = '.memory/state/team-rendered.json';

/** The files whose stamps vouch that the rendered file is current. */
export function renderStampPaths(root: string): Record<string, string> {
  return {
    working: join(root, WORKING_FILE),
    rendered: join(root, RENDERED_FILE),
    lastItems: join(root, LAST_ITEMS_FILE),
  };
}

/** What the render stamp holds: the stamps, how many conflicts the rendering shows, and the branch it was rendered for. */
export type RenderStamp = StampSet & { conflicts: number; branch?: string };

/**
 * The branch a rendering is made for (scope-view.ts readScopeBranch; '' on a detached HEAD outside a rebase or bisect): a branch's own entries are shown only
 * there (memory-file/entry-scope.ts), so a rendering made on another branch is stale. Never throws.
 */
export function renderedBranchKey(root: string): string {
  return readScopeBranch(root) ?? '';
}

/** Returns the saved render stamp, or null; never throws. */
export function readRenderStamp(root: string): RenderStamp | null {
  try {
    const parsed = JSON.parse(readFileSync(join(root, RENDER_STAMP_FILE), 'utf8')) as RenderStamp;
    return typeof parsed.conflicts === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

/** Returns the number of conflicts the rendered file shows when its stamp proves it current, else null (check the slow way). */
export function currentRenderedConflicts(root: string): number | null {
  const stamp = readRenderStamp(root);
  return stamp !== null && (stamp.branch ?? '') === renderedBranchKey(root) && stampsHold(stamp, renderStampPaths(root))
    ? stamp.conflicts
    : null;
}
