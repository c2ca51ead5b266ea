/**
 * `mem check --files`: references in the committed agent files that git saw go. A file git saw
 * renamed is reported with where it went (the same history reader `mem lint` asks, one `git log`
 * for every path); one it saw deleted is reported as gone; a name that never was is no finding.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { cleanupTempDirs, git, makeRepo, runMem } from '../helpers/temp-repo.js';

afterAll(cleanupTempDirs);

it('reports a renamed file with its new path, a deleted one as gone, and never a name git never had', () => {
  const dir = makeRepo();
  mkdirSync(join(dir, 'src'), { recursive: true });
  mkdirSync(join(dir, 'lib'), { recursive: true });
  writeFileSync(join(dir, 'src', 'old-parser.ts'), 'export const parse = 1;\n');
  writeFileSync(join(dir, 'lib', 'helpers.ts'), 'export const help = 1;\n');
  writeFileSync(
    join(dir, 'CLAUDE.md'),
    '# Guide\n\n- The parser lives in `src/old-parser.ts`.\n- Helpers are in `lib/helpers.ts`.\n- Examples go in `examples/never-here.ts`.\n',
  );
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', 'add parser, helpers and the guide']);
  git(dir, ['mv', 'src/old-parser.ts', 'src/parser.ts']);
  git(dir, ['rm', '-q', 'lib/helpers.ts']);
  git(dir, ['commit', '-q', '-m', 'rename the parser, drop the helpers']);
  expect(runMem(['init', '--yes'], { cwd: dir }).status).toBe(0);

  const result = runMem(['check', '--files', '--json'], { cwd: dir });
  const report = JSON.parse(result.stdout) as {
    files: Array<{ file: string; line: number; value: string; renamedTo?: string }>;
  };
  expect(report.files).toEqual([
    { file: 'CLAUDE.md', line: 3, kind: 'path', value: 'src/old-parser.ts', renamedTo: 'src/parser.ts' },
    { file: 'CLAUDE.md', line: 4, kind: 'path', value: 'lib/helpers.ts' },
  ]);
});
