/**
 * The `@path` imports Claude Code (2.1.x) follows in a memory file, read as it reads them: an `@`
 * at the start of a line or after white space, outside fenced code, code spans and HTML comments;
 * the path ends at white space (`\ ` escapes a space), a `#fragment` is dropped, and it must start
 * like a path (`./`, `~/`, `/`, or a letter, digit, `.`, `_`, `-`). Gemini CLI's imports are read
 * the same way, a subset (docs/lint.md).
 * It skips fences itself rather than take the markdown reader's documents: imports decide which files
 * load, so they are read before any document is; each needs its own line, where a document keeps only
 * its first; and a line that opens a fence opens one here inside a list item too, where the
 * documents keep the fence as the item's text.
 */
import { findCodeSpans } from '../core/memory-file/find-code-spans.js';

export type FoundImport = { target: string; line: number };

const IMPORT = /(?:^|\s)@((?:[^\s\\]|\\ )+)/g;
const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})/;

/** Returns the imports of `text` in order, with their 1-based lines; never throws. */
export function findImports(text: string): FoundImport[] {
  const out: FoundImport[] = [];
  let fence: string | null = null;
  let inComment = false;
  const lines = text.split('\n');
  for (const [index, raw] of lines.entries()) {
    const opened = FENCE.exec(raw);
    if (fence !== null) {
      if (opened && opened[1]?.[0] === fence[0] && (opened[1]?.length ?? 0) >= fence.length) fence = null;
      continue;
    }
    if (opened) {
      fence = opened[1] ?? '```';
      continue;
    }
    if (!raw.includes('@') && !inComment && !raw.includes('<!--')) continue;
    let line = raw;
    if (inComment) {
      const end = line.indexOf('-->');
      if (end < 0) continue;
      line = ' '.repeat(end + 3) + line.slice(end + 3);
      inComment = false;
    }
    line = line.replace(/<!--[\s\S]*?-->/g, (comment) => ' '.repeat(comment.length));
    const open = line.indexOf('<!--');
    if (open >= 0) {
      line = line.slice(0, open);
      inComment = true;
    }
    if (!line.includes('@')) continue;
    if (line.includes('`'))
      for (const span of findCodeSpans(line))
        line = line.slice(0, span.start) + ' '.repeat(span.end - span.start) + line.slice(span.end);
    for (const match of line.matchAll(IMPORT)) {
      const target = importTarget(match[1] ?? '');
      if (target !== null) out.push({ target, line: index + 1 });
    }
  }
  return out;
}

function importTarget(raw: string): string | null {
  const hash = raw.indexOf('#');
  const path = (hash >= 0 ? raw.slice(0, hash) : raw).replaceAll('\\ ', ' ');
  if (path === '') return null;
  if (path.startsWith('./') || path.startsWith('~/') || (path.startsWith('/') && path !== '/')) return path;
  if (path.startsWith('@') || /^[#%^&*()]+/.test(path) || !/^[a-zA-Z0-9._-]/.test(path)) return null;
  return path;
}
