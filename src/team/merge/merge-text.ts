/**
 * Line-level three-way merge for free text (prose, tables, code), the fallback for anything that is
 * not a list item. Changes on both sides that do not overlap merge; overlapping different changes
 * become git-style conflict lines.
 */
import { diff3Merge } from 'node-diff3';
import { splitLines } from '../../core/memory-file/split-lines.js';
import { renderTextConflict } from '../../core/memory-file/text-conflict.js';

export type TextMerge = { text: string; conflicts: number };

/** Returns the merged text and how many conflict blocks it holds; `withBase` adds the `|||||||` base section. Never fails. */
export function mergeText(
  ours: string,
  base: string,
  theirs: string,
  options: { eol: string; withBase: boolean },
): TextMerge {
  if (ours === theirs || base === theirs) return { text: ours, conflicts: 0 };
  if (base === ours) return { text: theirs, conflicts: 0 };
  const chunks = diff3Merge<string>(splitLines(ours), splitLines(base), splitLines(theirs), {
    excludeFalseConflicts: true,
  });
  let text = '';
  let conflicts = 0;
  for (const chunk of chunks) {
    if (chunk.ok) {
      text += chunk.ok.join('');
      continue;
    }
    if (!chunk.conflict) continue;
    conflicts++;
    if (text !== '' && !text.endsWith('\n')) text += options.eol;
    text += renderTextConflict(
      chunk.conflict.a.join(''),
      chunk.conflict.o.join(''),
      chunk.conflict.b.join(''),
      options.eol,
      options.withBase,
    );
  }
  return { text, conflicts };
}
