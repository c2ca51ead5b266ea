/**
 * Finds every memory markdown file of a worktree: the CLAUDE.md hierarchy (root, nested,
 * `.claude/CLAUDE.md`, `.claude/rules/**`), CLAUDE.local.md, AGENTS.md, session handoffs and the
 * shared memory's working copy (`.memory/state/team-memory.md`, what mem remembered for the team,
 * synced or not). The working copy stands for its rendering (`.claude/rules/mem-team-memory.md`,
 * the same entries without ids, a step behind while a session runs), which is then left out so no
 * entry shows twice.
 * A plain directory walk (no git spawn: untracked nested CLAUDE.md files count too) that skips
 * dependency, build and hidden directories, and stops after MAX_DIRECTORIES so a huge monorepo
 * costs a bounded time. `mem lint` walks the same way with its own idea of which names count.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { RENDERED_FILE, WORKING_FILE } from '../core/shared-memory-stamp.js';
import type { MemoryKind } from './memory-document.js';

export type MemoryFile = { path: string; abs: string; kind: MemoryKind };

/** Says what a file is from its repository-relative path and name, or null when it is no memory file. */
export type ClassifyFile<K> = (path: string, name: string) => K | null;

const SKIPPED = new Set([
  'node_modules',
  'dist',
  'build',
  'out',
  'coverage',
  'target',
  'vendor',
  '__pycache__',
  'venv',
  'bower_components',
  'tmp',
]);
const MAX_DIRECTORIES = 5000;
const MAX_DEPTH = 12;

/** Returns the memory files under `root`, repository-relative with "/" separators, sorted; unreadable directories are skipped. */
export function discoverMemoryFiles(root: string): MemoryFile[] {
  const out = walkMemoryFiles(root, searchKind);
  addSessions(root, out);
  const shared = out.some((file) => file.path === WORKING_FILE)
    ? out.filter((file) => file.path !== RENDERED_FILE)
    : out;
  return shared.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/**
 * Returns the files `classify` names under `root` (the root's `.claude/CLAUDE.md` and
 * `.claude/rules/**` included, other hidden directories skipped, each skipped one told to `onHidden`
 * by its parent folder and name), in walk order; unreadable directories are skipped.
 */
export function walkMemoryFiles<K>(
  root: string,
  classify: ClassifyFile<K>,
  onHidden?: (parent: string, name: string) => void,
): { path: string; abs: string; kind: K }[] {
  const out: { path: string; abs: string; kind: K }[] = [];
  const add = (path: string, name: string) => {
    const kind = classify(path, name);
    if (kind !== null) out.push({ path, abs: `${root}/${path}`, kind });
  };
  const queue: { rel: string; depth: number }[] = [{ rel: '', depth: 0 }];
  let visited = 0;
  while (queue.length > 0 && visited < MAX_DIRECTORIES) {
    const { rel, depth } = queue.shift()!;
    visited += 1;
    for (const entry of listDirectory(rel === '' ? root : `${root}/${rel}`)) {
      const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (rel === '' && entry.name === '.claude') addClaudeDir(root, add);
        else if (entry.name.startsWith('.')) onHidden?.(rel, entry.name);
        else if (!SKIPPED.has(entry.name) && depth < MAX_DEPTH) queue.push({ rel: path, depth: depth + 1 });
        continue;
      }
      if (entry.isFile() || entry.isSymbolicLink()) add(path, entry.name);
    }
  }
  return out;
}

/** Returns the files under repository-relative `rel` (six directory levels at most), repository-relative, sorted; none when it is no directory. */
export function listFilesUnder(root: string, rel: string): string[] {
  const out: string[] = [];
  addRules(root, rel, 0, (path) => out.push(path));
  return out.sort();
}

function searchKind(path: string, name: string): MemoryKind | null {
  if (path.startsWith('.claude/'))
    return path === '.claude/CLAUDE.md'
      ? 'durable'
      : path.startsWith('.claude/rules/') && name.endsWith('.md')
        ? 'rules'
        : null;
  if (name === 'CLAUDE.md') return 'durable';
  if (name === 'CLAUDE.local.md') return 'local';
  if (name === 'AGENTS.md') return 'agents';
  return null;
}

/** Offers the files right in `.claude/` (`CLAUDE.md`, and a `rules.md` or `instructions.md` a linter reports as read by no agent) and everything under `.claude/rules/`. */
function addClaudeDir(root: string, add: (path: string, name: string) => void): void {
  for (const entry of listDirectory(join(root, '.claude'))) {
    if (!entry.isDirectory()) add(`.claude/${entry.name}`, entry.name);
    else if (entry.name === 'rules') addRules(root, '.claude/rules', 0, add);
  }
}

function addRules(root: string, rel: string, depth: number, add: (path: string, name: string) => void): void {
  for (const entry of listDirectory(join(root, rel))) {
    const path = `${rel}/${entry.name}`;
    if (entry.isDirectory() && depth < 6) addRules(root, path, depth + 1, add);
    else if (!entry.isDirectory()) add(path, entry.name);
  }
}

function addSessions(root: string, out: MemoryFile[]): void {
  const working = join(root, WORKING_FILE);
  if (statSync(working, { throwIfNoEntry: false })?.isFile() === true)
    out.push({ path: WORKING_FILE, abs: working, kind: 'team' });
  // Names only, joined by hand: thousands of handoffs, and a Dirent plus a normalised join each
  // were a tenth of a warm search at 50k entries. A directory named *.md is left to the caller's stat.
  const dir = `${root}/.memory/sessions/`;
  for (const name of listNames(dir))
    if (name.endsWith('.md')) out.push({ path: `.memory/sessions/${name}`, abs: dir + name, kind: 'session' });
}

function listNames(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function listDirectory(dir: string) {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}
