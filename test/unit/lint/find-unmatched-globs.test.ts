import { describe, expect, it } from 'vitest';
import { expandBraces } from '../../../src/lint/find-unmatched-globs.js';
import { readFrontMatterPaths } from '../../../src/lint/read-front-matter-paths.js';

describe('paths: globs', () => {
  it('expands braces, nested ones too', () => {
    expect(expandBraces('src/**/*.ts')).toEqual(['src/**/*.ts']);
    expect(expandBraces('web/**/*.{ts,tsx}')).toEqual(['web/**/*.ts', 'web/**/*.tsx']);
    expect(expandBraces('{apps,packages}/*/src/**/*.{js,{c,m}js}')).toEqual([
      'apps/*/src/**/*.js',
      'apps/*/src/**/*.cjs',
      'apps/*/src/**/*.mjs',
      'packages/*/src/**/*.js',
      'packages/*/src/**/*.cjs',
      'packages/*/src/**/*.mjs',
    ]);
  });

  it('keeps a comma inside braces in one glob of an inline paths: string', () => {
    expect(readFrontMatterPaths('---\npaths: "web/**/*.{ts,tsx}", docs/**\n---\n- rule\n')).toEqual([
      'web/**/*.{ts,tsx}',
      'docs/**',
    ]);
  });
});
