/**
 * Golden merges of whole hand-written files by the git merge driver's merge (mergeMarkdownFile):
 * fixtures/merge-driver/<case>/{base,ours,theirs,expected}.md, copied byte for byte from real
 * CLAUDE.md / AGENTS.md histories (../shared/corpus/merge/), with source.json naming the repository,
 * the commits and why the case is here. expected.md is the author's own later file when the merge
 * is clean, and the conflict in git's markers when a human must decide.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { findTextConflicts } from '../../src/core/memory-file/text-conflict.js';
import { mergeMarkdownFile } from '../../src/team/merge/merge-markdown-file.js';
import { PROJECT_ROOT } from '../helpers/temp-repo.js';

const root = join(PROJECT_ROOT, 'fixtures', 'merge-driver');
const cases = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

describe('golden merge-driver merges of real files', () => {
  for (const name of cases) {
    test(name, () => {
      const read = (file: string): string => readFileSync(join(root, name, file), 'utf8');
      const source = JSON.parse(read('source.json')) as { repository: string; result: string };
      expect(source.repository).toMatch(/^[\w.-]+\/[\w.-]+$/);
      const result = mergeMarkdownFile(read('base.md'), read('ours.md'), read('theirs.md'));
      expect(result.text).toBe(read('expected.md'));
      const conflicts = findTextConflicts(result.text).length;
      expect(result.conflicts).toBe(conflicts);
      expect(result.clean).toBe(source.result !== 'conflict');
      // Swapping the sides never turns a conflict into a clean merge, nor the reverse.
      expect(mergeMarkdownFile(read('base.md'), read('theirs.md'), read('ours.md')).clean).toBe(result.clean);
    });
  }
});
