/**
 * `mem lint`, composed: read the repository's agent files (cli/lint/read-lint-input.ts), decide
 * with the pure lint (src/lint/), render. Runs in any git repository, with or without `mem init`.
 */
import { statSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { loadConfig } from '../../core/config/load-config.js';
import { MemError } from '../../core/errors.js';
import { findRepoRoot } from '../../core/git/repo-root.js';
import { LINT_AGENTS, LINT_LEVELS, type LintAgent, type LintLevel, type LintReport } from '../../lint/lint-report.js';
import { lintLoads, loadedPaths, reachesLevel } from '../../lint/lint-loads.js';
import { planAgentLoads } from '../../lint/plan-agent-loads.js';
import type { LintDocument } from '../../lint/lint-document.js';
import { markdownParser } from '../../search/index-build.js';
import { scanSimpleMarkdown } from '../../search/scan-simple-markdown.js';
import { readLintInput } from './read-lint-input.js';

export type LintOptions = { cwd: string; agent: string; dir?: string; maxLevel?: string };

export type LintOutcome = { report: LintReport; warnings: string[]; failed: boolean };

/** Returns the lint report of the repository around `options.cwd`; throws MemError USAGE on a bad agent, level or directory, CONFIG_INVALID on a bad config. */
export async function runLint(options: LintOptions): Promise<LintOutcome> {
  const agents = parseAgents(options.agent);
  // Outside any repository, --dir names the checkout to lint: its root is found from there, or the
  // lint would read a folder git does not track and report nothing (a checkout linted from its parent).
  const root =
    findRepoRoot(options.cwd) ?? findRepoRoot(resolve(options.cwd, options.dir ?? '.')) ?? resolve(options.cwd);
  const dir = startDirectory(root, options.cwd, options.dir);
  const config = loadConfig(root);
  const maxLevel = parseLevel(options.maxLevel ?? config.lint.maxLevel);
  const input = readLintInput(root);
  const planned = planAgentLoads(input.view, dir, agents, input.settings);
  const texts = new Map(loadedPaths(planned).map((path) => [path, input.view.read(path) ?? '']));
  // remark is loaded only when a file uses more than the simple markdown mem's own line scanner reads.
  const scanned = new Map([...texts].map(([path, text]) => [path, scanSimpleMarkdown(text)]));
  const parse = await markdownParser([...scanned.values()].includes(null));
  const documents = new Map<string, LintDocument[]>(
    [...texts].map(([path, text]) => [path, (scanned.get(path) ?? parse(text)).documents]),
  );
  const report = lintLoads({
    dir,
    planned,
    read: input.view.read,
    exists: input.view.exists,
    realPath: input.view.realPath,
    ignored: input.ignored,
    history: input.history,
    firstNamed: input.firstNamed,
    removedDefinitions: input.removedDefinitions,
    manifests: input.manifests,
    globMatches: input.globMatches,
    foldersIn: input.foldersIn,
    filesIn: input.filesIn,
    endsAFile: input.endsAFile,
    gitlinks: input.gitlinks,
    writtenByScript: input.writtenByScript,
    installedFolders: input.installedFolders,
    runTimeFolders: input.runTimeFolders,
    runTimeInputs: input.runTimeInputs,
    ignoredAtRemoval: input.ignoredAtRemoval,
    syncedCopies: input.syncedCopies,
    documentsOf: (path) => documents.get(path) ?? [],
    files: input.files,
    links: input.links,
    budgets: config.lint.budgetTokens,
  });
  return { report, warnings: input.warnings, failed: reachesLevel(report, maxLevel) };
}

function parseAgents(agent: string): LintAgent[] {
  if (agent === 'all') return [...LINT_AGENTS];
  if ((LINT_AGENTS as readonly string[]).includes(agent)) return [agent as LintAgent];
  throw new MemError('USAGE', `unknown agent "${agent}"`, { hint: `use --agent ${LINT_AGENTS.join('|')}|all` });
}

function parseLevel(level: string): LintLevel {
  if ((LINT_LEVELS as readonly string[]).includes(level)) return level as LintLevel;
  throw new MemError('USAGE', `unknown level "${level}"`, { hint: `use --max-level ${LINT_LEVELS.join('|')}` });
}

/** The start directory, repository-relative with "/" separators: --dir is read from the current directory. */
function startDirectory(root: string, cwd: string, dir: string | undefined): string {
  const abs = resolve(cwd, dir ?? '.');
  const rel = relative(root, abs);
  if (rel.startsWith('..') || resolve(root, rel) !== abs)
    throw new MemError('USAGE', `--dir ${dir ?? '.'} is outside the repository (${root})`, {
      hint: 'name a directory inside it, e.g. --dir packages/api',
    });
  if (statSync(abs, { throwIfNoEntry: false })?.isDirectory() !== true)
    throw new MemError('USAGE', `--dir ${dir ?? '.'}: no such directory`, {
      hint: 'name an existing directory of the repository, e.g. --dir packages/api',
    });
  return rel.split(sep).join('/');
}
