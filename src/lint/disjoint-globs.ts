/**
 * Whether two path-scoped rules files can never be loaded for one file: every glob of one and every
 * glob of the other match no file in common (`**\/*.py` and `**\/*.go`; `frontend/**` and `backend/**`).
 * Such files are one rule set written per language or per part of the tree (set 31: `go-comments.md`
 * and `py-comments.md` each restate the bar of the always-loaded `comments.md` for their own files):
 * the same line in both is each scope's own, not a copy that can go. A glob this cannot read
 * (`?`, `[...]` in the file name) is taken to overlap.
 */

/** A glob's folder parts before its first wildcard, and its file-name part. */
function partsOf(glob: string): { folders: string[]; name: string } {
  const parts = glob.replace(/^\.?\/+/, '').split('/');
  const name = parts.at(-1) ?? '';
  const wild = parts.slice(0, -1).findIndex((part) => /[*?[{]/.test(part));
  return { folders: wild < 0 ? parts.slice(0, -1) : parts.slice(0, wild), name };
}

/** `*.{ts,tsx}` → `*.ts`, `*.tsx`: one brace group of a file name spelled out (more are left as written). */
function spelledOut(name: string): string[] {
  const match = /\{([^{}]*)\}/.exec(name);
  if (match === null) return [name];
  return match[1]!
    .split(',')
    .map((choice) => name.slice(0, match.index) + choice + name.slice(match.index + match[0].length));
}

/** Whether two file-name parts can match one name: literal ends (`*.py`, `*.go`) that neither ends the other cannot. */
function namesOverlap(a: string, b: string): boolean {
  if (/[?[{]/.test(a) || /[?[{]/.test(b)) return true;
  const tail = (name: string) => name.slice(name.lastIndexOf('*') + 1);
  const literal = (name: string) => !name.includes('*');
  if (literal(a) && literal(b)) return a === b;
  if (literal(a)) return a.endsWith(tail(b));
  if (literal(b)) return b.endsWith(tail(a));
  return tail(a).endsWith(tail(b)) || tail(b).endsWith(tail(a));
}

/** Whether two globs can match one path; conservative (true) where the glob is not read. */
function globsOverlap(a: string, b: string): boolean {
  const [x, y] = [partsOf(a), partsOf(b)];
  // Two fixed folders that part ways (`frontend/`, `backend/`) hold no file in common.
  for (let i = 0; i < Math.min(x.folders.length, y.folders.length); i++)
    if (x.folders[i] !== y.folders[i]) return false;
  return spelledOut(x.name).some((p) => spelledOut(y.name).some((q) => namesOverlap(p, q)));
}

/** Returns true when no glob of `a` can match a path a glob of `b` matches; never throws. */
export function areDisjointGlobs(a: readonly string[], b: readonly string[]): boolean {
  return a.length > 0 && b.length > 0 && a.every((x) => b.every((y) => !globsOverlap(x, y)));
}

/** A file-name part that matches any name (`*`, `**`). */
const isAnyName = (name: string) => /^\*+$/.test(name);

/**
 * Whether a file-name part surely matches a name `outer` does not: false where unsure (`?`, `[...]`, braces left,
 * a star inside a name). `*.ts` is not within `*.test.ts`; `*.test.ts` is within `*.ts`.
 */
function nameReachesPast(name: string, outer: string): boolean {
  if (/[?[{]/.test(name) || /[?[{]/.test(outer) || isAnyName(outer)) return false;
  if (isAnyName(name)) return true;
  const literal = (part: string) => !part.includes('*');
  const tailOnly = (part: string) => part.startsWith('*') && literal(part.slice(1));
  if (literal(outer)) return !(literal(name) && name === outer);
  if (!tailOnly(outer)) return false;
  if (literal(name)) return !name.endsWith(outer.slice(1));
  return tailOnly(name) && !name.slice(1).endsWith(outer.slice(1));
}

/**
 * Whether `glob` surely matches a file `outer` does not; false where unsure. Its fixed folders part from `outer`'s
 * (`src/modules/**` beside `src/core/diff/**`), stop short of them (`src/**` beside `src/core/**`: `src/x.ts`), or its
 * file names reach past `outer`'s (`**\/*.ts` beside `**\/*.test.ts`).
 */
function reachesPast(glob: string, outer: string): boolean {
  const folders = glob
    .replace(/^\.?\/+/, '')
    .split('/')
    .slice(0, -1)
    .join('/');
  if (/[[{]/.test(folders)) return false;
  const [x, y] = [partsOf(glob), partsOf(outer)];
  if (y.folders.some((folder, i) => x.folders[i] !== folder)) return true;
  // A folder name `outer` requires past its first wildcard that `glob` never names (`trajectory/**/rerank/presets/**`
  // beside `trajectory/**/rerank/derived-signals/**`, set 134's TeaRAGs-MCP): `glob` matches its files with its
  // wildcards filled by other names, none of them under such a folder.
  const literalFolders = (pattern: string) =>
    pattern
      .replace(/^\.?\/+/, '')
      .split('/')
      .slice(0, -1)
      .filter((part) => !/[*?[{]/.test(part));
  const named = new Set(literalFolders(glob));
  if (literalFolders(outer).some((folder) => !named.has(folder))) return true;
  return spelledOut(x.name).some((name) => spelledOut(y.name).every((other) => nameReachesPast(name, other)));
}

/**
 * Whether neither of two path-scoped rules files' scopes holds the other: each has a glob that reaches files no glob of
 * the other matches. Where the scopes meet (set 120's saleor/configurator: `entity-development.md` for
 * `src/modules/**` and `src/core/diff/comparators/**`, `diff-engine.md` for `src/core/diff/**`), both files load; but
 * each is also loaded alone for its own files, so a line both hold (the same "**Required Skills**: …" footer) is each
 * scope's own, and dropping either copy loses it there. When one scope holds the other (`src/**` and `src/api/**`), the
 * inner file never loads without the outer one: its copy is a copy. Unsure globs count as holding each other.
 */
export function areCrossingGlobs(a: readonly string[], b: readonly string[]): boolean {
  const beyond = (globs: readonly string[], others: readonly string[]) =>
    globs.some((glob) => others.every((other) => reachesPast(glob, other)));
  return a.length > 0 && b.length > 0 && beyond(a, b) && beyond(b, a);
}
