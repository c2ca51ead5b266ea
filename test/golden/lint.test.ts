/**
 * Golden `mem lint` runs: fixtures/lint/<case>/{repo/, args.json?, expected.txt}, one case per
 * finding code (the folder's name; `clean-*` cases have none). Each repo is copied into a fresh
 * folder of its own (a repository root) and linted as the command does; `UPDATE_GOLDEN=1` writes a
 * missing expected.txt, to be reviewed in the diff.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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
      mkdirSync(join(repo, '.git'));
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
