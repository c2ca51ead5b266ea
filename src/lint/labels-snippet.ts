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
  const comment = new RegExp(
    `^(?:#|//|--|;|/\\*|<!--)\\s*(?:file(?:name)?:\\s*)?\`?(?:\\./)?${escapeRegExp(reference.replace(/^\.\//, ''))}\`?\\s*(?:\\*/|-->)?$`,
    'i',
  );
  // `doc.line` is the fence's line (1-based), so the body's first line is at that index.
  if (doc.fence !== undefined) return comment.test(lines[doc.line]?.trim() ?? '');
  return nestedFenceFirstLines(doc.line, lines).some((first) => comment.test(first.trim()));
}

const FENCE = /^\s*(?:```|~~~)/;
const indentOf = (line: string) => line.length - line.trimStart().length;

/**
 * The first body lines of the code blocks nested in the list item opening at `line` (1-based): a block indented under
 * "3. **Or create React component manually**:" is part of the item's text, not a piece of its own (set 94's nimbus:
 * `// src/custom-icons/custom-logo.tsx` labelling the icon to add). The item ends at the next line indented no deeper.
 */
function nestedFenceFirstLines(line: number, lines: readonly string[]): string[] {
  const itemIndent = indentOf(lines[line - 1] ?? '');
  const firsts: string[] = [];
  let open = false;
  for (let index = line; index < lines.length; index++) {
    const text = lines[index] ?? '';
    if (!open && text.trim() !== '' && indentOf(text) <= itemIndent) break;
    if (!FENCE.test(text)) continue;
    if (!open) firsts.push(lines[index + 1] ?? '');
    open = !open;
  }
  return firsts;
}
