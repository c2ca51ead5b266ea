/**
 * `mem lint`'s decision: every check over what the agents load (plan-agent-loads.ts), as one
 * report. Pure: the files' documents and existence come in as data and functions.
 */
import { posix } from 'node:path';
import {
  LINT_LEVELS,
  TOKEN_ESTIMATE,
  type LintAgent,
  type LintFinding,
  type LintLevel,
  type LintReport,
  type LoadedFile,
  type LoadReason,
} from './lint-report.js';
import type { ImportProblem, PlannedLoads } from './plan-agent-loads.js';
import type { LintDocument, LintSource } from './lint-document.js';
import type { AgentFileKind } from './classify-agent-file.js';
import type { PathHistory } from '../core/git/path-history.js';
import type { DefinitionNames, RemovedDefinitions } from '../core/git/script-history.js';
import { findImportProblems, findOverBudget, findPastCodexCap } from './find-load-problems.js';
import { isPersonalFileName } from './is-personal-file-name.js';
import { findDuplicates, type ScriptWrittenHeadings } from './find-duplicates.js';
import { packagePublishing } from './package-publishing.js';
import { findContradictions } from './find-contradictions.js';
import { findUnsafeText } from './find-unsafe-text.js';
import { findMissingReferences } from './find-missing-references.js';
import { isInSubmodule, submoduleFolders } from './other-repositories.js';
import { findUnmatchedGlobs } from './find-unmatched-globs.js';
import { findUnloadedFiles } from './find-unloaded-files.js';
import { findBrokenLinks, type DanglingLink } from './find-broken-links.js';
import { findPathScopedSections, findPathScopedTeamEntries } from './find-path-scoped-sections.js';
import { nestedCheckoutOf } from './nested-checkouts.js';
import { standaloneProjectOf } from './standalone-projects.js';
import { normalized } from './same-text-copies.js';
import { isTestData } from './is-test-data.js';
import { installedSkillFolders, isVendored } from './is-vendored.js';

export type LintRequest = {
  dir: string;
  planned: PlannedLoads;
  /** The text of a repository-relative path, or null. */
  read: (path: string) => string | null;
  /** Whether a repository-relative path exists (file or folder). */
  exists: (path: string) => boolean;
  /** Which of the repository-relative paths git ignores. */
  ignored: (paths: readonly string[]) => ReadonlySet<string>;
  /** What git's history says of missing paths and of the agent files naming them. */
  history: (paths: readonly string[], files: readonly string[]) => PathHistory;
  /** When an agent file first held a text, or named the path `text` whole (`asPath`; commit time, seconds); none when git is not asked. */
  firstNamed?: (file: string, text: string, asPath?: boolean) => number | undefined;
  /** The scripts (make targets) of `names` a package.json (Makefile) of the repository lost in git's history (name → removing commit), both kinds asked at once. */
  removedDefinitions: (names: DefinitionNames) => RemovedDefinitions;
  /** The file a repository-relative path is, symlinks followed (the path itself when unknown). */
  realPath: (path: string) => string;
  /** The repository's package.json, Makefile and justfile texts, by path. */
  manifests: ReadonlyMap<string, string>;
  /** The names of the folders directly in a repository-relative folder ("" for the root). */
  foldersIn: (dir: string) => readonly string[];
  /** The names of the files directly in a repository-relative folder ("" for the root; asked only of a missing path's folder). */
  filesIn?: (dir: string) => readonly string[];
  /** Whether a file of the repository ends with the whole of a repository-relative path below another folder. */
  endsAFile: (path: string) => boolean;
  /** Which of the repository-relative folders git records as gitlinks (asked only of an empty folder a missing path lies in). */
  gitlinks?: (folders: readonly string[]) => ReadonlySet<string>;
  /** Whether a glob (no braces) matches a file of the repository. */
  globMatches: (glob: string) => boolean;
  /** The folders a script of the repository installs in another project by their raw URL (asked only when a reference is missing). */
  installedFolders?: () => readonly string[];
  /** Which of the repository-relative folders the repository's code makes when it runs (asked only of gone folders about to be reported). */
  runTimeFolders?: (folders: readonly string[]) => ReadonlySet<string>;
  /** Which of the repository-relative data files the repository's code still reads by their path (asked only of gone files about to be reported). */
  runTimeInputs?: (files: readonly string[]) => ReadonlySet<string>;
  /** Which removed paths the root .gitignore of their removing commit ignored (asked only of gone paths about to be reported). */
  ignoredAtRemoval?: (removals: readonly { commit: string; paths: readonly string[] }[]) => ReadonlySet<string>;
  /** Which agent files a sync bot last wrote from another repository (asked only of files with a missing reference). */
  syncedCopies?: (files: readonly string[]) => ReadonlySet<string>;
  /** Which section headings a script of the repository writes into agent files (asked only of duplicates' headings). */
  writtenByScript: ScriptWrittenHeadings;
  /** The documents of a loaded file. */
  documentsOf: (path: string) => readonly LintDocument[];
  /** Every agent file and look-alike of the repository (a look-alike with the names beside it). */
  files: readonly { path: string; kind: AgentFileKind; siblings?: readonly string[] }[];
  /** The agent files that are symbolic links to nothing. */
  links: readonly DanglingLink[];
  budgets: Readonly<Record<LintAgent, number>>;
};

/** Returns every path the agents of `planned` load, each once, in load order (Claude Code's path-scoped rules included). */
export function loadedPaths(planned: PlannedLoads): string[] {
  return [...new Set(planned.loads.flatMap((load) => [...load.files, ...load.scoped].map((file) => file.path)))];
}

/** Returns the report for `request`; never throws. */
export function lintLoads(request: LintRequest): LintReport {
  const { loads, problems } = request.planned;
  const team = new Set(
    loads
      .flatMap((load) => [...load.files, ...load.scoped])
      .filter((file) => file.reason === 'team')
      .map((file) => file.path),
  );
  // A file loaded under two names (`CLAUDE.md -> AGENTS.md`) is one text: its rules are checked once, under the first name.
  const loaded = new Map<string, LoadedFile>();
  for (const file of loads.flatMap((load) => [...load.files, ...load.scoped]))
    if (!loaded.has(file.path)) loaded.set(file.path, file);
  // Which agents load each file, by the file it is (a symlinked AGENTS.md is CLAUDE.md's text for Codex too).
  const agentsOf = new Map<string, Set<LintAgent>>();
  for (const load of loads)
    for (const file of [...load.files, ...load.scoped]) {
      const real = request.realPath(file.path);
      agentsOf.set(real, (agentsOf.get(real) ?? new Set<LintAgent>()).add(load.agent));
    }
  const agentFiles = new Set(request.files.filter((file) => file.kind === 'loadable').map((file) => file.path));
  // The names each file goes by, loaded or not (a Codex-only run still knows `api/CLAUDE.md -> AGENTS.md`): a line
  // pointing to `api/AGENTS.md` points to the file Claude Code loads as `api/CLAUDE.md` (set 84's agenta).
  const namesOf = new Map<string, string[]>();
  for (const path of new Set([...loadedPaths(request.planned), ...agentFiles])) {
    const real = request.realPath(path);
    namesOf.set(real, [...(namesOf.get(real) ?? []), path]);
  }
  const installedSkills = installedSkillFolders(request.read('skills-lock.json'));
  const files = new Set<string>();
  const sources: LintSource[] = loadedPaths(request.planned).flatMap((path) => {
    const real = request.realPath(path);
    if (files.has(real)) return [];
    files.add(real);
    const text = request.read(path) ?? '';
    // A file holding a NUL byte is no text: git-crypt leaves its ciphertext ("\0GITCRYPT\0…") in a checkout without
    // the key (set 37's router). Its bytes still load and count; no check can read rules, paths or characters in them.
    const readable = !text.includes('\0');
    return [
      {
        path,
        team: team.has(path),
        scope: scopeOf(path, loaded),
        documents: readable ? request.documentsOf(path) : [],
        text: readable ? text : '',
        publishedIn:
          packagePublishing(path, request.manifests) ??
          standaloneProjectOf(path, request.exists, (folder) => {
            const own = normalized(text);
            return loadedPaths(request.planned).some(
              (other) => !other.startsWith(`${folder}/`) && normalized(request.read(other) ?? '') === own,
            );
          }),
        home: homeOf(path, agentFiles, loaded),
        importedBy: agentFiles.has(path) ? undefined : importerOf(path, loaded),
        agents: [...(agentsOf.get(real) ?? [])],
        names: namesOf.get(real) ?? [path],
        vendored: isVendored(path, installedSkills),
      },
    ];
  });
  const findings = [
    ...findOverBudget(loads, request.budgets),
    ...findPastCodexCap(loads, request.read),
    ...outsideTestData(outsideNestedCheckouts(checkedFindings(request, sources, problems), request.exists)),
  ];
  return {
    dir: request.dir,
    tokenEstimate: TOKEN_ESTIMATE,
    agents: loads,
    findings: sortFindings(findings),
    counts: countLevels(findings),
  };
}

/** The findings over what the loaded files say and name (the load's size facts aside). */
function checkedFindings(
  request: LintRequest,
  sources: readonly LintSource[],
  problems: readonly ImportProblem[],
): LintFinding[] {
  const { loads } = request.planned;
  const submodules = submoduleFolders(request.read('.gitmodules') ?? '');
  const claudeAlways = new Set(
    loads.filter((load) => load.agent === 'claude').flatMap((load) => load.files.map((file) => file.path)),
  );
  return [
    ...findImportProblems(withoutSubmoduleImports(withoutPersonalImports(problems, request.ignored), submodules)),
    ...withoutContradicted(findDuplicates(sources, request.writtenByScript), findContradictions(sources)),
    ...findMissingReferences(sources, {
      exists: request.exists,
      manifests: request.manifests,
      ignored: request.ignored,
      history: request.history,
      ...(request.firstNamed === undefined ? {} : { firstNamed: request.firstNamed }),
      removedDefinitions: request.removedDefinitions,
      foldersIn: request.foldersIn,
      ...(request.filesIn === undefined ? {} : { filesIn: request.filesIn }),
      endsAFile: request.endsAFile,
      submodules,
      ...(request.gitlinks === undefined ? {} : { gitlinks: request.gitlinks }),
      ...(request.installedFolders === undefined ? {} : { installedFolders: request.installedFolders }),
      ...(request.runTimeFolders === undefined ? {} : { runTimeFolders: request.runTimeFolders }),
      ...(request.runTimeInputs === undefined ? {} : { runTimeInputs: request.runTimeInputs }),
      ...(request.ignoredAtRemoval === undefined ? {} : { ignoredAtRemoval: request.ignoredAtRemoval }),
      ...(request.syncedCopies === undefined ? {} : { syncedCopies: request.syncedCopies }),
    }),
    ...findUnmatchedGlobs(loads, request.globMatches, () =>
      submodules.filter((folder) => !request.exists(`${folder}/.git`)),
    ),
    ...findUnsafeText(sources),
    ...findBrokenLinks(request.links, request.ignored, request.exists),
    ...findUnloadedFiles(
      request.files,
      loadedPaths(request.planned).map((path) => ({ path, text: request.read(path) ?? '' })),
      request.realPath,
      request.read,
    ),
    ...findPathScopedSections(
      sources.filter((source) => claudeAlways.has(source.path) && !source.team),
      request.exists,
      request.foldersIn,
    ),
    ...findPathScopedTeamEntries(sources.filter((source) => claudeAlways.has(source.path) && source.team)),
  ];
}

/** `findings` less those on a file of a nested working copy, or naming one as the other copy (nested-checkouts.ts). */
function outsideNestedCheckouts(findings: readonly LintFinding[], exists: LintRequest['exists']): LintFinding[] {
  const inCheckout = (path: string | undefined) => path !== undefined && nestedCheckoutOf(path, exists) !== undefined;
  return findings.filter((finding) => !inCheckout(finding.file) && !inCheckout(finding.related?.file));
}

/** `findings` less those on a file of test data, or naming one as the other copy (is-test-data.ts): met only by a run started in a fixture. */
function outsideTestData(findings: readonly LintFinding[]): LintFinding[] {
  const inTestData = (path: string | undefined) => path !== undefined && isTestData(path);
  return findings.filter((finding) => !inTestData(finding.file) && !inTestData(finding.related?.file));
}

// The files an agent picks up folder by folder (CLAUDE.md, AGENTS.md and their variants): their
// folder is their scope. Imports share their importer's; rules, team memory and context files are repository-wide.
const FOLDER_FILES: ReadonlySet<LoadReason> = new Set(['memory', 'local', 'override', 'fallback']);

/** The folder whose agent file brought `path` in ("" for the repository root or repository-wide files). */
function scopeOf(path: string, loaded: ReadonlyMap<string, LoadedFile>, seen = new Set<string>()): string {
  const file = loaded.get(path);
  if (file === undefined || seen.has(path)) return '';
  seen.add(path);
  if (file.importedFrom !== undefined) return scopeOf(file.importedFrom, loaded, seen);
  if (!FOLDER_FILES.has(file.reason)) return '';
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

/**
 * The folder an agent file read folder by folder stands for (`.claude/CLAUDE.md` is the root's); undefined for rules and
 * other files. A file the agent picked up in its folder is one though the walk passes its folder by (a skill's
 * `.agents/skills/<name>/AGENTS.md` and `CLAUDE.md`, set 242).
 */
function homeOf(
  path: string,
  agentFiles: ReadonlySet<string>,
  loaded: ReadonlyMap<string, LoadedFile>,
): string | undefined {
  const file = loaded.get(path);
  const pickedUp = file !== undefined && file.importedFrom === undefined && FOLDER_FILES.has(file.reason);
  if (!(agentFiles.has(path) || pickedUp) || path.startsWith('.claude/rules/')) return undefined;
  const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
  return folder === '.claude' ? '' : folder.replace(/\/\.claude$/, '');
}

/** The file at the start of the import chain that brought `path` in; undefined when no import did. */
function importerOf(path: string, loaded: ReadonlyMap<string, LoadedFile>): string | undefined {
  let from = loaded.get(path)?.importedFrom;
  for (const seen = new Set<string>([path]); from !== undefined && !seen.has(from);) {
    seen.add(from);
    const next = loaded.get(from)?.importedFrom;
    if (next === undefined) return from;
    from = next;
  }
  return from;
}

/** The duplicates and the contradictions, without a "reworded copy" where the two rules contradict each other. */
function withoutContradicted(duplicates: LintFinding[], contradictions: LintFinding[]): LintFinding[] {
  const key = (finding: LintFinding) => `${finding.file}:${finding.line}`;
  const contradicting = new Set(contradictions.map(key));
  return [
    ...duplicates.filter((finding) => finding.code !== 'near-duplicate-rule' || !contradicting.has(key(finding))),
    ...contradictions,
  ];
}

function sortFindings(findings: LintFinding[]): LintFinding[] {
  return findings.sort((a, b) =>
    a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  );
}

function countLevels(findings: readonly LintFinding[]): Record<LintLevel, number> {
  const counts = { info: 0, warning: 0, error: 0 };
  for (const finding of findings) counts[finding.level] += 1;
  return counts;
}

/** Returns true when a finding is at `level` or above; never throws. */
export function reachesLevel(report: LintReport, level: LintLevel): boolean {
  const at = LINT_LEVELS.indexOf(level);
  return report.findings.some((finding) => LINT_LEVELS.indexOf(finding.level) >= at);
}

/**
 * `problems` less the broken imports of personal files: one git ignores (`@CLAUDE.local.md`, listed in .gitignore) or
 * one its name calls personal (`@CLAUDE_PERSONAL.md` beside `@AGENTS.md`, datadog-operator) is kept by some checkouts
 * and not others, and the client skips the import where it is absent, as its author means.
 */
function withoutPersonalImports(
  problems: readonly ImportProblem[],
  ignored: LintRequest['ignored'],
): readonly ImportProblem[] {
  const broken = problems.filter((problem) => problem.kind === 'broken').map((problem) => problem.target);
  if (broken.length === 0) return problems;
  const personal = ignored(broken);
  const isPersonal = (target: string) => personal.has(target) || isPersonalFileName(posix.basename(target));
  return problems.filter((problem) => problem.kind !== 'broken' || !isPersonal(problem.target));
}

/**
 * `problems` less the broken imports of a git submodule's file: `@bin/AGENTS.md` where `.gitmodules` checks a shared
 * repository out into `bin/` (set 108's go-service, whose setup says to run `git submodule update --init`) is that
 * repository's file, there in every checkout that fetched it, as a missing path into a submodule is not reported.
 */
function withoutSubmoduleImports(problems: readonly ImportProblem[], submodules: readonly string[]): ImportProblem[] {
  return problems.filter((problem) => problem.kind !== 'broken' || !isInSubmodule(problem.target, submodules));
}
