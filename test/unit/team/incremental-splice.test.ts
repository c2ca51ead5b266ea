/**
 * Line starts of a working body computed from its split lines are where its lines start in the
 * text, and lineAt finds the line of every character (the incremental merge locates an id's line
 * by the offset of its marker).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineAt, lineStarts } from '../../../src/team/incremental-splice.js';

/** The reference: each line's start found by looking for newlines in the text. */
function startsByScanning(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  starts.push(text.length + 1);
  return starts;
}

const bodies = fc.array(fc.oneof(fc.constant(''), fc.constant('## Commands'), fc.string({ maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 })), { maxLength: 60 }).map((lines) => lines.join('\n'));

describe('line starts of a working body', () => {
  it('are the offsets after each newline, then one past the end', () => {
    fc.assert(
      fc.property(bodies, (text) => {
        expect([...lineStarts(text.split('\n'))]).toEqual(startsByScanning(text));
      }),
      { numRuns: 300 },
    );
  });

  it('give every character the line split puts it on', () => {
    fc.assert(
      fc.property(bodies, (text) => {
        const lines = text.split('\n');
        const starts = lineStarts(lines);
        let offset = 0;
        lines.forEach((line, index) => {
          // Note: a line's own newline counts as its last character.
          for (let k = 0; k <= line.length && offset + k < text.length; k += 1) expect(lineAt(starts, offset + k)).toBe(index);
          offset += line.length + 1;
        });
      }),
      { numRuns: 200 },
    );
  });
});
