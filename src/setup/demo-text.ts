/** Text layout for `mem demo`: wrapped to the screen, continuation lines indented under the text. */
import { hangingWrap } from '../core/text/wrap-text.js';

/** Returns `lead` + `text` wrapped to `width` columns, continuation lines aligned after `lead`. */
export function hangingLines(lead: string, text: string, width: number): string[] {
  return hangingWrap(lead, text, width, Math.min(lead.length, 40));
}

/** Returns `text` with every line indented by two spaces (trailing blank lines dropped). */
export function indent(text: string): string {
  return text
    .trimEnd()
    .split('\n')
    .map((line) => `  ${line}`.trimEnd())
    .join('\n');
}
