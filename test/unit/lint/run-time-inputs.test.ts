import { afterAll, describe, expect, it } from 'vitest';
import { runTimeInputs } from '../../../src/cli/lint/run-time-inputs.js';
import { cleanupTempDirs, makeStagedRepo } from '../../helpers/temp-repo.js';

afterAll(cleanupTempDirs);

describe('runTimeInputs', () => {
  it('finds a data file the code reads by its whole path or by its quoted parts', () => {
    const dir = makeStagedRepo({
      'server/tags.ts': "const file = path.join(process.cwd(), 'config', 'tags.csv');\n",
      'load.py': 'open("./data/users.json")\nnp.load(Path("models") / "weights.npy")\n',
    });
    expect(
      [...runTimeInputs(dir, ['config/tags.csv', 'data/users.json', 'models/weights.npy', 'data/other.csv'])].sort(),
    ).toEqual(['config/tags.csv', 'data/users.json', 'models/weights.npy']);
  });

  it('leaves a file of the same name elsewhere, a name alone, one shown in prose, and a file that is no data', () => {
    const dir = makeStagedRepo({
      'run.py': 'open("shared/config/tags.csv")\nopen("users.csv")\nsubprocess.run(["sh", "scripts/seed.sh"])\n',
      'README.md': 'open("notes/list.csv")\n',
    });
    expect([...runTimeInputs(dir, ['config/tags.csv', 'data/users.csv', 'notes/list.csv', 'scripts/seed.sh'])]).toEqual(
      [],
    );
  });
});
