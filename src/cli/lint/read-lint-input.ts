/**
 * The reading half of `mem lint`: the repository's agent files (found by the search index's
 * discovery walk), their texts on demand, the agents' project settings (`.codex/config.toml`,
 * `.gemini/settings.json`) and mem's config. Nothing is written.
 */
import { readdirSync, readFileSync, readlinkSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { RENDERED_FILE } from '../../core/shared-memory-stamp.js';
import { jsonValueAt } from '../../core/files/edit-json-settings.js';
import { listFilesUnder, walkMemoryFiles } from '../../search/discover-memory-files.js';
import { classifyAgentFile, type AgentFileKind } from '../../lint/classify-agent-file.js';
import type { DanglingLink } from '../../lint/find-broken-links.js';
import { DEFAULT_AGENT_SETTINGS, type AgentSettings, type LintView } from '../../lint/plan-agent-loads.js';
import { globRegExp } from '../../core/anchors/repo-snapshot.js';
import { readFirstNamed, readPathHistory, readRemovedDefinitions } from '../../core/git/read-path-history.js';
import { scriptWrittenHeadings } from './script-written-headings.js';
import { installedFolders } from './installed-folders.js';
import { runTimeFolders } from './run-time-folders.js';
import { runTimeInputs } from './run-time-inputs.js';
import { ignoredAtRemoval } from './ignored-at-removal.js';
import { syncedCopies } from './synced-copies.js';
import type { PathHistory } from '../../core/git/path-history.js';
import type { DefinitionNames, RemovedDefinitions } from '../../core/git/script-history.js';

const MAX_FILE_BYTES = 4 * 1024 * 1024;
/** Where package scripts and make and just targets are defined (the anchor engine's manifests). */
const MANIFEST_NAMES = new Set([
  'package.json',
  'Makefile',
  'makefile',
  'GNUmakefile',
  'justfile',
  'Justfile',
  '.justfile',
]);
/** More manifests than a monorepo has are not read. */
const MAX_MANIFESTS = 400;
/** A glob's match is looked for in this many folders at most (a glob that needs more is taken to match). */
const MAX_GLOB_DIRECTORIES = 5000;
const SKIPPED_DIRECTORIES = new Set(['node_modules', '.git']);

export type LintInput = {
  view: LintView & { exists: (path: string) => boolean; realPath: (path: string) => string };
  settings: AgentSettings;
  /** Every agent file and look-alike of the repository, repository-relative; a look-alike with the names of the other files in its folder. */
  files: { path: string; kind: AgentFileKind; siblings?: string[] }[];
  /** The repository's package.json, Makefile and justfile texts, by path (vendored trees left out). */
  manifests: ReadonlyMap<string, string>;
  /** Whether a glob (no braces; from the repository root) matches a file of the working tree. */
  globMatches: (glob: string) => boolean;
  /** The names of the folders directly in a repository-relative folder ("" for the root; node_modules and .git left out). */
  foldersIn: (dir: string) => string[];
  /** The names of the files directly in a repository-relative folder ("" for the root). */
  filesIn: (dir: string) => string[];
  /** Whether a file the walk met, or one in a hidden folder it passed, ends with repository-relative `path` below another folder. */
  endsAFile: (path: string) => boolean;
  /** Which of the repository-relative folders git's index records as gitlinks, another repository's commit (one `git ls-files`). */
  gitlinks: (folders: readonly string[]) => ReadonlySet<string>;
  /** Which of the repository-relative paths git ignores (one `git check-ignore` for all). */
  ignored: (paths: readonly string[]) => ReadonlySet<string>;
  /** What git's history says of missing paths and of the agent files naming them (one `git log`, one `git show`). */
  history: (paths: readonly string[], files: readonly string[]) => PathHistory;
  /** When an agent file first held a text (commit time, seconds; one `git log -S`), undefined when git never saw it. */
  firstNamed: (file: string, text: string, asPath?: boolean) => number | undefined;
  /** The scripts (make targets) of `names` a package.json (Makefile) of the repository lost in git's history (one `git log -p` for both). */
  removedDefinitions: (names: DefinitionNames) => RemovedDefinitions;
  /** Which section headings a script of the repository writes into agent files (one `git grep` for all). */
  writtenByScript: (headings: readonly string[]) => ReadonlySet<string>;
  /** The folders a script of the repository installs in another project by their raw URL (one `git grep`). */
  installedFolders: () => string[];
  /** Which of the folders the repository's code makes when it runs (one `git grep`). */
  runTimeFolders: (folders: readonly string[]) => ReadonlySet<string>;
  /** Which of the data files the repository's code still reads by their path (one `git grep`). */
  runTimeInputs: (files: readonly string[]) => ReadonlySet<string>;
  /** Which removed paths the root .gitignore of their removing commit ignored (one `git show`, one `git check-ignore` a commit). */
  ignoredAtRemoval: (removals: readonly { commit: string; paths: readonly string[] }[]) => ReadonlySet<string>;
  /** Which agent files a sync bot last wrote from another repository (one `git log -1` a file). */
  syncedCopies: (files: readonly string[]) => ReadonlySet<string>;
  /** The agent files that are symbolic links to nothing, with the target each names. */
  links: DanglingLink[];
  /** Settings files that could not be read as their agent reads them. */
  warnings: string[];
};

/** Returns what `mem lint` reads of the repository at `root`; never throws on a missing or bad file (a warning says so). */
export function readLintInput(root: string): LintInput {
  const warnings: string[] = [];
  const settings = readAgentSettings(root, warnings);
  const texts = new Map<string, string | null>();
  const read = (path: string): string | null => {
    if (!texts.has(path)) texts.set(path, readText(join(root, path)));
    return texts.get(path) ?? null;
  };
  const exists = (path: string) => texts.get(path) != null || isPresent(join(root, path));
  const classify = classifyAgentFile([...settings.geminiNames, ...settings.codexFallbacks]);
  // One walk finds the agent files, the manifests a command is looked up in, and every file's path by its name.
  const byName = new Map<string, string[]>();
  // The folders below the root holding a hidden folder, by its name: the walk does not enter them, so a file in one
  // (`frontend-v2/.claude/scripts/check.sh`) is found from its tail (`.claude/scripts/check.sh`) by asking each.
  const hiddenIn = new Map<string, string[]>();
  const walked = walkMemoryFiles(
    root,
    (path, name) => {
      const same = byName.get(name);
      if (same === undefined) byName.set(name, [path]);
      else same.push(path);
      return MANIFEST_NAMES.has(name) ? 'manifest' : classify(path, name);
    },
    (parent, name) => {
      if (parent === '') return;
      const parents = hiddenIn.get(name);
      if (parents === undefined) hiddenIn.set(name, [parent]);
      else parents.push(parent);
    },
  );
  const files: LintInput['files'] = walked.flatMap(({ path, kind }): LintInput['files'] =>
    kind === 'manifest'
      ? []
      : kind === 'lookalike'
        ? [{ path, kind, siblings: siblingNames(root, path) }]
        : [{ path, kind }],
  );
  const manifests = new Map<string, string>();
  for (const { path } of walked.filter((file) => file.kind === 'manifest').slice(0, MAX_MANIFESTS)) {
    const text = readText(join(root, path));
    if (text !== null) manifests.set(path, text);
  }
  return {
    view: { read, filesUnder: (dir) => listFilesUnder(root, dir), exists, realPath: (path) => realPath(root, path) },
    settings,
    files,
    manifests,
    globMatches: (glob) => globMatches(root, glob),
    foldersIn: (dir) => foldersIn(root, dir),
    filesIn: (dir) => filesIn(root, dir),
    endsAFile: (path) =>
      (byName.get(path.slice(path.lastIndexOf('/') + 1)) ?? []).some((file) => file.endsWith(`/${path}`)) ||
      (path.includes('/') &&
        (hiddenIn.get(path.slice(0, path.indexOf('/'))) ?? []).some((parent) => isPresent(join(root, parent, path)))),
    gitlinks: (folders) => gitlinkFolders(root, folders),
    ignored: (paths) => ignoredPaths(root, paths),
    history: (paths, files) => readPathHistory(root, paths, files),
    firstNamed: (file, text, asPath) => readFirstNamed(root, file, text, { asPath: asPath === true }),
    removedDefinitions: (names) => readRemovedDefinitions(root, names),
    writtenByScript: (headings) => scriptWrittenHeadings(root, headings),
    installedFolders: () => installedFolders(root),
    runTimeFolders: (folders) => runTimeFolders(root, folders),
    runTimeInputs: (files) => runTimeInputs(root, files),
    ignoredAtRemoval: (removals) => ignoredAtRemoval(root, removals),
    syncedCopies: (files) => syncedCopies(root, files),
    links: danglingLinks(
      root,
      files.filter((file) => file.kind === 'loadable').map((file) => file.path),
    ),
    warnings,
  };
}

/** Walks from the fixed folder of a glob (src/api for a glob under src/api) until a file matches; node_modules and .git are not looked in. */
function globMatches(root: string, glob: string): boolean {
  const parts = glob.split('/');
  const fixed = parts.findIndex((part) => /[*?[]/.test(part));
  const prefix = (fixed < 0 ? parts.slice(0, -1) : parts.slice(0, fixed)).join('/');
  const pattern = globRegExp(glob);
  const queue = [prefix];
  for (let visited = 0; queue.length > 0; visited++) {
    if (visited >= MAX_GLOB_DIRECTORIES) return true;
    const dir = queue.shift() ?? '';
    let entries;
    try {
      entries = readdirSync(dir === '' ? root : join(root, dir), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(entry.name)) queue.push(path);
      } else if (pattern.test(path)) return true;
    }
  }
  return false;
}

/** The names of the folders directly in `dir` (repository-relative); none when it cannot be read. */
function foldersIn(root: string, dir: string): string[] {
  return entriesIn(root, dir)
    .filter((entry) => entry.isDirectory() && !SKIPPED_DIRECTORIES.has(entry.name))
    .map((entry) => entry.name);
}

/** The names of the files directly in `dir` (repository-relative); none when it cannot be read. */
function filesIn(root: string, dir: string): string[] {
  return entriesIn(root, dir)
    .filter((entry) => !entry.isDirectory())
    .map((entry) => entry.name);
}

function entriesIn(root: string, dir: string): Dirent[] {
  try {
    return readdirSync(join(root, dir), { withFileTypes: true });
  } catch {
    return [];
  }
}

/** Which of `folders` git's index holds as gitlinks (mode 160000); none when git cannot say. */
function gitlinkFolders(root: string, folders: readonly string[]): Set<string> {
  if (folders.length === 0) return new Set();
  const result = spawnSync('git', ['ls-files', '--stage', '-z', '--', ...folders], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0 || typeof result.stdout !== 'string') return new Set();
  const links = result.stdout
    .split('\0')
    .filter((entry) => entry.startsWith('160000 '))
    .map((entry) => entry.slice(entry.indexOf('\t') + 1));
  return new Set(folders.filter((folder) => links.includes(folder)));
}

/** Which of `paths` the repository's ignore rules match; none when git cannot say (no repository, no git). */
function ignoredPaths(root: string, paths: readonly string[]): Set<string> {
  // A missing path git cannot tell for a folder, so a folder-only rule (`.agents/skills/`, set 129's dictation-tauri:
  // a link each machine makes) would not match `.agents/skills` written without its slash: a name without an extension
  // is asked as a folder too, in the same process.
  const asFolders = paths.filter((path) => !path.endsWith('/') && !/\.[^/]*$/.test(path)).map((path) => `${path}/`);
  // --no-index: a path is missing anyway; what counts is whether the rules would ignore it.
  const result = spawnSync('git', ['check-ignore', '--no-index', '--stdin', '-z'], {
    cwd: root,
    input: [...paths, ...asFolders].join('\0'),
    encoding: 'utf8',
  });
  if (result.status !== 0 || typeof result.stdout !== 'string') return new Set();
  const ignored = new Set(result.stdout.split('\0').filter((path) => path !== ''));
  for (const folder of asFolders) if (ignored.has(folder)) ignored.add(folder.slice(0, -1));
  return ignored;
}

/** Whether `abs` exists; a path through a file (`a.yml/b`, ENOTDIR) does not. */
function isPresent(abs: string): boolean {
  try {
    return statSync(abs, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}

/** Which of the repository-relative `paths` are symbolic links whose target is not there, with the target each names. */
function danglingLinks(root: string, paths: readonly string[]): DanglingLink[] {
  return paths.flatMap((path) => {
    const abs = join(root, path);
    if (isPresent(abs)) return [];
    try {
      return [{ path, target: readlinkSync(abs) }];
    } catch {
      return []; // not a link (or gone since the walk)
    }
  });
}

/** The names of the other entries of the folder that holds repository-relative `path`. */
function siblingNames(root: string, path: string): string[] {
  const slash = path.lastIndexOf('/');
  const name = path.slice(slash + 1);
  try {
    return readdirSync(join(root, path.slice(0, Math.max(0, slash)))).filter((entry) => entry !== name);
  } catch {
    return [];
  }
}

/** The file `path` is, symlinks followed; `path` itself when it cannot be resolved. */
function realPath(root: string, path: string): string {
  try {
    return realpathSync(join(root, path));
  } catch {
    return path;
  }
}

function readText(abs: string): string | null {
  try {
    const stat = statSync(abs, { throwIfNoEntry: false });
    if (stat === undefined || !stat.isFile() || stat.size > MAX_FILE_BYTES) return null;
    const text = readFileSync(abs, 'utf8');
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch {
    return null;
  }
}

function readAgentSettings(root: string, warnings: string[]): AgentSettings {
  const settings: AgentSettings = {
    ...DEFAULT_AGENT_SETTINGS,
    geminiNames: [...DEFAULT_AGENT_SETTINGS.geminiNames],
    teamFile: RENDERED_FILE,
  };
  const codex = readText(join(root, '.codex', 'config.toml'));
  if (codex !== null) {
    try {
      const parsed = parseToml(codex);
      const max = parsed['project_doc_max_bytes'];
      if (typeof max === 'number' && Number.isInteger(max) && max >= 0) settings.codexMaxBytes = max;
      const fallbacks = parsed['project_doc_fallback_filenames'];
      if (Array.isArray(fallbacks))
        settings.codexFallbacks = fallbacks.filter((name): name is string => typeof name === 'string' && name !== '');
    } catch (error) {
      warnings.push(
        `.codex/config.toml is not valid TOML (${(error as Error).message.split('\n')[0]}): Codex's defaults are assumed`,
      );
    }
  }
  const gemini = readText(join(root, '.gemini', 'settings.json'));
  if (gemini !== null) {
    const names = jsonValueAt(gemini, ['context', 'fileName']);
    for (const name of Array.isArray(names) ? names : [names])
      if (typeof name === 'string' && name !== '' && !settings.geminiNames.includes(name))
        settings.geminiNames.push(name);
  }
  return settings;
}
