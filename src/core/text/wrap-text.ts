/** Word wrapping for human output, by wrap-ansi (already in the CLI bundle for oclif's help). */
import wrapAnsi from 'wrap-ansi';

/** Returns `text` as lines of at most `columns` characters, words kept whole unless longer than a line. */
export function wrapText(text: string, columns: number): string[] {
  const width = Math.max(20, columns);
  // Note: printable ASCII is one column a character, so a plain greedy wrap is exact and ~50× cheaper
  // than wrap-ansi (90 µs a call: 0.3 s for a 3,000-entry listing); wrap-ansi measures the rest
  // (wide CJK characters, emoji, escape sequences).
  if (/^[\x20-\x7e]*$/.test(text)) return wrapAscii(text, width);
  return wrapAnsi(text, width, { hard: true, trim: true }).split('\n');
}

/**
 * A greedy wrap by offsets into the text: each line is one slice of it (a year's listing wraps
 * 3,000 entries; building lines word by word made as many strings as words).
 */
function wrapAscii(text: string, width: number): string[] {
  let flat = text.trim();
  if (flat.includes('  ')) flat = flat.replace(/ +/g, ' ');
  const lines: string[] = [];
  // The line being built is flat[lineStart, lineEnd): words joined by single spaces, empty when the two meet.
  let lineStart = 0;
  let lineEnd = 0;
  for (let pos = 0; pos <= flat.length;) {
    let wordStart = pos;
    const space = flat.indexOf(' ', pos);
    const wordEnd = space === -1 ? flat.length : space;
    pos = wordEnd + 1;
    if (wordEnd - wordStart > width) {
      // A word longer than a line (a URL, a path) fills the line it starts on and goes on below, as wrap-ansi's hard mode does.
      const room = lineEnd === lineStart ? width : width - (lineEnd - lineStart) - 1;
      if (room > 0) {
        lines.push(flat.slice(lineEnd === lineStart ? wordStart : lineStart, wordStart + room));
        wordStart += room;
      } else lines.push(flat.slice(lineStart, lineEnd));
      while (wordEnd - wordStart > width) {
        lines.push(flat.slice(wordStart, wordStart + width));
        wordStart += width;
      }
      lineStart = wordStart;
      lineEnd = wordEnd;
    } else if (lineEnd === lineStart) {
      lineStart = wordStart;
      lineEnd = wordEnd;
    } else if (wordEnd - lineStart <= width) lineEnd = wordEnd;
    else {
      lines.push(flat.slice(lineStart, lineEnd));
      lineStart = wordStart;
      lineEnd = wordEnd;
    }
  }
  lines.push(flat.slice(lineStart, lineEnd));
  return lines;
}

/** Returns `lead` + `text`, wrapped to `width`, continuation lines indented by `hanging` spaces. */
export function hangingWrap(lead: string, text: string, width: number, hanging: number): string[] {
  const flat = text.replace(/\s+/g, ' ').trim();
  const [head = ''] = wrapText(flat, width - lead.length);
  // Note: the first line is a prefix of the text (wrapping only breaks at spaces, or inside an over-long word).
  const rest = flat.slice(head.length).trim();
  const pad = ' '.repeat(hanging);
  return [
    `${lead}${head}`.trimEnd(),
    ...(rest === '' ? [] : wrapText(rest, width - hanging).map((line) => `${pad}${line}`)),
  ];
}

export { outputWidth } from './output-width.js';
