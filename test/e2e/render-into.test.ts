/** `mem render --into FILE`: a snapshot goes into a file of the repository, never into git's own files or out of the repository, and the file keeps its mode. */
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, makeRepo, makeTempDir, runMem } from '../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

let repo: string;
beforeEach(() => {
  repo = makeRepo();
  expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
  expect(runMem(['remember', 'Always run the database migrations with make migrate.'], { cwd: repo }).status).toBe(0);
});

function expectRefused(args: string[], pattern: RegExp): void {
  const result = runMem(['render', ...args], { cwd: repo });
  expect(result.status, result.stderr).toBe(2);
  expect(result.stderr).toMatch(pattern);
  expect(result.stderr).not.toContain('internal error');
  expect(result.stdout).toBe('');
}

describe('mem render --into', () => {
  it("refuses git's own files, which it would break", () => {
    const config = readFileSync(join(repo, '.git', 'config'), 'utf8');
    expectRefused(['--into', '.git/config'], /\.git\/config is inside git's own directory/);
    expect(readFileSync(join(repo, '.git', 'config'), 'utf8')).toBe(config);
    expectRefused(['--into', join(repo, '.git', 'hooks', 'pre-commit')], /inside git's own directory/);
    expect(existsSync(join(repo, '.git', 'hooks', 'pre-commit'))).toBe(false);
  });

  it('refuses a link in the repository that points outside it, and writes through one that stays inside', () => {
    const outside = join(makeTempDir(), 'notes.md');
    writeFileSync(outside, '# private notes\n');
    symlinkSync(outside, join(repo, 'NOTES.md'));
    expectRefused(['--into', 'NOTES.md'], /NOTES\.md is outside this repository \(a link to .*notes\.md\)/);
    expect(readFileSync(outside, 'utf8')).toBe('# private notes\n');

    writeFileSync(join(repo, 'AGENTS.md'), '# Agents\n');
    symlinkSync('AGENTS.md', join(repo, 'CLAUDE.md'));
    expect(runMem(['render', '--into', 'CLAUDE.md'], { cwd: repo }).status).toBe(0);
    expect(readFileSync(join(repo, 'AGENTS.md'), 'utf8')).toContain('make migrate');
  });

  it("keeps the target file's mode", () => {
    mkdirSync(join(repo, 'docs'));
    const file = join(repo, 'docs', 'setup.sh');
    writeFileSync(file, '#!/bin/sh\necho set up\n');
    chmodSync(file, 0o750);
    const result = runMem(['render', '--into', 'docs/setup.sh'], { cwd: repo });
    expect(result.status, result.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('make migrate');
    expect(statSync(file).mode & 0o777).toBe(0o750);
  });

  it('says what it needs for an empty name or a folder', () => {
    expectRefused(['--into', ''], /--into needs a file name/);
    mkdirSync(join(repo, 'docs'));
    expectRefused(['--into', 'docs'], /docs is not a file/);
  });
});
