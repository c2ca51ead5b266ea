/**
 * Conflicts in free text (not list entries) use git's familiar line markers, with the base version:
 *
 * ```
 * <<<<<<< ours
 * our lines
 * ||||||| base
 * base lines
 * =======
 * their lines
 * >>>>>>> theirs
 * ```
 */
import { nodeCrypto } from '../lazy-builtins.js';
import { splitLines, stripEol } from './split-lines.js';

export type TextConflictBlock = {
  id: string;
  /** 0-based index of the `<<<<<<<` line and one past the `>>>>>>>` line. */
  startLine: number;
  endLine: number;
  ours: string;
  base: string;
  theirs: string;
};

/** Returns the stable id of a text conflict over its three versions. */
function textConflictId(ours: string, base: string, theirs: string): string {
  return `text-${nodeCrypto().createHash('sha256').update(`${ours}\u0000${base}\u0000${theirs}`.replace(/\r\n/g, '\n')).digest('hex').slice(0, 10)}`;
}

/** Returns the conflict lines for three versions (each '' or whole lines ending with a newline), ended with `eol`. */
export function renderTextConflict(ours: string, base: string, theirs: string, eol: string, withBase = true): string {
  const ensure = (text: string): string => (text === '' || text.endsWith('\n') ? text : text + eol);
  return (
    `<<<<<<< ours${eol}${ensure(ours)}` +
    (withBase ? `||||||| base${eol}${ensure(base)}` : '') +
    `=======${eol}${ensure(theirs)}>>>>>>> theirs${eol}`
  );
}

/** Returns the git-style conflict blocks found in `text`, in order; unterminated blocks are ignored. */
export function findTextConflicts(text: string): TextConflictBlock[] {
  if (!text.includes('<<<<<<<')) return [];
  const lines = splitLines(text);
  const found: TextConflictBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^<{7}(?: |$)/.test(stripEol(lines[i] ?? ''))) continue;
    let base = -1;
    let middle = -1;
    let end = -1;
    for (let j = i + 1; j < lines.length; j++) {
      const line = stripEol(lines[j] ?? '');
      if (/^<{7}(?: |$)/.test(line)) break;
      if (middle === -1 && base === -1 && /^\|{7}(?: |$)/.test(line)) base = j;
      else if (middle === -1 && line === '=======') middle = j;
      else if (middle !== -1 && /^>{7}(?: |$)/.test(line)) {
        end = j;
        break;
      }
    }
    if (middle === -1 || end === -1) continue;
    const ours = lines.slice(i + 1, base === -1 ? middle : base).join('');
    const baseText = base === -1 ? '' : lines.slice(base + 1, middle).join('');
    const theirs = lines.slice(middle + 1, end).join('');
    found.push({
      id: textConflictId(ours, baseText, theirs),
      startLine: i,
      endLine: end + 1,
      ours,
      base: baseText,
      theirs,
    });
    i = end;
  }
  return found;
}
