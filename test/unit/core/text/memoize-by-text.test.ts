import { describe, expect, it } from 'vitest';
import { memoizeByText } from '../../../../src/core/text/memoize-by-text.js';
import { isContradiction, restatesToolPreference } from '../../../../src/core/text/find-contradiction.js';

describe('memoizeByText', () => {
  it('analyses each text once while cached, and stays bounded', () => {
    const seen: string[] = [];
    const length = memoizeByText((text: string) => {
      seen.push(text);
      return text.length;
    }, 2);
    expect([length('ab'), length('ab'), length('abc'), length('ab')]).toEqual([2, 2, 3, 2]);
    expect(seen).toEqual(['ab', 'abc']);
    length('abcd'); // the cache was full: it starts over
    length('ab');
    expect(seen).toEqual(['ab', 'abc', 'abcd', 'ab']);
  });

  it('cached analyses give the same verdicts when asked again in any order', () => {
    const pairs: [string, string][] = [
      ['Use pnpm for installs', 'Use yarn for installs'],
      ['Always use pnpm, not npm', 'Never use pnpm in CI scripts'],
      ['Use pnpm for everything', 'We use pnpm, never npm or yarn'],
      ['Prefer vitest over jest', 'Run tests with jest'],
    ];
    const first = pairs.map(([a, b]) => [isContradiction(a, b), restatesToolPreference(a, b), isContradiction(b, a)]);
    const again = [...pairs]
      .reverse()
      .map(([a, b]) => [isContradiction(a, b), restatesToolPreference(a, b), isContradiction(b, a)])
      .reverse();
    expect(again).toEqual(first);
    expect(first.map(([contradiction]) => contradiction)).toEqual([true, true, false, true]);
  });
});
