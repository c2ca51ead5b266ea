import { describe, expect, test } from 'vitest';
import { areDisjointGlobs } from '../../../src/lint/disjoint-globs.js';

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
