/** Word wrapping for human output, by wrap-ansi (already in the CLI bundle for oclif's help). */
import wrapAnsi from 'wrap-ansi';

/** Returns `text` as lines of at most `columns` characters, words kept whole unless longer than a line. */
export function wrapText(text: string, columns: number): string[] {
  return wrapAnsi(text, Math.max(20, columns), { hard: true, trim: true }).split('\n');
}

/** Returns `lead` + `text`, wrapped to `width`, continuation lines indented by `hanging` spaces. */
export function hangingWrap(lead: string, text: string, width: number, hanging: number): string[] {
  const flat = text.replace(/\s+/g, ' ').trim();
  const [head = ''] = wrapText(flat, width - lead.length);
  // Note: the first line is a prefix of the text (wrapping only breaks at spaces, or inside an over-long word).
  const rest = flat.slice(head.length).trim();
  const pad = ' '.repeat(hanging);
  return [`${lead}${head}`.trimEnd(), ...(rest === '' ? [] : wrapText(rest, width - hanging).map((line) => `${pad}${line}`))];
}

/** The width to lay out for: the terminal's, or 80 when output goes to a pipe or a file. */
export function outputWidth(stream: { isTTY?: boolean; columns?: number }): number {
  // Note: a pseudo-terminal without a size (script, some CI runners) reports 0 columns.
  return stream.isTTY === true && (stream.columns ?? 0) > 0 ? (stream.columns as number) : 80;
}
