/** `mem lint`'s text output folds the many duplicate rows of one copied file into one line; `--json` keeps each. */
import { describe, expect, it } from 'vitest';
import type { LintFinding, LintReport } from '../../../src/lint/lint-report.js';
import { renderLintReport } from '../../../src/lint/render-lint-report.js';

function copyRow(line: number, code = 'duplicate-rule', other = 'AGENTS.md'): LintFinding {
  return { code, level: 'warning', file: 'CLAUDE.md', line, message: 'the same rule', related: { file: other, line } };
}

function render(findings: LintFinding[]): string[] {
  const report = {
    dir: '',
    tokenEstimate: 'bytes/4',
    agents: [],
    findings,
    counts: { info: 0, warning: findings.length, error: 0 },
  } as unknown as LintReport;
  return renderLintReport(report).trimEnd().split('\n');
}

describe('renderLintReport: a file kept as a copy of another', () => {
  it('prints every row of a pair with five or fewer', () => {
    const lines = render([1, 2, 3, 4, 5].map((line) => copyRow(line)));
    expect(lines.filter((line) => line.startsWith('CLAUDE.md:'))).toHaveLength(5);
  });

  it('shows three rows of a larger pair and folds the rest into one line with their line ranges', () => {
    const lines = render([...[1, 2, 3, 7, 8, 9, 12].map((line) => copyRow(line)), copyRow(13, 'near-duplicate-rule')]);
    const rows = lines.filter((line) => line.startsWith('CLAUDE.md:'));
    expect(rows).toHaveLength(4);
    expect(rows[3]).toBe(
      'CLAUDE.md:7  warning duplicate-rule, near-duplicate-rule: 5 more rules of this file are loaded from AGENTS.md too ' +
        '(lines 7-9, 12-13 here, 7-9, 12-13 there): one file kept as a copy of the other drifts apart (--json lists each)',
    );
    expect(lines.at(-1)).toMatch(/^8 finding\(s\)/);
  });

  it('keeps other pairs and other findings of the file where they were', () => {
    const missing: LintFinding = { code: 'missing-path', level: 'warning', file: 'CLAUDE.md', line: 10, message: 'x' };
    const findings = [
      ...[1, 2, 3, 4, 5, 6].map((line) => copyRow(line)),
      missing,
      copyRow(11, 'duplicate-rule', 'GEMINI.md'),
    ];
    const rows = render(findings).filter((line) => line.startsWith('CLAUDE.md:'));
    expect(rows.map((row) => row.split(' ')[0])).toEqual([
      'CLAUDE.md:1',
      'CLAUDE.md:2',
      'CLAUDE.md:3',
      'CLAUDE.md:4',
      'CLAUDE.md:10',
      'CLAUDE.md:11',
    ]);
  });
});
