import { describe, expect, test } from 'vitest';
import { hasToolConflict } from '../../../src/lint/has-tool-conflict.js';

describe('hasToolConflict', () => {
  test.each([
    ['Use npm to install dependencies, never pnpm.', 'Always use pnpm to install dependencies.'],
    ["Don't use npm, use pnpm instead.", 'Run `npm install` after pulling.'],
    ['Use pnpm, not npm.', '`npm run build` — builds every package'],
    ['Prefer vitest over jest.', 'Use jest for unit tests.'],
    ['Never use `yarn add`; edit package.json by hand.', 'Run `yarn add <name>` to add a dependency.'],
    ['Use yarn to install dependencies.', 'Use pnpm to install dependencies.'],
  ])('conflict: %s / %s', (a, b) => {
    expect(hasToolConflict(a, b)).toBe(true);
    expect(hasToolConflict(b, a)).toBe(true);
  });

  test.each([
    // A command is not its tool: rejecting `pnpm add` leaves every other pnpm command standing.
    [
      '**Edit the package.json directly** — do NOT use `pnpm add` as it can cause issues in the monorepo.',
      'This is a pnpm monorepo using Turborepo. Run commands from root with `pnpm run`.',
    ],
    [
      'Edit `package.json` directly instead of using `pnpm add`, then run `pnpm i` from the repo root.',
      '`pnpm run db:seed` to seed the database',
    ],
    // A registry named, not a tool chosen.
    [
      '**Look up the latest version** on npm before adding:',
      'Edit `package.json` directly instead of using `pnpm add`.',
    ],
    // How or when a tool runs is not whether.
    ['Do not run `yarn install` as overlapping background tasks.', 'Run `yarn install` once after pulling.'],
    ["Don't run vitest directly; use the package script.", 'Run `vitest run` for a single file.'],
    // A condition: no unconditional commitment.
    ['If you work on the docs site, never use pnpm there.', 'Use pnpm for everything.'],
    // Mentions and descriptions choose nothing.
    [
      'SQLite in-memory specs run fast.',
      'MigrationBuilder helpers abstract over PostgreSQL and SQLite; never use raw SQL.',
    ],
    [
      '- **checkpoint-postgres** – Postgres implementation of the checkpoint saver.',
      '- **checkpoint-sqlite** – SQLite implementation.',
    ],
    ['Tests that do not need Postgres use SQLite.', 'Use postgres for the integration suite.'],
    // Rival tools for different jobs.
    ['Use pytest for the Python SDK tests.', 'Use vitest for the TypeScript web app components.'],
  ])('no conflict: %s / %s', (a, b) => {
    expect(hasToolConflict(a, b)).toBe(false);
    expect(hasToolConflict(b, a)).toBe(false);
  });
});

describe('hasToolConflict on what a sentence speaks of', () => {
  test.each([
    // "not npm" with no verb of use and no rival chosen: the registry.
    [
      "The Zapier app deploys to Zapier's platform, not npm, so it is not in the router.",
      'pnpm only. Never npm, never yarn.',
    ],
    // What the code does, not what the agent should run.
    [
      'Use `pnpm`, not npm or yarn.',
      'The keyring is installed lazily on first opt-in via `npm install` into the config folder.',
    ],
  ])('no conflict: %s / %s', (a, b) => {
    expect(hasToolConflict(a, b)).toBe(false);
    expect(hasToolConflict(b, a)).toBe(false);
  });
});
