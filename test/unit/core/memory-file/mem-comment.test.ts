/** The id-and-provenance comment: names stay readable (no %20), and every value survives the round trip. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findMemComment, formatMemComment } from '../../../../src/core/memory-file/mem-comment.js';

const roundTrip = (value: string) =>
  findMemComment(
    `- Use pnpm. ${formatMemComment([
      ['id', 'm1'],
      ['by', value],
    ])}`,
  )?.attributes['by'];

describe('mem comment attributes', () => {
  it('writes names as a person reads them', () => {
    expect(
      formatMemComment([
        ['id', 'm1'],
        ['by', 'Nina Newcomer'],
      ]),
    ).toBe('<!-- mem:id=m1 by="Nina Newcomer" -->');
    expect(formatMemComment([['by', 'José Álvarez']])).toBe('<!-- mem:by="José Álvarez" -->');
    expect(formatMemComment([['by', "O'Brien"]])).toBe("<!-- mem:by=O'Brien -->");
    expect(formatMemComment([['by', 'alice']])).toBe('<!-- mem:by=alice -->');
  });

  it('still encodes what could break the comment or the quotes', () => {
    expect(formatMemComment([['by', 'eve --> x']])).toBe('<!-- mem:by=eve%20--%3E%20x -->');
    expect(formatMemComment([['by', 'say "hi"']])).not.toContain('"hi"');
  });

  it('reads what older versions wrote', () => {
    expect(findMemComment('- x <!-- mem:id=m1 by=Nina%20Newcomer at=2026-11-01T00:00:00Z -->')?.attributes).toEqual({
      id: 'm1',
      by: 'Nina Newcomer',
      at: '2026-11-01T00:00:00Z',
    });
  });

  it('finds the comment after an opening that is none, and takes the blanks before it', () => {
    const line = '- Write <!-- mem:X --> as is.\t <!-- mem:id=m1 by=ann -->';
    const found = findMemComment(line);
    expect(found?.attributes).toEqual({ id: 'm1', by: 'ann' });
    expect(line.slice(0, found?.start)).toBe('- Write <!-- mem:X --> as is.');
    expect(found?.raw).toBe('\t <!-- mem:id=m1 by=ann -->');
    expect(findMemComment('- an <!-- mem:id=m1 left open')).toBeNull();
  });

  it('property: any value comes back as it went in', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), (value) => {
        expect(roundTrip(value)).toBe(value);
      }),
      { numRuns: 500 },
    );
  });
});
