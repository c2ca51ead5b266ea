/** Files written for an agent that no agent loads: a look-alike name (`claude.md`, `AGENT.md`, `agents.md`) or a rules file that is not `.md`. */
import { posix } from 'node:path';
import type { LintFinding } from './lint-report.js';

/** Returns a finding per look-alike in `files` (classify-agent-file.ts); never throws. */
export function findUnloadedFiles(files: readonly { path: string; kind: 'loadable' | 'lookalike' }[]): LintFinding[] {
  return files
    .filter((file) => file.kind === 'lookalike')
    .map((file) => ({
      code: 'unloaded-file',
      level: 'warning' as const,
      file: file.path,
      line: 0,
      message: file.path.startsWith('.claude/rules/')
        ? 'Claude Code loads only .md files from .claude/rules/: no agent reads this one'
        : `no agent loads a file named ${posix.basename(file.path)} (the names are CLAUDE.md, AGENTS.md, GEMINI.md, case-sensitive)`,
    }));
}
