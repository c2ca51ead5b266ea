import type { LintDocument } from './lint-document.js';
import { escapeRegExp } from '../core/text/escape-regexp.js';

/**
 * Whether `reference` is the label of a fenced code block: the block's first line, read from the file as written
 * (`lines`, as the document's text joins them), is only a comment naming it (`# .github/workflows/pr-build.yaml`,
 * `// src/api/comments.ts`, `<!-- docs/page.md -->`). Such a label says which file the snippet would be, a pattern
 * shown to copy (set 77's rhdh: a "Preferred Pattern" split into `pr-build.yaml` and `pr-comment.yaml`, workflows the
 * repository never had), not a file the agent is sent to. The caller reads it so only when git never saw the file
 * removed since the agent file came in: a label of the real file, later renamed, is still reported.
 */
export function labelsSnippet(reference: string, doc: LintDocument, lines: readonly string[]): boolean {
  if (doc.fence === undefined) return false;
  // `doc.line` is the fence's line (1-based), so the body's first line is at that index.
  const first = lines[doc.line]?.trim() ?? '';
  const comment = new RegExp(
    `^(?:#|//|--|;|/\\*|<!--)\\s*(?:file(?:name)?:\\s*)?\`?(?:\\./)?${escapeRegExp(reference.replace(/^\.\//, ''))}\`?\\s*(?:\\*/|-->)?$`,
    'i',
  );
  return comment.test(first);
}
