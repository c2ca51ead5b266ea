/**
 * Regression cases found by the merge-law properties: one side reorders or adds sections while the
 * other moves entries between them. Every entry must end in the section the sides agree on, each
 * heading must appear once, and re-merging must settle.
 */
import { describe, expect, it } from 'vitest';
import { mergeRegion } from '../../../../src/team/merge/merge-region.js';
import { parseRegionBody } from '../../../../src/core/memory-file/parse-region-body.js';

const item = (id: string) => `- pnpm pnpm <!-- mem:id=${id} by=base at=2025-01-02T10:00:00Z -->\n`;
const body = (...sections: [string, string[]][]) =>
  sections.map(([title, ids]) => `## ${title}\n\n${ids.map(item).join('')}`).join('\n');
const sectionsOf = (text: string) =>
  Object.fromEntries(parseRegionBody(text).entries.map((entry) => [entry.id, entry.section]));
const headings = (text: string) => text.split('\n').filter((line) => line.startsWith('## '));

const cases: { name: string; base: string; ours: string; theirs: string; expected: Record<string, string> }[] = [
  {
    name: 'ours adds a section, theirs deletes one entry and moves another',
    base: body(['Conventions', ['b0']], ['Decisions', ['b1', 'b2']]),
    ours: body(['Conventions', ['b0']], ['Commands', ['a0']], ['Decisions', ['b1', 'b2']]),
    theirs: body(['Conventions', ['b1']], ['Decisions', ['b2']]),
    expected: { a0: 'Commands', b1: 'Conventions', b2: 'Decisions' },
  },
  {
    name: 'both move different entries into the same new section',
    base: body(['Conventions', ['b0', 'b1']], ['Commands', ['b2']]),
    ours: body(['Conventions', ['b0']], ['Decisions', ['b1', 'b2']]),
    theirs: body(['Conventions', ['b1']], ['Commands', ['b2']], ['Decisions', ['b0']]),
    expected: { b0: 'Decisions', b1: 'Decisions', b2: 'Decisions' },
  },
];

describe('section placement in the merge', () => {
  for (const { name, base, ours, theirs, expected } of cases) {
    it(name, () => {
      const first = mergeRegion(base, ours, theirs);
      expect(first.clean).toBe(true);
      expect(sectionsOf(first.text)).toEqual(expected);
      expect(new Set(headings(first.text)).size).toBe(headings(first.text).length);
      const again = mergeRegion(base, first.text, theirs);
      expect(sectionsOf(again.text)).toEqual(expected);
      expect(mergeRegion(base, again.text, theirs).text).toBe(again.text);
    });
  }
});
