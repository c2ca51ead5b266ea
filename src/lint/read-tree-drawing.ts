/**
 * The paths of a folder tree drawn in a code block (`├── src/`, `│   └── index.ts`): a line's name
 * is a path under the names drawn above it, not from where the agent file stands. A tree of a
 * package's layout (`packages/devtools/` then `└── dist/` then `├── src/index.js`) names
 * `packages/devtools/dist/src/index.js`, a build's output, not `src/index.js`.
 */

/** One entry of a drawn tree: the name as written, the folders above it, outermost first (the tree's root line among them when drawn), and its 1-based line. */
export type TreeEntry = { name: string; folders: readonly string[]; line: number };

// What draws a tree: box-drawing branches (`├──`, `└──`, `│`) or their ASCII forms (`|--`, `+--`, `` `-- ``).
const BRANCH = /^([\s│|]*)(?:├|└|\+|`|\|)(?:──|--|─ |- )\s*/u;
// The root line: a lone folder name just above the first branch (`packages/devtools/`, `my-app/`, `.`).
const ROOT = /^([\w.@-][\w.@/-]*?)\/?\s*(?:#.*)?$/;

/**
 * Returns the entries of every tree drawn in `text` (a markdown file as written: the documents'
 * text has its lines joined), in order; none when no line draws a branch. A name is the line's
 * first word after the branch (a `# comment` after it is not part of it); never throws.
 */
export function readTreeDrawing(text: string): TreeEntry[] {
  if (!/[├└]|[|`+]--/u.test(text)) return [];
  const lines = text.split('\n');
  const entries: TreeEntry[] = [];
  // The folders open above the current line, with the column their name starts at.
  let stack: { column: number; name: string }[] = [];
  for (const [index, line] of lines.entries()) {
    // A line of only verticals (`│`) continues the tree.
    if (/^[\s│|]*$/u.test(line) && line.trim() !== '') continue;
    const branch = BRANCH.exec(line);
    if (branch === null) {
      const root = line.trim() === '' ? null : ROOT.exec(line.trim());
      // A line that draws no branch starts a new tree when it is a lone name at column 0; anything else ends the tree.
      stack = root !== null && !/^\s/.test(line) ? [{ column: -1, name: root[1] ?? '' }] : [];
      continue;
    }
    const column = branch[0].length;
    const name = line.slice(column).split(/\s+/)[0] ?? '';
    if (name === '') continue;
    while (stack.length > 0 && stack.at(-1)!.column >= column) stack.pop();
    entries.push({ name, folders: stack.map((folder) => folder.name), line: index + 1 });
    stack.push({ column, name: name.replace(/\/+$/, '') });
  }
  return entries;
}
