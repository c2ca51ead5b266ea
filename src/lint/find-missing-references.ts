/**
 * References that no longer resolve, read by the anchor engine's finder (core/anchors/find-references.ts)
 * and, for commands, resolved by its resolver (core/anchors/resolve-anchors.ts) against the working
 * tree's manifests. Each is reported only on evidence that the text means a file, script or target
 * of this repository that is really missing:
 * - `missing-path`: a path with a "/", relative to the repository root or to the file, that is not
 *   in the working tree, and that git saw removed or renamed after the agent file came in, its first
 *   folder gone with it or not (path-history.ts: the message says where it went) or, without such
 *   history, whose first part exists and that names a file (an extension) in a folder the repository
 *   has and is no C header (found through include folders) nor a file the repository has below
 *   another folder (written from a source root, or a JVM module's file with its source root and
 *   packages left out: jvm-module-files.ts) nor the live file of a rotation, its dated copies beside
 *   it (rotated-files.ts); not a folder git saw drained and refilled (a queue such as the next
 *   release's notes, empty between releases);
 * - `missing-script` / `missing-target`: a package script (`npm run X`, `pnpm X`…) or a make or
 *   just target written as code (a code span or block: in prose "make sure" is English) that no
 *   package.json, Makefile or justfile of the repository defines, when the repository has one and
 *   reads all of its targets, in a file that names no other repository (`bun run src/x.ts` runs a file:
 *   a path, not a script). A command that only may name a script — a bare `pnpm X` / `yarn X`, which
 *   equally runs a dependency's binary, a builtin
 *   or the script of a project made on the way — is reported only when git saw a package.json here
 *   lose X; a `make X` only when the Makefile of the folder it runs from exists and includes none, or
 *   when git saw a Makefile lose X.
 * A Go package's member written after its path (`internal/config.Module`: go-qualified-names.ts) is no file.
 * An agent file in a vendored tree (is-vendored.ts) is its upstream's: none of these in it. So is one another repository's
 * sync bot last wrote (synced-copies.ts): its source repository's text. A path into a git
 * submodule's folder, or into an empty folder git records as a gitlink, is that repository's file, absent from a checkout
 * that did not fetch it: not reported; so are the commands run there (after a `cd` into it, or under a heading naming it).
 */
import { posix } from 'node:path';
import type { LintFinding } from './lint-report.js';
import type { LintDocument, LintSource } from './lint-document.js';
import { findRepositoryPaths } from '../core/text/repository-paths.js';
import { PACKAGE_MANAGERS } from '../core/text/folder-runners.js';
import {
  isAppendedTo,
  isExampleItem,
  isExampleOptionValue,
  isForbiddenCommandsSection,
  isNegatedBefore,
  isNoFileMeant,
  isOtherFormOfModule,
  isSaidAbsentInFile,
  isForbiddenInFile,
  isToldToCreate,
  isUnderExampleCaption,
  isLeftBehindInFile,
} from './is-no-file-meant.js';
import { isTailOfHomePath } from './home-path-tails.js';
import { isVendored } from './is-vendored.js';
import { declaresArchived, isArchived } from './is-archived.js';
import { isReleaseNoteFragment } from './release-note-fragments.js';
import { isRotatedFile } from './rotated-files.js';
import { isProjectScaffold, isUnderInstalledToolGuide, templateFolderOf } from './template-folder.js';
import { readFrontMatterPaths } from './read-front-matter-paths.js';
import { toolGuidePaths } from './tool-guides.js';
import { headingFolders } from './heading-folders.js';
import {
  isArchiveListing,
  isUnderExamplesLeadIn,
  isNamingPatternExample,
  leadInFolders,
  listLeadIn,
  placeholderHomes,
} from './lead-in-folders.js';
import { guidedPackageFolder } from './guided-package.js';
import { skillFolders } from './skill-folders.js';
import {
  clonesAnotherRepository,
  findNamedRepositories,
  isAboutLinkedRepository,
  isInManyRepositoriesSection,
  isInAnotherRepository,
  isInLinkedRepositorySentence,
  isInGitlink,
  isInSubmodule,
  isSiblingCheckoutProject,
  siblingCheckouts,
} from './other-repositories.js';
import { readTreeDrawing, type TreeEntry } from './read-tree-drawing.js';
import { isGivenAsOwnFile, isProgramBlock, shellBlockCommands } from './shell-block-commands.js';
import { NO_HISTORY, type PathHistory } from '../core/git/path-history.js';
import type { DefinitionNames, RemovedDefinitions } from '../core/git/script-history.js';
import { findReferences } from '../core/anchors/find-references.js';
import { resolveReference } from '../core/anchors/resolve-anchors.js';
import { isManifestKind, isManifestOf, type ManifestKind, type RepoSnapshot } from '../core/anchors/repo-snapshot.js';
import { escapeRegExp } from '../core/text/escape-regexp.js';
import { labelsSnippet } from './labels-snippet.js';
import { isInSuggestedColumn } from './suggested-column.js';
import { isJvmModuleFile } from './jvm-module-files.js';
import { isGoPackageMember } from './go-qualified-names.js';
import { isPythonPackageAttribute } from './python-qualified-names.js';
import { sharedBlockLines } from './shared-blocks.js';
import { exampleElementLines, workedExampleSections } from './worked-example-sections.js';
import { isPlacedInSeparateStore, separateStoreKinds } from './separate-stores.js';
import {
  isBesideDrawnSampleEntry,
  isInReaderProjectBlock,
  isKindFolderStandIn,
  isSnippetArgument,
} from './sample-paths.js';
import { isGuardedPath } from './guarded-paths.js';
import {
  isHedgedCommandItem,
  isToldNotToRun,
  isUnbuiltSection,
  slashAlternatives,
  writesScriptEntry,
} from './hedged-commands.js';
import { rangeMembers } from './numbered-ranges.js';
import { offsetsOf } from './text-offsets.js';

/** The working tree as the check reads it: existence of repository-relative paths, and the manifests with their text. */
export type ReferenceView = {
  exists: (path: string) => boolean;
  manifests: ReadonlyMap<string, string>;
  /** Which of the repository-relative paths git ignores (build output, per-user settings): asked once, for all. */
  ignored: (paths: readonly string[]) => ReadonlySet<string>;
  /** The names of the folders directly in a repository-relative folder ("" for the root); none when absent. */
  foldersIn?: (dir: string) => readonly string[];
  /** The names of the files directly in a repository-relative folder ("" for the root); none when absent. */
  filesIn?: (dir: string) => readonly string[];
  /** What git's history says of missing repository paths and of the agent files naming them: asked once, for all; none when absent. */
  history?: (paths: readonly string[], files: readonly string[]) => PathHistory;
  /** When an agent file first held a text, or named the path `text` whole (`asPath`; commit time, seconds), undefined when git never saw it; none when absent. */
  firstNamed?: (file: string, text: string, asPath?: boolean) => number | undefined;
  /** The scripts (make targets) of `names` a package.json (Makefile) of the repository lost in git's history (name → removing commit): asked once, for both kinds; none when absent. */
  removedDefinitions?: (names: DefinitionNames) => RemovedDefinitions;
  /** The folders git submodules are checked out into (other repositories' files); none when absent. */
  submodules?: readonly string[];
  /** Which of the repository-relative folders git's index records as gitlinks (other repositories' commits): asked only of an empty folder; none when absent. */
  gitlinks?: (folders: readonly string[]) => ReadonlySet<string>;
  /** Whether a file of the repository ends with the whole of a repository-relative path below another folder; none when absent. */
  endsAFile?: (path: string) => boolean;
  /** The folders a script of the repository installs in another project by their raw URL: asked once, when a reference is missing; none when absent. */
  installedFolders?: () => readonly string[];
  /** Which of the repository-relative folders the repository's code makes when it runs: asked once, of gone folders about to be reported; none when absent. */
  runTimeFolders?: (folders: readonly string[]) => ReadonlySet<string>;
  /** Which of the repository-relative data files the repository's code still reads by their path: asked once, of gone files about to be reported; none when absent. */
  runTimeInputs?: (files: readonly string[]) => ReadonlySet<string>;
  /** Which removed paths the root .gitignore of their removing commit ignored: asked once, of gone paths about to be reported; none when absent. */
  ignoredAtRemoval?: (removals: readonly { commit: string; paths: readonly string[] }[]) => ReadonlySet<string>;
  /** Which agent files a sync bot last wrote from another repository (synced-copies.ts): asked once, of the files with a finding; none when absent. */
  syncedCopies?: (files: readonly string[]) => ReadonlySet<string>;
};

/** A missing path of this repository that an agent file names, waiting for git's answers (which are ignored, which removed). */
type MissingPath = {
  path: string;
  reference: string;
  file: string;
  line: number;
  rooted: boolean;
  label: boolean;
  /**
   * Whether the text tells the agent to make it: to append to it, a log its first entry makes (isAppendedTo), or, at
   * another of its mentions, to create it (isToldToCreate).
   */
  madeByAgent: boolean;
  otherForm: boolean;
  /** Whether its first folder is missing as well: reported only on git's history (isInGoneFolder). */
  goneFolder: boolean;
  /** Whether it is written as a sample: a usage snippet's argument, a file named by its kind in that kind's folder. */
  sample: boolean;
  /** Whether it is an item of a list of files the agent must not change (guarded-paths.ts): it sends the agent nowhere. */
  guarded: boolean;
  /** The path with a word either side as its text writes it (mentionInContext): when this line came in. */
  mention: string;
};

/** One mention of a path whose first folder is gone too: where it would be, and what the text says of it (read later). */
type WaitingPath = {
  file: string;
  reference: string;
  path: string | null;
  judge: () => { noFileMeantHere: boolean; entry?: MissingPath };
};

/** Returns a finding per referenced path, script or target that does not resolve in `view`; never throws. */
export function findMissingReferences(sources: readonly LintSource[], view: ReferenceView): LintFinding[] {
  // The engine's resolver answers with the manifest that defines a command, so the manifests are the snapshot's objects.
  const snapshot: RepoSnapshot = {
    commit: '',
    objects: new Map([...view.manifests.keys()].map((path) => [path, { type: 'blob', oid: '' }])),
    manifests: view.manifests,
  };
  const has = (kind: ManifestKind) => [...view.manifests.keys()].some((path) => isManifestOf(path, kind));
  // `yarn tsc`, `pnpm eslint .`: yarn and pnpm run a script or, without one, a binary the dependencies install.
  const installed = installedBins(view);
  const dependencies = dependencyNames(view.manifests, installed === undefined);
  // The repository builds a package manager (its package.json's `bin` names pnpm): `pnpm change` is that tool's own command.
  const managers = PACKAGE_MANAGERS.filter((name) => binNames(view.manifests).has(name));
  // A justfile that imports another (`import`, `mod`) has recipes this check does not read (a Makefile: hasOwnMakefile).
  const unreadJust = [...view.manifests].some(
    ([path, text]) => isManifestOf(path, 'just') && /^(?:import\??|mod\??)\s/m.test(text),
  );
  const out: LintFinding[] = [];
  // Bare `pnpm X` / `yarn X` (and `make X` with no Makefile of its own to read) that resolve to nothing wait for
  // one question to git per kind: which of them a package.json (a Makefile) lost.
  const bare: { kind: 'script' | 'make'; value: string; file: string; line: number }[] = [];
  // Missing paths wait for one question to git: which of them it ignores.
  const missing: MissingPath[] = [];
  // A path whose first folder is gone too can be a finding only on git's history (isInGoneFolder): what the text says
  // of it is read once git has answered. Why: in a checkout without its source folders (a template, the corpus laid out
  // as repositories) nearly every path is one, and reading each (placeholderHomes, isNoFileMeant) tripled lint's time.
  const waiting: WaitingPath[] = [];

  // Rules shared across a team's repositories name the others ("the `Documentation` repo, at `Documentation/web/`").
  const otherRepositories = findNamedRepositories(sources.map((source) => source.text ?? ''));
  // A tool's own instructions file, which a managed block of another agent file sends the agent to: its own folder is the
  // tool's store, laid out by the tool's text (`openspec/specs` in `openspec/AGENTS.md`), which the tool's next update rewrites.
  const toolGuides = toolGuidePaths(sources);
  for (const source of sources) {
    // A vendored agent file is its upstream's: its paths and commands are that repository's. An archived one is its
    // day's: what it names was there then, and so is one whose opening banner declares the project archived.
    if ((source.vendored ?? isVendored(source.path)) || isArchived(source.path) || declaresArchived(source.text ?? ''))
      continue;
    // Home paths the file writes (`~/.claude/settings.json`): the same path without `~/` is that configuration's project-level place.
    const home = new Set(
      source.documents.flatMap((doc) => [...doc.text.matchAll(/~\/([^\s`'"()*,;]+)/g)].map((match) => match[1] ?? '')),
    );
    const seen = new Set<string>();
    // The folders of the paths the file names that exist, read only once a code block names a missing path.
    let namedFolders: readonly string[] | undefined;
    // The folder of the package the file says it guides, read only once a path is missing as written; null: none.
    let guided: string | null | undefined;
    const trees = readTreeDrawing(source.text ?? '');
    const lines = (source.text ?? '').split('\n');
    const speaksOfOthers = findNamedRepositories([source.text ?? '']).size > 0;
    const toolStore = toolGuides.has(source.path) ? `${posix.dirname(source.path)}/` : undefined;
    const scaffold = isProjectScaffold(source.path, view.exists);
    // A path-scoped rules file speaks from the folders its globs name: `scripts/build-tokens.ts` in the rules of `packages/core/**`.
    const scopedFolders = (readFrontMatterPaths(source.text ?? '') ?? [])
      .map(globFolder)
      .filter((folder) => folder !== '' && view.exists(folder));
    // The section whose steps run in another repository's clone, from the step that clones it on.
    let cloneSection: string | undefined;
    // Blocks the file keeps identical across repositories ("<shared>…</shared>"): their paths are the master's.
    const inSharedBlock = sharedBlockLines(source.text ?? '');
    // A section that is one worked example ("**Example:** Add a method …"): the files its steps name are the example's.
    const exampleSections = workedExampleSections(source.documents);
    // An `<example>` … `</example>` element's sample conversation: the files its calls write are made up for it.
    const inExampleElement = exampleElementLines(source.text ?? '');
    // A vault or wiki the file says stands apart ("lives in a separate Obsidian vault"): the folders it places there are its.
    const storeKinds = separateStoreKinds(source.text ?? '');
    // The checkouts beside this repository the file names ("the sibling server repo is `..\yaat-server`"): a folder
    // bearing one's name (`src/Yaat.Server`) is that repository's project.
    const siblings = siblingCheckouts(source.text ?? '', source.path);
    for (const [index, doc] of source.documents.entries()) {
      if (inSharedBlock(doc.line)) continue;
      // A section on several repositories ("## The repos and their shape"), and each subsection of one ("## Appendix:
      // rules by repository" over "### A. profile-portfolio"), names their paths and commands.
      // So is one whose heading names a repository the file links ("## Foundation: emeraude-base").
      if (isInManyRepositoriesSection(doc.section) || isAboutLinkedRepository(doc.section, source.text ?? '')) continue;
      if (cloneSection !== doc.section) cloneSection = clonesAnotherRepository(doc.text) ? doc.section : undefined;
      if (cloneSection !== undefined) continue;
      const references = findRepositoryPaths(doc.text).flatMap((reference) =>
        siblingExtensionForms(reference, source.path, view),
      );
      // A path into a repository the files name, and the commands run beside it, are that repository's.
      if (references.some((reference) => otherRepositories.has(reference.replace(/^\.?\/+/, '').split('/')[0] ?? '')))
        continue;
      // Folders the text names: a path written under one of them ("`src/http/server/` … (`server/web.rs`)") is relative
      // to it, and so is a path in a command run after `cd` ("`cd python && uv run python scripts/generate-docs.py`")
      // and one in a section whose heading names a folder ("## jax_likelihood_functions/" over `imaging/lp.py`),
      // or in a list whose lead-in does ("Each plugin is located in `plugins/<plugin-name>/` with its own:"), and a
      // path after a skill's name ("see `clerk-monorepo` skill `references/setup-and-footguns.md`") is the skill's.
      const folders = [
        ...[...references, ...changedInto(doc.text)].flatMap((reference) =>
          existingPaths(reference, source.path, view.exists),
        ),
        ...scopedFolders,
        ...headingFolders(doc.section, source.path, view.exists),
        ...leadInFolders(source.documents, index, lines, source.path, view),
        ...skillFolders(doc.text, source.path, view.exists),
        ...globRootFolders(doc.text, view.exists),
      ];
      // A code block's drawn tree: its lines run from the fence to the next document.
      const end = source.documents[index + 1]?.line ?? Infinity;
      const tree = doc.code === true ? trees.filter((entry) => entry.line >= doc.line && entry.line < end) : [];
      // The folder this code block lists (listingHome), asked once a name in it is missing as written; null: none.
      let listingOf: string | null | undefined;
      // Under "… archive containing:" the items are the archive's members, made by a build, not the repository's files;
      // under "**File Path Examples**:" the shapes of a user's files.
      const inArchive = isArchiveListing(source.documents, index, lines);
      // In a tool's guide installed into every project that uses it ("# Task Master AI - Agent Integration Guide"), the
      // tool's and the agents' configuration (`.claude/settings.json`, `.taskmaster/docs/prd.md`) is its catalogue of
      // what such a project may hold; a path of the project's own code named there stays the project's.
      const inToolGuide = isUnderInstalledToolGuide(doc.section);
      for (const reference of references) {
        if (inArchive || exampleSections.has(doc.section) || inExampleElement(doc.line)) continue;
        if (inToolGuide && reference.replace(/^\.\//, '').startsWith('.')) continue;
        if (seen.has(reference)) continue;
        // A tree drawn under a file (`tools/index.ts` then `python-repl/`: what it imports) is no folder layout.
        const drawn = tree.filter(
          (entry) =>
            entry.name.replace(/^\.?\/+/, '') === reference &&
            !entry.folders.some((folder) => posix.extname(folder) !== ''),
        );
        // A name drawn in a tree is first read as written; the tree only tells where a missing one would be (under `dist/`?).
        let written = missingPath(reference, source.path, view, folders);
        // A numbered range (`tests/rpc/level0..level3`) names its members: there when each of them is.
        if (
          written !== null &&
          rangeMembers(reference)?.every((member) => !missingPath(member, source.path, view, folders))
        )
          written = null;
        // A code block listing names the file keeps in one folder it names elsewhere is that folder's listing.
        if (written !== null && doc.code === true) {
          listingOf ??=
            listingHome(
              references,
              source.path,
              view.exists,
              () => (namedFolders ??= foldersNamedIn(source, view.exists)),
            ) ?? null;
          if (listingOf !== null) written = missingPath(reference, source.path, view, [...folders, listingOf]);
        }
        // A file opening on the workspace package it guides speaks from that package's folder (guided-package.ts).
        if (written !== null) {
          guided ??= guidedPackageFolder(source.documents, source.path, view.manifests) ?? null;
          if (guided !== null) written = missingPath(reference, source.path, view, [...folders, guided]);
        }
        const goneFolder = written !== null && isInGoneFolder(reference, source.path, view.exists);
        // A path the file also writes under a placeholder folder (`tool-mcps/<name>/src/server.py`) is each such folder's.
        // Asked only of a path missing as written: it builds a pattern of the path and reads the whole file with it, and
        // more folders to look in can only find a path, never lose one.
        const judge = (): { noFileMeantHere: boolean; entry?: MissingPath } => {
          let found = written;
          if (found !== null) {
            const homes = placeholderHomes(reference, source.text ?? '', source.path, view);
            if (homes.unmade) found = null;
            else if (homes.folders.length > 0)
              found = missingPath(reference, source.path, view, [...folders, ...homes.folders]);
          }
          const path =
            found !== null && drawn.length > 0 ? missingTreePath(reference, source.path, view.exists, drawn) : found;
          // What one paragraph says of a path (gone, an example, maybe there) is not said where another names it as
          // present: set 109's nuxt-crouton lists `server/plugins/escpos-drainer.ts` as "**DELETED from this package**",
          // and a later paragraph still runs "The `server/plugins/escpos-drainer.ts` Nitro plugin". Such a path is read
          // again there.
          const noFileMeantHere =
            path !== null &&
            (isNoFileMeant(reference, doc, view.exists) ||
              (storeKinds.length > 0 &&
                isPlacedInSeparateStore(reference, doc, listLeadIn(source.documents, index, lines), storeKinds)));
          if (
            path === null ||
            (toolStore !== undefined && `${withoutSlash(path)}/`.startsWith(toolStore)) ||
            home.has(reference.replace(/^\.?\/+/, '')) ||
            noFileMeantHere ||
            isGoPackageMember(reference, source.path, view.exists) ||
            isPythonPackageAttribute(path, view.exists) ||
            (source.text !== undefined && isGivenAsOwnFile(reference, doc, source.text)) ||
            (source.text !== undefined && isSaidAbsentInFile(reference, source.text)) ||
            (source.text !== undefined &&
              isForbiddenInFile(reference, source.text, view.exists, (path) => view.ignored([path]).has(path))) ||
            (source.text !== undefined && isUnderExampleCaption(reference, doc, source.text)) ||
            (source.text !== undefined && isLeftBehindInFile(reference, source.text)) ||
            isInSuggestedColumn(reference, doc, lines) ||
            isExampleOptionValue(reference, doc, source.documents) ||
            (source.text !== undefined && isTailOfHomePath(reference, source.text)) ||
            isInAnotherRepository(doc.text, reference) ||
            isSiblingCheckoutProject(reference, siblings) ||
            isInLinkedRepositorySentence(doc.text, reference) ||
            isInSubmodule(path, view.submodules ?? []) ||
            isInGitlink(path, view) ||
            isLayoutOfFoldersBelow(reference, references, source.path, view)
          )
            return { noFileMeantHere };
          return {
            noFileMeantHere,
            entry: {
              path,
              reference,
              file: source.path,
              line: lineNaming(reference, doc, lines),
              rooted: isRooted(reference, doc.text),
              madeByAgent: isAppendedTo(reference, doc) || isToldToCreate(reference, source.text ?? doc.text),
              label: labelsSnippet(reference, doc, lines),
              // Where the text stands too: `./utils/mocks.js` in `__test__/CLAUDE.md` is `__test__/utils/mocks.ts`.
              otherForm: isOtherFormOfModule(reference, view.exists) || isOtherFormOfModule(path, view.exists),
              goneFolder,
              sample:
                isKindFolderStandIn(reference) ||
                isSnippetArgument(reference, doc) ||
                isInReaderProjectBlock(reference, doc, view.exists) ||
                isUnderExamplesLeadIn(source.documents, index) ||
                isNamingPatternExample(reference, source.documents, index, lines) ||
                isBesideDrawnSampleEntry(reference, source.documents, index, view.exists),
              guarded: isGuardedPath(reference, doc.text),
              mention: mentionInContext(reference, doc.text),
            },
          };
        };
        if (goneFolder) {
          // Where it would be: placeholder folders can only find it (judge), a drawn tree may place it elsewhere.
          const path = drawn.length > 0 ? missingTreePath(reference, source.path, view.exists, drawn) : written;
          waiting.push({ file: source.path, reference, path, judge });
          continue;
        }
        const { noFileMeantHere, entry } = judge();
        if (!noFileMeantHere) seen.add(reference);
        if (entry !== undefined) missing.push(entry);
      }
      // "❌ `pnpm typecheck` — nonexistent": a bad example runs nothing. A file that names another repository
      // ("site build internals live in the Documentation repo") may run that one's commands: nothing says which.
      // Under "## Forbidden commands" the agent is told not to run them. A scaffold's are the made project's scripts.
      // Under a heading naming a git submodule's folder ("### LibRaw Tests (in external/LibRaw directory)") the commands
      // run there, with that repository's package.json, Makefile or justfile, absent from this checkout. Under "## Setup
      // (Not Yet Implemented)" they are a plan's.
      for (const reference of isExampleItem(doc.text) ||
      speaksOfOthers ||
      isForbiddenCommandsSection(doc.section) ||
      isUnbuiltSection(doc.section) ||
      scaffold ||
      headingNamesSubmodule(doc.section, source.path, view.submodules ?? [])
        ? []
        : commandsWrittenAsCode(doc, source.text, view.manifests, source.path, view)) {
        const key = `${reference.kind}:${reference.value}`;
        // `npm start` / `pnpm start` with no start script runs `node server.js`: no command fails. An item that says the
        // script may not be there ("(if available)") was written knowing it.
        if (
          seen.has(key) ||
          isHedgedCommandItem(doc.text) ||
          !has(reference.kind) ||
          (reference.kind === 'just' && unreadJust) ||
          (reference.kind === 'script' &&
            (reference.value === 'start' ||
              dependencies.has(reference.value) ||
              installed?.(reference.value) === true ||
              PROSE_WORDS.has(reference.value) ||
              managers.some((manager) => doc.text.includes(`${manager} ${reference.value}`))))
        )
          continue;
        seen.add(key);
        if (resolveReference(reference, snapshot) !== null) continue;
        // "`bun run test/check/types`": three scripts in one span, each defined, no script of that name meant.
        const alternatives = reference.kind === 'script' ? slashAlternatives(reference.value) : [];
        if (
          alternatives.length > 0 &&
          alternatives.every((value) => resolveReference({ ...reference, value }, snapshot) !== null)
        )
          continue;
        if (reference.kind === 'script' && writesScriptEntry(doc.text, reference.value)) continue;
        // A command in a code block's paragraph under a comment captioning it a good or bad example ("# Bad -
        // permission matches \"pkill\" not \"npm run\"" over `pkill -f "playwright"; sleep 2; npm run test:foo …`, set
        // 213's submit.diyaccounting.co.uk): the shape of a command line, shown on a script made up for it, as a
        // captioned example's paths are; a later line that does run it is still judged.
        if (
          doc.code === true &&
          source.text !== undefined &&
          isUnderExampleCaption(reference.value, doc, source.text)
        ) {
          seen.delete(key);
          continue;
        }
        // "Do not try to run `npm test`": no command fails; a later line that does run it is still judged.
        if (doc.code !== true && isToldNotToRun(doc.text, reference.value)) {
          seen.delete(key);
          continue;
        }
        if (reference.kind !== 'just' && !reference.explicit) {
          const value = reference.value.slice(reference.value.lastIndexOf(':') + 1);
          bare.push({
            kind: reference.kind,
            value: reference.kind === 'make' ? value : reference.value,
            file: source.path,
            line: doc.line,
          });
          continue;
        }
        const [code, what, where] =
          reference.kind === 'script'
            ? ['missing-script', 'the script', 'package.json']
            : reference.kind === 'make'
              ? ['missing-target', 'the make target', 'Makefile']
              : ['missing-target', 'the just recipe', 'justfile'];
        out.push({
          code,
          level: 'warning',
          file: source.path,
          line: doc.line,
          message: `${what} ${reference.value} is defined in no ${where} of the repository: the agent is told to run a command that fails`,
        });
      }
    }
  }
  const askedOf = (kind: 'script' | 'make') => bare.filter((entry) => entry.kind === kind);
  const namesOf = (kind: 'script' | 'make') => [...new Set(askedOf(kind).map((entry) => entry.value))];
  const removed =
    bare.length === 0 || view.removedDefinitions === undefined
      ? { script: new Map<string, string>(), make: new Map<string, string>() }
      : view.removedDefinitions({ script: namesOf('script'), make: namesOf('make') });
  for (const kind of ['script', 'make'] as const) {
    for (const entry of askedOf(kind)) {
      const commit = removed[kind].get(entry.value);
      if (commit !== undefined)
        out.push({
          code: kind === 'script' ? 'missing-script' : 'missing-target',
          level: 'warning',
          file: entry.file,
          line: entry.line,
          message: `${kind === 'script' ? 'the script' : 'the make target'} ${entry.value} is defined in no ${kind === 'script' ? 'package.json' : 'Makefile'} of the repository (removed in ${commit}): the agent is told to run a command that fails`,
        });
    }
  }
  // An agent file a script installs in another project (set 88's aap: `codex/AGENTS.md`, fetched by its raw URL into an
  // ArduPilot checkout) names that project's paths and commands.
  let installedFolders: readonly string[] | undefined;
  const isInstalled = (file: string) =>
    (installedFolders ??= view.installedFolders?.() ?? []).some((folder) => file.startsWith(`${folder}/`));
  const asked = [
    ...missing.flatMap((entry) => [entry.path, ...ownFolderForm(entry)]),
    ...waiting.flatMap((wait) => (wait.path === null ? [] : [wait.path, ...ownFolderForm(wait)])),
  ];
  const ignored = asked.length === 0 ? new Set<string>() : view.ignored(asked);
  // Ignored where it was looked for, or from the file's own folder: a nested file's "JSON persistence in
  // `data/devices.json`" (set 209's LLM-DevOSWE, `Admin/hive-brain/data/` ignored as runtime data) is its folder's
  // runtime file, though the root holds a `data/` of its own.
  const isIgnored = (entry: { path: string; reference: string; file: string }) =>
    ignored.has(entry.path) || ownFolderForm(entry).some((form) => ignored.has(form));
  const kept = (entry: { path: string; reference: string; file: string }) =>
    !isIgnored(entry) && !isBuildOutput(entry.path) && !isInstalled(entry.file);
  const paths = missing.filter(kept);
  // Whether a script installs a waiting path's file elsewhere (a `git grep` of the whole tree) is asked only of one git saw
  // removed: the rest can be no finding whatever the answer.
  const waitingKept = waiting.filter(
    (wait) => wait.path !== null && !isIgnored({ ...wait, path: wait.path }) && !isBuildOutput(wait.path),
  );
  const history =
    paths.length + waitingKept.length === 0 || view.history === undefined
      ? NO_HISTORY
      : view.history(
          [...new Set([...paths, ...waitingKept].map((entry) => withoutSlash(entry.path ?? '')))],
          [...new Set([...paths, ...waitingKept].map((entry) => entry.file))],
        );
  const firstNamed = new Map<string, number>();
  // Removed after the agent file came in (an agent file added before the history read, or never committed, counts
  // as older) and not before the file first named it: the text was right once. A path git removed before the line
  // naming it was written (set 55's lmnr: `signals/private/`, taken out of the open-source tree, then described)
  // was never this repository's when written; removed in the very commit that wrote it, it was (a squash).
  // The path alone may have been named before, another thing of the same name: set 148's garmin-performance-analysis
  // wrote "a single-source `tools/` registry" (its package's `garmin_mcp/tools/`) four months after git moved the old
  // top-level `tools/` away under another name (`garmin_mcp`). The words either side tell this line's mention from the
  // old ones. Asked only of a path reported gone that git saw renamed to another name: a folder moved under its own
  // name (`styles/` to `app/styles/`) is the same thing, and a line reworded after the move is as stale as before.
  // The path itself counts as named only whole: set 162's socket-cli named `src/cli.mts` before git moved `src/` into
  // `packages/cli/`, and `src/` alone first ten months later, in a fleet rule for each package ("Every top-level `src/`
  // symbol is exported").
  const namedSince = (file: string, text: string, asPath = false): number => {
    const key = `${file}\u0000${text}\u0000${asPath}`;
    if (!firstNamed.has(key)) firstNamed.set(key, view.firstNamed?.(file, text, asPath) ?? -Infinity);
    return firstNamed.get(key) ?? -Infinity;
  };
  const removedSince = (path: string, file: string, reference: string, mention?: string): boolean => {
    const removal = history.removed.get(withoutSlash(path));
    if (removal === undefined) return false;
    const added = history.added.get(file);
    if (added !== undefined && removal.time <= added) return false;
    if (removal.time < namedSince(file, reference.replace(/^\.\/+/, ''), true)) return false;
    const renamedAway =
      removal.renamedTo !== undefined && lastSegment(removal.renamedTo) !== lastSegment(withoutSlash(path));
    return (
      !renamedAway || mention === undefined || mention === reference || !(removal.time < namedSince(file, mention))
    );
  };
  // A waiting path's occurrences are read in the text's order, as the loop above reads others: the first that does not
  // say "no file meant" (an example, gone) decides; one that cannot be a finding now ends the reading.
  const byName = new Map<string, WaitingPath[]>();
  for (const wait of waiting) {
    const key = `${wait.file}\u0000${wait.reference}`;
    byName.set(key, [...(byName.get(key) ?? []), wait]);
  }
  for (const occurrences of byName.values()) {
    // A mention where it is found (judge: nothing missing) ends the reading, as `seen` does in the loop above.
    const stop = occurrences.findIndex((wait) => wait.path === null);
    const reachable = stop < 0 ? occurrences : occurrences.slice(0, stop);
    for (const [index, wait] of reachable.entries()) {
      const mayBeFound = reachable
        .slice(index)
        .some(
          (later) =>
            later.path !== null &&
            history.removed.get(withoutSlash(later.path))?.drained !== true &&
            removedSince(later.path, later.file, later.reference) &&
            kept({ ...later, path: later.path }),
        );
      if (!mayBeFound) break;
      const { noFileMeantHere, entry } = wait.judge();
      if (entry !== undefined && kept(entry)) paths.push(entry);
      if (!noFileMeantHere) break;
    }
  }
  const reported = paths.filter((entry) => {
    const removal = history.removed.get(withoutSlash(entry.path));
    // A folder git saw drained and refilled (release notes of the next release) is empty between two runs of its process.
    if (removal?.drained === true) return false;
    // Otherwise only a file of a folder the repository has, no made-up entry of a release-note queue, no code block's
    // label and no file the agent is told to make (a log it appends to, a file it is told to create elsewhere in the text).
    if (
      !removedSince(entry.path, entry.file, entry.reference, entry.mention) &&
      (entry.rooted ||
        entry.label ||
        entry.madeByAgent ||
        entry.otherForm ||
        entry.goneFolder ||
        entry.sample ||
        entry.guarded ||
        entry.reference.endsWith('/') ||
        isIncludePath(entry.reference) ||
        !isFileInExistingFolder(entry.path, view.exists) ||
        isWrittenFromSourceRoot(entry.reference, view) ||
        isJvmModuleFile(entry.reference, view.exists, view.foldersIn) ||
        isReleaseNoteFragment(entry.path) ||
        (view.filesIn !== undefined && isRotatedFile(entry.path, view.filesIn)))
    )
      return false;
    return true;
  });
  // A folder git saw emptied, with no new place, that the repository's code makes when it runs (set 175's hicosmo-jax:
  // "published figures stay in … `results/`", its example scripts' `os.makedirs("results", exist_ok=True)`): where the
  // program writes its output, not a file gone. Asked (one `git grep`) only of such folders about to be reported.
  const outputFolders = reported.flatMap((entry) => {
    const removal = history.removed.get(withoutSlash(entry.path));
    return removal !== undefined && removal.renamedTo === undefined && isFolderName(entry.path)
      ? [withoutSlash(entry.path)]
      : [];
  });
  const made =
    outputFolders.length === 0 || view.runTimeFolders === undefined
      ? new Set<string>()
      : view.runTimeFolders([...new Set(outputFolders)]);
  // A data file git saw removed, with no new place, that the repository's code still reads by its path (set 187's
  // ComfyUIMini_Enhanced: "Tag autocomplete requires `config/tags.csv` …", taken out of git as a large, sensitive
  // dataset while its server still opens `path.join(…, 'config', 'tags.csv')`): input the user supplies, not a file
  // gone. Asked (one `git grep`) only of such files about to be reported.
  const inputFiles = reported.flatMap((entry) => {
    const removal = history.removed.get(withoutSlash(entry.path));
    return removal !== undefined && removal.renamedTo === undefined && !isFolderName(entry.path) ? [entry.path] : [];
  });
  const read =
    inputFiles.length === 0 || view.runTimeInputs === undefined
      ? new Set<string>()
      : view.runTimeInputs([...new Set(inputFiles)]);
  // A folder whose files git saw taken out, with no new place, every one of them ignored now (set 224's risk-mapping:
  // "| 1m polygon shapefiles | `utiliies/polygons_1m/` |", its shapefiles untracked in the commit that added `*.shp`,
  // `*.dbf`… to .gitignore): data kept on disk, out of git, not a folder gone. Asked (one `git check-ignore`) only of
  // such folders about to be reported; a removal of files some of which git still tracks elsewhere is checked as before.
  const untracked = outputFolders.flatMap((folder) => {
    const files = history.removed.get(folder)?.files ?? [];
    return made.has(folder) || files.length === 0 ? [] : [{ folder, files }];
  });
  const ignoredNow =
    untracked.length === 0 ? new Set<string>() : view.ignored(untracked.flatMap((entry) => entry.files));
  const keptOutOfGit = new Set(
    untracked.filter((entry) => entry.files.every((file) => ignoredNow.has(file))).map((entry) => entry.folder),
  );
  // The same, ignored by the root .gitignore of the removing commit though not now: a file, or every file of a folder,
  // that commit took out while its rules ignored them (set 239's GPR-comparing: "`dicom/` – sample anonymized DICOM RT
  // files for local testing", untracked in the commits that added `dicom/` to .gitignore and kept it there, the
  // .gitignore overwritten since with one stray line). Asked (one `git show` and one `git check-ignore` a commit) only of
  // such paths about to be reported.
  const removedHere = reported.flatMap((entry) => {
    const path = withoutSlash(entry.path);
    const removal = history.removed.get(path);
    if (removal === undefined || removal.renamedTo !== undefined || made.has(path) || keptOutOfGit.has(path)) return [];
    const paths = isFolderName(entry.path) ? (removal.files ?? []) : [path];
    return paths.length === 0 ? [] : [{ path, commit: removal.commit, paths }];
  });
  const ignoredThen =
    removedHere.length === 0 || view.ignoredAtRemoval === undefined
      ? new Set<string>()
      : view.ignoredAtRemoval(removedHere);
  for (const { path, paths } of removedHere) if (paths.every((file) => ignoredThen.has(file))) keptOutOfGit.add(path);
  const textOf = (file: string) => sources.find((source) => source.path === file)?.text ?? '';
  const gone = reported.flatMap((entry): LintFinding[] => {
    const removal = history.removed.get(withoutSlash(entry.path));
    if (removal !== undefined && removal.renamedTo === undefined && made.has(withoutSlash(entry.path))) return [];
    if (removal !== undefined && removal.renamedTo === undefined && keptOutOfGit.has(withoutSlash(entry.path)))
      return [];
    if (removal !== undefined && removal.renamedTo === undefined && read.has(entry.path)) return [];
    if (removal?.renamedTo !== undefined && isFiledOnStage(entry.path, removal.renamedTo, textOf(entry.file)))
      return [];
    // A new place git saw that is gone as well (set 89's alchemiser-quant: `docs/DEPLOYMENT_WORKFLOW.md` moved to
    // `docs/guides/deployment/`, then "del docs") is said to be gone, not offered as where the file is now.
    const since =
      removal === undefined
        ? ''
        : removal.renamedTo === undefined
          ? ` (removed in ${removal.commit})`
          : ` (moved to ${removal.renamedTo} in ${removal.commit}${view.exists(removal.renamedTo) ? '' : ', since gone too'})`;
    return [
      {
        code: 'missing-path',
        level: 'warning',
        file: entry.file,
        line: entry.line,
        // Gone when git saw it removed; a path git never had (or had before the history read) is just not there.
        message: `${entry.reference} does not exist in the repository${since}: the agent is sent to a file that is ${removal === undefined ? 'not there' : 'gone'}`,
      },
    ];
  });
  const found = [...gone, ...out.filter((finding) => !isInstalled(finding.file))];
  // A file another repository's sync bot last wrote (synced-copies.ts) is that repository's text: what it names that this
  // one lacks is fixed there, or not at all. Asked (one `git log -1` a file) only of files with a finding.
  const synced =
    found.length === 0 || view.syncedCopies === undefined
      ? new Set<string>()
      : view.syncedCopies([...new Set(found.map((finding) => finding.file))]);
  return found.filter((finding) => !synced.has(finding.file));
}

const withoutSlash = (path: string) => path.replace(/\/+$/, '');

// A folder named for a stage of work in hand, and one named for a later stage (the kanban of a plans folder).
const OPEN_STAGE = /^(?:active|current|in[-_]?progress|wip|doing|todo|open|ongoing)$/i;
const LATER_STAGE = /^(?:archived?|done|completed?|finished|closed|resolved|pending|backlog)$/i;

/**
 * Whether a folder named for work in hand (`plans/active/`), which git saw emptied by moving its files into a sibling
 * folder named for a later stage (`plans/archived/`), is one stage of a workflow the same agent file sets out, naming
 * that sibling too ("`/plans/active/` - 현재 작업 중인 계획", "`/plans/pending/`", "`/plans/archived/` - 완료된
 * 계획", set 213's smpain_HR, whose last active plans were filed as done or pending): the move is the work filed
 * away, and the empty stage is where the next plan goes, not a folder gone. A move to a folder named otherwise
 * (`examples/python/` to `examples/demos/`), or one the text does not name, is still reported.
 */
function isFiledOnStage(path: string, renamedTo: string, text: string): boolean {
  const from = withoutSlash(path).replace(/^\.?\/+/, '');
  const to = withoutSlash(renamedTo);
  if (!isFolderName(path) || posix.dirname(from) !== posix.dirname(to)) return false;
  if (!OPEN_STAGE.test(posix.basename(from)) || !LATER_STAGE.test(posix.basename(to))) return false;
  return new RegExp(`(?:^|[\\s\`'"(/])${escapeRegExp(to)}/?(?=[\\s\`'")]|$)`, 'm').test(text);
}
// A folder as the text writes it: with a slash after it, or a last part without an extension (`results`).
const isFolderName = (path: string) => path.endsWith('/') || !/\.[^/]*$/.test(path);

/**
 * Whether every mention of `reference` in `text` starts at a root (`/docs/llms.txt`): how a site's
 * route or a machine's path is written; a repository's files are written from the repository.
 */
function isRooted(reference: string, text: string): boolean {
  const bare = reference.replace(/^\.?\/+/, '');
  const offsets = offsetsOf(bare, text);
  return offsets.length > 0 && offsets.every((at) => text[at - 1] === '/' && !/[\w.~-]/.test(text[at - 2] ?? ''));
}

/**
 * Whether a path git never saw at the place it names is a file the repository has below another folder:
 * text that writes a package's files from its source root (`sandbox/manager.rs` for
 * `crates/core/src/sandbox/manager.rs`, beside `agent/reminder.rs`) is read from the root only when
 * its first folder happens to be a root folder too (a `sandbox/` of Dockerfiles). A move git saw
 * after the agent file came in is still reported (the caller asks this only without one).
 */
function isWrittenFromSourceRoot(reference: string, view: Pick<ReferenceView, 'endsAFile'>): boolean {
  return view.endsAFile?.(reference.replace(/^\.?\/+/, '')) === true;
}

/**
 * Whether a path is a C or C++ header (`kj/debug.h`, `absl/strings/str_cat.h`): the compiler finds it
 * through its include folders, often in a library outside the repository, so where the text stands
 * says nothing of where it lives.
 */
const isIncludePath = (reference: string) => /\.(?:h|hh|hpp|hxx|h\+\+)$/i.test(reference);

/**
 * Whether a missing repository path names a file (an extension) in a folder the repository has:
 * without history, the shape that says a file of this repository was meant. A folder (`tests/module/`,
 * `src/tools/` for `src/fastmcp/tools/`), a name without extension (`models/__init__`, a docs-site
 * route) or a file in a folder the repository lacks (a generated project's `src/lib/bot.ts`) says too little.
 */
function isFileInExistingFolder(path: string, exists: (path: string) => boolean): boolean {
  if (!/\.[A-Za-z][A-Za-z0-9]{0,9}$/.test(posix.basename(path))) return false;
  const folder = posix.dirname(path);
  return folder === '.' || exists(folder);
}

/**
 * Words of a sentence, not script names: a comment in a block that is not read as a shell one (another
 * language, or the file as written not known) reaches the finder as `pnpm if`, `pnpm is` (a block's
 * text comes with its lines joined, so the comment's end is not known).
 */
const PROSE_WORDS = new Set([
  'if',
  'is',
  'isn',
  'are',
  'was',
  'and',
  'or',
  'not',
  'the',
  'a',
  'an',
  'to',
  'for',
  'with',
  'when',
  'then',
  'as',
  'in',
  'on',
  'of',
  'it',
  'be',
]);

/** Each package.json of the repository, parsed (one that is no JSON object is left out). */
function* packageJsons(manifests: ReadonlyMap<string, string>): Generator<Record<string, unknown>> {
  for (const [path, text] of manifests) {
    if (!path.endsWith('package.json')) continue;
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed !== null && typeof parsed === 'object') yield parsed as Record<string, unknown>;
    } catch {
      // A package.json that is no JSON names no dependency and installs no command.
    }
  }
}

/**
 * Binaries named unlike the package that installs them, for a clone with nothing installed (the binaries
 * themselves are then not there to read). Most share their package's name or scope (eslint, vitest,
 * jest, prettier, vite; `changeset` of `@changesets/cli`), which dependencyNames reads; only these
 * well-known others are listed, so an unknown name is still read as a script.
 */
const BINS_NAMED_OTHERWISE: Readonly<Record<string, readonly string[]>> = {
  typescript: ['tsc', 'tsserver'],
  '@typescript/native-preview': ['tsgo'],
  '@angular/cli': ['ng'],
  nuxt: ['nuxi'],
  '@sveltejs/kit': ['svelte-kit'],
  '@vue/cli-service': ['vue-cli-service'],
  storybook: ['sb'],
};

/**
 * Whether a binary is installed beside one of the repository's package.json files (`node_modules/.bin/`),
 * or undefined when none has installed dependencies (a fresh clone): then the declared ones tell.
 */
function installedBins(view: Pick<ReferenceView, 'exists' | 'manifests'>): ((name: string) => boolean) | undefined {
  const bins = [...view.manifests.keys()]
    .filter((path) => posix.basename(path) === 'package.json')
    .map((path) => posix.join(posix.dirname(path), 'node_modules', '.bin'))
    .filter((dir) => view.exists(dir));
  return bins.length === 0 ? undefined : (name) => bins.some((dir) => view.exists(posix.join(dir, name)));
}

/**
 * The packages the repository depends on (and their scopes), and the commands its scripts run:
 * `pnpm turbo`, `yarn vitest`, `pnpm changeset` run a binary when no script has the name; with
 * `knownBins` (nothing installed to read), also the binaries of BINS_NAMED_OTHERWISE (`yarn tsc`).
 */
function dependencyNames(manifests: ReadonlyMap<string, string>, knownBins: boolean): Set<string> {
  const names = new Set<string>();
  for (const parsed of packageJsons(manifests)) {
    for (const field of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies']) {
      const deps = parsed[field];
      if (deps !== null && typeof deps === 'object')
        for (const name of Object.keys(deps)) {
          names.add(name);
          if (knownBins) for (const bin of BINS_NAMED_OTHERWISE[name] ?? []) names.add(bin);
          // A scoped package's binary is usually named after its scope: `changeset` of `@changesets/cli`,
          // `playwright` of `@playwright/test` (`@types/*` install no binary).
          // or after its own name (`biome` of `@biomejs/biome`).
          const [, scope, own] = /^@([\w.-]+)\/([\w.-]+)$/.exec(name) ?? [];
          if (scope !== undefined && own !== undefined && scope !== 'types')
            names.add(scope).add(scope.replace(/s$/, '')).add(own);
        }
    }
    const scripts = parsed['scripts'];
    if (scripts !== null && typeof scripts === 'object')
      for (const body of Object.values(scripts))
        if (typeof body === 'string')
          for (const command of body.split(/&&|\|\||[;|]/)) {
            // The first word after any `VAR=value`: `changeset version`, `NODE_ENV=test vitest`.
            const word = command
              .trim()
              .split(/\s+/)
              .find((token) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(token));
            if (word !== undefined && /^[a-z][\w.-]*$/.test(word)) names.add(word);
          }
  }
  return names;
}

/** The commands the repository's packages install (`bin` of each package.json). */
function binNames(manifests: ReadonlyMap<string, string>): Set<string> {
  const names = new Set<string>();
  for (const parsed of packageJsons(manifests)) {
    const bin = parsed['bin'];
    if (typeof bin === 'string' && typeof parsed['name'] === 'string')
      names.add(parsed['name'].replace(/^@[^/]+\//, ''));
    else if (bin !== null && typeof bin === 'object') for (const name of Object.keys(bin)) names.add(name);
  }
  return names;
}

/** The folder a glob's literal part names: `packages/core` of `packages/core/**`, `apps/web` of `apps/web/src/*.ts`. */
// A glob in a code span with a folder before its wildcard: `.claude-plugin/tea-rags/rules/*.md`.
const SPANNED_GLOB = /`(\.?[\w@-][\w.@-]*(?:\/[\w.@-]+)*\/[^`\s]*[*?[{][^`\s]*)`/g;

/**
 * The folders on the way to each glob `text` names in a code span, below the root: a path beside the glob is written
 * from one of them ("`.claude-plugin/tea-rags/rules/*.md` (injected by `scripts/inject-rules.sh`)", set 134's
 * TeaRAGs-MCP: the plugin's script, `.claude-plugin/tea-rags/scripts/inject-rules.sh`). Only folders that exist.
 */
function globRootFolders(text: string, exists: (path: string) => boolean): string[] {
  if (!text.includes('`')) return [];
  const out: string[] = [];
  for (const match of text.matchAll(SPANNED_GLOB))
    for (let folder = globFolder(match[1]!); folder !== '' && folder !== '.'; folder = posix.dirname(folder))
      if (exists(folder)) out.push(folder);
  return out;
}

function globFolder(glob: string): string {
  const parts = glob.replace(/^\.?\/+/, '').split('/');
  const literal = parts.findIndex((part) => /[*?[{]/.test(part));
  return parts.slice(0, literal < 0 ? -1 : literal).join('/');
}

/**
 * The path a missing reference names from its nested file's own folder, when it was looked for elsewhere (a root folder
 * of its first name holds no such file): none for a root file, a path written from the root (`/x`) or one leaving the
 * repository.
 */
function ownFolderForm(entry: { path: string | null; reference: string; file: string }): string[] {
  const dir = posix.dirname(entry.file);
  if (dir === '.' || entry.path === null || entry.reference.startsWith('/')) return [];
  const form = posix.normalize(posix.join(dir, entry.reference));
  return form === entry.path || form.startsWith('..') ? [] : [form];
}

/**
 * The folders a path written in `file` may be relative to: the repository root, the file's folder
 * and the folders between them (a package's CLAUDE.md writes `scripts/seeder` from the package
 * root, where its commands run); only the file's folder for `./x` and `../x`.
 */
function basesOf(reference: string, file: string): string[] {
  const dir = posix.dirname(file);
  if (reference.startsWith('./') || reference.startsWith('../')) return [dir];
  const bases = ['.'];
  const parts = dir === '.' ? [] : dir.split('/');
  for (let i = 1; i <= parts.length; i++) bases.push(parts.slice(0, i).join('/'));
  return bases;
}

/**
 * The files a path written with its sibling's extension names (`MDI/BatchBuilder.hpp/.cpp`, a class's header and
 * source beside each other): a file holds no folder, so what follows it is the other file's extension. Any other
 * path, and one whose first part is a folder (`conf.d/.gitkeep`), as written.
 */
function siblingExtensionForms(reference: string, file: string, view: Pick<ReferenceView, 'foldersIn'>): string[] {
  const match = /^(.*[^/.]\.)([A-Za-z][\w+]*)((?:\/\.[A-Za-z][\w+]*(?:\.[A-Za-z][\w+]*)*)+)$/.exec(reference);
  if (match === null) return [reference];
  const [, stem = '', first = '', others = ''] = match;
  const named = `${stem}${first}`;
  const isFolder = basesOf(named, file).some((base) => {
    const path = posix.normalize(posix.join(base, named));
    const parent = posix.dirname(path);
    return view.foldersIn?.(parent === '.' ? '' : parent).includes(posix.basename(path)) === true;
  });
  return isFolder
    ? [reference]
    : [
        named,
        ...others
          .split('/.')
          .slice(1)
          .map((extension) => `${stem}${extension}`),
      ];
}

/** The folders a command line of `text` changes into (`cd python && …`, `pushd web; …`), as written. */
function changedInto(text: string): string[] {
  return [...text.matchAll(/(?:^|[\s;&|(`])(?:cd|pushd)\s+([\w.][\w./-]*)/g)].map((match) => match[1]!);
}

/**
 * `piece` up to its first `cd` into a folder the repository does not hold (`cd test-status-site` then `npm run serve`,
 * set 126's docusaurus-plugin-stentorosaur: the maintainer's own Docusaurus test site, never committed), into one
 * under the user's home (`cd ~/src/birdnet-go-qa/e2e` then `npm run test:settings`, set 192's birdnet-go: the QA
 * checkout beside the project's), or into a git submodule's folder (`cd external/LibRaw && npm run test:node`, set
 * 200's llm-camera: the submodule's own package.json, absent from this checkout): the commands after it run with that
 * folder's package.json, which the linter cannot read.
 */
function untilOutsideFolder(piece: string, file: string, view: Pick<ReferenceView, 'exists' | 'submodules'>): string {
  if (!/\b(?:cd|pushd)\s/.test(piece)) return piece;
  for (const match of piece.matchAll(
    /(?:^|[\s;&|(`])(?:cd|pushd)\s+((?:~|\$HOME\b|\$\{HOME\})[\w./-]*|[\w.][\w./-]*)/g,
  )) {
    if (/^[~$]/.test(match[1]!)) return piece.slice(0, match.index);
    const folder = match[1]!.replace(/\/+$/, '');
    if (folder === '.' || folder === '..' || folder.startsWith('../')) continue;
    const paths = existingPaths(folder, file, view.exists);
    if (paths.length === 0 || paths.some((path) => isSubmoduleFolder(path, view.submodules ?? [])))
      return piece.slice(0, match.index);
  }
  return piece;
}

/** Whether repository-relative `path` is a git submodule's folder (a `path =` of `.gitmodules`) or lies in one. */
const isSubmoduleFolder = (path: string, submodules: readonly string[]) =>
  submodules.includes(path) || isInSubmodule(path, submodules);

/**
 * Whether a heading of `section` names a git submodule's folder as a word, written from the repository root or from
 * `file`'s folder ("### LibRaw Tests (in external/LibRaw directory)", set 200's llm-camera, `external/LibRaw` a `path =`
 * of `.gitmodules`): the section's commands run there, with that repository's scripts and targets.
 */
function headingNamesSubmodule(section: string, file: string, submodules: readonly string[]): boolean {
  if (section === '' || submodules.length === 0) return false;
  const dir = posix.dirname(file);
  return submodules.some((folder) => {
    const written = [folder];
    if (dir !== '.' && folder.startsWith(`${dir}/`)) written.push(folder.slice(dir.length + 1));
    return written.some((path) =>
      new RegExp(`(?:^|[\\s\`'"(])(?:\\./)?${escapeRegExp(path)}/?(?=$|[\\s\`'"),:;])`).test(section),
    );
  });
}

/** The repository paths `reference`, written in `file`, is that exist. */
function existingPaths(reference: string, file: string, exists: (path: string) => boolean): string[] {
  return basesOf(reference, file)
    .map((base) => posix.normalize(posix.join(base, reference)))
    .filter((path) => !path.startsWith('..') && exists(path));
}

/**
 * Returns the repository-relative path `reference` would be when it is missing, or null. Git's own
 * files (hooks, info/exclude) are made per clone; a name without a folder says too little to call
 * missing. A path found under a folder the same text names (`folders`, repository-relative) is there.
 */
function missingPath(
  reference: string,
  file: string,
  view: Pick<ReferenceView, 'exists' | 'foldersIn'>,
  folders: readonly string[],
): string | null {
  const { exists } = view;
  if (reference.startsWith('.git/') || !reference.includes('/')) return null;
  const bases = basesOf(reference, file);
  const candidates = bases
    .map((base) => posix.normalize(posix.join(base, reference)))
    .filter((path) => !path.startsWith('..'));
  if (candidates.length === 0 || candidates.some((path) => exists(path))) return null;
  const bare = reference.replace(/^\.?\/+/, '');
  // A template's agent file speaks of the project made from it: `app/ui/` to add, `src/lib/bot.ts` the generator writes.
  if (templateFolderOf(file) !== undefined) return null;
  const first = bare.split('/')[0] ?? '';
  for (const folder of folders) {
    // A link's text shortening its target ("[feats/guide.md](./.pi/feats/guide.md)", set 140's frappe/crm after its
    // docs moved into `.pi/`): the same file, named in full beside it.
    if (folder.endsWith(`/${withoutSlash(bare)}`)) return null;
    const inside = posix.join(folder, bare);
    // `server/web.rs` under `…/http/server/`: the text repeats the folder's own name.
    const beside = posix.basename(folder) === first ? posix.join(posix.dirname(folder), bare) : null;
    if (exists(inside) || (beside !== null && exists(beside))) return null;
  }
  // A path each of several folders below the file has ("each example has its own `src/main.c`") is written from each of them.
  const dir = posix.dirname(file);
  const below = (view.foldersIn?.(dir === '.' ? '' : dir) ?? []).filter((folder) =>
    exists(posix.join(dir, folder, bare)),
  );
  if (below.length >= 2) return null;
  // So is one several folders under a folder the text names have ("Agentic tooling lives under `plugins/`. Each
  // subdirectory is a self-contained plugin with its own `.claude-plugin/plugin.json`", set 94's aio-commerce-sdk, whose
  // plugins sit two levels down: `plugins/commerce/app-management/`).
  if (folders.some((folder) => foldersBelow(folder, view).filter((path) => exists(posix.join(path, bare))).length >= 2))
    return null;
  // A path into a folder the repository lacks (`org/repo`, `feature/x`, a path on another machine) is kept only for git's
  // history to speak of (isInGoneFolder): reported only when git saw it removed after the agent file came in.
  const base = topFolderBase(reference, file, exists) ?? nearBases(reference, file)[0];
  return base === undefined ? null : posix.normalize(posix.join(base, reference.replace(/^\/+/, '')));
}

/** The folders holding the paths `source` names that exist (`.pi` of a link to `./.pi/PLAN.md`). */
function foldersNamedIn(source: LintSource, exists: (path: string) => boolean): string[] {
  const folders = new Set<string>();
  for (const doc of source.documents)
    for (const reference of findRepositoryPaths(doc.text))
      for (const path of existingPaths(reference, source.path, exists)) {
        const folder = posix.dirname(withoutSlash(path));
        if (folder !== '.') folders.add(folder);
      }
  return [...folders];
}

/**
 * The folder a code block's listing is of: one the file names elsewhere that holds every name of the block missing
 * as written, three at least. Set 140's frappe/crm: "PLAN.md — future only", "SPEC.md", "ARCHIVE.md", "feats/",
 * "archives/" under "## Docs structure", all moved into `.pi/` with the links elsewhere in AGENTS.md
 * (`./.pi/PLAN.md`), the listing left as the folder's own.
 */
function listingHome(
  references: readonly string[],
  file: string,
  exists: (path: string) => boolean,
  namedFolders: () => readonly string[],
): string | undefined {
  const listed = references.filter((reference) => existingPaths(reference, file, exists).length === 0);
  if (listed.length < 3) return undefined;
  return namedFolders().find((folder) =>
    listed.every((reference) => exists(posix.join(folder, reference.replace(/^\.?\/+/, '')))),
  );
}

/** The places a path may be written from, the folders between only looked in: a package's own `remix/ui` import says nothing of `packages/remix`. */
function nearBases(reference: string, file: string): string[] {
  const bases = basesOf(reference, file);
  return bases.filter((b) => b === '.' || b === posix.dirname(file) || bases.length === 1);
}

/** The near place (nearBases) from which a path's first folder exists; undefined when it exists from none. */
function topFolderBase(reference: string, file: string, exists: (path: string) => boolean): string | undefined {
  const top = reference.replace(/^\/+/, '').split('/')[0] ?? '';
  return nearBases(reference, file).find((b) => exists(posix.normalize(posix.join(b, top))));
}

/**
 * Whether a missing path's first folder is missing too: only git's history tells such a path from `org/repo` or another
 * machine's path. Set 119's bqtools: "Integration tests live in `tests/`. `tests/common.rs` provides a builder", the
 * whole `tests/` folder removed months after CLAUDE.md came in.
 */
const isInGoneFolder = (reference: string, file: string, exists: (path: string) => boolean) =>
  topFolderBase(reference, file, exists) === undefined;

/**
 * Returns the repository-relative path a name drawn in a tree would be when it is missing, or null:
 * the name under the folders drawn above it, with or without the tree's outer folders (a root line
 * may be the project's own name); missing when no form exists and one's first folder does.
 */
function missingTreePath(
  reference: string,
  file: string,
  exists: (path: string) => boolean,
  drawn: readonly TreeEntry[],
): string | null {
  if (reference.startsWith('.git/') || !reference.includes('/') || templateFolderOf(file) !== undefined) return null;
  const bases = basesOf(reference, file);
  const forms = drawn.flatMap((entry) =>
    [...entry.folders.keys(), entry.folders.length].map((outer) =>
      posix.join(...entry.folders.slice(outer), reference.replace(/^\/+/, '')),
    ),
  );
  const places = bases.flatMap((base) =>
    forms
      .map((form) => ({
        path: posix.normalize(posix.join(base, form)),
        top: posix.join(base, form.split('/')[0] ?? ''),
      }))
      .filter(({ path }) => !path.startsWith('..')),
  );
  if (places.some(({ path }) => exists(path))) return null;
  return places.find(({ top }) => exists(top))?.path ?? null;
}

/** Folders that builds and installs make: named by a file, they are there after a build, not before. */
const BUILD_OUTPUT = new Set(['dist', 'build', 'node_modules', 'storybook-static', 'coverage', '.next', '__pycache__']);

const isBuildOutput = (path: string) => path.split('/').some((part) => BUILD_OUTPUT.has(part));

// A project generator run through a package runner (`npx create-next-app my-app`, `npm create vite@latest`,
// `npx @electric-sql/start my-app`): the commands after it run in the project it makes, with that project's scripts.
const PROJECT_GENERATOR =
  /\b(?:(?:npx|bunx|pnpm\s+dlx|yarn\s+dlx)\s+(?:-\S+\s+)*(?:create-[\w.-]+|@[\w.-]+\/(?:create(?:-[\w.-]+)?|start|init))|(?:npm|pnpm|yarn|bun)\s+(?:create|init)\s+[\w@])/;

/**
 * Make's own error line, quoted where a guide says what to do when it shows (set 230's fastapi-streamlit-llm-starter:
 * "**Issue**: `make: *** No rule to make target 'help'.  Stop.`"): the words "make target" there are output, not a
 * command; from its `make:` (or `make[2]:`) to the line's end.
 */
const MAKE_DIAGNOSTIC = /\b[gb]?make(?:\[\d+\])?:\s*\*\*\*[^\n]*/g;

/**
 * The script, make and just references of `doc` that are written as code: the whole of a code block
 * (a shell block without its comments, read from the file as written; none in a program's source),
 * the code spans of other text; up to a project generator, after which commands are the new project's.
 */
function commandsWrittenAsCode(
  doc: LintDocument,
  fileText: string | undefined,
  manifests: ReadonlyMap<string, string>,
  file: string,
  view: Pick<ReferenceView, 'exists' | 'submodules'>,
): { kind: ManifestKind; value: string; explicit: boolean }[] {
  if (isProgramBlock(doc)) return [];
  const block =
    doc.code === true ? ((fileText === undefined ? null : shellBlockCommands(doc, fileText)) ?? doc.text) : '';
  // "There is intentionally no `make check` convention": a command the text says there is none of is not run.
  const pieces =
    doc.code === true
      ? [block]
      : [...doc.text.matchAll(/`([^`\n]+)`/g)]
          .filter((match) => !isNegatedBefore(doc.text.slice(Math.max(0, match.index - 40), match.index)))
          .map((match) => match[1] ?? '');
  return pieces.flatMap((whole) => {
    const piece = untilOutsideFolder(whole.split(PROJECT_GENERATOR)[0] ?? '', file, view).replace(MAKE_DIAGNOSTIC, ' ');
    return findReferences(piece).flatMap((found) => {
      const reference = found.kind === 'script' ? { ...found, value: scriptNameAsWritten(piece, found.value) } : found;
      return isManifestKind(reference.kind) &&
        !isNameFamily(piece, reference.value) &&
        !(reference.kind === 'make' && forwardsEveryTarget(piece, reference.value, manifests, file)) &&
        !(reference.kind === 'script' && isBunFileRun(piece, reference.value))
        ? [
            {
              kind: reference.kind,
              value: reference.value,
              explicit:
                reference.kind === 'script'
                  ? isScriptCall(piece, reference.value)
                  : reference.kind === 'make'
                    ? hasOwnMakefile(piece, reference.value, manifests, file)
                    : true,
            },
          ]
        : [];
    });
  });
}

/**
 * The script name `piece` writes where the finder read `name`: its names stop at a `+`, which a script's name may hold
 * (set 135's benchmark-i18n: `bun run build:vite+react`, a script its package.json defines, read as `build:vite`).
 */
function scriptNameAsWritten(piece: string, name: string): string {
  if (!piece.includes(`${name}+`)) return name;
  const rest = new RegExp(`(?<![\\w:.@/-])${escapeRegExp(name)}((?:\\+[\\w:.@/-]+)+)`).exec(piece)?.[1];
  return rest === undefined ? name : name + rest;
}

/**
 * Whether `name` goes on in `piece` with a wildcard or a template part (`make build-*`, `make test-<platform>`,
 * `make build-{ios,macos}`, `npm run test:*`, Ruby's and Elixir's `make test_#{APPLICATION}`): the finder cut a
 * family of targets or scripts, not one name.
 */
function isNameFamily(piece: string, name: string): boolean {
  return new RegExp(`${escapeRegExp(name)}[:-]?(?:[*<{$%[]|#\\{)`).test(piece);
}

/**
 * Whether `piece` has Bun run `name` as a source file or a folder: `bun run src/cleanup-database.ts` runs that file
 * when no script has the name, and `bun run packages/cli -- --help` (set 116's openapi-mcp-generator) the package
 * that folder holds, by its `main`; so it names a path (checked as one), not a script package.json lacks.
 */
function isBunFileRun(piece: string, name: string): boolean {
  return (
    (/\.[cm]?[jt]sx?$/.test(name) || /^\.{0,2}\/?[\w@.-]+(?:\/[\w@.-]+)+\/?$/.test(name)) &&
    new RegExp(
      `\\bbun\\s+(?:-{1,2}[\\w-]+(?:=\\S+)?\\s+)*run\\s+(?:-{1,2}[\\w-]+(?:=\\S+)?\\s+)*${escapeRegExp(name)}(?![\\w.@/-])`,
    ).test(piece)
  );
}

/**
 * Whether `piece` calls script `name` as a script: `npm run X`, `pnpm run X`, `yarn run X`, `bun run X`,
 * `npm run-script X`, and npm's `npm test` / `npm start` (npm runs no binary). A bare `pnpm X` / `yarn X`
 * runs a script or, without one, a dependency's binary or the package manager's own command.
 */
function isScriptCall(piece: string, name: string): boolean {
  const options = '(?:-{1,2}[\\w-]+(?:[=\\s]\\S+)?\\s+)*';
  return new RegExp(
    `\\b(?:(?:npm|pnpm|yarn|bun)\\s+${options}(?:workspace\\s+\\S+\\s+)?run(?:-script)?\\s+|npm\\s+)${escapeRegExp(name)}(?![\\w:.@/-])`,
  ).test(piece);
}

/**
 * Whether `make X` in `piece`, written in `file`, runs against a Makefile this check reads whole: the one
 * of the folder the command runs from (`make -C dir`'s, or the agent file's when the piece changes no
 * folder), which exists and includes no other and forwards no target (`FORWARDS_EVERY_TARGET`), nor has a line
 * that starts with an expansion (`$(TARGETS): image`, forwarding every target another file lists; `$(eval …)`
 * writing rules).
 */
function hasOwnMakefile(piece: string, value: string, manifests: ReadonlyMap<string, string>, file: string): boolean {
  const colon = value.lastIndexOf(':');
  if (colon < 0 && changesFolder(piece)) return false;
  const text = makefileIn(colon < 0 ? posix.dirname(file) : posix.normalize(value.slice(0, colon)), manifests);
  return text !== undefined && !FORWARDS_EVERY_TARGET.test(text) && !/^(?:-?s?include\s|\$[({])/m.test(text);
}

/**
 * A rule that takes every target no other rule makes: a match-anything rule (`%: FORCE` / `@python tasks.py $@`, set
 * 130's anima_lora, whose Makefile became a thin dispatcher to tasks.py) or `.DEFAULT:` (a BSD-make shim's
 * `@gmake $@`, a CMake wrapper's `$(MAKE) -C build $@`).
 */
const FORWARDS_EVERY_TARGET = /^(?:%::?(?:\s|$)|\.DEFAULT\s*:)/m;

/**
 * Whether `make X` in `piece`, written in `file`, runs against a Makefile that forwards every target: then no target
 * is missing from it, whatever rules git saw it lose. Without `make -C dir` (and with no `cd`), the Makefile is the
 * agent file's folder's or, where that folder has none, the nearest above it (a nested CLAUDE.md's `make gui` is run
 * from the root).
 */
function forwardsEveryTarget(
  piece: string,
  value: string,
  manifests: ReadonlyMap<string, string>,
  file: string,
): boolean {
  const colon = value.lastIndexOf(':');
  if (colon >= 0)
    return FORWARDS_EVERY_TARGET.test(makefileIn(posix.normalize(value.slice(0, colon)), manifests) ?? '');
  if (changesFolder(piece)) return false;
  for (let dir = posix.dirname(file); ; dir = posix.dirname(dir)) {
    const text = makefileIn(dir, manifests);
    if (text !== undefined) return FORWARDS_EVERY_TARGET.test(text);
    if (dir === '.') return false;
  }
}

/** Whether `piece` runs make from another folder than its own: `cd dir`, `pushd dir`, `make -f other.mk`. */
function changesFolder(piece: string): boolean {
  return /(?:^|[\s;&|(])(?:cd|pushd)\s+\S|\bmake\s+(?:\S+\s+)*-f\b/.test(piece);
}

/**
 * The Makefile of `dir`: GNU make reads GNUmakefile first, then makefile, then Makefile (set 73's kubo: a GNUmakefile
 * including its rules and a Makefile that only hands every target to gmake).
 */
function makefileIn(dir: string, manifests: ReadonlyMap<string, string>): string | undefined {
  return ['GNUmakefile', 'makefile', 'Makefile']
    .map((name) => manifests.get(dir === '.' ? name : `${dir}/${name}`))
    .find((found) => found !== undefined);
}

/**
 * Whether a top folder written bare (`test/`) is one of a layout the piece draws of each package below the file: "Tests
 * use vitest with `test/` mirroring `src/`" at a monorepo's root (set 133's action-llama, whose `packages/action-llama/`
 * and `packages/skill/` each hold both since the move into `packages/`). Another bare folder the piece names sits beside
 * it in two or more folders below the file; a path into one (`test/integration/`) is still read as written.
 */
function isLayoutOfFoldersBelow(
  reference: string,
  references: readonly string[],
  file: string,
  view: Pick<ReferenceView, 'exists' | 'foldersIn'>,
): boolean {
  const bareFolder = /^(?:\.\/)?([\w.-]+)\/$/;
  const name = bareFolder.exec(reference)?.[1];
  if (name === undefined) return false;
  const others = references.flatMap((other) => {
    const match = bareFolder.exec(other)?.[1];
    return match === undefined || match === name ? [] : [match];
  });
  if (others.length === 0) return false;
  const dir = posix.dirname(file);
  const holding = foldersBelow(dir === '.' ? '' : dir, view).filter(
    (folder) => view.exists(posix.join(folder, name)) && others.some((other) => view.exists(posix.join(folder, other))),
  );
  return holding.length >= 2;
}

/** The folders one and two levels below `folder` (a grouping folder holds the units: `plugins/commerce/<plugin>/`). */
function foldersBelow(folder: string, view: Pick<ReferenceView, 'foldersIn'>): string[] {
  const children = (view.foldersIn?.(folder) ?? []).map((name) => posix.join(folder, name));
  return [
    ...children,
    ...children.flatMap((child) => (view.foldersIn?.(child) ?? []).map((name) => posix.join(child, name))),
  ];
}

/**
 * The line a finding on `reference` points at: a fenced code block is one document whose line is its fence's, so the
 * body's first line naming the reference is read from the file as written (set 95's playwright-smart-table: a spec named
 * on a block's fourteenth line was reported at the fence). Other documents, and a block whose lines do not name it as
 * written, keep their own line.
 */
/** Returns the last segment of a repository-relative path (`packages/garmin_mcp` → `garmin_mcp`); never throws. */
function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/**
 * Returns `reference` with the word either side of its first mention in `text`, on its line ("single-source `tools/`
 * registry"); the reference alone when `text` does not hold it. Never throws.
 */
function mentionInContext(reference: string, text: string): string {
  const at = text.indexOf(reference);
  if (at < 0) return reference;
  const before = /\S+[^\S\n]+\S*$|\S*$/.exec(text.slice(Math.max(0, at - 80), at))?.[0] ?? '';
  const after = /^\S*[^\S\n]+\S+|^\S*/.exec(text.slice(at + reference.length, at + reference.length + 80))?.[0] ?? '';
  return `${before}${reference}${after}`;
}

function lineNaming(reference: string, doc: LintDocument, lines: readonly string[]): number {
  if (doc.fence === undefined) return doc.line;
  // `doc.line` is the fence's line (1-based), so the body's first line is at that index.
  for (let index = doc.line; index < doc.line + doc.fence.lines && index < lines.length; index++)
    if (lines[index]!.includes(reference)) return index + 1;
  return doc.line;
}
