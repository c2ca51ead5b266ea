/**
 * `mem init` in a real terminal (a pseudo-terminal from util-linux `script`): it shows each file
 * and what changes in it, asks once, and ends with the exact `git add` line. Without a terminal
 * it applies without asking, as scripts expect.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, git, makeRepo, MEM_BIN, runMem, testEnv } from '../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

const HAS_SCRIPT = existsSync('/usr/bin/script');

/** A project using husky 9, whose pre-push was committed without its executable bit. */
function huskyRepo(): string {
  const repo = makeRepo();
  mkdirSync(join(repo, '.husky', '_'), { recursive: true });
  writeFileSync(join(repo, '.husky', 'pre-push'), 'npm test\n');
  chmodSync(join(repo, '.husky', 'pre-push'), 0o644);
  git(repo, ['config', 'core.hooksPath', '.husky/_']);
  git(repo, ['add', '-A']);
  git(repo, ['commit', '-q', '-m', 'husky']);
  return repo;
}

function initInTerminal(repo: string, typed: string): { status: number; output: string } {
  const result = spawnSync('script', ['-qec', `${process.execPath} ${MEM_BIN} init`, '/dev/null'], {
    cwd: repo,
    input: typed,
    env: testEnv({ TERM: 'xterm' }),
    encoding: 'utf8',
    timeout: 30_000,
  });
  // What a person reads: colours and cursor movements removed.
  const output = result.stdout.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').replace(/\r/g, '');
  return { status: result.status ?? -1, output };
}

function listTree(repo: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === '.git') continue;
      if (entry.isDirectory()) walk(join(dir, entry.name), `${prefix}${entry.name}/`);
      else out.push(`${prefix}${entry.name} ${(statSync(join(dir, entry.name)).mode & 0o777).toString(8)}`);
    }
  };
  walk(repo, '');
  return out.sort();
}

describe.skipIf(!HAS_SCRIPT)('mem init in a terminal', () => {
  it('shows the plan, asks once, applies on yes and names every file to commit', () => {
    const repo = huskyRepo();
    const { status, output } = initInTerminal(repo, 'y\n');
    if (status !== 0) console.log(output);
    expect(status).toBe(0);
    expect(output).toContain(`mem init will make these changes in ${repo}:`);
    expect(output).toMatch(/create +\.memory\/config\.json +mem's settings, with the defaults/);
    expect(output).toMatch(
      /create +\.claude\/settings\.json +mem's Claude Code hooks: SessionStart, UserPromptSubmit, Stop, PreCompact and SessionEnd/,
    );
    expect(output).toMatch(
      /edit +\.husky\/pre-push +appends a block that runs mem sync before each git push; husky's lines stay; mode 644 → 755, so that git runs it/,
    );
    expect(output).toMatch(/In this clone only \(never committed\):\n +edit +\.git\/config/);
    expect(output.match(/Make these changes\?/g)?.length).toBeGreaterThanOrEqual(1);
    expect(output).toContain('Done: mem is set up');
    expect(output).toContain(
      '  git add .memory/config.json .memory/.gitignore .claude/settings.json .husky/pre-push .gitattributes\n  git commit -m "Set up mem"',
    );
    // No internal words reach the user.
    expect(output).not.toMatch(/husky-block|already-installed|claude-hooks|merge-driver\b/);
    expect(statSync(join(repo, '.husky', 'pre-push')).mode & 0o777).toBe(0o755);

    // Running the git add line leaves nothing of mem's uncommitted.
    git(repo, [
      'add',
      '.memory/config.json',
      '.memory/.gitignore',
      '.claude/settings.json',
      '.husky/pre-push',
      '.gitattributes',
    ]);
    git(repo, ['commit', '-q', '-m', 'Set up mem']);
    expect(git(repo, ['status', '--porcelain'])).toBe('');
    const again = initInTerminal(repo, '');
    expect(again.status).toBe(0);
    expect(again.output).toContain(`mem is already set up in ${repo}: nothing to change.`);
  });

  it('changes nothing when the answer is no', () => {
    const repo = huskyRepo();
    const before = listTree(repo);
    const { status, output } = initInTerminal(repo, 'n\n');
    expect(status).toBe(1);
    expect(output).toContain('Nothing was changed.');
    expect(listTree(repo)).toEqual(before);
    expect(() => git(repo, ['config', '--get', 'merge.mem.driver'])).toThrow();
  });
});

describe('mem init without a terminal', () => {
  it('applies without asking, and --dry-run shows the plan and changes nothing', () => {
    const repo = huskyRepo();
    const before = listTree(repo);
    const dry = runMem(['init', '--dry-run'], { cwd: repo });
    expect(dry.status).toBe(0);
    expect(dry.stdout).toMatch(/edit +\.husky\/pre-push .*mode 644 → 755/);
    expect(listTree(repo)).toEqual(before);

    const applied = runMem(['init'], { cwd: repo });
    expect(applied.status).toBe(0);
    expect(applied.stdout).not.toContain('Make these changes?');
    expect(applied.stdout).toMatch(/edited +\.husky\/pre-push/);
    expect(applied.stdout).toContain(
      'git add .memory/config.json .memory/.gitignore .claude/settings.json .husky/pre-push .gitattributes',
    );
    expect(existsSync(join(repo, '.memory', 'config.json'))).toBe(true);
  });
});
