/**
 * The folders a list's lead-in names: under "Each plugin is located in `plugins/<plugin-name>/` with its own:" the
 * item "- `.claude-plugin/plugin.json`" is written from that folder (set 53's community-agent-plugin), as a path under
 * a folder a heading names is (heading-folders.ts). So with a table's rows: under "All detailed documentation is in
 * the Docusaurus site (`apps/excel-addin-docs-website/docs/`):" the row "| **Changelog** | `changelog/` |" is that
 * site's folder (set 147's excel-extension, whose root `changelog/` git saw moved there). A placeholder part (`<plugin-name>`, `{service}`, `*`, `$NAME`)
 * stands for each folder the repository has there; the same placeholder folder in the item's own text counts too.
 */
import { posix } from 'node:path';
import type { LintDocument } from './lint-document.js';
import { escapeRegExp } from '../core/text/escape-regexp.js';

type FolderView = {
  exists: (path: string) => boolean;
  foldersIn?: (dir: string) => readonly string[];
};

// One part of a folder path: a name, or a placeholder standing for any name.
const PART = String.raw`(?:[\w.@-]+|<[\w -]+>|\{[\w -]+\}|\[[\w -]+\]|\*|\$\{?\w+\}?)`;
const PLACEHOLDER = /^(?:<.+>|\{.+\}|\[.+\]|\*|\$\{?\w+\}?)$/;
// A folder written as such: parts ending in "/" (`plugins/<plugin-name>/`, `src/`), in a code span or bare.
const FOLDER = new RegExp(String.raw`(?<![\w./<{$-])((?:\.\/)?${PART}(?:\/${PART})*)\/(?=[\s\`'"),:;]|$)`, 'g');
// A list item's first line: "- x", "* x", "+ x", "1. x"; or a table's row ("| **Changelog** | `changelog/` |"), whose
// header and rule lines the reader yields no document for.
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s|^\s*\|/;
// A lead-in ends on its colon, inside its bold or italics or not ("**Cronium App (apps/cronium-app):**").
const LEAD_IN_END = /:[*_]{0,2}\s*$/;
// A bold label's folder in parentheses, written without its "/" ("**Cronium App (apps/cronium-app):**" over
// "- `src/app/` - Next.js App Router pages", set 164's cronium, whose root `src/` git saw moved into that app): a path
// of two parts or more, so a label's plain words ("(web, orchestrator)") are never read as one.
const LABEL_FOLDER = /^[*_]{1,2}[^*_\n()]*\(`?((?:\.\/)?[\w.@-]+(?:\/[\w.@-]+)+)\/?`?\)\s*:[*_]{0,2}\s*$/;

/**
 * Returns the repository-relative folders that exist and that the lead-in of the list holding `documents[index]` (the
 * paragraph ending in ":" just before the list) names, and those a placeholder folder of the item's own text stands
 * for, each from the repository root and from the folders down to `file`'s; `lines` are the file's, as written.
 */
export function leadInFolders(
  documents: readonly LintDocument[],
  index: number,
  lines: readonly string[],
  file: string,
  view: FolderView,
): string[] {
  const doc = documents[index];
  if (doc === undefined) return [];
  const own = folderPatterns(doc.text).filter((pattern) => pattern.split('/').some((part) => PLACEHOLDER.test(part)));
  const lead = listLeadIn(documents, index, lines);
  const labelled = lead === undefined ? undefined : LABEL_FOLDER.exec(lead.text.trim())?.[1]?.replace(/^\.\//, '');
  return expandAll(
    [...(lead === undefined ? [] : folderPatterns(lead.text)), ...(labelled === undefined ? [] : [labelled]), ...own],
    file,
    view,
  );
}

/**
 * The lead-in of the list holding `documents[index]`: the paragraph of its section ending in ":" just before the
 * list's first item; none when the document is no list item or the list has no such lead-in.
 */
export function listLeadIn(
  documents: readonly LintDocument[],
  index: number,
  lines: readonly string[],
): LintDocument | undefined {
  return listLeadIns(documents, index, lines).paragraph;
}

/**
 * The lead-ins of the list item `documents[index]`, in one walk back over its list: the items it hangs from (less
 * indented, before it, innermost first) that end in ":", and the list's paragraph lead-in (listLeadIn).
 */
function listLeadIns(
  documents: readonly LintDocument[],
  index: number,
  lines: readonly string[],
): { items: LintDocument[]; paragraph: LintDocument | undefined } {
  const doc = documents[index];
  const isItem = (piece: LintDocument) => piece.code !== true && LIST_ITEM.test(lines[piece.line - 1] ?? '');
  const items: LintDocument[] = [];
  if (doc === undefined || !isItem(doc)) return { items, paragraph: undefined };
  const indentOf = (piece: LintDocument) => /^\s*/.exec(lines[piece.line - 1] ?? '')![0].length;
  const endsInColon = (piece: LintDocument) => LEAD_IN_END.test(piece.text);
  let indent = indentOf(doc);
  let at = index - 1;
  for (; at >= 0 && documents[at]!.section === doc.section && isItem(documents[at]!); at--) {
    const item = documents[at]!;
    if (indent === 0 || indentOf(item) >= indent) continue;
    indent = indentOf(item);
    if (endsInColon(item)) items.push(item);
  }
  const lead = documents[at];
  const paragraph =
    lead !== undefined && lead.section === doc.section && lead.code !== true && endsInColon(lead) ? lead : undefined;
  return { items, paragraph };
}

// A lead-in that says an archive holds the list ("`.surli` = zstd-compressed tar archive containing:", "The release
// tarball contains:"): its items are paths inside the archive, which a build writes, not files of the repository.
const ARCHIVE_CONTENTS =
  /\b(?:archives?|tarballs?|tar|zip|jar|wheel)\b[^.!?\n]*\b(?:contain(?:s|ing)?|hold(?:s|ing)?|includ(?:es|ing))\b[^.!?\n]*:\s*$/i;

// A lead-in that is only a label saying its list shows what paths look like ("**File Path Examples**:", "Example paths:"):
// its items are the shape of a user's files, not the repository's. "**Examples**:" alone may head the repository's own
// `examples/`, and is not read so.
const PATH_EXAMPLES =
  /^[*_\s]*(?:(?:(?:file\s*)?paths?|file\s*names?)\s+examples?|examples?\s+(?:of\s+)?(?:file\s*)?(?:paths?|file\s*names?))[*_\s]*:[*_\s]*$/i;

// A lead-in that calls its list a layout still to be made ("Target structure:", "Recommended extension file structure:",
// "Proposed layout:"): its items are the plan's files, some of them not written yet.
const PLANNED_LAYOUT =
  /\b(?:target|proposed|planned|future|desired|intended|recommended|suggested)\b[^.!?:\n]{0,40}\b(?:structure|layout|tree)[*_\s]*:[*_\s]*$/i;

// A lead-in sentence saying its list is what was taken away ("The following legacy evidence paths have been deleted and
// must remain absent:", set 203's catch-dating-app under "## Removed Evidence Layer"): the text calls the paths gone.
// The participle is what happened, not a rule or a condition ("must not be deleted:", "if removed:", "to be removed:").
const GONE_LIST =
  /(?<!\b(?:not|never|n't|if|unless|once|when|until|to|be|must|should|will|may|can)\s+(?:be\s+|get\s+)?)\b(?:removed|deleted|decommissioned|retired)\b[^:.!?\n]{0,60}:[*_\s]*$/i;

/**
 * Whether the list holding `documents[index]` is, by its lead-in, what an archive holds (set 62's surrealdb `.surli`)
 * or example paths (set 135's i18ntk: "**File Path Examples**:" over "- `/locales/de/common.json` → German (Deutsch)",
 * how a file's path tells its language; the toolkit's own `locales/de/` long gone), or a layout still to be made (set
 * 158's nodebb-plugin-westgate-wiki: "- Recommended extension file structure:" over "- Target structure:" over
 * `tiptap/src/extensions/wiki-footnote.js`, an extension the same plan calls "future"): no file of the repository is
 * meant. A nested list's lead-in may be the item it hangs from, and that item's own.
 */
export function isArchiveListing(documents: readonly LintDocument[], index: number, lines: readonly string[]): boolean {
  const { items, paragraph } = listLeadIns(documents, index, lines);
  return [...items, ...(paragraph === undefined ? [] : [paragraph])].some(
    ({ text }) =>
      ARCHIVE_CONTENTS.test(text) || PATH_EXAMPLES.test(text) || PLANNED_LAYOUT.test(text) || GONE_LIST.test(text),
  );
}

// A paragraph whose last sentence only announces examples ("Ask directly and scope the review to files, commits, or a
// diff range. Examples:", "For instance:", "Example requests:"): the code block after it holds sample text.
const EXAMPLES_LEAD_IN =
  /(?:^|[.!?]\s+)[*_]*(?:(?:some|a\s+few|more)\s+)?(?:examples?|for\s+(?:example|instance)|e\.g\.)(?:\s+(?:prompts?|requests?|questions?|messages?|invocations?))?[*_]*:[*_]*\s*$/i;

/**
 * Whether `documents[index]` is a code block right after a paragraph of its section that announces examples (set
 * 169's AgenticContextBuilder: "Ask directly … Examples:" over "Please review src/context_builder/storage/claims.py
 * for bugs", "Review changes in ui/src/pages/Claims.tsx …", request wordings naming files the project never had).
 * Its paths are samples: the caller still reports one git saw removed since the agent file came in.
 */
export function isUnderExamplesLeadIn(documents: readonly LintDocument[], index: number): boolean {
  const doc = documents[index];
  const lead = documents[index - 1];
  return (
    doc?.code === true &&
    lead !== undefined &&
    lead.code !== true &&
    lead.section === doc.section &&
    EXAMPLES_LEAD_IN.test(lead.text.trimEnd())
  );
}

// A name's part left to fill in a naming pattern: a date's fields, `<descriptive_name>`, `{slug}`.
const NAMING_PART = /(?<![A-Za-z])(?:YYYY|MM|DD)(?![A-Za-z])|<[\w -]+>|\{[\w -]+\}/g;

/**
 * Whether `reference`, in the list item `documents[index]` whose list a paragraph announcing examples leads in
 * ("Examples:"), fills in a naming pattern its section gives before it (set 239's remote-analysis-template: "```
 * todo/YYYY-MM-DD_<descriptive_name>.md ```" then "Examples:" over "- `todo/2026-02-03_efficiency_calculation.md`"):
 * the shape of the next file's name, not a file of the repository. Its paths are samples: the caller still reports one
 * git saw removed since the agent file came in.
 */
export function isNamingPatternExample(
  reference: string,
  documents: readonly LintDocument[],
  index: number,
  lines: readonly string[],
): boolean {
  const doc = documents[index];
  const lead = listLeadIns(documents, index, lines).paragraph;
  if (doc === undefined || lead === undefined || !EXAMPLES_LEAD_IN.test(lead.text.trimEnd())) return false;
  const name = reference.replace(/^\.\//, '');
  const before = documents.slice(0, index).filter((piece) => piece.section === doc.section);
  return before.some((piece) =>
    piece.text
      .split(/[\s`'"()]+/)
      .filter((word) => word.includes('/') && new RegExp(NAMING_PART.source).test(word))
      .some((pattern) => namingPattern(pattern.replace(/^\.\//, '')).test(name)),
  );
}

/** The names `pattern` allows: its fields filled in, the rest as written. */
function namingPattern(pattern: string): RegExp {
  let source = '';
  let at = 0;
  for (const match of pattern.matchAll(NAMING_PART)) {
    source += escapeRegExp(pattern.slice(at, match.index));
    source += match[0] === 'YYYY' ? String.raw`\d{4}` : match[0].length === 2 ? String.raw`\d{2}` : '[^/]+';
    at = match.index + match[0].length;
  }
  return new RegExp(`^${source}${escapeRegExp(pattern.slice(at))}$`);
}

/**
 * The folders a placeholder folder stands for when the file (`text`, as written) also writes `reference` under it in
 * full: after "Servers live in `tool-mcps/<name>/src/server.py`", a bare `src/server.py` is that file of each server
 * (set 87's ProteinMCP). `unmade` says some such folder stands for none the repository has (an installer clones each
 * server there), so no file of this repository is meant; otherwise `folders` are where the path is looked for.
 */
export function placeholderHomes(
  reference: string,
  text: string,
  file: string,
  view: FolderView,
): { folders: string[]; unmade: boolean } {
  const bare = escapeRegExp(reference.replace(/^\.?\/+/, ''));
  const written = new RegExp(String.raw`(?<![\w./<{$-])((?:\.\/)?${PART}(?:\/${PART})*)\/${bare}(?![\w/-]|\.\w)`, 'g');
  const patterns = [...new Set([...text.matchAll(written)].map((match) => match[1]!.replace(/^\.\//, '')))].filter(
    (pattern) => pattern.split('/').some((part) => PLACEHOLDER.test(part)),
  );
  const homes = patterns.map((pattern) => expandAll([pattern], file, view));
  return { folders: homes.flat(), unmade: homes.some((folders) => folders.length === 0) };
}

function folderPatterns(text: string): string[] {
  return [...new Set([...text.matchAll(FOLDER)].map((match) => match[1]!.replace(/^\.\//, '')))];
}

function expandAll(patterns: readonly string[], file: string, view: FolderView): string[] {
  const dir = posix.dirname(file);
  const parts = dir === '.' ? [] : dir.split('/');
  const bases = ['.', ...parts.map((_, i) => parts.slice(0, i + 1).join('/'))];
  const found = new Set<string>();
  for (const pattern of patterns)
    for (const base of bases) for (const path of expand(pattern, base, view)) found.add(path);
  return [...found];
}

/** The existing folders `pattern` names from `base`, a placeholder part standing for each folder there. */
function expand(pattern: string, base: string, view: FolderView): string[] {
  let paths = [base];
  for (const part of pattern.split('/')) {
    paths = PLACEHOLDER.test(part)
      ? paths.flatMap((path) =>
          (view.foldersIn?.(path === '.' ? '' : path) ?? []).map((name) => posix.join(path, name)),
        )
      : paths.map((path) => posix.normalize(posix.join(path, part))).filter((path) => view.exists(path));
  }
  return paths.filter((path) => path !== '.' && !path.startsWith('..'));
}
