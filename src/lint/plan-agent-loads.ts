/**
 * What each agent loads when started in a directory of the repository, worked out from the files
 * as the clients themselves find them (docs/lint.md has the sources):
 * - Claude Code, for every directory from the root down to the start directory: `CLAUDE.md`,
 *   `.claude/CLAUDE.md`, `.claude/rules/**` (.md files; those with `paths:` front matter apart),
 *   `CLAUDE.local.md`; each followed by its `@` imports, recursively, a file at most once, up to 4
 *   hops; imports outside the start directory need the user's approval and are left out.
 * - Codex, for every directory from the root down: `AGENTS.override.md`, else `AGENTS.md`, else the
 *   first fallback name that exists; all joined, and cut at `project_doc_max_bytes`.
 * - Gemini CLI, for every directory from the root down: `GEMINI.md` and each `context.fileName`,
 *   with `@` imports (5 levels, inside the repository).
 * Pure: the files come through `LintView`.
 */
import { posix } from 'node:path';
import { estimateTokens, type AgentLoad, type LintAgent, type LoadedFile, type LoadReason } from './lint-report.js';
import { findImports } from './find-imports.js';
import { readFrontMatterPaths } from './read-front-matter-paths.js';
import { isRootMention } from './root-mentions.js';

export type LintView = {
  /** The text of repository-relative `path`, or null when it is no readable file. */
  read: (path: string) => string | null;
  /** The files under repository-relative `dir`, recursively, sorted. */
  filesUnder: (dir: string) => string[];
};

export type AgentSettings = {
  /** Codex's `project_doc_max_bytes`. */
  codexMaxBytes: number;
  /** Codex's `project_doc_fallback_filenames`. */
  codexFallbacks: string[];
  /** Gemini CLI's context file names (`GEMINI.md` first). */
  geminiNames: string[];
  /** mem's rendered team memory (a rules file), told apart in the report. */
  teamFile: string;
};

export const DEFAULT_AGENT_SETTINGS: Omit<AgentSettings, 'teamFile'> = {
  codexMaxBytes: 32 * 1024,
  codexFallbacks: [],
  geminiNames: ['GEMINI.md'],
};

/** A problem met while following imports: the import's own file and line. */
export type ImportProblem = {
  agent: LintAgent;
  kind: 'broken' | 'cycle' | 'too-deep' | 'outside';
  file: string;
  line: number;
  target: string;
};

export type PlannedLoads = { loads: AgentLoad[]; problems: ImportProblem[] };

// Claude Code reads a file at depth 0..4 (its limit is 5 levels, the memory file itself the first).
const CLAUDE_MAX_DEPTH = 5;
const GEMINI_MAX_DEPTH = 5;
// Claude Code skips an import of any other extension as a non-text file.
const TEXT_EXTENSIONS = new Set(
  '.md .txt .text .json .yaml .yml .toml .xml .csv .html .htm .css .scss .sass .less .js .ts .tsx .jsx .mjs .cjs .mts .cts .py .pyi .pyw .rb .erb .rake .go .rs .java .kt .kts .scala .c .cpp .cc .cxx .h .hpp .hxx .cs .swift .sh .bash .zsh .fish .ps1 .bat .cmd .env .ini .cfg .conf .config .properties .sql .graphql .gql .proto .vue .svelte .astro .ejs .hbs .pug .jade .php .pl .pm .lua .r .dart .ex .exs .erl .hrl .clj .cljs .cljc .edn .hs .lhs .elm .ml .mli .f .f90 .f95 .for .cmake .make .makefile .gradle .sbt .rst .adoc .asciidoc .org .tex .latex .lock .log .diff .patch'.split(
    ' ',
  ),
);

/** Returns the directories from the root ("") down to `dir`, outermost first. */
function directoryChain(dir: string): string[] {
  const parts = dir.split('/').filter((part) => part !== '' && part !== '.');
  return ['', ...parts.map((_, index) => parts.slice(0, index + 1).join('/'))];
}

const inDir = (dir: string, name: string) => (dir === '' ? name : `${dir}/${name}`);

/** Returns what each of `agents` loads when started in `dir`, and the import problems met; never throws. */
export function planAgentLoads(
  view: LintView,
  dir: string,
  agents: readonly LintAgent[],
  settings: AgentSettings,
): PlannedLoads {
  const problems: ImportProblem[] = [];
  const loads = agents.map((agent) =>
    agent === 'claude'
      ? planClaude(view, dir, settings.teamFile, problems)
      : agent === 'codex'
        ? planCodex(view, dir, settings)
        : planGemini(view, dir, settings, problems),
  );
  return { loads, problems };
}

function sized(path: string, text: string, reason: LoadReason, extra: Partial<LoadedFile> = {}): LoadedFile {
  const bytes = Buffer.byteLength(text);
  return { path, reason, bytes, tokens: estimateTokens(bytes), ...extra };
}

function total(agent: LintAgent, dir: string, files: LoadedFile[], scoped: LoadedFile[] = []): AgentLoad {
  const bytes = files.reduce((sum, file) => sum + (file.keptBytes ?? file.bytes), 0);
  return { agent, dir, files, scoped, bytes, tokens: estimateTokens(bytes) };
}

type Follow = {
  agent: LintAgent;
  maxDepth: number;
  allowed: (target: string) => boolean;
  problems: ImportProblem[];
  seen: Set<string>;
  out: LoadedFile[];
};

/** Loads `path` and, depth first, what it imports, the way both clients walk imports. */
function follow(
  view: LintView,
  f: Follow,
  path: string,
  reason: LoadReason,
  depth: number,
  chain: string[],
  from?: { file: string; line: number },
): void {
  if (f.seen.has(path)) return;
  const text = view.read(path);
  if (text === null) {
    if (from && looksLikeFile(path))
      f.problems.push({ agent: f.agent, kind: 'broken', file: from.file, line: from.line, target: path });
    return;
  }
  f.seen.add(path);
  if (text.trim() === '') return;
  f.out.push(sized(path, text, reason, from ? { importedFrom: from.file } : {}));
  for (const found of findImports(text)) {
    const target = resolveImport(path, found.target);
    if (target === null) continue;
    if (!TEXT_EXTENSIONS.has(posix.extname(target).toLowerCase()) && posix.extname(target) !== '') continue;
    if (view.read(target) === null && isRootMention(path, found.target, (p) => view.read(p) !== null)) continue;
    const at = { file: path, line: found.line };
    if (!f.allowed(target)) {
      if (!f.seen.has(target) && view.read(target) !== null)
        f.problems.push({ agent: f.agent, kind: 'outside', ...at, target });
      continue;
    }
    // A file naming itself ("update the section of @AGENTS.md" in AGENTS.md) points the agent at the file it reads: nothing loads twice or goes missing.
    if (target === path) continue;
    if (chain.includes(target)) {
      f.problems.push({ agent: f.agent, kind: 'cycle', ...at, target });
      continue;
    }
    if (depth + 1 >= f.maxDepth) {
      if (!f.seen.has(target) && view.read(target) !== null)
        f.problems.push({ agent: f.agent, kind: 'too-deep', ...at, target });
      continue;
    }
    follow(view, f, target, 'import', depth + 1, [...chain, path], at);
  }
}

/** A path with an extension or a directory part: `@claude` or `@types/node` in prose are no file anyone meant to import. */
function looksLikeFile(path: string): boolean {
  return posix.extname(path) !== '';
}

/** Returns the repository-relative path an import of `target` in `file` names, or null when it points outside the repository (home, absolute, `..` past the root). */
function resolveImport(file: string, target: string): string | null {
  if (target.startsWith('~/') || target.startsWith('/')) return null;
  const joined = posix.normalize(posix.join(posix.dirname(file), target));
  return joined.startsWith('../') || joined === '..' || joined === '.' ? null : joined;
}

function planClaude(view: LintView, dir: string, teamFile: string, problems: ImportProblem[]): AgentLoad {
  const out: LoadedFile[] = [];
  const scoped: LoadedFile[] = [];
  const f: Follow = {
    agent: 'claude',
    maxDepth: CLAUDE_MAX_DEPTH,
    allowed: (target) => dir === '' || target === dir || target.startsWith(`${dir}/`),
    problems,
    seen: new Set(),
    out,
  };
  for (const d of directoryChain(dir)) {
    follow(view, f, inDir(d, 'CLAUDE.md'), 'memory', 0, []);
    follow(view, f, inDir(d, '.claude/CLAUDE.md'), 'memory', 0, []);
    for (const rule of view.filesUnder(inDir(d, '.claude/rules'))) {
      if (!rule.endsWith('.md') || f.seen.has(rule)) continue;
      const text = view.read(rule);
      if (text === null) continue;
      const globs = readFrontMatterPaths(text);
      if (globs !== null) {
        // Note: Claude Code reads a scoped rule (and its imports) only once a matching file is read.
        if (text.trim() !== '') scoped.push(sized(rule, text, rule === teamFile ? 'team' : 'rules', { globs }));
        continue;
      }
      follow(view, f, rule, rule === teamFile ? 'team' : 'rules', 0, []);
    }
    follow(view, f, inDir(d, 'CLAUDE.local.md'), 'local', 0, []);
  }
  return total('claude', dir, out, scoped);
}

function planCodex(view: LintView, dir: string, settings: AgentSettings): AgentLoad {
  const files: LoadedFile[] = [];
  let remaining = settings.codexMaxBytes;
  for (const d of directoryChain(dir)) {
    const names: [string, LoadReason][] = [
      ['AGENTS.override.md', 'override'],
      ['AGENTS.md', 'memory'],
      ...settings.codexFallbacks.map((name): [string, LoadReason] => [name, 'fallback']),
    ];
    for (const [name, reason] of names) {
      const path = inDir(d, name);
      const text = view.read(path);
      if (text === null || text.trim() === '') continue;
      const file = sized(path, text, reason);
      // Codex reads at most what is left of its budget from each file and drops the rest.
      if (file.bytes > remaining) file.keptBytes = remaining;
      remaining -= Math.min(remaining, file.bytes);
      files.push(file);
      break;
    }
  }
  return { ...total('codex', dir, files), capBytes: settings.codexMaxBytes };
}

function planGemini(view: LintView, dir: string, settings: AgentSettings, problems: ImportProblem[]): AgentLoad {
  const out: LoadedFile[] = [];
  const f: Follow = {
    agent: 'gemini',
    maxDepth: GEMINI_MAX_DEPTH,
    allowed: () => true,
    problems,
    seen: new Set(),
    out,
  };
  for (const d of directoryChain(dir)) {
    for (const [index, name] of settings.geminiNames.entries())
      follow(view, f, inDir(d, name), index === 0 ? 'memory' : 'context', 0, []);
  }
  return total('gemini', dir, out);
}
