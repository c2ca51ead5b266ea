/**
 * Golden region edits: fixtures/markdown/<case>/{input.md, edits.json, expected.md}. edits.json is
 * an array of RegionEdit. `UPDATE_GOLDEN=1` writes missing expectations, to be reviewed in the diff.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { RegionEdit } from '../../src/core/memory-file/edit-body.js';
import { applyRegionEdits, locateRegion, readRegion } from '../../src/core/memory-file/region.js';
import { PROJECT_ROOT } from '../helpers/temp-repo.js';

const root = join(PROJECT_ROOT, 'fixtures', 'markdown');
const cases = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

describe('golden region edits', () => {
  for (const name of cases) {
    test(name, () => {
      const dir = join(root, name);
      const input = readFileSync(join(dir, 'input.md'), 'utf8');
      const edits = JSON.parse(readFileSync(join(dir, 'edits.json'), 'utf8')) as RegionEdit[];
      const result = applyRegionEdits(input, edits);
      const expectedFile = join(dir, 'expected.md');
      if (!existsSync(expectedFile) && process.env['UPDATE_GOLDEN'] === '1') writeFileSync(expectedFile, result.text);
      expect(result.text).toBe(readFileSync(expectedFile, 'utf8'));
      // Outside the region nothing moved.
      const before = locateRegion(input).span;
      const after = locateRegion(result.text).span;
      expect(after).not.toBeNull();
      if (before !== null && after !== null) {
        expect(result.text.slice(0, after.start)).toBe(input.slice(0, before.start));
        expect(result.text.slice(after.end)).toBe(input.slice(before.end));
      } else if (after !== null) {
        expect(result.text.startsWith(input.replace(/\s*$/, ''))).toBe(true);
      }
      // Applying the same edits again changes nothing more for adds (idempotent ids).
      const adds = edits.filter((e) => e.op === 'add');
      expect(applyRegionEdits(result.text, adds).text).toBe(result.text);
      expect(readRegion(result.text).damage).toBeUndefined();
    });
  }
});
