/**
 * Text better scoped by path: a section of an always-loaded Claude Code file whose every rule names
 * files under one folder. As a `.claude/rules/` file with `paths:` it would load only once the
 * agent reads a file there, and cost nothing at start-up otherwise.
 */
import { posix } from 'node:path';
import { estimateTokens, type LintFinding } from './lint-report.js';
import type { LintSource } from './lint-document.js';
import { findRepositoryPaths } from '../core/text/repository-paths.js';
import { commonFolder, pathAreaOf } from '../core/text/path-area.js';
import { formatCount } from '../core/text/format-count.js';
import { escapeRegExp } from '../core/text/escape-regexp.js';
import { isMadeIn } from './is-no-file-meant.js';

const MIN_RULES = 3;
// A step making a new file in a folder ("Add pattern file in `src/patterns/`"), and the first item's mark of a numbered list.
const NEW_FILE_STEP = /^(?:create|add|make|write)\b[^`\n]*\bin\s+`[^`\n]+\/`/i;
const FIRST_STEP = /^\s*1[.)]\s/;
// A sentence that introduces the list after it: it ends in a colon.
const LEAD_IN = /:\s*$/;
// A list item led by a file's path in a code span, then a colon or a dash and what the file is; or one that is a
// label and the file and nothing more, the label in bold or what the file is in brackets ("- **Vite**:
// `apps/studio/vite.config.mjs` (renderer process build)", set 62's beekeeper-studio "Key Configuration Files"). A
// plain "Debug gem client: `vscode/src/debugger.ts`" under a section heading is a rule about that file (set 11's
// ruby-lsp, judged right): its section is still scopable. The file's code span may be in bold ("- **`utils/verify-json-files.sh`**
// — Validate JSON storage files", set 208's ComicCacher "Debug Utilities"): the same entry, emphasised. So is a bare list of files, code spans and nothing more but a note in brackets ("- `mobile/src/app.tsx`（`handleChangePlan`）", "- `a.tsx` / `-embla.tsx`", set 207's ai-tarot-chat "files for which this rule must be read"): it names files and says nothing to do there, no rule to scope.
const INDEX_ENTRY =
  /^\s*(?:(?:[-*+]|\d+[.)])\s+)?`[^`\n]*[./][^`\n]*`(?:\s*(?:[/,\u3001]|and|or)\s*`[^`\n]+`)*\s*(?:[(\uff08][^)\uff09\n]*[)\uff09])?\.?\s*$|^\s*(?:(?:[-*+]|\d+[.)])\s+)?(?:\*\*|__)?`[^`\n]*[./][^`\n]*`(?:\*\*|__)?\s*(?::|\s[-\u2013\u2014])\s+\S|^\s*(?:(?:[-*+]|\d+[.)])\s+)?(?:\*\*|__)[^`\n:*_]{1,40}(?:\*\*|__)\s*(?::|\s[-\u2013\u2014])\s*`[^`\s]*[./][^`\s]*`\s*(?:\([^)\n]*\))?\.?\s*$|^\s*(?:(?:[-*+]|\d+[.)])\s+)?[^`\n:*_]{1,40}\s*(?::|\s[-\u2013\u2014])\s*`[^`\s]*[./][^`\s]*`\s*\([^)\n]*\)\.?\s*$/;

/**
 * Returns a note per section of `sources` (always-loaded files only) whose rules all name paths under
 * one folder that `exists` in the repository; never throws. Note: a folder the repository lacks
 * would make a `paths:` glob that never loads; the usual cause is paths written relative to a
 * folder the heading names ("Commands (`cmd/`)" over `entire/cli`).
 */
export function findPathScopedSections(
  sources: readonly LintSource[],
  exists: (path: string) => boolean,
  foldersIn: (dir: string) => readonly string[],
): LintFinding[] {
  const out: LintFinding[] = [];
  for (const source of sources) {
    const sections = new Map<string, LintSource['documents'][number][]>();
    for (const doc of source.documents) {
      if (doc.section === '') continue;
      const list = sections.get(doc.section);
      if (list) list.push(doc);
      else sections.set(doc.section, [doc]);
    }
    for (const [section, docs] of sections) {
      // A table of what lives where is the index the agent needs before it reads any of those files, and so is a list
      // whose every item names a file and says what it is ("- `examples/simple.eval-set.yaml`: Basic evaluation
      // configuration"), lead-ins ending in a colon aside ("See `docs/` for detailed project documentation:"):
      // loaded only once the agent reads one of them, it would never tell it they are there.
      const entries = docs.filter((doc) => !LEAD_IN.test(doc.text));
      if (
        docs.length < MIN_RULES ||
        docs.some((doc) => doc.text.startsWith('|')) ||
        (entries.length > 0 && entries.every((doc) => INDEX_ENTRY.test(doc.text)))
      )
        continue;
      // A part of the map is the map: "Architecture > Integrations" lists where each integration lives.
      if (section.split(' > ').some((heading) => MAP_HEADING.test(heading))) continue;
      const references = docs.map((doc) => findRepositoryPaths(doc.text));
      if (references.some((paths) => paths.length === 0)) continue;
      if (isFolderTour(references)) continue;
      // A section whose own step makes a file it names ("instantiate from the template: `cp llms/NOTES.template.md
      // llms/NOTES.md`", set 67's mcp-context-forge review tracker) is followed before any file there is read:
      // loaded only once the agent reads one, it would not be there to say how the file comes to be.
      if (docs.some((doc, index) => references[index]!.some((path) => isMadeIn(path, doc.text)))) continue;
      // So is a recipe for new code whose first step makes a file in a folder ("1. Create route file in
      // `backend/src/routes/`", set 151's CensusChat "Adding a New API Route"): the file does not exist yet.
      if (isNewFileRecipe(docs[0]!, source.text ?? '')) continue;
      // A list of documents to read (links to .md files) is a reading list, not rules about code there, and so is one
      // naming the folder that holds some of them ("Deep references in `docs/architecture/`: [backend](…)", set 129's
      // tauri-explorer).
      if (isReadingList(references.flat())) continue;
      // A list of imports (`@./rules/check.mdc`, or `@import ./rules/check.mdc`, set 86's hugo-bearberry) holds rules
      // the author wants followed from the first turn: they are in those files, not about them, and a `paths:` file
      // would load them only once the agent opened one of the rule files itself.
      if (docs.every((doc, index) => references[index]!.every((path) => isImportedIn(doc.text, path)))) continue;
      // Programs the agent runs (`bin/dev`, `bin/rails db:migrate`) are commands it needs from the first
      // turn; running one reads no file there, so a path-scoped file would never load for them.
      if (docs.every((doc, index) => references[index]!.every((path) => isRunAsCommand(doc.text, path)))) continue;
      const folder = commonFolder(references.flat());
      if (
        folder === null ||
        folder.startsWith('.') ||
        !exists(folder) ||
        holdsPackages(folder, exists, foldersIn) ||
        isAllOfTheCode(folder, exists, foldersIn) ||
        // A nested agent file loads only for work in its own folder already: a section over that
        // folder (or one above it) would load exactly as often.
        (source.scope !== '' && (folder === source.scope || source.scope.startsWith(`${folder}/`)))
      )
        continue;
      const tokens = estimateTokens(docs.reduce((sum, doc) => sum + Buffer.byteLength(doc.text) + 3, 0));
      out.push({
        code: 'path-scopable-section',
        level: 'info',
        file: source.path,
        line: docs[0]!.line,
        message: `all ${docs.length} rules of "${section.split(' > ').at(-1)}" name files under ${folder}/: as a .claude/rules/ file with paths: ${folder}/** they would load only when the agent reads one (~${formatCount(tokens)} tokens less at start-up)`,
      });
    }
  }
  return out;
}

/** Whether `first`, a section's first rule, is step 1 of a numbered list and makes a new file in a folder. */
function isNewFileRecipe(first: LintSource['documents'][number], text: string): boolean {
  return NEW_FILE_STEP.test(first.text) && FIRST_STEP.test(text.split('\n', first.line)[first.line - 1] ?? '');
}

/**
 * Whether `text` names `path` only as the program of a command: at the start of a code span or a
 * line, with arguments after it (`bin/rails db:migrate`) or, alone, a name without an extension
 * (`bin/dev`); `src/tools/index.ts` alone in a code span is a file named.
 */
function isRunAsCommand(text: string, path: string): boolean {
  const program = !/\.[^/]*$/.test(path) && !path.endsWith('/');
  const mentions = text.split(path).length - 1;
  const starts = [
    ...text.matchAll(
      new RegExp(String.raw`(?:\x60|^|\n)\s*(?:\$\s+)?(?:\.\/)?${escapeRegExp(path)}(?=(\s)|\x60|$)`, 'g'),
    ),
  ];
  const asCommand = starts.filter((match) => match[1] !== undefined || program).length;
  return mentions > 0 && asCommand === mentions;
}

/** Whether `text` names `path` as an import: `@path` or `@import path`, led by `./` or not. */
function isImportedIn(text: string, path: string): boolean {
  return new RegExp(String.raw`(?:^|\s)@(?:import\s+)?(?:\.\/)?${escapeRegExp(path)}(?=[\s#]|$)`).test(text);
}

/**
 * Whether the rules, each naming folders only (`src/ts/store/`, written with the closing slash) and
 * each its own, walk the agent through where things live ("1. Find the component in
 * `src/ts/component/`", "2. Check its interfaces in `src/ts/interface/`"): directions it needs
 * before it opens a file in any of them, which a `paths:` file over their common folder would give
 * only once it had found its way. Rules about the code in one folder name it or its files.
 */
function isFolderTour(references: readonly (readonly string[])[]): boolean {
  const all = references.flat();
  return all.every((path) => path.endsWith('/')) && new Set(all).size >= references.length;
}

/**
 * Whether every path is a Markdown document or a folder holding one of those documents, or one beside them in their
 * documentation folder: set 140's odoo-ai, "Review `docs/odoo/orm.md` … before touching models", "Shopify and GraphQL
 * patterns live in `docs/integrations/`" (a folder of pages too), under "## Domain Notes".
 */
function isReadingList(paths: readonly string[]): boolean {
  const documents = paths.filter((path) => path.endsWith('.md'));
  return paths.every((path) => {
    if (path.endsWith('.md')) return true;
    if (!path.endsWith('/')) return false;
    const parent = posix.dirname(path);
    return documents.some((doc) => doc.startsWith(path) || (parent !== '.' && doc.startsWith(`${parent}/`)));
  });
}

const MANIFESTS = ['package.json', 'Cargo.toml', 'pyproject.toml', 'go.mod'];

// A section headed as the repository's map ("Architecture", "Core Components", "Project
// structure") or as its list of pointers ("High-signal references", "See also", "Further reading"),
// or one under such a heading, is what the agent reads to find its way before it opens any file there; so is one
// headed as where things are ("Important File Locations > Infrastructure", set 98's core-banking-prototype-laravel).
const MAP_HEADING =
  /\b(?:architecture|structure|layout|overview|map|organi[sz]ation|director(?:y|ies)|components|modules|codebase|key files|locations?|references|resources|see also|further reading|where to look)\b/i;
// Top-level folders that hold a repository's code by convention: nearly every session reads a file there.
const CODE_FOLDERS = new Set(['src', 'lib', 'app', 'source', 'sources', 'pkg', 'internal', 'cmd', 'core']);

/**
 * Whether `folder` holds the repository's code as a whole: a top-level code folder (`src/`, a
 * Python package with its `__init__.py`), or the only folder in one (`src/tools/` when `src/` holds
 * nothing else). A `paths:` file over it would load in nearly every session and save nothing.
 */
function isAllOfTheCode(
  folder: string,
  exists: (path: string) => boolean,
  foldersIn: (dir: string) => readonly string[],
): boolean {
  const slash = folder.lastIndexOf('/');
  if (slash < 0) return CODE_FOLDERS.has(folder.toLowerCase()) || exists(`${folder}/__init__.py`);
  const parent = folder.slice(0, slash);
  return foldersIn(parent).length <= 1 && isAllOfTheCode(parent, exists, foldersIn);
}

/**
 * Whether `folder` holds a workspace's packages (`packages/`, `crates/`: 2 or more folders in it
 * with a manifest of their own). Most work in such a repository reads a file there, so a
 * `paths: packages/**` file would load in nearly every session and save nothing.
 */
function holdsPackages(
  folder: string,
  exists: (path: string) => boolean,
  foldersIn: (dir: string) => readonly string[],
): boolean {
  const packages = foldersIn(folder).filter((name) =>
    MANIFESTS.some((manifest) => exists(`${folder}/${name}/${manifest}`)),
  );
  return packages.length >= 2;
}

/**
 * Returns a note per folder under which 2 or more entries of the rendered team memory name all
 * their paths: the tokens a path-scoped rendering of them would save at start-up; never throws.
 */
export function findPathScopedTeamEntries(sources: readonly LintSource[]): LintFinding[] {
  const out: LintFinding[] = [];
  for (const source of sources) {
    const areas = new Map<string, LintSource['documents'][number][]>();
    for (const doc of source.documents) {
      const area = pathAreaOf(doc.text);
      if (area === null) continue;
      const list = areas.get(area);
      if (list) list.push(doc);
      else areas.set(area, [doc]);
    }
    for (const [area, docs] of areas) {
      if (docs.length < 2) continue;
      const tokens = estimateTokens(docs.reduce((sum, doc) => sum + Buffer.byteLength(doc.text) + 3, 0));
      out.push({
        code: 'path-scopable-team-entries',
        level: 'info',
        file: source.path,
        line: docs[0]!.line,
        message: `${docs.length} team memory entries name only files under ${area}/: with team.renderPathScoped they would render into .claude/rules/mem-${area.replaceAll('/', '-')}.md (paths: ${area}/**) and load only when the agent reads one (~${formatCount(tokens)} tokens less at start-up)`,
      });
    }
  }
  return out;
}
