/** Files written for an agent that no agent loads: a look-alike name (`claude.md`, `AGENT.md`, `agents.md`) or a rules file that is not `.md`. */
import { posix } from 'node:path';
import type { LintFinding } from './lint-report.js';

/** Folders of test data: a linter's or a loader's fixtures hold look-alikes on purpose. */
const TEST_DATA = /(?:^|\/)(?:fixtures|__fixtures__|testdata|test-data|test_data)\//;

/**
 * Whether a look-alike is a page of a documentation set or test data, not a misnamed agent file:
 * `docs/agents.md` beside `tools.md` and `models.md` is the page about agents. A page set is told by
 * other Markdown files named in lower case in the same folder; a misnamed agent file sits beside
 * `README.md` and `CONTRIBUTING.md`, or alone.
 */
function isPageOrTestData(path: string, siblings: readonly string[]): boolean {
  if (TEST_DATA.test(path)) return true;
  const name = posix.basename(path);
  if (name !== name.toLowerCase() || path.startsWith('.claude/rules/')) return false;
  return siblings.some((sibling) => /^[a-z0-9][a-z0-9_.-]*\.mdx?$/.test(sibling));
}

/** Returns a finding per look-alike in `files` (classify-agent-file.ts); never throws. */
export function findUnloadedFiles(
  files: readonly { path: string; kind: 'loadable' | 'lookalike'; siblings?: readonly string[] }[],
): LintFinding[] {
  return files
    .filter((file) => file.kind === 'lookalike' && !isPageOrTestData(file.path, file.siblings ?? []))
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
