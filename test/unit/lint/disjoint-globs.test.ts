import { describe, expect, test } from 'vitest';
import { areCrossingGlobs, areDisjointGlobs } from '../../../src/lint/disjoint-globs.js';

describe('areDisjointGlobs', () => {
  test('one language each, or two parts of the tree, match no file in common', () => {
    expect(areDisjointGlobs(['**/*.py'], ['**/*.go'])).toBe(true);
    expect(areDisjointGlobs(['frontend/**'], ['backend/**/*.ts'])).toBe(true);
    expect(areDisjointGlobs(['src/**/*.{ts,tsx}'], ['src/**/*.py'])).toBe(true);
  });

  test('globs that can meet one file are not disjoint', () => {
    expect(areDisjointGlobs(['**/*.ts'], ['src/**/*.test.ts'])).toBe(false);
    expect(areDisjointGlobs(['src/**'], ['src/api/**/*.go'])).toBe(false);
    expect(areDisjointGlobs(['**/*.{ts,tsx}'], ['**/*.tsx'])).toBe(false);
    expect(areDisjointGlobs(['**/*.py', '**/*.go'], ['**/*.go'])).toBe(false);
    expect(areDisjointGlobs(['docs/*.md'], ['docs/README.md'])).toBe(false);
    expect(areDisjointGlobs(['**/*.[jt]s'], ['**/*.go'])).toBe(false);
  });
});

describe('areCrossingGlobs', () => {
  test('scopes that meet with neither holding the other cross', () => {
    expect(
      areCrossingGlobs(['src/modules/**/*.ts', 'src/core/diff/comparators/**/*.ts'], ['src/core/diff/**/*.ts']),
    ).toBe(true);
    expect(areCrossingGlobs(['**/*.ts'], ['src/**'])).toBe(true);
    expect(areCrossingGlobs(['**/*.py'], ['**/*.go'])).toBe(true);
  });

  test('a scope inside the other, or globs not read, do not cross', () => {
    expect(areCrossingGlobs(['src/**/*.ts'], ['src/core/diff/**/*.ts'])).toBe(false);
    expect(areCrossingGlobs(['**/*.ts'], ['src/**/*.test.ts'])).toBe(false);
    expect(areCrossingGlobs(['src/**'], ['src/api/**/*.go'])).toBe(false);
    expect(areCrossingGlobs(['**/*.{ts,tsx}'], ['**/*.tsx'])).toBe(false);
    expect(areCrossingGlobs(['src/*.ts'], ['src/core/*.ts'])).toBe(false);
    expect(areCrossingGlobs(['src/[ab]/**'], ['src/c/**'])).toBe(false);
    expect(areCrossingGlobs(['**/*.ts'], ['**/*.ts'])).toBe(false);
  });
});
