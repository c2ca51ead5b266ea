/**
 * A fingerprint from bytes already encoded (the working copy as just written) is the fingerprint
 * of the text: the saved renderings and snapshots name the same text either way.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesFingerprint, textFingerprint } from '../../../src/core/files/fast-hash.js';

describe('text fingerprints', () => {
  it('are the same from the text and from its UTF-8 bytes, small or large (law)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.integer({ min: 0, max: 3 }), (piece, scale) => {
        // Note: 0 to ~100,000 characters, across the size where the native hash takes over.
        const text = piece.repeat(scale === 0 ? 1 : 10 ** scale * 3);
        expect(bytesFingerprint(Buffer.from(text, 'utf8'), text.length)).toBe(textFingerprint(text));
      }),
      { numRuns: 60 },
    );
  });
});
