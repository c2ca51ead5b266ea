/**
 * A file kept in several repositories can mark the part they share and say so: "the shared content lives inside
 * `<shared>…</shared>` and the tool list inside `<tools>…</tools>`. Keep those tagged blocks identical across repos"
 * (steipete's AGENTS.md, set 80). Such a block is its master's text: the files and tools it names are wherever the
 * master's author keeps them (`scripts/browser-tools.ts` in one repository of several), so a path missing here is
 * nothing this repository's maintainer would change — the block must stay word for word the same.
 */

// A line saying tagged blocks are kept the same in several places: "identical across repos", "syncs can copy it verbatim".
const KEPT_THE_SAME =
  /\b(?:identical|verbatim|in\s+sync|sync(?:ed|s)?)\b[^\n]*?\b(?:across|other|downstream|every|each)\b|\b(?:across|downstream|every|each)\b[^\n]*?\b(?:identical|verbatim|in\s+sync|sync(?:ed|s)?)\b/;
const TAG_NAMED = /<\/?([A-Za-z][\w-]*)>/g;

/**
 * Returns whether a 1-based line of `text` lies inside a `<tag>` … `</tag>` block (each on its own line) that a line
 * of the file says is kept identical across repositories; never throws.
 */
export function sharedBlockLines(text: string): (line: number) => boolean {
  const lines = text.split('\n');
  const tags = new Set(
    lines
      .filter((line) => KEPT_THE_SAME.test(line.toLowerCase()))
      .flatMap((line) => [...line.matchAll(TAG_NAMED)].map((match) => match[1] ?? '')),
  );
  if (tags.size === 0) return () => false;
  const ranges: [number, number][] = [];
  let open: { tag: string; line: number } | undefined;
  for (const [index, line] of lines.entries()) {
    const tag = /^\s*<(\/?)([A-Za-z][\w-]*)>\s*$/.exec(line);
    if (tag === null || !tags.has(tag[2] ?? '')) continue;
    if (tag[1] === '' && open === undefined) open = { tag: tag[2] ?? '', line: index + 1 };
    else if (tag[1] === '/' && open !== undefined && open.tag === tag[2]) {
      ranges.push([open.line, index + 1]);
      open = undefined;
    }
  }
  return (line) => ranges.some(([from, to]) => line > from && line < to);
}
