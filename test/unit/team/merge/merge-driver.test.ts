/**
 * The git merge driver end to end: real git, the built bin/run.js as `merge.mem.driver`, two
 * branches appending bullets to the same section of CLAUDE.md (inside mem's region and in a
 * hand-written list) merge without conflict; a real conflict exits 1 and stays visible.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { mergeDriverConfig, gitattributesLine } from '../../../../src/team/merge/merge-driver-setup.js';
import { cleanupTempDirs, git, makeRepo, makeTempDir, MEM_BIN, runMem } from '../../../helpers/temp-repo.js';
import { spawnSync } from 'node:child_process';
import { testEnv } from '../../../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

const item = (id: string, text: string, by: string): string =>
  `- ${text} <!-- mem:id=${id} by=${by} at=2025-01-02T10:00:00Z -->`;
const file = (region: string[], rules: string[]): string =>
  [
    '# Project',
    '',
    '## Team rules',
    '',
    ...rules,
    '',
    '<!-- mem:begin -->',
    '## Conventions',
    '',
    ...region,
    '<!-- mem:end -->',
    '',
  ].join('\n');

function setup(): string {
  const repo = makeRepo();
  for (const [key, value] of Object.entries(mergeDriverConfig(`"${process.execPath}" "${MEM_BIN}"`)))
    git(repo, ['config', key, value]);
  writeFileSync(join(repo, '.gitattributes'), `${gitattributesLine('CLAUDE.md')}\n`);
  writeFileSync(join(repo, 'CLAUDE.md'), file([item('c1', 'Use pnpm.', 'base')], ['- Write tests first.']));
  git(repo, ['add', '.']);
  git(repo, ['commit', '-q', '-m', 'base']);
  return repo;
}

function commitOn(repo: string, branch: string, text: string): void {
  git(repo, ['checkout', '-q', '-B', branch, 'main']);
  writeFileSync(join(repo, 'CLAUDE.md'), text);
  git(repo, ['commit', '-q', '-am', branch]);
}

describe('mem merge-driver with real git', () => {
  test('two branches appending to the same section merge cleanly, entry by entry', () => {
    const repo = setup();
    commitOn(
      repo,
      'alice',
      file(
        [item('c1', 'Use pnpm.', 'base'), item('a1', 'Alice rule.', 'alice')],
        ['- Write tests first.', '- Alice hand bullet.'],
      ),
    );
    commitOn(
      repo,
      'bob',
      file(
        [item('c1', 'Use pnpm.', 'base'), item('b1', 'Bob rule.', 'bob')],
        ['- Write tests first.', '- Bob hand bullet.'],
      ),
    );
    git(repo, ['checkout', '-q', 'alice']);
    git(repo, ['merge', '-q', '--no-edit', 'bob']);
    const merged = readFileSync(join(repo, 'CLAUDE.md'), 'utf8');
    expect(merged).toBe(
      file(
        [item('c1', 'Use pnpm.', 'base'), item('a1', 'Alice rule.', 'alice'), item('b1', 'Bob rule.', 'bob')],
        ['- Write tests first.', '- Alice hand bullet.', '- Bob hand bullet.'],
      ),
    );
    expect(git(repo, ['status', '--porcelain'])).toBe('');
  });

  test('a real conflict exits 1, git reports it, both versions are in the file', () => {
    const repo = setup();
    commitOn(repo, 'alice', file([item('c1', 'Use pnpm 9.', 'alice')], ['- Write tests first.']));
    commitOn(repo, 'bob', file([item('c1', 'Use yarn.', 'bob')], ['- Write tests first.']));
    git(repo, ['checkout', '-q', 'alice']);
    const result = spawnSync('git', ['merge', '--no-edit', 'bob'], { cwd: repo, env: testEnv(), encoding: 'utf8' });
    expect(result.status).not.toBe(0);
    const merged = readFileSync(join(repo, 'CLAUDE.md'), 'utf8');
    expect(merged).toContain('⚠ mem conflict c1');
    expect(merged).toContain('Use pnpm 9.');
    expect(merged).toContain('Use yarn.');
  });

  test('the same hand-written item edited two ways: exit 1, git lists the file, standard markers, mergetool resolves it', () => {
    const repo = setup();
    commitOn(repo, 'alice', file([item('c1', 'Use pnpm.', 'base')], ['- Write tests first, with vitest.']));
    commitOn(repo, 'bob', file([item('c1', 'Use pnpm.', 'base')], ['- Write tests first, with jest.']));
    git(repo, ['checkout', '-q', 'alice']);
    const result = spawnSync('git', ['merge', '--no-edit', 'bob'], { cwd: repo, env: testEnv(), encoding: 'utf8' });
    expect(result.status).not.toBe(0);
    expect(git(repo, ['status', '--porcelain'])).toContain('UU CLAUDE.md');
    const merged = readFileSync(join(repo, 'CLAUDE.md'), 'utf8');
    expect(merged).toContain(
      '<<<<<<< ours\n- Write tests first, with vitest.\n=======\n- Write tests first, with jest.\n>>>>>>> theirs\n',
    );
    expect(merged).not.toContain('mem conflict');
    // git mergetool works from git's own stages: a tool taking theirs resolves the file.
    const tool = spawnSync(
      'git',
      [
        '-c',
        'mergetool.take-theirs.cmd=cp "$REMOTE" "$MERGED"',
        '-c',
        'mergetool.take-theirs.trustExitCode=true',
        'mergetool',
        '--no-prompt',
        '--tool=take-theirs',
        'CLAUDE.md',
      ],
      { cwd: repo, env: testEnv(), encoding: 'utf8' },
    );
    expect(tool.status).toBe(0);
    expect(readFileSync(join(repo, 'CLAUDE.md'), 'utf8')).toContain('- Write tests first, with jest.\n');
    expect(git(repo, ['status', '--porcelain'])).toMatch(/^M {2}CLAUDE\.md$/m);
  });

  test('bad arguments: message on stderr, exit 2', () => {
    const dir = makeTempDir();
    const result = runMem(['merge-driver', 'only-one'], { cwd: dir });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/expected 3 paths/);
    const missing = runMem(['merge-driver', 'a', 'b', 'c'], { cwd: dir });
    expect(missing.status).toBe(2);
  });
});
