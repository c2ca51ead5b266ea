/**
 * Terminal rendering of search results: the entry with matched words highlighted, then where it
 * lives (section, file:line) and who wrote it when. ANSI bold in a colour terminal, `**word**`
 * marks when piped or when NO_COLOR is set, nothing at all for `plain`.
 */
import type { RankedResult } from './rank-results.js';
import { clipSegments, highlightText, type TextSegment } from './highlight-text.js';

export type HighlightStyle = 'ansi' | 'marks' | 'plain';

const SNIPPET_CHARS = 320;

/** Returns the text block printed for `results` (one trailing newline); never fails. */
export function renderResults(results: readonly RankedResult[], style: HighlightStyle): string {
  const lines: string[] = [];
  results.forEach((result, i) => {
    const shown = (text: string, room: number) =>
      clipSegments(highlightText(text, result.terms), room)
        .map((s, at, all) => (s.hit && !(style === 'marks' && isBoldAlready(all, at)) ? mark(s.text, style) : s.text))
        .join('');
    if (result.conflict === undefined) lines.push(`${i + 1}. ${shown(result.text, SNIPPET_CHARS)}`);
    else {
      // One entry in conflict: both versions under one number, and how to settle it.
      lines.push(`${i + 1}. ⚠ in conflict (settle it with mem review):`);
      lines.push(
        `   ours:   ${result.conflict.ours === null ? '(deleted)' : shown(result.conflict.ours, SNIPPET_CHARS / 2)}`,
      );
      lines.push(
        `   theirs: ${result.conflict.theirs === null ? '(deleted)' : shown(result.conflict.theirs, SNIPPET_CHARS / 2)}`,
      );
    }
    const where = [result.section || '(no section)', `${result.file}:${result.line}`, kindLabel(result)];
    const who = [result.author, result.date?.slice(0, 10)].filter((part) => part !== undefined && part !== '');
    if (who.length > 0) where.push(who.join(', '));
    lines.push(`   ${dim(where.join(' · '), style)}`);
  });
  return `${lines.join('\n')}\n`;
}

function kindLabel(result: RankedResult): string {
  return result.kind === 'team' ? 'team memory' : result.kind;
}

/** A word the entry already sets in bold (`**Dolt**`): marking it again would print `****Dolt****`. */
function isBoldAlready(segments: readonly TextSegment[], at: number): boolean {
  const before = segments[at - 1]?.text ?? '';
  const after = segments[at + 1]?.text ?? '';
  return (before.endsWith('**') && after.startsWith('**')) || (before.endsWith('__') && after.startsWith('__'));
}

function mark(word: string, style: HighlightStyle): string {
  if (style === 'ansi') return `\u001b[1m${word}\u001b[22m`;
  if (style === 'marks') return `**${word}**`;
  return word;
}

function dim(text: string, style: HighlightStyle): string {
  return style === 'ansi' ? `\u001b[2m${text}\u001b[22m` : text;
}

/** Returns the `--json` form of results: an array, best first, with only the documented fields; never fails. */
export function resultsToJson(results: readonly RankedResult[]): string {
  return `${JSON.stringify(
    results.map((r) => ({
      file: r.file,
      line: r.line,
      section: r.section,
      text: r.text,
      score: r.score,
      kind: r.kind,
      ...(r.date !== undefined ? { date: r.date } : {}),
      ...(r.author !== undefined ? { author: r.author } : {}),
      ...(r.id !== undefined ? { id: r.id } : {}),
      ...(r.conflict !== undefined ? { conflict: r.conflict } : {}),
    })),
    null,
    2,
  )}\n`;
}

/** Returns the line printed when nothing matched, saying why when the query had no searchable word; never fails. */
export function renderNoMatches(query: string, noTerms: boolean): string {
  const shown = query.length > 60 ? `${query.slice(0, 57)}...` : query;
  return noTerms
    ? `no matches: "${shown}" has only common words or punctuation; try more specific words\n`
    : `no matches for "${shown}"\n`;
}
