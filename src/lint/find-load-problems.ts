/**
 * Findings about what is loaded as a whole: an agent's start-up text over its budget, Codex's cap
 * cutting the AGENTS.md chain, and imports that do not resolve, loop or go deeper than the client
 * follows.
 */
import { AGENT_NAMES } from './agent-names.js';
import type { AgentLoad, LintAgent, LintFinding } from './lint-report.js';
import type { ImportProblem } from './plan-agent-loads.js';
import { formatCount } from '../core/text/format-count.js';

/** Returns an over-budget finding for each agent whose start-up tokens pass `budgets`; never throws. */
export function findOverBudget(
  loads: readonly AgentLoad[],
  budgets: Readonly<Record<LintAgent, number>>,
): LintFinding[] {
  const out: LintFinding[] = [];
  for (const load of loads) {
    const budget = budgets[load.agent];
    if (load.tokens <= budget) continue;
    const largest = [...load.files].sort((a, b) => b.bytes - a.bytes)[0];
    out.push({
      code: 'over-budget',
      level: 'warning',
      file: largest?.path ?? '',
      line: 0,
      message: `${AGENT_NAMES[load.agent]} loads ~${formatCount(load.tokens)} tokens at start-up, over the budget of ${formatCount(budget)} (lint.budgetTokens.${load.agent}); this file is the largest part`,
    });
  }
  return out;
}

/** Returns a finding at the first line Codex drops from each file its cap cuts; `read` gives the file's text. */
export function findPastCodexCap(loads: readonly AgentLoad[], read: (path: string) => string | null): LintFinding[] {
  const out: LintFinding[] = [];
  for (const load of loads) {
    if (load.agent !== 'codex') continue;
    for (const file of load.files) {
      if (file.keptBytes === undefined) continue;
      const bytes = Buffer.from(read(file.path) ?? '');
      const line = bytes.subarray(0, file.keptBytes).toString('utf8').split('\n').length;
      const dropped = file.bytes - file.keptBytes;
      out.push({
        code: 'past-codex-cap',
        level: 'error',
        file: file.path,
        line,
        message: `Codex never reads from here on: the AGENTS.md chain passes project_doc_max_bytes (${formatCount(load.capBytes ?? 0)} bytes), so ${formatCount(dropped)} bytes are dropped`,
      });
    }
  }
  return out;
}

const PROBLEM: Record<
  ImportProblem['kind'],
  { code: string; level: LintFinding['level']; say: (target: string) => string }
> = {
  broken: {
    code: 'broken-import',
    level: 'error',
    say: (target) => `@${target} is imported but does not exist, so nothing is loaded from it`,
  },
  cycle: {
    code: 'import-cycle',
    level: 'warning',
    say: (target) => `@${target} imports a file already on its import chain (a cycle): the client loads each file once`,
  },
  outside: {
    code: 'import-outside-start-dir',
    level: 'info',
    say: (target) =>
      `@${target} lies outside the start directory: it is loaded only once the user approves external imports`,
  },
  'too-deep': {
    code: 'import-too-deep',
    level: 'warning',
    say: (target) => `@${target} is past the clients' import depth (5 levels): it is never loaded`,
  },
};

/** Returns one finding per distinct import problem, naming the agents it affects; never throws. */
export function findImportProblems(problems: readonly ImportProblem[]): LintFinding[] {
  const byPlace = new Map<string, { problem: ImportProblem; agents: LintAgent[] }>();
  for (const problem of problems) {
    const key = `${problem.kind}\0${problem.file}\0${problem.line}\0${problem.target}`;
    const seen = byPlace.get(key);
    if (seen) {
      if (!seen.agents.includes(problem.agent)) seen.agents.push(problem.agent);
    } else byPlace.set(key, { problem, agents: [problem.agent] });
  }
  return [...byPlace.values()].map(({ problem, agents }) => {
    const kind = PROBLEM[problem.kind];
    return {
      code: kind.code,
      level: kind.level,
      file: problem.file,
      line: problem.line,
      message: `${kind.say(problem.target)} (${agents.map((agent) => AGENT_NAMES[agent]).join(', ')})`,
    };
  });
}
