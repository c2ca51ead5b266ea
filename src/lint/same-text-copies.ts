/**
 * Agent files kept as one text under two names: two agents' files of one folder with the same text
 * (SDL's CLAUDE.md, "Just copy the text from AGENTS.md in here for now", set 38: a pointer line was
 * read as a to-do and a symlink would have been the repository's only one), or anywhere when each
 * says it is the other's copy ("This file is duplicated as CLAUDE.md and AGENTS.md. Keep them in
 * sync.", set 29). Where a symlink will not do, that is how each agent gets its own file name; nobody
 * makes a whole file the same as another by chance, and while the texts match nothing has drifted
 * and no copy can go. Each copy may open with its own introduction (its title and what the file is,
 * before the first section heading: rotki's "# CLAUDE.md" and "# AGENTS.md … It mirrors the content of
 * `CLAUDE.md`", set 47, 326 rows of one mirror synced by hand): the sections are the text kept twice.
 * A file a build copies into its output folder (set 60's AgentUI: `scripts/build-framework.js` copies AGENTS.md to
 * `dist/AGENTS.md`, committed with the bundle it ships beside) is one text too: the next build writes it again.
 * So is an agent file copied word for word into another assistant's rules folder (set 180's session-recorder: CLAUDE.md
 * and `.claude/commands/*` copied whole into `.continue/rules/` for Continue, which reads every file there): that tool's
 * copy, which Claude Code meets only by its name when it works in that folder.
 * Once they differ, the copies are compared again: a mirror that has drifted is what `duplicate-rule` is for.
 */
import { posix } from 'node:path';

// `home`: the folder an agent file picked up folder by folder stands for (lint-document.ts); rules
// files and imported documents have none.
type Text = { path: string; text?: string | undefined; home?: string | undefined };

// Words saying two files are one text kept twice, on a line that names the other file.
const COPY_WORDS =
  /\b(?:duplicat(?:e|ed|es)|cop(?:y|ies|ied)|mirror(?:s|ed)?|identical|in\s+sync|synced|synchroni[sz]ed)\b/i;

// Line endings and trailing blanks are how an editor saved the copy, not what it says.
export const normalized = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+$/gm, '')
    .trim();

// The introduction runs to the first section heading (`## Project Overview`); a text without one is all introduction.
const sectionsOf = (text: string) => {
  const start = text.search(/^#{2,6}\s/m);
  return start < 0 ? '' : text.slice(start);
};

/** Whether two normalized texts are one text: the same, or the same sections under each copy's own introduction. */
const isOneText = (first: string, second: string) =>
  first === second || (sectionsOf(first) !== '' && sectionsOf(first) === sectionsOf(second));

// Folders a build writes its output to, beside the sources it reads.
const BUILD_OUTPUT_FOLDERS = new Set(['dist', 'build']);

/** Whether one of two same-named files lies in a build output folder of the other's folder (`dist/AGENTS.md`, `AGENTS.md`). */
function isBuildOutputPair(first: string, second: string): boolean {
  const inOutputOf = (copy: string, source: string) => {
    const folder = posix.dirname(source);
    const rest = folder === '.' ? copy : copy.startsWith(`${folder}/`) ? copy.slice(folder.length + 1) : undefined;
    return rest !== undefined && BUILD_OUTPUT_FOLDERS.has(rest.split('/')[0]!) && rest.includes('/');
  };
  return inOutputOf(first, second) || inOutputOf(second, first);
}

// Folders where another assistant reads its rules (Continue, Cursor, Windsurf, Cline, Roo Code, Kiro, Amazon Q, Trae).
const OTHER_TOOL_FOLDERS = new Set([
  '.continue',
  '.cursor',
  '.windsurf',
  '.clinerules',
  '.roo',
  '.kiro',
  '.amazonq',
  '.trae',
]);

const inOtherToolFolder = (path: string) => path.split('/').some((part) => OTHER_TOOL_FOLDERS.has(part));

/** Whether one of two files lies in another assistant's rules folder and the other does not (`.continue/rules/CLAUDE.md`, `CLAUDE.md`). */
const isOtherToolPair = (first: string, second: string) => inOtherToolFolder(first) !== inOtherToolFolder(second);

/** Whether a line of `text` names the file `path` (its name) beside words saying the two are copies. */
function declaresCopyOf(text: string, path: string): boolean {
  const name = posix.basename(path);
  return text.split('\n').some((line) => line.includes(name) && COPY_WORDS.test(line));
}

/**
 * Returns whether two files of `sources` are one text kept under two names (the test is
 * symmetric); never throws.
 */
export function sameTextCopies(sources: readonly Text[]): (a: string, b: string) => boolean {
  const pairs = new Set<string>();
  for (const [index, first] of sources.entries())
    for (const second of sources.slice(index + 1)) {
      if (first.text === undefined || second.text === undefined) continue;
      const sameName = posix.basename(first.path) === posix.basename(second.path);
      if (sameName && !isBuildOutputPair(first.path, second.path) && !isOtherToolPair(first.path, second.path))
        continue;
      const text = normalized(first.text);
      const other = normalized(second.text);
      if (text === '' || !isOneText(text, other)) continue;
      // Another assistant's copy is the whole text, word for word, as a build's is.
      if (text === other && isOtherToolPair(first.path, second.path)) {
        pairs.add(`${first.path}\0${second.path}`).add(`${second.path}\0${first.path}`);
        continue;
      }
      // A build's copy is the whole text, word for word (a nested file of one name is otherwise its own folder's).
      if (sameName) {
        if (text === other) pairs.add(`${first.path}\0${second.path}`).add(`${second.path}\0${first.path}`);
        continue;
      }
      const oneFolders = first.home !== undefined && first.home === second.home;
      const both = `${text}\n${other}`;
      if (oneFolders || (declaresCopyOf(both, first.path) && declaresCopyOf(both, second.path)))
        pairs.add(`${first.path}\0${second.path}`).add(`${second.path}\0${first.path}`);
    }
  return (a, b) => pairs.has(`${a}\0${b}`);
}
