import { describe, expect, it } from 'vitest';
import { isContradiction } from '../../../../src/core/text/find-contradiction.js';

describe('isContradiction: what a negation rejects', () => {
  it('reads a negation of how or when a tool runs as rejecting no tool', () => {
    const manner =
      'Do not run `make bootstrap`, `yarn install`, or `corepack enable && yarn install` as overlapping background tasks — they interfere with each other.';
    expect(isContradiction('Run with `yarn test`.', manner)).toBe(false);
    expect(isContradiction(manner, 'Run with `yarn test`.')).toBe(false);
    expect(isContradiction('Run `npm test` before a push.', 'Never run npm test in parallel with the build.')).toBe(
      false,
    );
  });

  it('reads a negation of one script run through a package manager as rejecting that script, not the tool', () => {
    const script =
      '**Start the Vite dev server directly** — do NOT use `yarn start-server-and-test` with `yarn dev-server` (turbo).';
    expect(isContradiction('Run with `yarn test`.', script)).toBe(false);
    expect(isContradiction(script, 'Run with `yarn test`.')).toBe(false);
  });

  it('still reads a negation of the tool itself', () => {
    expect(isContradiction('Run with `yarn test`.', 'Do not use yarn install; use pnpm install.')).toBe(true);
    expect(isContradiction('Run with `yarn test`.', 'Never use yarn for anything here.')).toBe(true);
    expect(isContradiction('Run with `yarn test`.', 'Do not run yarn; this repository uses pnpm.')).toBe(true);
    expect(isContradiction('Use npm for installs.', 'Never use npm in CI scripts.')).toBe(true);
  });

  it('reads "over" as a ranking only after a choice', () => {
    const helpers =
      'Always use the `MigrationBuilder` extension helpers to define columns. These abstract over PostgreSQL and SQLite type differences:';
    const specs =
      'Use SQLite in-memory database for all `DbContext` specs — it is fast and each spec gets a clean database.';
    expect(isContradiction(specs, helpers)).toBe(false);
    expect(isContradiction(helpers, specs)).toBe(false);
    expect(isContradiction('Use npm for installs.', 'Prefer pnpm over npm.')).toBe(true);
  });
});
