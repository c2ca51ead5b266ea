/**
 * A hand-written file that ends inside a code fence nobody closed (one real AGENTS.md does): the
 * region mem appends after it must stay visible to mem, and merges must still see it.
 */
import { describe, expect, test } from 'vitest';
import { readRegion } from '../../../../src/core/memory-file/region.js';
import { mergeMarkdownFile } from '../../../../src/team/merge/merge-markdown-file.js';

const item = (id: string, text: string): string => `- ${text} <!-- mem:id=${id} by=alice at=2025-01-02T10:00:00Z -->`;
const file = (...entries: string[]): string =>
  [
    '# Agents',
    '',
    'Run the checks:',
    '',
    '```bash',
    'npm test',
    '',
    '<!-- mem:begin -->',
    '## Conventions',
    '',
    ...entries,
    '<!-- mem:end -->',
    '',
  ].join('\n');

describe('a fence left open before mem region', () => {
  test('mem still reads its region, undamaged', () => {
    const read = readRegion(file(item('a', 'Use pnpm.')));
    expect(read.damage).toBeUndefined();
    expect(read.entries.map((e) => e.id)).toEqual(['a']);
  });

  test('a closed fence still hides marker-looking lines', () => {
    const text = [
      '```',
      '<!-- mem:begin -->',
      '```',
      '',
      '<!-- mem:begin -->',
      item('a', 'A'),
      '<!-- mem:end -->',
      '',
    ].join('\n');
    expect(readRegion(text).entries.map((e) => e.id)).toEqual(['a']);
  });

  test('entries both sides added after the open fence merge entry by entry', () => {
    const base = file(item('a', 'Use pnpm.'));
    const result = mergeMarkdownFile(
      base,
      file(item('a', 'Use pnpm.'), item('b', 'Ours.')),
      file(item('a', 'Use pnpm.'), item('c', 'Theirs.')),
    );
    expect(result.clean).toBe(true);
    expect(readRegion(result.text).entries.map((e) => e.id)).toEqual(['a', 'b', 'c']);
  });
});
