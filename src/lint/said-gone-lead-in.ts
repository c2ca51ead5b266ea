/**
 * Reading a paragraph's wrapped lines as the one sentence they are, and a lead-in that says the list after its
 * colon is gone ("Removed in v3.1, do not resurrect: `a`, `b`"): set 97's WintEHR, whose module notes list the files
 * a rewrite deleted and the names an earlier doc made up, each list wrapped over lines.
 */

/** A line that starts a block of its own rather than going on with the line before: a list item, heading, table row, fence or quote marker. */
const BLOCK_START = /^(?:[-*+][ \t]|\d+[.)][ \t]|#|\||```|~~~)/;
/** A line nothing wraps onto: a heading, table row or fence is whole on its own line. */
const WHOLE_LINE = /^(?:#|\||```|~~~)/;
/** The indent and blockquote markers opening a line. */
const LINE_PREFIX = /^[ \t]*(?:>[ \t]*)*/;

/**
 * `text` with each line wrap inside a paragraph (and the `>` markers of a blockquote's next line) turned to spaces, so
 * "`a` and `b` are both\n> **deleted**" reads as one clause. A blank line, a line starting a block and every line of
 * a fenced code block (its own command or comment) keep their break. Same length as `text`: offsets stay valid.
 */
export function joinWrappedLines(text: string): string {
  const lines = text.split('\n');
  let fenced = false;
  let joined = lines[0] ?? '';
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index] ?? '';
    const previous = lines[index - 1] ?? '';
    if (/^[ \t]*(?:```|~~~)/.test(previous)) fenced = !fenced;
    const prefix = LINE_PREFIX.exec(line)?.[0] ?? '';
    const rest = line.slice(prefix.length);
    const previousRest = previous.slice(LINE_PREFIX.exec(previous)?.[0].length ?? 0);
    const wraps =
      !fenced && rest !== '' && previousRest.trim() !== '' && !BLOCK_START.test(rest) && !WHOLE_LINE.test(previousRest);
    joined += wraps ? ' '.repeat(prefix.length + 1) + rest : '\n' + line;
  }
  return joined;
}

/**
 * Words that say the files listed after them are gone, up to the colon that opens the list: "Removed in v3.1, do not
 * resurrect:", "Names the prior doc claimed that **do not exist**:", "Deleted:". A lead-in about something else
 * ("Setup:") says nothing of its list. A dot inside a word ("v3.1") ends no sentence. A note in parentheses counts as
 * one step of the reach: "**DELETED from this package** (now in crouton-printing):" (set 109's nuxt-crouton).
 */
const GONE_LEAD_IN =
  /\b(?:removed|deleted|decommissioned|do(?:es)?\s*n[o']t\s+exist|no\s+longer\s+exists?)\b(?:[^.!?:(\n]|[.!?](?!\s)|\([^()\n]*\)){0,40}:/gi;

/** What may stand between a list's items once their code spans and parenthesized notes are taken out: separators only. */
const LIST_SEPARATORS = /^(?:[\s,;*_`]|\b(?:and|or|nor)\b)*$/i;

/**
 * Whether offset `at` of `prose` (text read through joinWrappedLines) is an item of a list a lead-in says is gone, in
 * the same sentence: every word between the lead-in's colon and the path is a code span, a note in parentheses
 * ("(`CDSHookEngine`)", "(actual hooks are the four above)") or a separator. "Removed: now use `x`" names `x` as
 * present, and so does a path inside "(actual: `x`)".
 */
export function isAfterGoneLeadIn(prose: string, at: number): boolean {
  const sentence =
    prose
      .slice(0, at)
      .split(/[.!?]\s|\n/)
      .at(-1) ?? '';
  const lead = [...sentence.matchAll(GONE_LEAD_IN)].at(-1);
  if (lead === undefined) return false;
  let between = sentence.slice(lead.index + lead[0].length).replace(/`[^`]*`/g, ' ');
  for (let previous = ''; previous !== between;) {
    previous = between;
    between = between.replace(/\([^()]*\)/g, ' ');
  }
  return LIST_SEPARATORS.test(between);
}
