/**
 * An incremental sync learns what changed in the working copy since the last sync from a line
 * diff: exact for the shape sync writes, and no answer (null) for anything else.
 */
import { describe, expect, it } from 'vitest';
import { MAX_CHANGED_LINES, diffWorkingLines } from '../../../src/team/working-line-diff.js';

const sections = ['Conventions', 'Commands', 'Gotchas'];
const entry = (id: string, text = `Rule ${id}.`) => `- ${text} <!-- mem:id=${id} by=alice -->`;
const body = (parts: Array<[string, string[]]>) => `${parts.map(([title, lines]) => `## ${title}\n\n${lines.join('\n')}\n`).join('\n')}`;

const synced = body([
  ['Conventions', [entry('a'), entry('b'), entry('c')]],
  ['Commands', [entry('d'), entry('e')]],
]);

describe('the working copy diffed against what the last sync wrote', () => {
  it('finds nothing when nothing changed, and maps every line to itself', () => {
    const diff = diffWorkingLines(synced, synced, sections);
    expect(diff?.added).toEqual([]);
    expect(diff?.removed).toEqual([]);
    expect(diff?.now.lines.map((_, i) => diff.writtenAt(i)).filter((at, i) => diff.now.lines[i]?.startsWith('- '))).toEqual([2, 3, 4, 8, 9]);
  });

  it('reads a new entry at the end of a section, with the section it is under', () => {
    const now = body([
      ['Conventions', [entry('a'), entry('b'), entry('c'), entry('new', 'Use pnpm.')]],
      ['Commands', [entry('d'), entry('e')]],
    ]);
    const diff = diffWorkingLines(synced, now, sections);
    expect(diff?.added.map((added) => [added.item.id, added.item.record])).toEqual([['new', { kind: 'entry', section: 'Conventions', text: 'Use pnpm.', session: null, agent: null }]]);
    expect(diff?.removed).toEqual([]);
    // The lines after the new one are the last sync's, one line further down.
    expect(diff?.writtenAt(10)).toBe(9);
  });

  it('reads an edit as the old line removed and the new one added, and a deletion as removed', () => {
    const now = body([
      ['Conventions', [entry('a'), entry('b', 'Rule b, reworded.')]],
      ['Commands', [entry('d'), entry('e')]],
    ]);
    const diff = diffWorkingLines(synced, now, sections);
    expect(diff?.added.map((added) => added.item.id)).toEqual(['b']);
    expect(diff?.removed.sort()).toEqual(['b', 'c']);
  });

  it('sees an entry moved to another section, and no change in entries reordered within one', () => {
    const moved = diffWorkingLines(synced, body([
      ['Conventions', [entry('a'), entry('b')]],
      ['Commands', [entry('d'), entry('c'), entry('e')]],
    ]), sections);
    expect(moved?.added.map((added) => [added.item.id, added.item.record.section])).toEqual([['c', 'Commands']]);
    expect(moved?.removed).toEqual(['c']);
    const reordered = diffWorkingLines(synced, body([
      ['Conventions', [entry('c'), entry('a'), entry('b')]],
      ['Commands', [entry('e'), entry('d')]],
    ]), sections);
    expect(reordered?.added).toEqual([]);
    expect(reordered?.removed).toEqual([]);
  });

  it('gives no answer for what sync does not write: a copied line, a new or emptied section, a multi-line entry, sections out of order, loose text', () => {
    const cases = [
      body([['Conventions', [entry('a'), entry('b'), entry('c'), entry('b')]], ['Commands', [entry('d'), entry('e')]]]),
      body([['Conventions', [entry('a'), entry('b'), entry('c')]], ['Commands', [entry('d'), entry('e')]], ['Gotchas', [entry('f')]]]),
      body([['Conventions', [entry('a'), entry('b'), entry('c')]]]),
      `${synced.slice(0, -1)}\n  continued on a second line\n`,
      body([['Commands', [entry('d'), entry('e')]], ['Conventions', [entry('a'), entry('b'), entry('c')]]]),
      synced.replace(`${entry('e')}\n`, `${entry('e')}\nA paragraph.\n`),
      synced.replace('## Commands', '## Commands  '),
      synced.replace(entry('a'), `${entry('a')}\n${entry('x').replace('mem:id=x', 'mem:id=a')}`),
    ];
    for (const now of cases) expect(diffWorkingLines(synced, now, sections), now).toBeNull();
  });

  it('gives no answer past the changed-line limit (the whole file is then merged)', () => {
    const many = Array.from({ length: MAX_CHANGED_LINES + 1 }, (_, n) => entry(`n${n}`));
    expect(diffWorkingLines(synced, body([['Conventions', [entry('a'), entry('b'), entry('c'), ...many]], ['Commands', [entry('d'), entry('e')]]]), sections)).toBeNull();
  });
});
