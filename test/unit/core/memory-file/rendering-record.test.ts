/** The last rendering's record keeps each item's line as a gap from the previous one; readers get the lines back. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromRecordItems, toRecordItems } from '../../../../src/core/memory-file/rendering-record.js';
import type { RenderedItem } from '../../../../src/core/memory-file/render-memory.js';

const item = fc.record({
  id: fc.stringMatching(/^m[0-9a-f]{10}$/),
  kind: fc.constantFrom<'entry' | 'conflict'>('entry', 'conflict'),
});

describe('rendering record items', () => {
  it('round-trips items whose lines are known (law: fromRecordItems(toRecordItems(x)) = x)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(item, fc.integer({ min: 1, max: 5 }))), (pairs) => {
        let line = 3;
        const items: RenderedItem[] = pairs.map(([{ id, kind }, step]) => ({ id, kind, line: (line += step) }));
        expect(fromRecordItems(toRecordItems(items))).toEqual(items);
      }),
    );
  });

  it('writes gaps, so an entry added near the top changes one item and not every line after it', () => {
    const before = toRecordItems([
      { id: 'ma', kind: 'entry', line: 4 },
      { id: 'mb', kind: 'entry', line: 5 },
      { id: 'mc', kind: 'entry', line: 8 },
    ]);
    const after = toRecordItems([
      { id: 'ma', kind: 'entry', line: 4 },
      { id: 'mnew', kind: 'entry', line: 5 },
      { id: 'mb', kind: 'entry', line: 6 },
      { id: 'mc', kind: 'entry', line: 9 },
    ]);
    expect(before).toEqual([
      { id: 'ma', kind: 'entry', gap: 4 },
      { id: 'mb', kind: 'entry', gap: 1 },
      { id: 'mc', kind: 'entry', gap: 3 },
    ]);
    expect(after.slice(2)).toEqual(before.slice(1));
  });

  it('reads records written with line numbers, and items whose line is unknown, as before', () => {
    expect(
      fromRecordItems([
        { id: 'ma', kind: 'entry', line: 6 },
        { id: 'mb', kind: 'conflict', line: 9 },
      ]),
    ).toEqual([
      { id: 'ma', kind: 'entry', line: 6 },
      { id: 'mb', kind: 'conflict', line: 9 },
    ]);
    const unknown: RenderedItem[] = [
      { id: 'ma', kind: 'entry' },
      { id: 'mb', kind: 'entry', line: 7 },
    ];
    expect(toRecordItems(unknown)).toEqual(unknown);
    expect(fromRecordItems(toRecordItems(unknown))).toEqual(unknown);
  });
});
