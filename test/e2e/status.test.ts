/** `mem status --json`: what a user checks when memory did not do what they expected. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, git, makeRepo, runMem } from '../helpers/temp-repo.js';
import { appendLines, stopPayload, userLine } from '../helpers/hook-payloads.js';

afterEach(cleanupTempDirs);

type Status = {
  memory: {
    entries: number;
    conflicts: number;
    flaggedContradictions: number;
    files: { file: string; entries: number }[];
    warnings: string[];
  };
  team: { enabled: boolean; pending: boolean; branch: string };
};
const status = (repo: string) => JSON.parse(runMem(['status', '--json'], { cwd: repo }).stdout) as Status;

describe('mem status', () => {
  it('counts shared memory where the agent reads it, and reports flagged contradictions', () => {
    const repo = makeRepo();
    runMem(['init', '--yes'], { cwd: repo });
    expect(runMem(['remember', 'Always use pnpm, never npm, in this repo.'], { cwd: repo }).status).toBe(0);

    const transcript = join(repo, '..', 'contradiction.jsonl');
    appendLines(transcript, [userLine('From now on always use npm for installs in this repo.')]);
    expect(runMem(['hook', 'stop'], { cwd: repo, stdin: stopPayload('contra-0001', transcript, repo) }).status).toBe(0);
    expect(readFileSync(join(repo, '.memory', 'state', 'team-memory.md'), 'utf8')).not.toContain('always use npm');

    const report = status(repo);
    expect(report.memory.files.map((file) => [file.file, file.entries])).toEqual([
      ['.claude/rules/mem-team-memory.md', 1],
    ]);
    expect(report.memory.entries).toBe(1);
    expect(report.memory.flaggedContradictions).toBe(1);
    expect(report.team).toMatchObject({ enabled: true, branch: 'mem/team', ref: 'refs/mem/team' });
    expect(runMem(['status'], { cwd: repo }).stdout).toContain('Contradictions flagged this week: 1');
  });

  it('says what to commit after an old managed region, and flags a refspec that drags the team ref in', () => {
    const repo = makeRepo();
    writeFileSync(
      join(repo, 'CLAUDE.md'),
      '# Project\n\n<!-- mem:begin (managed by mem: edit freely, keep the id comments) -->\n## Conventions\n\n- Use pnpm. <!-- mem:id=m0000000001 -->\n<!-- mem:end -->\n',
    );
    expect(status(repo).memory.warnings.join('\n')).toContain('run `mem migrate`');
    git(repo, ['remote', 'add', 'origin', join(repo, '..', 'remote.git')]);
    git(repo, ['config', '--add', 'remote.origin.fetch', '+refs/*:refs/remotes/origin/all/*']);
    expect(status(repo).memory.warnings.join('\n')).toContain('also fetches refs/mem/team');
    const migrated = runMem(['migrate', '--json'], { cwd: repo });
    expect(migrated.status, migrated.stderr).toBe(0);
    expect(JSON.parse(migrated.stdout)).toEqual({ files: ['CLAUDE.md'], imported: 1 });
    expect(readFileSync(join(repo, 'CLAUDE.md'), 'utf8')).toBe('# Project\n');
    expect(readFileSync(join(repo, '.claude', 'rules', 'mem-team-memory.md'), 'utf8')).toContain('- Use pnpm.');
    expect(status(repo).memory.warnings.join('\n')).not.toContain('mem migrate');
  });

  it('warns when CLAUDE.md grows past what Claude Code advises', () => {
    const repo = makeRepo();
    runMem(['init', '--yes'], { cwd: repo });
    writeFileSync(
      join(repo, 'CLAUDE.md'),
      Array.from({ length: 230 }, (_, index) => `Line ${index} of a long hand-written file.`).join('\n'),
    );
    expect(status(repo).memory.warnings.join('\n')).toContain('CLAUDE.md has 230 lines');
  });
});
