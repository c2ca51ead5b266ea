/**
 * What mem renders for an entry reads back as that entry: its id, text and provenance.
 */
import { describe, expect, it } from 'vitest';
import { readEntryItem, renderEntryItem } from '../../../../src/core/memory-file/entry-item.js';

const block = (line: string) => ({ lines: [line], contentColumn: 2 });

describe('reading an entry line mem renders', () => {
  it('reads the id, text and provenance back, for varied provenance', () => {
    const entries = [
      {
        id: 'm1',
        text: 'Deploy with make deploy.',
        provenance: { author: 'alice', at: '2026-12-01T10:00:00Z', session: 's1', commit: 'a'.repeat(40) },
      },
      { id: 'm2', text: 'Names with spaces', provenance: { author: 'Nina Newcomer' } },
      { id: 'm3', text: 'Odd chars', provenance: { author: 'x<y>"z"%', agent: 'gemini' } },
      { id: 'm4', text: 'No provenance at all', provenance: {} },
    ];
    for (const entry of entries) {
      const read = readEntryItem(block(renderEntryItem(entry, { eol: '' })));
      expect(read).toMatchObject({ id: entry.id, text: entry.text, provenance: entry.provenance, hasComment: true });
    }
  });

  it('leaves a line whose comment is a conflict marker or has no id to the text-derived id', () => {
    expect(readEntryItem(block('- No id here <!-- mem:by=alice -->')).hasComment).toBe(false);
    expect(readEntryItem(block('- ⚠ mem conflict c1: keep one <!-- mem:conflict id=c1 -->')).hasComment).toBe(false);
  });
});
