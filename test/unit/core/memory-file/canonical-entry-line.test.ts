/**
 * The fast reading of mem's own entry lines (a sync reads 20,000 of them) must give exactly what
 * the general reading gives, and leave every other shape to it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readEntryItem, readEntryItemInGeneral, renderEntryItem } from '../../../../src/core/memory-file/entry-item.js';

const block = (line: string) => ({ lines: [line], contentColumn: 2 });

const lines = [
  '- Run make check before pushing. <!-- mem:id=m532a71e714 s=s1a88 -->',
  '- Use pnpm. <!-- mem:id=abc by=alice at=2026-01-05T10:00:00Z s=sess-1 c=0123456789012345678901234567890123456789 -->',
  '- Tabs\tinside are kept. <!-- mem:id=t1 ag=codex via=remember -->',
  '- A flag attribute <!-- mem:id=f1 pinned -->',
  '- Value with = inside <!-- mem:id=v1 x=a=b -->',
  '- Quoted name <!-- mem:id=q1 by="Nina Newcomer" -->',
  '- Escaped <!-- mem:id=e1 by=Jos%C3%A9 -->',
  '- Two spaces  <!-- mem:id=s2 -->',
  '-  Leading spaces <!-- mem:id=l1 -->',
  '- No id here <!-- mem:by=alice -->',
  '- Empty id <!-- mem:id= -->',
  '- ⚠ mem conflict c1: keep one <!-- mem:conflict id=c1 -->',
  '- Comment then text <!-- mem:id=a1 --> trailing',
  '- Two <!-- mem:id=x1 --> comments <!-- mem:id=x2 -->',
  '- Trailing blank <!-- mem:id=b1 --> ',
  '- <!-- mem:id=only -->',
  '- Plain line without a comment',
  '- Other comment <!-- note --> <!-- mem:id=o1 -->',
  '- Ünïcödé text, `code` and @path <!-- mem:id=u1 s=x -->',
  '- Angle > inside text <!-- mem:id=g1 -->',
  '- Attr with angle <!-- mem:id=g2 x=a>b -->',
  '- Double  space between <!-- mem:id=d1  s=x -->',
];

describe('reading a canonical entry line', () => {
  for (const line of lines) {
    it(`reads ${JSON.stringify(line.slice(0, 50))} as the general reading does`, () => {
      expect(readEntryItem(block(line))).toEqual(readEntryItemInGeneral(block(line)));
    });
  }

  it('reads what mem renders, for varied provenance', () => {
    const entries = [
      { id: 'm1', text: 'Deploy with make deploy.', provenance: { author: 'alice', at: '2026-12-01T10:00:00Z', session: 's1', commit: 'a'.repeat(40) } },
      { id: 'm2', text: 'Names with spaces', provenance: { author: 'Nina Newcomer' } },
      { id: 'm3', text: 'Odd chars', provenance: { author: 'x<y>"z"%', agent: 'gemini' } },
      { id: 'm4', text: 'No provenance at all', provenance: {} },
    ];
    for (const entry of entries) {
      const line = renderEntryItem(entry, { eol: '' });
      expect(readEntryItem(block(line))).toEqual(readEntryItemInGeneral(block(line)));
      expect(readEntryItem(block(line)).id).toBe(entry.id);
    }
  });

  it('agrees with the general reading on any line built from the characters that matter', () => {
    const piece = fc.constantFrom('a', 'Z', ' ', '  ', '\t', '=', '"', '%', '%41', '<', '>', '-', '--', '-->', '<!--', '<!-- mem:', 'id=', 'id=x', 'by=', 'conflict', 'é', '`');
    const part = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(part, part, part, (text, attributes, after) => {
        const line = `- ${text} <!-- mem:${attributes} -->${after}`;
        expect(readEntryItem(block(line))).toEqual(readEntryItemInGeneral(block(line)));
      }),
      { numRuns: 3000 },
    );
  });
});
