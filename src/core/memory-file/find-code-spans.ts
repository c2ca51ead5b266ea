/**
 * Where CommonMark sees inline code in one line of markdown. Whether an `@path` is inside a code
 * span decides whether Claude Code imports the file it names, so this is micromark's reading (the
 * parser under remark), not a scan of backticks: a backslash before a backtick, raw HTML and link
 * destinations all change which backticks pair up, and a scan that skips one of these rules lets
 * an `@.env` through (issue 28.3).
 */
import { parse, postprocess, preprocess } from 'micromark';

export type CodeSpan = { start: number; end: number };

/** Returns the code spans of `text` (offsets of their opening and past their closing backticks), in order; never throws. */
export function findCodeSpans(text: string): CodeSpan[] {
  const events = postprocess(
    parse()
      .document()
      .write(preprocess()(text, undefined, true)),
  );
  const spans: CodeSpan[] = [];
  for (const [kind, token] of events) {
    if (kind === 'enter' && token.type === 'codeText') spans.push({ start: token.start.offset, end: token.end.offset });
  }
  return spans;
}
