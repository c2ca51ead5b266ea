import { describe, expect, test } from 'vitest';
import { applyRegionEdits, readRegion, repairRegion } from '../../../../src/core/memory-file/region.js';
import { isMemError } from '../../../../src/core/errors.js';

const BEGIN = '<!-- mem:begin -->';
const END = '<!-- mem:end -->';
const item = (id: string, text: string): string => `- ${text} <!-- mem:id=${id} by=alice -->`;
const ids = (text: string): string[] =>
  readRegion(text)
    .entries.map((e) => e.id)
    .sort();

describe('damaged markers', () => {
  const cases: Record<string, { text: string; kind: string; expected: string[] }> = {
    'begin without end': {
      text: ['# P', '', BEGIN, '## Conventions', '', item('a', 'A'), item('b', 'B'), '', 'Human text after.', ''].join(
        '\n',
      ),
      kind: 'missing-end',
      expected: ['a', 'b'],
    },
    'end without begin': {
      text: ['# P', '', 'Intro.', '', '## Gotchas', '', item('g', 'G'), END, ''].join('\n'),
      kind: 'missing-begin',
      expected: ['g'],
    },
    'duplicated regions': {
      text: [
        '# P',
        BEGIN,
        '## Conventions',
        '',
        item('a', 'A'),
        END,
        'middle',
        BEGIN,
        '## Commands',
        '',
        item('k', 'K'),
        item('a', 'A again'),
        END,
        '',
      ].join('\n'),
      kind: 'duplicate-markers',
      expected: ['a', 'k'],
    },
    'fence left open inside the region': {
      text: ['# P', BEGIN, '## Conventions', '', item('a', 'A'), '', '```', 'code', END, ''].join('\n'),
      kind: 'unclosed-fence',
      expected: ['a'],
    },
  };
  for (const [name, c] of Object.entries(cases)) {
    test(`${name}: reported, edits refused, repaired without losing an entry`, () => {
      const read = readRegion(c.text);
      expect(read.damage?.kinds).toContain(c.kind);
      expect(read.damage?.message).toMatch(/lines? \d+/);
      expect(() => applyRegionEdits(c.text, [])).toThrow();
      try {
        applyRegionEdits(c.text, []);
      } catch (error) {
        expect(isMemError(error) && error.code).toBe('REGION_DAMAGED');
      }
      const repaired = repairRegion(c.text);
      expect(repaired.repaired).toBe(true);
      expect(readRegion(repaired.text).damage).toBeUndefined();
      expect(ids(repaired.text)).toEqual(c.expected);
      expect(repairRegion(repaired.text).repaired).toBe(false);
      // Human text outside survives.
      for (const human of ['# P', 'Human text after.', 'Intro.', 'middle'])
        if (c.text.includes(human)) expect(repaired.text).toContain(human);
    });
  }

  test('marker-looking lines in fences outside the region are ignored, not damage', () => {
    const text = ['```', BEGIN, '```', '', BEGIN, item('a', 'A'), END, '~~~', END, '~~~', ''].join('\n');
    const read = readRegion(text);
    expect(read.damage).toBeUndefined();
    expect(read.entries.map((e) => e.id)).toEqual(['a']);
  });
});
