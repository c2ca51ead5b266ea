// Lint: typescript-eslint's type-checked rules, plus the house rules of STYLE.md that a type
// checker cannot see: pure planning code (scripts/pure-code.mjs) never imports effects or oclif.
// Which folder may import which is dependency-cruiser's job (.dependency-cruiser.cjs).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { PURE_CODE_GLOBS } from './scripts/pure-code.mjs';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist.*/**',
      'node_modules/**',
      'coverage/**',
      'bench/**',
      'fixtures/**',
      'scripts/**',
      'bin/**',
      'test/**/*.mjs',
      'eslint.config.js',
      'vitest.config.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Parsing untrusted JSON (payloads, transcripts, caches) is done deliberately with narrowing.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true, allowNullish: true },
      ],
      'no-empty': ['error', { allowEmptyCatch: true }],
      // Ports have async signatures; in-memory and cheap implementations resolve immediately.
      '@typescript-eslint/require-await': 'off',
      // Sanitisers match NUL and other control characters on purpose.
      'no-control-regex': 'off',
    },
  },
  {
    files: PURE_CODE_GLOBS,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'node:fs',
                'node:fs/*',
                'fs',
                'node:child_process',
                'child_process',
                'node:os',
                'node:net',
                'node:http',
                'node:https',
              ],
              message:
                'Pure domain code takes data in and returns data out; effects live in the few files of each capability named for them, and in core/.',
            },
            { group: ['@oclif/*'], message: 'The domain never imports oclif.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'Pure domain code receives env, time and ids as parameters.' },
      ],
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
