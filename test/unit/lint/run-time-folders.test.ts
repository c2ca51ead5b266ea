import { afterAll, describe, expect, it } from 'vitest';
import { runTimeFolders } from '../../../src/cli/lint/run-time-folders.js';
import { cleanupTempDirs, makeStagedRepo } from '../../helpers/temp-repo.js';

afterAll(cleanupTempDirs);

describe('runTimeFolders', () => {
  it('finds a folder a program makes by its whole path', () => {
    const dir = makeStagedRepo({
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
    const dir = makeStagedRepo({
      'run.py': 'os.makedirs("build/results", exist_ok=True)\nopen("data/input.csv")\n',
      'README.md': 'mkdir -p notes\n',
    });
    expect([...runTimeFolders(dir, ['results', 'notes', 'data'])]).toEqual([]);
  });
});
