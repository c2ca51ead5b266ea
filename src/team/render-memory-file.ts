/**
 * `mem render`: the team memory written for the agent (`.claude/rules/mem-team-memory.md`, after
 * reading back any hand edits), or, on request only, a snapshot of it into a file you name (e.g.
 * CLAUDE.md, for a team that wants it in code review). The snapshot sits between two column-0
 * comments, which Claude Code drops, and is replaced in place the next time; nothing outside it changes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { loadConfig } from '../core/config/load-config.js';
import { writeFileAtomicSync } from '../core/files/atomic-write.js';
import { withLock } from '../core/files/lock.js';
import { removeOrphanTemps } from '../core/files/orphan-temps.js';
import { join } from 'node:path';
import { RENDERED_DIR } from '../core/shared-memory-stamp.js';
import { readGitIdentity } from '../core/git/git-identity.js';
import { memoryPaths } from '../core/layout.js';
import { SNAPSHOT_BEGIN, SNAPSHOT_END, renderMemory } from '../core/memory-file/render-memory.js';
import { resolveSnapshotTarget } from './snapshot-target.js';
import { readScopeView } from '../core/git/scope-view.js';
import { RENDERED_FILE, absorbRenderedEdits, renderLayout, renderSharedMemory } from '../core/shared-memory-file.js';
import { countRenderedItems } from '../core/rendering-state.js';

export type RenderReport = { file: string; written: boolean; readBack: number; entries: number };

/** Renders the agent's file (reading hand edits back first); throws LOCK_HELD or on I/O failure. */
export async function renderForAgent(root: string): Promise<RenderReport> {
  const layout = renderLayout(loadConfig(root));
  return withLock(memoryPaths(root).memoryLock, () => {
    // A render killed before its rename left a temp file there, which git shows as untracked.
    removeOrphanTemps([join(root, RENDERED_DIR)]);
    const outcome = renderSharedMemory(root, layout);
    const entries = countRenderedItems(root) ?? 0;
    return { file: RENDERED_FILE, written: outcome.written, readBack: outcome.readBack, entries };
  });
}

/** Writes a snapshot of the team memory into `file` (a file of the repository, which keeps its mode); throws USAGE for one it may not write (snapshot-target.ts). */
export async function renderSnapshotInto(root: string, file: string): Promise<RenderReport> {
  const { path, rel } = resolveSnapshotTarget(root, file, process.cwd());
  const config = loadConfig(root);
  const { sections, maxChars } = renderLayout(config);
  // Note: the snapshot is committed on the branch it is written on, so it shows what that branch sees.
  const view = readScopeView(root, config);
  return withLock(memoryPaths(root).memoryLock, () => {
    const { body, edits } = absorbRenderedEdits(root, sections);
    const identity = readGitIdentity(root);
    const snapshot = renderMemory(body, {
      target: 'snapshot',
      sections,
      maxChars,
      reader: { name: identity.name ?? null, email: identity.email ?? null },
      view,
    });
    const current = existsSync(path) ? readFileSync(path, 'utf8') : '';
    const next = withSnapshot(current, snapshot.text);
    if (next !== current) writeFileAtomicSync(path, next, { keepMode: true });
    return { file: rel, written: next !== current, readBack: edits, entries: snapshot.items.length };
  });
}

/** Returns `text` with its snapshot block replaced by `snapshot` (appended after a blank line when absent). */
function withSnapshot(text: string, snapshot: string): string {
  const begin = text.indexOf(SNAPSHOT_BEGIN);
  const end = text.indexOf(SNAPSHOT_END, begin);
  if (begin >= 0 && end > begin) {
    const after = text.slice(end + SNAPSHOT_END.length).replace(/^\r?\n/, '');
    return `${text.slice(0, begin)}${snapshot}${after}`;
  }
  if (text === '') return snapshot;
  return `${text.replace(/\n*$/, '\n')}\n${snapshot}`;
}
