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
import { appendFileSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeFileAtomicSync } from './files/atomic-write.js';
import { textFingerprint } from './files/fast-hash.js';
import { RENDERED_DIR, RENDERED_FILE, renderedBranchKey } from './shared-memory-stamp.js';
import { scopeForWrite, viewAt } from './memory-file/entry-scope.js';
import { readBranchPosition } from './git/scope-view.js';
import { loadConfig } from './config/load-config.js';
import type { RegionEdit } from './memory-file/edit-body.js';
import { readGitIdentity } from './git/git-identity.js';
import { resolveCommonGitDir } from './git/repo-root.js';
import { editBody } from './memory-file/edit-body.js';
import { readBack } from './memory-file/read-back.js';
import { regionBody, replaceRegionBody } from './memory-file/region-body.js';
import { renderMemory, type Reader, type RenderOptions } from './memory-file/render-memory.js';
import {
  SCOPED_FILE_NOTE,
  renderPathScoped,
  staysInMainFile,
  type ScopedFile,
} from './memory-file/render-path-scoped.js';
import type { Entry } from './memory-file/entry.js';
import { qualifies, readQualifiers } from './anchor-status.js';
import {
  readLastRendering,
  readText,
  readWorkingText,
  renderingIsStale,
  saveLastRendering,
  sharedMemoryPaths,
} from './rendering-state.js';

export { RENDERED_FILE, WORKING_FILE } from './shared-memory-stamp.js';

/** Returns the working copy's region body ('' when empty or absent). */
export function readWorkingBody(root: string): string {
  return regionBody(readWorkingText(root)) ?? '';
}

/**
 * Replaces the working copy's body (atomic) and returns the file's text as it now is; throws on
 * I/O failure. The caller holds the memory lock; `current` is the file's text when the caller has
 * just read it under that lock.
 */
export function writeWorkingBody(root: string, body: string, current: string = readWorkingText(root)): string {
  const path = sharedMemoryPaths(root).working;
  const next = replaceRegionBody(current, body);
  if (next === current && existsSync(path)) return current;
  mkdirSync(dirname(path), { recursive: true });
  const written = next === '' ? replaceRegionBody('\n', body) : next;
  writeFileAtomicSync(path, written);
  return written;
}

/** `rendered`: the rendered file's text as read, when nothing was read back from it (absent: not known). */
export type AbsorbResult = { body: string; edits: number; rendered?: string | null };

/**
 * Reads a human's edits of the rendered file into the working copy and returns its body. The
 * caller holds the memory lock. Without a saved rendering (first run, state wiped) nothing is
 * read back: the file is then mem's to render.
 */
export function absorbRenderedEdits(root: string, sections: readonly string[], knownBody?: string): AbsorbResult {
  const body = knownBody ?? readWorkingBody(root);
  const current = readText(sharedMemoryPaths(root).rendered);
  // Note: the common case (nobody edited the file) compares two texts and parses nothing.
  if (current === null || current === readText(sharedMemoryPaths(root).lastText))
    return { body, edits: 0, rendered: current };
  const last = readLastRendering(root);
  if (current === null || last === null || current === last.text) return { body, edits: 0 };
  // Note: without a budget, so that every entry the working copy holds is known as mem's own line.
  const own = renderMemory(body, { target: 'rules-file', sections, reader: readerOf(root) });
  const back = readBack(last, current, sections[0] ?? 'Conventions', own);
  if (back.edits.length === 0) {
    saveLastRendering(root, back.rendering, last.workingHash, last.branch);
    return { body, edits: 0 };
  }
  const edited = editBody(body, withHandScope(root, back.edits, last.branch), { sections, eol: '\n' }).body;
  writeWorkingBody(root, edited);
  // Note: the file as the human left it becomes the base, so the same edit is never read twice.
  saveLastRendering(root, back.rendering, last.workingHash, last.branch);
  return { body: edited, edits: back.edits.length };
}

/**
 * Returns `edits` with the lines a person added to the rendered file scoped as anything else
 * learned where that file was rendered (`branch`, '' when detached): a line typed into feature/x's
 * memory belongs to feature/x until it lands, like an entry the agent learned there. A config that
 * cannot be read leaves them team-wide, as before scopes.
 */
function withHandScope(root: string, edits: readonly RegionEdit[], branch: string): RegionEdit[] {
  if (!edits.some((edit) => edit.op === 'add')) return [...edits];
  let scope: string | undefined;
  try {
    const config = loadConfig(root);
    scope = scopeForWrite(
      { current: branch === '' ? null : branch, defaultBranch: readBranchPosition(root, config).defaultBranch },
      config.scope.branches,
    );
  } catch {
    scope = undefined;
  }
  if (scope === undefined) return [...edits];
  // Note: a conflict settled by hand reads back as a remove and an add of its id: that is the team's entry, not a new line.
  const settled = new Set(edits.flatMap((edit) => (edit.op === 'remove' ? [edit.id] : [])));
  return edits.map((edit) =>
    edit.op === 'add' && !settled.has(edit.entry.id)
      ? { ...edit, entry: { ...edit.entry, provenance: { ...edit.entry.provenance, scope } } }
      : edit,
  );
}

/**
 * Replaces the working copy's body with one that differs only in what the rendering never shows
 * (an entry's commit, author or date after a push), keeping a current rendering current so the
 * next command has nothing to re-render. The caller holds the memory lock.
 */
export function writeWorkingMetadata(
  root: string,
  body: string,
  options: { renderedFrom?: string; fileText?: string } = {},
): string {
  // Note: `renderedFrom` is the body the caller rendered from under this lock, `fileText` the file it
  // read it from: no need to read or check again.
  const current = options.fileText ?? readWorkingText(root);
  const wasCurrent =
    options.renderedFrom !== undefined
      ? options.fileText !== undefined || (regionBody(current) ?? '') === options.renderedFrom
      : !renderingIsStale(root);
  const written = writeWorkingBody(root, body, current);
  const last = wasCurrent ? readLastRendering(root) : null;
  if (last !== null) saveLastRendering(root, last, textFingerprint(written), last.branch, { textUnchanged: true });
  return written;
}

/** `workingHash`: the fingerprint of the working copy's text the saved rendering was made from. */
export type RenderOutcome = { written: boolean; readBack: number; workingHash: string };

export type RenderFrom = {
  /** The working copy's file text, just written by the caller under the memory lock (its edits already read back): nothing is read again. */
  workingText: string;
  /** Its region body, when the caller has it. */
  body?: string;
};

/**
 * How the team memory is rendered: the section order, the file's size budget and whether entries
 * are scoped to branches (config `region.sections`, `team.renderMaxChars`, `scope.branches`).
 */
export type RenderLayout = {
  sections: readonly string[];
  maxChars: number;
  branches: 'auto' | 'off';
  pathScoped: boolean;
};

/** The render layout a config sets. */
export function renderLayout(config: {
  region: { sections: readonly string[] };
  team: { renderMaxChars: number; renderPathScoped: boolean };
  scope: { branches: 'auto' | 'off' };
}): RenderLayout {
  return {
    sections: config.region.sections,
    maxChars: config.team.renderMaxChars,
    branches: config.scope.branches,
    pathScoped: config.team.renderPathScoped,
  };
}

/**
 * Reads back a human's edits, then writes the rendered file from the working copy when its text
 * changes. The caller holds the memory lock. Throws on I/O failure.
 */
export function renderSharedMemory(root: string, layout: RenderLayout, from?: RenderFrom): RenderOutcome {
  const { sections } = layout;
  // Note: read back again even after the caller did: a human may have saved the file meanwhile.
  const absorbed = absorbRenderedEdits(
    root,
    sections,
    from === undefined ? undefined : (from.body ?? regionBody(from.workingText) ?? ''),
  );
  const workingText = from !== undefined && absorbed.edits === 0 ? from.workingText : readWorkingText(root);
  const branch = renderedBranchKey(root);
  const body =
    absorbed.edits === 0 && from !== undefined ? (from.body ?? regionBody(from.workingText) ?? '') : absorbed.body;
  const options = renderOptions(root, layout, branch);
  const rendering = renderMemory(body, layout.pathScoped ? { ...options, include: staysInMainFile } : options);
  const paths = sharedMemoryPaths(root);
  const current = absorbed.rendered !== undefined ? absorbed.rendered : readText(paths.rendered);
  const empty = rendering.items.length === 0;
  let written = false;
  if (!(empty && current === null) && current !== rendering.text) {
    mkdirSync(dirname(paths.rendered), { recursive: true });
    ensureIgnored(root);
    writeFileAtomicSync(paths.rendered, rendering.text);
    written = true;
  }
  if (writePathScopedFiles(root, layout.pathScoped ? renderPathScoped(body, options) : [])) written = true;
  const workingHash = textFingerprint(workingText);
  saveLastRendering(root, rendering, workingHash, branch, { renderedShows: written || current === rendering.text });
  return { written, readBack: absorbed.edits, workingHash };
}

/**
 * Writes the path-scoped files that changed and removes the ones mem wrote that are no longer
 * wanted (every one of them when the option is off); returns whether a file changed.
 */
function writePathScopedFiles(root: string, files: readonly ScopedFile[]): boolean {
  let changed = false;
  const wanted = new Set(files.map((file) => file.path));
  let names: string[] = [];
  try {
    names = readdirSync(join(root, RENDERED_DIR));
  } catch {
    /* no rules folder yet */
  }
  for (const name of names) {
    const path = `${RENDERED_DIR}/${name}`;
    if (!name.startsWith('mem-') || !name.endsWith('.md') || path === RENDERED_FILE || wanted.has(path)) continue;
    if (readText(join(root, path))?.includes(SCOPED_FILE_NOTE) !== true) continue;
    rmSync(join(root, path), { force: true });
    changed = true;
  }
  for (const file of files) {
    if (readText(join(root, file.path)) === file.text) continue;
    mkdirSync(join(root, RENDERED_DIR), { recursive: true });
    ensureIgnored(root, file.path);
    writeFileAtomicSync(join(root, file.path), file.text);
    changed = true;
  }
  return changed;
}

/** How the file is rendered at `root`: for the reader (their conflict versions) and the branch HEAD is on (`branch`, '' when detached). */
function renderOptions(root: string, layout: RenderLayout, branch: string): RenderOptions {
  const view = viewAt({ current: branch === '' ? null : branch, defaultBranch: null }, layout.branches);
  const qualifiers = readQualifiers(root);
  // Note: an entry reworded since the check is not qualified: the next check judges the new text.
  const qualify = (entry: Entry) =>
    qualifies(qualifiers.get(entry.id), entry) ? (qualifiers.get(entry.id)?.qualifier ?? null) : null;
  return {
    target: 'rules-file',
    sections: layout.sections,
    maxChars: layout.maxChars,
    reader: readerOf(root),
    view,
    ...(qualifiers.size > 0 ? { qualify } : {}),
  };
}

/** Who reads this clone's rendering: its git identity, whose versions of a conflict are "your version". */
function readerOf(root: string): Reader {
  const identity = readGitIdentity(root);
  return { name: identity.name ?? null, email: identity.email ?? null };
}

/**
 * Keeps the rendered file out of `git status` even in a clone where `mem init` never ran (the
 * committed ignore rule may not be there yet): a line in `.git/info/exclude`, local to the clone.
 */
function ensureIgnored(root: string, file: string = RENDERED_FILE): void {
  try {
    const exclude = join(resolveCommonGitDir(root), 'info', 'exclude');
    const line = `/${file}`;
    const text = readText(exclude) ?? '';
    if (text.split('\n').some((existing) => existing.trim() === line)) return;
    mkdirSync(dirname(exclude), { recursive: true });
    appendFileSync(exclude, `${text === '' || text.endsWith('\n') ? '' : '\n'}${line}\n`);
  } catch {
    /* best effort: the committed rule written by `mem init` covers the team */
  }
}
