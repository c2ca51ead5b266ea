/** Where fenced code is in a file, seen line by line (no markdown parser: the driver must start fast). */

const FENCE_RE = /^[ \t]*(`{3,}|~{3,})([^\r\n]*)/;

/**
 * Returns, for each boundary between lines (0 … lines.length), whether it lies inside a fenced
 * code block. A fence that is never closed counts as no fence: it is a slip, and what follows it
 * is still the file's markdown to its author (one real AGENTS.md ends inside such a fence).
 */
export function codeBoundaries(lines: readonly string[]): boolean[] {
  const inside = new Array<boolean>(lines.length + 1).fill(false);
  let open = -1;
  let fence = '';
  for (let i = 0; i < lines.length; i++) {
    const match = FENCE_RE.exec(lines[i] ?? '');
    if (match === null) continue;
    const marker = match[1] ?? '';
    if (open === -1) {
      if (marker.startsWith('`') && (match[2] ?? '').includes('`')) continue;
      open = i;
      fence = marker;
    } else if (marker[0] === fence[0] && marker.length >= fence.length && (match[2] ?? '').trim() === '') {
      for (let k = open + 1; k <= i; k++) inside[k] = true;
      open = -1;
    }
  }
  return inside;
}
