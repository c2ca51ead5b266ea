/**
 * Golden `mem lint` runs: fixtures/lint/<case>/{repo/, args.json?, expected.txt} (a `gitignore` in repo/ becomes its `.gitignore`), one case per
 * finding code (the folder's name; `clean-*` cases have none). Each repo is copied into a fresh
 * folder of its own (a repository root) and linted as the command does; `UPDATE_GOLDEN=1` writes a
 * missing expected.txt, to be reviewed in the diff.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { runLint } from '../../src/cli/lint/run-lint.js';
import { renderLintReport } from '../../src/lint/render-lint-report.js';
import { cleanupTempDirs, makeTempDir, PROJECT_ROOT } from '../helpers/temp-repo.js';

const root = join(PROJECT_ROOT, 'fixtures', 'lint');
const cases = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

afterEach(cleanupTempDirs);

describe('golden mem lint', () => {
  for (const name of cases) {
    test(name, async () => {
      const dir = join(root, name);
      const repo = join(makeTempDir('mem-lint-'), 'repo');
      cpSync(join(dir, 'repo'), repo, { recursive: true, verbatimSymlinks: true });
      execFileSync('git', ['init', '-q', repo]);
      // A fixture's ignore rules are kept as `gitignore`: a tracked `.gitignore` would ignore parts of the fixture itself.
      if (existsSync(join(repo, 'gitignore'))) renameSync(join(repo, 'gitignore'), join(repo, '.gitignore'));
      const args = existsSync(join(dir, 'args.json'))
        ? (JSON.parse(readFileSync(join(dir, 'args.json'), 'utf8')) as { agent?: string; dir?: string })
        : {};
      const { report } = await runLint({
        cwd: repo,
        agent: args.agent ?? 'all',
        ...(args.dir === undefined ? {} : { dir: args.dir }),
      });
      const text = renderLintReport(report);
      const expectedFile = join(dir, 'expected.txt');
      if (!existsSync(expectedFile) && process.env['UPDATE_GOLDEN'] === '1') writeFileSync(expectedFile, text);
      expect(text).toBe(readFileSync(expectedFile, 'utf8'));
      const codes = report.findings.map((finding) => finding.code);
      if (name.startsWith('clean')) expect(codes).toEqual([]);
      else expect(codes).toContain(name);
    });
  }
});
