/**
 * Golden merge cases: fixtures/merge/<case>/{base,ours,theirs,expected}.md (+ tombstones.txt, one id
 * per line). `UPDATE_GOLDEN=1` writes missing expectations, to be reviewed in the diff.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { listConflicts } from '../../src/team/merge/list-conflicts.js';
import { mergeRegion } from '../../src/team/merge/merge-region.js';
import { PROJECT_ROOT } from '../helpers/temp-repo.js';

const root = join(PROJECT_ROOT, 'fixtures', 'merge');
const cases = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

describe('golden region merges', () => {
  test('the corpus has the cases the product asks for', () => {
    expect(cases.length).toBeGreaterThanOrEqual(16);
  });

  for (const name of cases) {
    test(name, () => {
      const dir = join(root, name);
      const read = (file: string): string => readFileSync(join(dir, file), 'utf8');
      const tombstoneFile = join(dir, 'tombstones.txt');
      const tombstones = new Set(
        existsSync(tombstoneFile)
          ? read('tombstones.txt')
              .split('\n')
              .map((l) => l.trim())
              .filter(Boolean)
          : [],
      );
      const result = mergeRegion(read('base.md'), read('ours.md'), read('theirs.md'), { tombstones });
      const expectedFile = join(dir, 'expected.md');
      if (!existsSync(expectedFile) && process.env['UPDATE_GOLDEN'] === '1') writeFileSync(expectedFile, result.text);
      expect(result.text).toBe(read('expected.md'));
      // Deterministic, and the reported conflicts are exactly those in the text.
      expect(mergeRegion(read('base.md'), read('ours.md'), read('theirs.md'), { tombstones }).text).toBe(result.text);
      expect(result.conflicts).toEqual(listConflicts(result.text));
      expect(result.clean).toBe(result.conflicts.length === 0);
      for (const id of tombstones) expect(result.text).not.toContain(`id=${id} `);
    });
  }
});
