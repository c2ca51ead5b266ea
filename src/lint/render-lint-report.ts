/** `mem lint`'s text output: per agent what it loads and how big, then the findings as file:line. */
import { AGENT_NAMES } from './agent-names.js';
import type { AgentLoad, LintReport, LoadedFile } from './lint-report.js';
import { formatCount } from '../core/text/format-count.js';

const n = formatCount;

/** Returns the report as lines of plain text; never throws. */
export function renderLintReport(report: LintReport): string {
  const out: string[] = [];
  for (const load of report.agents) out.push(...renderLoad(load, report.tokenEstimate), '');
  for (const finding of report.findings) {
    const where = finding.line > 0 ? `${finding.file}:${finding.line}` : finding.file;
    const related = finding.related ? ` (see ${finding.related.file}:${finding.related.line})` : '';
    out.push(`${where}  ${finding.level} ${finding.code}: ${finding.message}${related}`);
  }
  const { error, warning, info } = report.counts;
  out.push(
    `${report.findings.length === 0 ? 'no findings' : `${n(report.findings.length)} finding(s)`}: ${error} error(s), ${warning} warning(s), ${info} note(s)`,
  );
  return `${out.join('\n')}\n`;
}

function renderLoad(load: AgentLoad, estimate: string): string[] {
  const where = load.dir === '' ? 'the repository root' : load.dir;
  if (load.files.length === 0 && load.scoped.length === 0)
    return [`${AGENT_NAMES[load.agent]} (started in ${where}): loads no project file`];
  const cap = load.capBytes === undefined ? '' : `, cap ${n(load.capBytes)} bytes`;
  const lines = [
    `${AGENT_NAMES[load.agent]} (started in ${where}): ${load.files.length} file(s), ${n(load.bytes)} bytes, ~${n(load.tokens)} tokens (${estimate}${cap})`,
  ];
  for (const file of load.files) lines.push(`  ${describe(file)}`);
  if (load.scoped.length > 0) {
    lines.push('  path-scoped, loaded once a matching file is read:');
    for (const file of load.scoped) lines.push(`    ${describe(file)}  paths: ${(file.globs ?? []).join(', ')}`);
  }
  return lines;
}

function describe(file: LoadedFile): string {
  const why =
    file.importedFrom !== undefined
      ? ` (imported by ${file.importedFrom})`
      : file.reason === 'team'
        ? ' (team memory)'
        : '';
  const kept = file.keptBytes !== undefined ? `, only ${n(file.keptBytes)} read` : '';
  return `${file.path}${why}  ${n(file.bytes)} bytes${kept}, ~${n(file.tokens)} tokens`;
}
