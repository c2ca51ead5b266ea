/**
 * The rendered team memory keeps to its size budget (team.renderMaxChars): conflicts always, then
 * each section's newest entries, the budget shared equally, the rest named in one closing line that
 * a read-back never takes for an entry.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitNewestEntries, isOmittedNote, omittedNote } from '../../../../src/core/memory-file/render-budget.js';
import { renderMemory, type RenderOptions } from '../../../../src/core/memory-file/render-memory.js';
import { readBack } from '../../../../src/core/memory-file/read-back.js';
import { renderEntryItem } from '../../../../src/core/memory-file/entry-item.js';
import { renderConflictItem } from '../../../../src/core/memory-file/conflict-item.js';

const SECTIONS = ['Conventions', 'Commands', 'Gotchas'];
const reader = { name: 'bob', email: 'bob@example.com' };
const line = (id: string, text: string) =>
  renderEntryItem(
    { id, text, provenance: { author: 'alice', at: '2026-11-28T09:01:00Z', session: 'a11ce000' } },
    { eol: '\n' },
  );

/** A working body in sync's own shape: `## Section`, a blank line, one line per entry, a blank line. */
function syncShapeBody(sections: ReadonlyArray<readonly [string, readonly string[]]>): string {
  return sections
    .map(([title, texts], s) => `## ${title}\n\n${texts.map((text, index) => line(`m${s}x${index}`, text)).join('')}`)
    .join('\n');
}

const options = (maxChars?: number): RenderOptions => ({
  target: 'rules-file',
  sections: SECTIONS,
  reader,
  ...(maxChars === undefined ? {} : { maxChars }),
});

describe('sharing the budget among sections (fitNewestEntries)', () => {
  const sizes = fc.array(fc.array(fc.integer({ min: 1, max: 300 }), { maxLength: 40 }), { maxLength: 6 });
  it('never takes more than the budget, nor more entries than a section has, and takes everything that fits', () => {
    fc.assert(
      fc.property(sizes, fc.integer({ min: 0, max: 6_000 }), (sections, available) => {
        const taken = fitNewestEntries(
          sections.map((s) => ({ entries: s.length, size: (k: number) => s[s.length - 1 - k] as number })),
          available,
        );
        const used = sections.reduce(
          (sum, s, i) => sum + s.slice(s.length - (taken[i] as number)).reduce((a, b) => a + b, 0),
          0,
        );
        expect(used).toBeLessThanOrEqual(available);
        sections.forEach((s, i) => expect(taken[i]).toBeLessThanOrEqual(s.length));
        const total = sections.flat().reduce((a, b) => a + b, 0);
        if (total <= available) expect(taken).toEqual(sections.map((s) => s.length));
        // Nothing left out would still fit: every section's next entry is larger than what is left.
        sections.forEach((s, i) => {
          if ((taken[i] as number) < s.length)
            expect(s[s.length - 1 - (taken[i] as number)]).toBeGreaterThan(available - used);
        });
      }),
    );
  });

  it('gives a section that needs less than an equal share all it needs, and the rest to the others', () => {
    const taken = fitNewestEntries(
      [
        { entries: 100, size: () => 10 },
        { entries: 2, size: () => 10 },
        { entries: 100, size: () => 10 },
      ],
      600,
    );
    expect(taken).toEqual([29, 2, 29]);
  });
});

describe('a rendering within its budget', () => {
  const many = (prefix: string, count: number) =>
    Array.from({ length: count }, (_, i) => `${prefix} rule ${i}: run make check-${i} before pushing the service.`);

  it("keeps to maxChars, shows each section's newest entries in order, and says how many are left out", () => {
    const body = syncShapeBody([
      ['Conventions', many('Convention', 200)],
      ['Commands', many('Command', 3)],
      ['Gotchas', many('Gotcha', 200)],
    ]);
    const rendering = renderMemory(body, options(4_000));
    expect(rendering.text.length).toBeLessThanOrEqual(4_000);
    expect(rendering.text).toContain('- Command rule 0: run make check-0');
    expect(rendering.text).toContain('- Convention rule 199:');
    expect(rendering.text).not.toContain('- Convention rule 0:');
    const shown = [...rendering.text.matchAll(/- Gotcha rule (\d+):/g)].map((match) => Number(match[1]));
    expect(shown.length).toBeGreaterThan(5);
    expect(shown).toEqual(shown.map((_, i) => 200 - shown.length + i));
    const omitted = 403 - rendering.items.length;
    expect(rendering.text.trimEnd().split('\n').pop()).toBe(omittedNote(omitted, 4_000));
    // Each item's line is where the text shows it.
    const lines = rendering.text.split('\n');
    for (const item of rendering.items) expect(lines[(item.line as number) - 1]).toMatch(/^- /);
  });

  it('shows every conflict, even past the budget', () => {
    const conflict = renderConflictItem(
      {
        id: 'c1',
        ours: { id: 'c1', section: 'Gotchas', text: 'Use pnpm 9.', provenance: { author: 'bob' } },
        theirs: { id: 'c1', section: 'Gotchas', text: 'Use yarn.', provenance: { author: 'Alice' } },
        base: null,
      },
      'Gotchas',
      '\n',
    );
    const body = `${syncShapeBody([['Conventions', many('Convention', 100)]])}\n## Gotchas\n\n${conflict}${many(
      'Gotcha',
      100,
    )
      .map((text, i) => line(`g${i}`, text))
      .join('')}`;
    const rendering = renderMemory(body, options(3_000));
    expect(rendering.items.filter((item) => item.kind === 'conflict').map((item) => item.id)).toEqual(['c1']);
    expect(rendering.text).toContain("Alice's version: Use yarn.");
    expect(rendering.text.length).toBeLessThanOrEqual(3_000);
  });

  it('is the whole rendering when everything fits (no closing line)', () => {
    const body = syncShapeBody([['Conventions', many('Convention', 5)]]);
    expect(renderMemory(body, options(40_000))).toEqual(renderMemory(body, options()));
  });

  it('reads back a human edit of a shown entry, and never takes the closing line for a new entry', () => {
    const body = syncShapeBody([['Conventions', many('Convention', 100)]]);
    const last = renderMemory(body, options(2_500));
    expect(isOmittedNote(last.text.trimEnd().split('\n').pop() as string)).toBe(true);
    expect(readBack(last, last.text, 'Conventions').edits).toEqual([]);
    const edited = last.text.replace(
      '- Convention rule 99: run make check-99',
      '- Convention rule 99: run make check-all',
    );
    const back = readBack(last, edited, 'Conventions');
    expect(back.edits).toHaveLength(1);
    expect(JSON.stringify(back.edits[0])).toContain('check-all');
  });
});
