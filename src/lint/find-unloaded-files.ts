/** Files written for an agent that no agent loads: a look-alike name (`claude.md`, `AGENT.md`, `agents.md`), a rules file that is not `.md`, or `.claude/rules.md` / `.claude/instructions.md`. */
import { posix } from 'node:path';
import { escapeRegExp } from '../core/text/escape-regexp.js';
import { claudeFolderLookalikeHome } from './classify-agent-file.js';
import { isTestData } from './is-test-data.js';
import type { LintFinding } from './lint-report.js';

/**
 * Whether a look-alike is a page of a documentation set or test data, not a misnamed agent file:
 * `docs/agents.md` beside `tools.md` and `models.md` is the page about agents. A page set is told by
 * other Markdown files named in lower case in the same folder (for `Agent.md`, two named in the same
 * capitalised way); a misnamed agent file sits beside `README.md` and `CONTRIBUTING.md`, or alone.
 */
function isPageOrTestData(path: string, siblings: readonly string[]): boolean {
  if (isTestData(path)) return true;
  const name = posix.basename(path);
  if (path.startsWith('.claude/rules/') || claudeFolderLookalikeHome(path) !== undefined) return false;
  if (/^[A-Z0-9_.-]+\.(?:md|MD)$/.test(name)) return isCapitalPageSet(path, siblings);
  if (name === name.toLowerCase()) return siblings.some((sibling) => /^[a-z0-9][a-z0-9_.-]*\.mdx?$/.test(sibling));
  // `Agent.md` beside `Client.md` and `Pool.md` (undici's API pages): a page set named after classes.
  return siblings.filter((sibling) => /^[A-Z][a-z0-9]\w*\.mdx?$/.test(sibling)).length >= 2;
}

// The files nearly every repository or package keeps beside its code, named in capitals: no page set.
const PROJECT_FILES =
  /^(?:README|CONTRIBUTING|CHANGELOG|CHANGES|HISTORY|LICEN[CS]E|SECURITY|CODE_OF_CONDUCT|NOTICE|AUTHORS|SUPPORT|UPGRADING|TODO)\.mdx?$/i;

/**
 * Whether an `AGENT.md` in capitals is a page of a set named the same way below the root: set 140's insightpulse-odoo
 * keeps `docs/AGENT.md` ("Odoo Development Agent Documentation") beside `docs/KNOWLEDGE.md`, `docs/SKILLS.md` and
 * `docs/DEPLOYMENT.md`. At the root, where agent files live, and beside a README alone, it is a misnamed agent file.
 */
function isCapitalPageSet(path: string, siblings: readonly string[]): boolean {
  if (posix.dirname(path) === '.') return false;
  return (
    siblings.filter((sibling) => /^[A-Z][A-Z0-9_-]*\.mdx?$/.test(sibling) && !PROJECT_FILES.test(sibling)).length >= 3
  );
}

/** Claude Code's shared project settings, whose hooks may print a file into the session (`cat .claude/rules.md` at SessionStart). */
const CLAUDE_SETTINGS = '.claude/settings.json';

/**
 * Whether a loaded file reaches the look-alike: it names it (a root CLAUDE.md's "check
 * `rust/AGENT.md`", or a file in the same folder naming `AGENT.md`), so the agent reads it when it
 * follows the pointer; or it is a loaded file under another name (a symlink kept for old checkouts);
 * or Claude Code's settings name it, for a hook to load it.
 */
function isReached(
  path: string,
  loaded: readonly LoadedText[],
  realPath: (path: string) => string,
  read: (path: string) => string | null,
): boolean {
  const real = realPath(path);
  const name = posix.basename(path);
  const folder = posix.dirname(path);
  return (
    loaded.some(
      (file) =>
        realPath(file.path) === real ||
        namesPath(file.text, path) ||
        namesFromNamedFolder(file.text, path) ||
        namesAsFolderKind(file.text, path) ||
        (posix.dirname(file.path) === folder && namesPath(file.text, name)),
    ) || namesPath(projectRelative(read(CLAUDE_SETTINGS) ?? ''), path)
  );
}

/**
 * Whether `text` names `path` from a folder it also names: the path's tail below that folder, one folder or more and
 * the name, with the folder itself named apart (set 216's hospital-management-system: "All application code is in
 * the `hospital-management-system/` subdirectory", then "Subdirectories contain `AGENT.md` files … Consult these:" over
 * `backend/src/routes/AGENT.md`), as a path is looked for under every folder the same text names (missing-path).
 */
function namesFromNamedFolder(text: string, path: string): boolean {
  const parts = path.split('/');
  for (let cut = 1; cut < parts.length - 1; cut++) {
    if (namesPath(text, parts.slice(cut).join('/')) && namesPath(text, parts.slice(0, cut).join('/'))) return true;
  }
  return false;
}

/**
 * Whether one line of `text` names the look-alike's bare name beside a folder above it: the kind of file each folder
 * under that one holds (set 230's arc-starter: "- `skills/` — Skill tree (SKILL.md + optional AGENT.md + sensor.ts +
 * cli.ts)", its 58 `skills/<name>/AGENT.md` the subagent briefings the orchestrator hands on, never loads itself). The
 * agent is told where such files are and what they are for; a line naming another folder leads to none of them.
 */
function namesAsFolderKind(text: string, path: string): boolean {
  const parts = path.split('/');
  const name = parts.at(-1) ?? path;
  if (parts.length < 2) return false;
  const folders = parts.slice(0, -1).map((_, end) => parts.slice(0, end + 1).join('/'));
  return text
    .split('\n')
    .some((line) => namesPath(line, name) && folders.some((folder) => namesPath(line, `${folder}/`)));
}

/** A hook command's paths as the repository names them: `"$CLAUDE_PROJECT_DIR"/.claude/rules.md` is `.claude/rules.md`. */
function projectRelative(settings: string): string {
  return settings.replace(/\\?"?\$\{?CLAUDE_PROJECT_DIR\}?\\?"?\//g, ' ');
}

/** Words telling a reader to put a file under another name: copy, move, rename, symlink. */
const COPY_WORDS = /\b(?:cop(?:y|ies|ied)|mov(?:e|es|ed)|renam(?:e|es|ed)|symlink(?:s|ed)?)\b/i;

/**
 * Whether the README beside a look-alike tells its reader to copy, move or rename it: a starter's
 * `AGENT.md` whose README says "you may need to copy/move it to the right file name" is left on
 * purpose for whoever copies the starter into a project of their own, not forgotten.
 */
function isLeftToCopy(path: string, siblings: readonly string[], read: (path: string) => string | null): boolean {
  const name = posix.basename(path);
  const folder = posix.dirname(path);
  return siblings
    .filter((sibling) => /^readme\.mdx?$/i.test(sibling))
    .some((readme) =>
      (read(folder === '.' ? readme : `${folder}/${readme}`) ?? '')
        .split(/\n\s*\n/)
        .some((paragraph) => namesPath(paragraph, name) && COPY_WORDS.test(paragraph)),
    );
}

// Source files a program is built from: one naming a file beside it reads that file as its data.
const SOURCE_FILE = /\.(?:go|rs|py|[cm]?[jt]sx?|rb|java|kt|swift|cs|c|cc|cpp|h|zig|ex|exs|php)$/;

/**
 * Whether a program's source beside the look-alike embeds or opens it by name (set 70's container-use:
 * `rules/rules.go` holds `//go:embed agent.md`, the rules the tool writes into its users' agent files): the file is
 * the program's data, shipped inside it, not an agent file left under a wrong name.
 */
function isProgramData(path: string, siblings: readonly string[], read: (path: string) => string | null): boolean {
  const name = posix.basename(path);
  const folder = posix.dirname(path);
  const named = new RegExp(
    `//go:embed\\s[^\\n]*(?<![\\w.-])${escapeRegExp(name)}(?![\\w.-])|["'\`](?:\\./)?${escapeRegExp(name)}["'\`]`,
  );
  return siblings
    .filter((sibling) => SOURCE_FILE.test(sibling))
    .some((source) => named.test(read(folder === '.' ? source : `${folder}/${source}`) ?? ''));
}

/**
 * Whether `text` names `path` as a whole token (not the tail of a longer path or name), or from the repository's
 * root: "- `/server/internal/AGENT.md` - Backend architecture overview" (set 131's calcard, whose root CLAUDE.md lists
 * each folder's AGENT.md so). A slash after a word or a dot (`~/x`, `src/x`) begins no root.
 */
function namesPath(text: string, path: string): boolean {
  for (let at = text.indexOf(path); at !== -1; at = text.indexOf(path, at + 1)) {
    const before = text[at - 1] ?? ' ';
    const after = text[at + path.length] ?? ' ';
    const rooted = before === '/' && !/[\w./~-]/.test(text[at - 2] ?? ' ');
    if ((rooted || !/[\w./-]/.test(before)) && !/\w/.test(after)) return true;
  }
  return false;
}

// The names the agents load, upper-cased: a look-alike that differs from one of them only in case.
const AGENT_FILE_NAMES = new Set(['CLAUDE.MD', 'AGENTS.MD', 'GEMINI.MD']);
// An absolute Windows path in a code span ("All agents share ONE working checkout (`Z:\o\OBD2v2`) on the … SMB share").
const WINDOWS_PATH = /`[A-Za-z]:[\\/][^`\n]*`/;

/**
 * Whether a look-alike differs from an agent file's name only in case (`claude.md`, `Agents.md`) and a loaded agent
 * file places the work on a Windows drive (set 189's OBD2: the root CLAUDE.md's shared checkout `Z:\o\OBD2v2`, its
 * offices' charters `offices/architect/claude.md`, "lowercase or CLAUDE.md; team convention varies" in the team's
 * handbook). Windows file systems ignore case: there the client asking for CLAUDE.md opens claude.md, so the agents
 * this repository's text says run there load it. `AGENT.md` is another name, and stays reported.
 */
function isLoadedOnWindows(path: string, loaded: readonly LoadedText[]): boolean {
  const name = posix.basename(path);
  return AGENT_FILE_NAMES.has(name.toUpperCase()) && loaded.some((file) => WINDOWS_PATH.test(file.text));
}

/** A loaded file's path and text. */
type LoadedText = { path: string; text: string };

/**
 * Returns a finding per look-alike in `files` (classify-agent-file.ts) that no loaded file reaches
 * and no README beside it tells its reader to copy or rename; never throws.
 */
export function findUnloadedFiles(
  files: readonly { path: string; kind: 'loadable' | 'lookalike'; siblings?: readonly string[] }[],
  loaded: readonly LoadedText[],
  realPath: (path: string) => string,
  read: (path: string) => string | null,
): LintFinding[] {
  return files
    .filter(
      (file) =>
        file.kind === 'lookalike' &&
        !isPageOrTestData(file.path, file.siblings ?? []) &&
        !isReached(file.path, loaded, realPath, read) &&
        !isLeftToCopy(file.path, file.siblings ?? [], read) &&
        !isProgramData(file.path, file.siblings ?? [], read) &&
        !isLoadedOnWindows(file.path, loaded),
    )
    .map((file) => {
      const home = claudeFolderLookalikeHome(file.path);
      return {
        code: 'unloaded-file',
        level: 'warning' as const,
        file: file.path,
        line: 0,
        message: file.path.startsWith('.claude/rules/')
          ? 'Claude Code loads only .md files from .claude/rules/: no agent reads this one'
          : home !== undefined
            ? `Claude Code loads ${home}, not ${file.path}: no agent reads this one`
            : `no agent loads a file named ${posix.basename(file.path)} (the names are CLAUDE.md, AGENTS.md, GEMINI.md, case-sensitive)`,
      };
    });
}
