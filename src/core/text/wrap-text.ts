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

function wrapAscii(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (let word of text.trim().split(/ +/)) {
    if (word.length > width) {
      // A word longer than a line (a URL, a path) fills the line it starts on and goes on below, as wrap-ansi's hard mode does.
      const room = line === '' ? width : width - line.length - 1;
      if (room > 0) {
        lines.push(line === '' ? word.slice(0, room) : `${line} ${word.slice(0, room)}`);
        word = word.slice(room);
      } else lines.push(line);
      while (word.length > width) {
        lines.push(word.slice(0, width));
        word = word.slice(width);
      }
      line = word;
      continue;
    }
    if (line === '') line = word;
    else if (line.length + 1 + word.length <= width) line = `${line} ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  lines.push(line);
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
