/**
 * Text from memory files or the team ref, made safe to print: control characters (all but tab and
 * line feed) shown as `\u001b`-style escapes. The gates refuse them on the way in, but a file may
 * be edited by hand or predate the gate, and one ESC sequence (`\x1b[8m`) hides what follows on a
 * terminal, a CR rewrites the line (issue 28.5).
 */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/;
const CONTROLS = new RegExp(CONTROL.source, 'g');

/** Returns `text` with every control character but tab and line feed written as a visible escape; never throws. */
export function terminalSafe(text: string): string {
  return CONTROL.test(text)
    ? text.replace(CONTROLS, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)
    : text;
}
