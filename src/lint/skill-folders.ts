/**
 * The folders of the skills a text names: "see `clerk-monorepo` skill `references/setup-and-footguns.md`" (set 69's
 * clerk/javascript) writes the path from that skill's folder, `.claude/skills/clerk-monorepo/`, where a skill keeps
 * its SKILL.md and the files it loads on demand, as a path under a folder the same line names is
 * (find-missing-references.ts).
 */
import { posix } from 'node:path';

// Where the agents look for skills (Claude Code, Codex and the shared `.agents/`, Gemini CLI, Copilot, Cursor,
// opencode), and a plain `skills/` of a skills or plugin repository.
export const SKILL_ROOTS = [
  '.claude/skills',
  '.agents/skills',
  '.codex/skills',
  '.gemini/skills',
  '.github/skills',
  '.cursor/skills',
  '.opencode/skills',
  'skills',
];

// A skill named as such: "`clerk-monorepo` skill", "the clerk-monorepo skill", "skill `clerk-monorepo`", "`/mosaic` skill".
const NAMED_SKILL = /`\/?([\w.@-]+)`\s+skill\b|\b([\w-]+)\s+skill\b|\bskill\s+`\/?([\w.@-]+)`/gi;

/**
 * Returns the repository-relative folders that exist of the skills `text` names, under each skill root of the
 * repository root and of `file`'s folder; never throws.
 */
export function skillFolders(text: string, file: string, exists: (path: string) => boolean): string[] {
  const names = new Set(
    [...text.matchAll(NAMED_SKILL)]
      .map((match) => match[1] ?? match[2] ?? match[3] ?? '')
      .filter((name) => name !== ''),
  );
  if (names.size === 0) return [];
  const dir = posix.dirname(file);
  const roots = [...new Set(['.', dir])].flatMap((base) => SKILL_ROOTS.map((root) => posix.join(base, root)));
  return [...names].flatMap((name) => roots.map((root) => posix.join(root, name)).filter((path) => exists(path)));
}
