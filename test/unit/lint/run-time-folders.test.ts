import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runTimeFolders } from '../../../src/cli/lint/run-time-folders.js';

const root = mkdtempSync(join(tmpdir(), 'mem-run-time-folders-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function repo(files: Record<string, string>): string {
  const dir = mkdtempSync(join(root, 'r-'));
  execFileSync('git', ['init', '-q'], { cwd: dir });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  execFileSync('git', ['add', '-A'], { cwd: dir });
  return dir;
}

describe('runTimeFolders', () => {
  it('finds a folder a program makes by its whole path', () => {
    const dir = repo({
      'run.py': 'import os\nos.makedirs("results", exist_ok=True)\nPath("figures/").mkdir(parents=True)\n',
      'gen.ts': "fs.mkdirSync('./out/reports', { recursive: true });\n",
      Makefile: 'logs:\n\tmkdir -p logs cache\n',
    });
    expect([...runTimeFolders(dir, ['results', 'figures', 'out/reports', 'logs', 'cache'])].sort()).toEqual([
      'cache',
      'figures',
      'logs',
      'out/reports',
      'results',
    ]);
  });

  it('leaves a folder of the same name elsewhere, one shown in prose, and one only read', () => {
    const dir = repo({
      'run.py': 'os.makedirs("build/results", exist_ok=True)\nopen("data/input.csv")\n',
      'README.md': 'mkdir -p notes\n',
    });
    expect([...runTimeFolders(dir, ['results', 'notes', 'data'])]).toEqual([]);
  });
});
