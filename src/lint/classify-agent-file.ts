/**
 * Which files `mem lint` looks at, by name: every file some agent may load (CLAUDE.md,
 * CLAUDE.local.md, AGENTS.md, AGENTS.override.md, GEMINI.md, the rules files) and the look-alikes
 * no agent loads (`claude.md`, `AGENT.md`, `agents.md`, a rules file that is not `.md`, `.claude/rules.md`).
 */
export type AgentFileKind = 'loadable' | 'lookalike';

const LOADABLE = new Set(['CLAUDE.md', 'CLAUDE.local.md', 'AGENTS.md', 'AGENTS.override.md', 'GEMINI.md']);
// Names an author meant for an agent, that none of the three reads (their names are case-sensitive on Linux and macOS's case-sensitive volumes).
const LOOKALIKE = /^(?:claude(?:\.local)?|agents?(?:\.override)?|gemini)\.(?:md|markdown|txt)$/i;

/**
 * Whether `path` is a rules file written as one file where Claude Code wants a folder: it reads the
 * files in `.claude/rules/`, never `.claude/rules.md` (yaak kept its project rules there, unread).
 */
export function isClaudeRulesFileLookalike(path: string): boolean {
  return /^\.claude\/rules\.(?:md|markdown|txt)$/i.test(path);
}

/** Returns a classifier for the discovery walk: the names above plus `extraNames` (Gemini's context.fileName, Codex's fallbacks). */
export function classifyAgentFile(extraNames: readonly string[]): (path: string, name: string) => AgentFileKind | null {
  const extra = new Set(extraNames);
  return (path, name) => {
    if (path.startsWith('.claude/rules/'))
      return name.endsWith('.md') ? 'loadable' : name.startsWith('.') ? null : 'lookalike';
    // Of the other files right in `.claude/`, Claude Code reads CLAUDE.md alone (Codex and Gemini CLI none).
    if (path === `.claude/${name}` && path !== '.claude/CLAUDE.md')
      return isClaudeRulesFileLookalike(path) ? 'lookalike' : null;
    if (path === '.claude/CLAUDE.md' || LOADABLE.has(name) || extra.has(name)) return 'loadable';
    return LOOKALIKE.test(name) ? 'lookalike' : null;
  };
}
