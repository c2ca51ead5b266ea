/** `mem lint`'s text output: per agent what it loads and how big, then the findings as file:line. */
import { AGENT_NAMES } from './agent-names.js';
import { LINT_LEVELS, type AgentLoad, type LintFinding, type LintReport, type LoadedFile } from './lint-report.js';
import { formatCount } from '../core/text/format-count.js';

const n = formatCount;

/** Returns the report as lines of plain text; never throws. */
export function renderLintReport(report: LintReport): string {
  const out: string[] = [];
  for (const load of report.agents) out.push(...renderLoad(load, report.tokenEstimate), '');
  const folded = foldedCopies(report.findings);
  for (const finding of report.findings) {
    const fold = folded.get(finding);
    if (fold === null) continue;
    if (fold !== undefined) {
      out.push(renderFold(fold));
      continue;
    }
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

// A file kept by hand as a copy of another gives one finding per shared rule (35 for one drifted CLAUDE.md / AGENTS.md
// pair of a held-out set): the text shows the first few and folds the rest into one line; `--json` keeps every one.
const COPY_CODES = new Set(['duplicate-rule', 'near-duplicate-rule']);
const SHOWN_PER_PAIR = 3;
const FOLD_ABOVE = 5;

/** The rows of one file pair folded into one line: the findings after the first SHOWN_PER_PAIR. */
type Fold = { rows: LintFinding[] };

/**
 * For each duplicate finding of a file pair with more than FOLD_ABOVE of them: the fold at the first hidden row, null at
 * the others (not printed); findings of other pairs and kinds are not in the map.
 */
function foldedCopies(findings: readonly LintFinding[]): Map<LintFinding, Fold | null> {
  const pairs = new Map<string, LintFinding[]>();
  for (const finding of findings) {
    if (!COPY_CODES.has(finding.code) || finding.related === undefined) continue;
    const key = `${finding.file}\u0000${finding.related.file}`;
    const rows = pairs.get(key);
    if (rows === undefined) pairs.set(key, [finding]);
    else rows.push(finding);
  }
  const folded = new Map<LintFinding, Fold | null>();
  for (const rows of pairs.values()) {
    if (rows.length <= FOLD_ABOVE) continue;
    const hidden = rows.slice(SHOWN_PER_PAIR);
    hidden.forEach((row, index) => folded.set(row, index === 0 ? { rows: hidden } : null));
  }
  return folded;
}

function renderFold({ rows }: Fold): string {
  const [first] = rows as [LintFinding, ...LintFinding[]];
  const level = LINT_LEVELS[Math.max(...rows.map((row) => LINT_LEVELS.indexOf(row.level)))];
  const codes = [...new Set(rows.map((row) => row.code))].sort().join(', ');
  const other = first.related!.file;
  const here = lineRanges(rows.map((row) => row.line));
  const there = lineRanges(rows.map((row) => row.related!.line));
  return `${first.file}:${first.line}  ${level} ${codes}: ${n(rows.length)} more rules of this file are loaded from ${other} too (lines ${here} here, ${there} there): one file kept as a copy of the other drifts apart (--json lists each)`;
}

/** Line numbers as sorted ranges: 3, 7-8, 12. */
function lineRanges(lines: readonly number[]): string {
  const sorted = [...new Set(lines)].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let index = 0; index < sorted.length; index++) {
    const start = sorted[index]!;
    while (sorted[index + 1] === sorted[index]! + 1) index++;
    ranges.push(start === sorted[index] ? `${start}` : `${start}-${sorted[index]}`);
  }
  return ranges.join(', ');
}
