/**
 * Where shared durable memory lives in a clone, and how the agent gets to read it.
 *
 * - The working copy (`.memory/state/team-memory.md`, ignored): the team ref's entries plus this
 *   clone's unsynced ones, in mem's region format with ids and provenance. Every writer (the Stop
 *   hook, `mem remember`/`forget`/`review`, sync) edits this file under the memory lock.
 * - The rendered file (`.claude/rules/mem-team-memory.md`, ignored): the same memory as plain
 *   markdown with no metadata, which Claude Code loads by itself from the root and subdirectories.
 *   Written at session start, by sync and by the commands a human runs, never by the Stop hook
 *   (a running session's context is left alone).
 * - The last rendering (`.memory/state/team-rendered.*`): the base for reading a human's edits of
 *   the rendered file back as changes, before anything renders over them.
 *
 * No tracked file is ever written here.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeFileAtomicSync } from './files/atomic-write.js';
import { fingerprint } from './files/fast-hash.js';
import { readGitIdentity } from './git/git-identity.js';
import { resolveCommonGitDir } from './git/repo-root.js';
import { memoryPaths } from './layout.js';
import { editBody } from './memory-file/edit-body.js';
import { readBack } from './memory-file/read-back.js';
import { regionBody, replaceRegionBody } from './memory-file/region-body.js';
import { renderMemory, type Rendering } from './memory-file/render-memory.js';

/** The rendered file, relative to the worktree root. */
export const RENDERED_FILE = '.claude/rules/mem-team-memory.md';
/** The working copy, relative to the worktree root. */
export const WORKING_FILE = '.memory/state/team-memory.md';

export function sharedMemoryPaths(root: string) {
  const stateDir = memoryPaths(root).stateDir;
  return {
    working: join(root, WORKING_FILE),
    rendered: join(root, RENDERED_FILE),
    lastText: join(stateDir, 'team-rendered.md'),
    lastItems: join(stateDir, 'team-rendered.json'),
  };
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** Returns the working copy's file text ('' when there is none yet); never throws. */
export function readWorkingText(root: string): string {
  return readText(sharedMemoryPaths(root).working) ?? '';
}

/** Returns the working copy's region body ('' when empty or absent). */
export function readWorkingBody(root: string): string {
  return regionBody(readWorkingText(root)) ?? '';
}

/** Replaces the working copy's body (atomic); throws on I/O failure. The caller holds the memory lock. */
export function writeWorkingBody(root: string, body: string): void {
  const path = sharedMemoryPaths(root).working;
  const current = readWorkingText(root);
  const next = replaceRegionBody(current, body);
  if (next === current && existsSync(path)) return;
  mkdirSync(dirname(path), { recursive: true });
  writeFileAtomicSync(path, next === '' ? replaceRegionBody('\n', body) : next);
}

type SavedRendering = Rendering & { workingHash: string };

function readLastRendering(root: string): SavedRendering | null {
  const paths = sharedMemoryPaths(root);
  const text = readText(paths.lastText);
  const meta = readText(paths.lastItems);
  if (text === null || meta === null) return null;
  try {
    const parsed = JSON.parse(meta) as { items?: Rendering['items']; workingHash?: string; textHash?: string };
    if (!Array.isArray(parsed.items) || parsed.textHash !== fingerprint(text)) return null;
    return { text, items: parsed.items, workingHash: parsed.workingHash ?? '' };
  } catch {
    return null;
  }
}

function saveLastRendering(root: string, rendering: Rendering, workingHash: string): void {
  const paths = sharedMemoryPaths(root);
  mkdirSync(dirname(paths.lastText), { recursive: true });
  writeFileAtomicSync(paths.lastText, rendering.text);
  writeFileAtomicSync(paths.lastItems, `${JSON.stringify({ textHash: fingerprint(rendering.text), workingHash, items: rendering.items })}\n`);
}

export type AbsorbResult = { body: string; edits: number };

/**
 * Reads a human's edits of the rendered file into the working copy and returns its body. The
 * caller holds the memory lock. Without a saved rendering (first run, state wiped) nothing is
 * read back: the file is then mem's to render.
 */
export function absorbRenderedEdits(root: string, sections: readonly string[]): AbsorbResult {
  const body = readWorkingBody(root);
  const current = readText(sharedMemoryPaths(root).rendered);
  const last = readLastRendering(root);
  if (current === null || last === null || current === last.text) return { body, edits: 0 };
  const back = readBack(last, current, sections[0] ?? 'Conventions');
  if (back.edits.length === 0) {
    saveLastRendering(root, back.rendering, last.workingHash);
    return { body, edits: 0 };
  }
  const edited = editBody(body, back.edits, { sections, eol: '\n' }).body;
  writeWorkingBody(root, edited);
  // Note: the file as the human left it becomes the base, so the same edit is never read twice.
  saveLastRendering(root, back.rendering, last.workingHash);
  return { body: edited, edits: back.edits.length };
}

/** Returns true when the rendered file is missing, was edited, or lags the working copy. Cheap: no parsing. */
export function renderingIsStale(root: string): boolean {
  const current = readText(sharedMemoryPaths(root).rendered);
  const last = readLastRendering(root);
  const working = readWorkingText(root);
  if (last === null) return working !== '' || current !== null;
  if (current === null) return working !== '';
  return current !== last.text || last.workingHash !== fingerprint(working);
}

export type RenderOutcome = { written: boolean; readBack: number };

/**
 * Reads back a human's edits, then writes the rendered file from the working copy when its text
 * changes. The caller holds the memory lock. Throws on I/O failure.
 */
export function renderSharedMemory(root: string, sections: readonly string[]): RenderOutcome {
  const absorbed = absorbRenderedEdits(root, sections);
  const identity = readGitIdentity(root);
  const rendering = renderMemory(absorbed.body, { target: 'rules-file', sections, reader: { name: identity.name ?? null, email: identity.email ?? null } });
  const paths = sharedMemoryPaths(root);
  const current = readText(paths.rendered);
  const empty = rendering.items.length === 0;
  let written = false;
  if (!(empty && current === null) && current !== rendering.text) {
    mkdirSync(dirname(paths.rendered), { recursive: true });
    ensureIgnored(root);
    writeFileAtomicSync(paths.rendered, rendering.text);
    written = true;
  }
  saveLastRendering(root, rendering, fingerprint(readWorkingText(root)));
  return { written, readBack: absorbed.edits };
}

/**
 * Keeps the rendered file out of `git status` even in a clone where `mem init` never ran (the
 * committed ignore rule may not be there yet): a line in `.git/info/exclude`, local to the clone.
 */
function ensureIgnored(root: string): void {
  try {
    const exclude = join(resolveCommonGitDir(root), 'info', 'exclude');
    const line = `/${RENDERED_FILE}`;
    const text = readText(exclude) ?? '';
    if (text.split('\n').some((existing) => existing.trim() === line)) return;
    mkdirSync(dirname(exclude), { recursive: true });
    appendFileSync(exclude, `${text === '' || text.endsWith('\n') ? '' : '\n'}${line}\n`);
  } catch {
    /* best effort: the committed rule written by `mem init` covers the team */
  }
}
