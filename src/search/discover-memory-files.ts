/**
 * Finds every memory markdown file of a worktree: the CLAUDE.md hierarchy (root, nested,
 * `.claude/CLAUDE.md`, `.claude/rules/**`), CLAUDE.local.md, AGENTS.md and session handoffs.
 * A plain directory walk (no git spawn: untracked nested CLAUDE.md files count too) that skips
 * dependency, build and hidden directories, and stops after MAX_DIRECTORIES so a huge monorepo
 * costs a bounded time.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { MemoryKind } from './memory-document.js';

export type MemoryFile = { path: string; abs: string; kind: MemoryKind };

const SKIPPED = new Set(['node_modules', 'dist', 'build', 'out', 'coverage', 'target', 'vendor', '__pycache__', 'venv', 'bower_components', 'tmp']);
const MAX_DIRECTORIES = 5000;
const MAX_DEPTH = 12;

/** Returns the memory files under `root`, repository-relative with "/" separators, sorted; unreadable directories are skipped. */
export function discoverMemoryFiles(root: string): MemoryFile[] {
  const out: MemoryFile[] = [];
  const queue: { rel: string; depth: number }[] = [{ rel: '', depth: 0 }];
  let visited = 0;
  while (queue.length > 0 && visited < MAX_DIRECTORIES) {
    const { rel, depth } = queue.shift()!;
    visited += 1;
    for (const entry of listDirectory(rel === '' ? root : `${root}/${rel}`)) {
      const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (rel === '' && entry.name === '.claude') addClaudeDir(root, out);
        else if (rel === '' && entry.name === '.memory') addSessions(root, out);
        else if (!entry.name.startsWith('.') && !SKIPPED.has(entry.name) && depth < MAX_DEPTH) queue.push({ rel: path, depth: depth + 1 });
        continue;
      }
      if (!entry.isFile() && !entry.isSymbolicLink()) continue;
      const kind = kindOfName(entry.name);
      if (kind) out.push({ path, abs: `${root}/${path}`, kind });
    }
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function kindOfName(name: string): MemoryKind | null {
  if (name === 'CLAUDE.md') return 'durable';
  if (name === 'CLAUDE.local.md') return 'local';
  if (name === 'AGENTS.md') return 'agents';
  return null;
}

function addClaudeDir(root: string, out: MemoryFile[]): void {
  for (const entry of listDirectory(join(root, '.claude'))) {
    if (entry.name === 'CLAUDE.md' && !entry.isDirectory()) out.push({ path: '.claude/CLAUDE.md', abs: join(root, '.claude', 'CLAUDE.md'), kind: 'durable' });
    if (entry.name === 'rules' && entry.isDirectory()) addRules(root, '.claude/rules', 0, out);
  }
}

function addRules(root: string, rel: string, depth: number, out: MemoryFile[]): void {
  for (const entry of listDirectory(join(root, rel))) {
    const path = `${rel}/${entry.name}`;
    if (entry.isDirectory() && depth < 6) addRules(root, path, depth + 1, out);
    else if (entry.name.endsWith('.md') && !entry.isDirectory()) out.push({ path, abs: join(root, path), kind: 'rules' });
  }
}

function addSessions(root: string, out: MemoryFile[]): void {
  for (const entry of listDirectory(join(root, '.memory', 'sessions'))) {
    if (entry.name.endsWith('.md') && !entry.isDirectory()) {
      out.push({ path: `.memory/sessions/${entry.name}`, abs: join(root, '.memory', 'sessions', entry.name), kind: 'session' });
    }
  }
}

function listDirectory(dir: string) {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}
