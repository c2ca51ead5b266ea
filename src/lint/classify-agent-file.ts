/**
 * Which files `mem lint` looks at, by name: every file some agent may load (CLAUDE.md,
 * CLAUDE.local.md, AGENTS.md, AGENTS.override.md, GEMINI.md, the rules files) and the look-alikes
 * no agent loads (`claude.md`, `AGENT.md`, `agents.md`, a rules file that is not `.md`, `.claude/rules.md`,
 * `.claude/instructions.md`).
 */
import type { LintAgent } from './lint-report.js';

export type AgentFileKind = 'loadable' | 'lookalike';

/** The agent that loads a file of each of these names (settings may add names: Gemini's context.fileName, Codex's fallbacks). */
export const AGENT_OF_FILE_NAME: Readonly<Record<string, LintAgent>> = {
  'CLAUDE.md': 'claude',
  'CLAUDE.local.md': 'claude',
  'AGENTS.md': 'codex',
  'AGENTS.override.md': 'codex',
  'GEMINI.md': 'gemini',
};
const LOADABLE = new Set(Object.keys(AGENT_OF_FILE_NAME));
// Names an author meant for an agent, that none of the three reads (their names are case-sensitive on Linux and macOS's case-sensitive volumes).
const LOOKALIKE = /^(?:claude(?:\.local)?|agents?(?:\.override)?|gemini)\.(?:md|markdown|txt)$/i;

/** What Claude Code reads instead of a file of these names written right in `.claude/`. */
const CLAUDE_FOLDER_LOOKALIKES: Readonly<Record<string, string>> = {
  rules: 'the files in .claude/rules/',
  instructions: 'CLAUDE.md or .claude/CLAUDE.md',
};

/**
 * What Claude Code reads instead, when `path` is an instructions file written right in `.claude/` under a
 * name it never reads: `.claude/rules.md` where it wants the folder `.claude/rules/` (yaak kept its project
 * rules there, unread), `.claude/instructions.md` where it wants `.claude/CLAUDE.md` (gitoxide's "Claude Code
 * Instructions", with no CLAUDE.md anywhere); undefined for any other path.
 */
export function claudeFolderLookalikeHome(path: string): string | undefined {
  const match = /^\.claude\/(rules|instructions)\.(?:md|markdown|txt)$/i.exec(path);
  return match === null ? undefined : CLAUDE_FOLDER_LOOKALIKES[(match[1] ?? '').toLowerCase()];
}

/** Returns a classifier for the discovery walk: the names above plus `extraNames` (Gemini's context.fileName, Codex's fallbacks). */
export function classifyAgentFile(extraNames: readonly string[]): (path: string, name: string) => AgentFileKind | null {
  const extra = new Set(extraNames);
  return (path, name) => {
    if (path.startsWith('.claude/rules/'))
      return name.endsWith('.md') ? 'loadable' : name.startsWith('.') ? null : 'lookalike';
    // Of the other files right in `.claude/`, Claude Code reads CLAUDE.md alone (Codex and Gemini CLI none).
    if (path === `.claude/${name}` && path !== '.claude/CLAUDE.md')
      return claudeFolderLookalikeHome(path) === undefined ? null : 'lookalike';
    if (path === '.claude/CLAUDE.md' || LOADABLE.has(name) || extra.has(name)) return 'loadable';
    return LOOKALIKE.test(name) ? 'lookalike' : null;
  };
}
