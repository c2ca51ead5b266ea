/** Wrapping human output: the ASCII fast path wraps exactly as wrap-ansi does. */
import wrapAnsi from 'wrap-ansi';
import { describe, expect, it } from 'vitest';
import { hangingWrap, wrapText } from '../../../../src/core/text/wrap-text.js';

describe('wrapText', () => {
  it('wraps ASCII at word boundaries exactly like wrap-ansi, long words cut', () => {
    const texts = [
      'Integration tests need the database container running first: start it with docker compose up db, then wait.',
      'short',
      'see https://example.com/a/very/long/path/that/does/not/fit/on/one/line/of/the/terminal/at/all/ok then more words',
      '  spaced   out  words  ',
    ];
    for (const text of texts)
      for (const width of [20, 33, 68])
        expect(wrapText(text, width), `${width}: ${text}`).toEqual(
          wrapAnsi(text.trim().replace(/ +/g, ' '), width, { hard: true, trim: true }).split('\n'),
        );
  });

  it('wraps generated ASCII texts exactly like wrap-ansi (words up to a line long, runs of spaces)', () => {
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let round = 0; round < 300; round++) {
      const words = Array.from({ length: next(12) }, () => 'abcdefghij'.repeat(2).slice(0, 1 + next(20)));
      const text = words.join(' '.repeat(1 + next(2)));
      const width = 20 + next(30);
      expect(wrapText(text, width), `${width}: ${text}`).toEqual(
        wrapAnsi(text.trim().replace(/ +/g, ' '), width, { hard: true, trim: true }).split('\n'),
      );
    }
  });

  it('measures wide characters through wrap-ansi', () => {
    const lines = wrapText('テストは必ず pnpm で実行する、npm は使わない、これはチームの決まりです', 20);
    expect(lines.length).toBeGreaterThan(1);
  });

  it('indents continuation lines under the text', () => {
    expect(
      hangingWrap('  Your version: ', 'Always use pnpm 9, never npm or yarn, in this repo and all others.', 40, 6),
    ).toEqual(['  Your version: Always use pnpm 9, never', '      npm or yarn, in this repo and all', '      others.']);
  });
});
