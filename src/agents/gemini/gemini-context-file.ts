/**
 * Gemini CLI loads `GEMINI.md` files, and any other names listed in `context.fileName` of its
 * settings, from the folders between the working directory and the repository root (each name is
 * joined to each folder, so a relative path such as `.claude/rules/mem-team-memory.md` works).
 * `mem init` lists the rendered team memory there: a file git ignores, that no hook or sync ever
 * has to write into a tracked file. A teammate without mem has no such file, which Gemini skips.
 * Note: Gemini CLI 0.61 keeps `GEMINI.md` whatever the list says; mem names it anyway so the list
 * reads as what loads, and so later versions that take the list as given still load it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  appendToJsonArray,
  jsonValueAt,
  removeFromJsonArray,
  type JSONPath,
} from '../../core/files/edit-json-settings.js';

const FILE_NAME_PATH: JSONPath = ['context', 'fileName'];
const DEFAULT_CONTEXT_FILE = 'GEMINI.md';

export type ContextFilePlan =
  | { kind: 'add'; text: string; added: string[]; created: JSONPath[] }
  | { kind: 'present' }
  /** `context.fileName` is a single name or something else mem will not rewrite: the user adds it. */
  | { kind: 'manual'; why: string };

/** Plans listing `file` in `context.fileName` of settings `text` (null: no file yet); expects a settings object. */
export function planContextFile(text: string | null, file: string): ContextFilePlan {
  const current = text === null ? undefined : jsonValueAt(text, FILE_NAME_PATH);
  if (current === undefined) {
    const created: JSONPath[] = [];
    let next = appendToJsonArray(text ?? '', FILE_NAME_PATH, DEFAULT_CONTEXT_FILE, created);
    next = appendToJsonArray(next, FILE_NAME_PATH, file);
    return { kind: 'add', text: next, added: [DEFAULT_CONTEXT_FILE, file], created };
  }
  if (Array.isArray(current)) {
    if (current.includes(file)) return { kind: 'present' };
    return { kind: 'add', text: appendToJsonArray(text!, FILE_NAME_PATH, file), added: [file], created: [] };
  }
  if (current === file) return { kind: 'present' };
  return { kind: 'manual', why: `context.fileName is ${JSON.stringify(current)}, not a list` };
}

/** Returns settings `text` without the names init added to `context.fileName` (the keys it created go with the hooks' removal). */
export function removeContextFiles(text: string, added: readonly string[]): string {
  return removeFromJsonArray(text, FILE_NAME_PATH, (item) => typeof item === 'string' && added.includes(item)).text;
}

/** True when Gemini CLI, given settings `text`, loads `file` as context. */
function geminiLoadsFile(text: string, file: string): boolean {
  const current = jsonValueAt(text, FILE_NAME_PATH);
  return Array.isArray(current) ? current.includes(file) : current === file;
}

/** True when this repository's `.gemini/settings.json` has Gemini CLI load `file` (a relative path); never throws. */
export function repoGeminiLoadsFile(root: string, file: string): boolean {
  try {
    return geminiLoadsFile(readFileSync(join(root, '.gemini', 'settings.json'), 'utf8'), file);
  } catch {
    return false;
  }
}
