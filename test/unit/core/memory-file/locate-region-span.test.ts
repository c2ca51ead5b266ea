/**
 * regionBody and replaceRegionBody find the region of a 20,000-entry working copy without
 * splitting it into lines: for every file the answer must be the general locator's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { locateRegion, locateRegionSpan } from '../../../../src/core/memory-file/locate-region.js';
import { BEGIN_MARKER, END_MARKER } from '../../../../src/core/memory-file/region-format.js';

const pieces = [
  BEGIN_MARKER,
  END_MARKER,
  '<!-- mem:begin -->',
  '<!-- mem:end-->',
  '  <!-- mem:end -->',
  'x <!-- mem:begin (managed) -->',
  '```',
  '~~~',
  '## Conventions',
  '- Run make check. <!-- mem:id=m1 -->',
  '',
  '# Title',
  'text with <!-- mem:end --> inside',
];

function sameAsGeneral(text: string): void {
  const general = locateRegion(text);
  const fast = locateRegionSpan(text);
  const span = general.span;
  expect(fast.span).toEqual(span === null ? null : { start: span.start, bodyStart: span.bodyStart, bodyEnd: span.bodyEnd, end: span.end });
  expect(fast.damage).toEqual(general.damage);
}

describe('locating the region without splitting lines', () => {
  it('finds the span mem writes, with and without text around it', () => {
    sameAsGeneral(`${BEGIN_MARKER}\n## Conventions\n\n- a <!-- mem:id=m1 -->\n${END_MARKER}\n`);
    sameAsGeneral(`# Project\n\nIntro.\n\n${BEGIN_MARKER}\n## A\n\n- b\n${END_MARKER}\nAfter.\n`);
    sameAsGeneral(`${BEGIN_MARKER}\n${END_MARKER}`);
    sameAsGeneral(`${BEGIN_MARKER}\r\n- a\r\n${END_MARKER}\r\n`);
  });

  it('gives the general answer for any file built of marker, fence and entry lines', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 12 }), fc.constantFrom('\n', '\r\n'), fc.boolean(), (lines, eol, trailing) => {
        sameAsGeneral(lines.join(eol) + (trailing ? eol : ''));
      }),
      { numRuns: 2000 },
    );
  });
});
