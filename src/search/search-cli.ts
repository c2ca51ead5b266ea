/**
 * What `mem search` prints, shared by the oclif command and the fast-path entry: find the
 * worktree, search, and turn the outcome into stdout, stderr and an exit code.
 */
import { MemError, EXIT, describeError, isMemError } from '../core/errors.js';
import { findRepoRoot } from '../core/git/repo-root.js';
import { renderNoMatches, renderResults, resultsToJson, type HighlightStyle } from './render-results.js';
import { searchMemory, type SearchOptions } from './search-memory.js';

export type SearchCliRequest = SearchOptions & { query: string; json: boolean; style: HighlightStyle; cwd: string };
export type SearchCliOutput = { stdout: string; stderr: string; exitCode: number };

/** Returns the rendered outcome of a search request; expected failures become an exit code and message, never a throw. */
export async function runSearchRequest(request: SearchCliRequest): Promise<SearchCliOutput> {
  try {
    const root = findRepoRoot(request.cwd);
    if (root === null) {
      throw new MemError('NOT_A_GIT_REPO', `not inside a git repository: ${request.cwd}`, {
        hint: 'mem searches the memory of a git repository; cd into one (or run `git init`).',
      });
    }
    const { query, json, style, cwd: _cwd, ...options } = request;
    const outcome = await searchMemory(root, query, options);
    const stderr = outcome.warnings.map((w) => `note: ${w}\n`).join('');
    if (json) return { stdout: resultsToJson(outcome.results), stderr, exitCode: EXIT.ok };
    if (outcome.results.length === 0)
      return { stdout: renderNoMatches(query, outcome.noTerms), stderr, exitCode: EXIT.ok };
    return { stdout: renderResults(outcome.results, style), stderr, exitCode: EXIT.ok };
  } catch (error) {
    const exitCode = isMemError(error) ? error.exitCode : EXIT.failure;
    return { stdout: '', stderr: `mem search: ${describeError(error)}\n`, exitCode };
  }
}

/** Returns how matched words are marked on this output stream: bold on a colour terminal, `**marks**` otherwise. */
export function highlightStyleFor(isTty: boolean, env: NodeJS.ProcessEnv): HighlightStyle {
  return isTty && env['NO_COLOR'] === undefined && env['TERM'] !== 'dumb' ? 'ansi' : 'marks';
}
