/** `mem status --json`: what a user checks when memory did not do what they expected. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, makeRepo, runMem } from '../helpers/temp-repo.js';
import { appendLines, stopPayload, userLine } from '../helpers/hook-payloads.js';

afterEach(cleanupTempDirs);

type Status = {
  memory: { entries: number; conflicts: number; flaggedContradictions: number; files: { file: string; entries: number }[]; warnings: string[] };
  team: { enabled: boolean; pending: boolean; branch: string };
};
const status = (repo: string) => JSON.parse(runMem(['status', '--json'], { cwd: repo }).stdout) as Status;

describe('mem status', () => {
  it('counts a memory mirrored in CLAUDE.md and AGENTS.md once, and reports flagged contradictions', () => {
    const repo = makeRepo();
    runMem(['init', '--yes'], { cwd: repo });
    const configFile = join(repo, '.memory', 'config.json');
    const config = JSON.parse(readFileSync(configFile, 'utf8'));
    config.region.targets = ['CLAUDE.md', 'AGENTS.md'];
    writeFileSync(configFile, JSON.stringify(config, null, 2));
    expect(runMem(['remember', 'Always use pnpm, never npm, in this repo.'], { cwd: repo }).status).toBe(0);

    const transcript = join(repo, '..', 'contradiction.jsonl');
    appendLines(transcript, [userLine('From now on always use npm for installs in this repo.')]);
    expect(runMem(['hook', 'stop'], { cwd: repo, stdin: stopPayload('contra-0001', transcript, repo) }).status).toBe(0);
    expect(readFileSync(join(repo, 'CLAUDE.md'), 'utf8')).not.toContain('always use npm');

    const report = status(repo);
    expect(report.memory.files.map((file) => [file.file, file.entries])).toEqual([['CLAUDE.md', 1], ['AGENTS.md', 1]]);
    expect(report.memory.entries).toBe(1);
    expect(report.memory.flaggedContradictions).toBe(1);
    expect(report.team).toMatchObject({ enabled: true, branch: 'mem/team' });
    expect(runMem(['status'], { cwd: repo }).stdout).toContain('Contradictions flagged this week: 1');
  });

  it('warns when CLAUDE.md grows past what Claude Code advises', () => {
    const repo = makeRepo();
    runMem(['init', '--yes'], { cwd: repo });
    writeFileSync(join(repo, 'CLAUDE.md'), Array.from({ length: 230 }, (_, index) => `Line ${index} of a long hand-written file.`).join('\n'));
    expect(status(repo).memory.warnings.join('\n')).toContain('CLAUDE.md has 230 lines');
  });
});
