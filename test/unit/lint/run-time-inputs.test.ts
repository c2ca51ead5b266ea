import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runTimeInputs } from '../../../src/cli/lint/run-time-inputs.js';

const root = mkdtempSync(join(tmpdir(), 'mem-run-time-inputs-'));
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

describe('runTimeInputs', () => {
  it('finds a data file the code reads by its whole path or by its quoted parts', () => {
    const dir = repo({
      'server/tags.ts': "const file = path.join(process.cwd(), 'config', 'tags.csv');\n",
      'load.py': 'open("./data/users.json")\nnp.load(Path("models") / "weights.npy")\n',
    });
    expect(
      [...runTimeInputs(dir, ['config/tags.csv', 'data/users.json', 'models/weights.npy', 'data/other.csv'])].sort(),
    ).toEqual(['config/tags.csv', 'data/users.json', 'models/weights.npy']);
  });

  it('leaves a file of the same name elsewhere, a name alone, one shown in prose, and a file that is no data', () => {
    const dir = repo({
      'run.py': 'open("shared/config/tags.csv")\nopen("users.csv")\nsubprocess.run(["sh", "scripts/seed.sh"])\n',
      'README.md': 'open("notes/list.csv")\n',
    });
    expect([...runTimeInputs(dir, ['config/tags.csv', 'data/users.csv', 'notes/list.csv', 'scripts/seed.sh'])]).toEqual(
      [],
    );
  });
});
