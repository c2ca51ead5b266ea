/**
 * The text of a heading as remark's reader reads it (parse-markdown-documents.ts: the values of its
 * text and code nodes, markup dropped) for the inline markup agent files put in headings: code
 * spans, `**strong**` and `*emphasis*` around words, `[placeholders]` that link nowhere. Links,
 * images, escapes, entities, HTML and emphasis remark might read otherwise are left to remark.
 */
import { stripComments } from './strip-comments.js';

/** Markup this reader does not undo: a link or image, `\`, `<` (HTML), `~` twice; and (below) `_` at a word's edge, an entity. */
const LINK_ESCAPE_HTML_OR_STRIKE = /\]\s*[([]|!\[|[\\<]|~.*~/;
const UNDERSCORE_AT_WORD_EDGE = /(?:^|[^\p{L}\p{N}])_|_(?:$|[^\p{L}\p{N}])/u;
const ENTITY = /&[#\p{L}\p{N}]+;/u;
// Note: the two Unicode patterns are asked only of a text holding their character: V8 compiles a `\p{L}` class at
// first use (~3 M instructions each), and most headings have neither `_` nor `&`.
const hasOtherMarkup = (text: string): boolean =>
  LINK_ESCAPE_HTML_OR_STRIKE.test(text) ||
  (text.includes('_') && UNDERSCORE_AT_WORD_EDGE.test(text)) ||
  (text.includes('&') && ENTITY.test(text));

/** Returns the heading's plain text (comments removed, blanks collapsed), or null when it holds markup this reader leaves to remark; never throws. */
export function headingText(raw: string): string | null {
  let out = '';
  let rest = raw.replace(/<!--[\s\S]*?-->/g, ' ');
  for (;;) {
    const open = /`+/.exec(rest);
    if (open === null) break;
    const before = withoutEmphasis(rest.slice(0, open.index));
    const after = rest.slice(open.index + open[0].length);
    if (before === null) return null;
    // A code span closes at the next run of exactly as many backticks; without one the run is text.
    const close = new RegExp(`(?<!\`)${open[0]}(?!\`)`).exec(after);
    if (close === null) {
      out += before + open[0];
      rest = after;
      continue;
    }
    const code = after.slice(0, close.index).replace(/\n/g, ' ');
    out += before + (/^ .*[^ ].* $/s.test(code) ? code.slice(1, -1) : code);
    rest = after.slice(close.index + open[0].length);
  }
  const tail = withoutEmphasis(rest);
  return tail === null ? null : stripComments(out + tail);
}

/**
 * `text` without its `*` and `**` emphasis markers, when each run of stars plainly opens (after a
 * blank or the start, before a letter) or closes (the reverse) and they pair up; null otherwise.
 */
function withoutEmphasis(text: string): string | null {
  if (hasOtherMarkup(text)) return null;
  if (!text.includes('*')) return text;
  const open: string[] = [];
  for (const run of text.matchAll(/\*+/g)) {
    const index = run.index;
    const before = text[index - 1] ?? ' ';
    const after = text[index + run[0].length] ?? ' ';
    const opens = /\s/.test(before) && /[^\s*]/.test(after);
    const closes = /[^\s*]/.test(before) && /[\s.,:;!?)]/.test(after);
    if (run[0].length > 2 || opens === closes) return null;
    if (opens) open.push(run[0]);
    else if (open.pop() !== run[0]) return null;
  }
  return open.length === 0 ? text.replace(/\*+/g, '') : null;
}
