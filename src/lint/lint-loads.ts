/**
 * `mem lint`'s decision: the agents' loads (plan-agent-loads.ts) and every check over them, as one
 * report. Pure: the files come through the view, the parsed documents as data.
 */
import { LINT_LEVELS, TOKEN_ESTIMATE, type LintAgent, type LintFinding, type LintLevel, type LintReport } from './lint-report.js';
import { planAgentLoads, type AgentSettings, type LintView } from './plan-agent-loads.js';
import { findImportProblems, findOverBudget, findPastCodexCap } from './find-load-problems.js';

export type LintRequest = {
  dir: string;
  agents: readonly LintAgent[];
  view: LintView;
  settings: AgentSettings;
  budgets: Readonly<Record<LintAgent, number>>;
};

/** Returns the report for `request`; never throws. */
export function lintLoads(request: LintRequest): LintReport {
  const { loads, problems } = planAgentLoads(request.view, request.dir, request.agents, request.settings);
  const findings = sortFindings([...findOverBudget(loads, request.budgets), ...findPastCodexCap(loads, (path) => request.view.read(path)), ...findImportProblems(problems)]);
  return { dir: request.dir, tokenEstimate: TOKEN_ESTIMATE, agents: loads, findings, counts: countLevels(findings) };
}

function sortFindings(findings: LintFinding[]): LintFinding[] {
  return findings.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)));
}

function countLevels(findings: readonly LintFinding[]): Record<LintLevel, number> {
  const counts = { info: 0, warning: 0, error: 0 };
  for (const finding of findings) counts[finding.level] += 1;
  return counts;
}

/** Returns true when a finding is at `level` or above; never throws. */
export function reachesLevel(report: LintReport, level: LintLevel): boolean {
  const at = LINT_LEVELS.indexOf(level);
  return report.findings.some((finding) => LINT_LEVELS.indexOf(finding.level) >= at);
}
