// The finder's failure modes found on the tuning half of the staleness set (bench/staleness-corpus.mjs
// --pure --half tuning --verbose), one test each, on lines shaped like the real ones.
import { describe, expect, it } from 'vitest';
import { findReferences } from '../../../../src/core/anchors/find-references.js';

const values = (text: string, kind = 'path') =>
  findReferences(text)
    .filter((ref) => ref.kind === kind)
    .map((ref) => ref.value);

describe('findReferences on real agent-file lines', () => {
  it('reads a leading slash as the repository root, as agent files write folders', () => {
    expect(
      values('**`/web/`** - Next.js 14 application (Pages Router) providing both frontend UI and backend APIs'),
    ).toEqual(['web/']);
    expect(values('All public API routes in `/web/src/pages/api/public`')).toEqual(['web/src/pages/api/public']);
    expect(values('Manually update Fern API specs in `/fern/`, then regenerate OpenAPI spec via Fern CLI')).toEqual([
      'fern/',
    ]);
  });

  it('still leaves URLs, protocol-relative and home paths alone', () => {
    expect(values('Fetch `https://api.example.com/v1/x`, `//cdn.example.com/a.js` and `~/.config/app.json`.')).toEqual(
      [],
    );
  });

  it('takes a file name in prose, not only in code spans', () => {
    expect(values('Read CONTRIBUTING.md for guidelines on how to run tools')).toEqual(['CONTRIBUTING.md']);
    expect(values('App.css must contain ONLY styles that cannot be expressed in the Mantine theme')).toEqual([
      'App.css',
    ]);
    expect(values('Uses **flat config** format (eslint.config.mjs)')).toEqual(['eslint.config.mjs']);
    expect(
      values('**Note:** these guidelines apply to V1. See [CONTRIBUTING.md](./CONTRIBUTING.md) for details.'),
    ).toEqual(['CONTRIBUTING.md']);
  });

  it('does not take abbreviations or project names for file names', () => {
    expect(values('Use Next.js and Node.js, e.g. the app router; i.e. no pages/ folder.')).toEqual(['pages/']);
  });

  it('drops prose emphasis around a path', () => {
    expect(values('Shared code lives in **packages/shared/** and nowhere else.')).toEqual(['packages/shared/']);
  });

  it('reads the script after a workspace option, not the workspace', () => {
    expect(values('Lint: `pnpm --filter web run lint`', 'script')).toEqual(['lint']);
    // No script after the workspace: the workspace is no script either (langfuse web/AGENTS.md).
    expect(values('When passing a Vitest file through `pnpm --filter web ...`, make it relative.', 'script')).toEqual(
      [],
    );
    expect(
      values('`packages/shared/**` (non-schema) — `pnpm --filter @langfuse/shared run lint:fix`', 'script'),
    ).toEqual(['lint:fix']);
    expect(
      values('`docs/`: Documentation source; run with `pnpm docs:dev` or build with `pnpm -F docs build`.', 'script'),
    ).toEqual(['docs:dev', 'build']);
    expect(values('Run `yarn workspace @app/web test` and `npm --prefix=site run build`.', 'script').sort()).toEqual([
      'build',
      'test',
    ]);
    expect(values('Run `pnpm -r build-check` early to catch TypeScript errors.', 'script')).toEqual(['build-check']);
  });

  it("never reads a package manager's own command as a script, unless run names it", () => {
    // pnpm/pnpm: `pnpm install` was anchored to a test fixture's install script.
    expect(
      values('auto-resolves `pnpm-lock.yaml` conflicts via `pnpm install`, then `yarn add -D x`', 'script'),
    ).toEqual([]);
    expect(values('`pnpm run install` and `pnpm start`', 'script')).toEqual(['install', 'start']);
  });

  it('keeps a slash command as written, so the resolver looks for what defines it', () => {
    // garrytan/gstack: "invoke /office-hours", `/ship` — skills the repository defines.
    expect(values('Bugs and errors → invoke /investigate')).toEqual(['/investigate']);
    expect(values('`/ship` — Run tests, review, push, open PR.')).toEqual(['/ship']);
    expect(values('At `/ship` time (Step 5), not mid-branch: a /x, not 1/2.')).toEqual(['/ship']);
  });

  it('takes a dotfile or dot-folder of any length for a path', () => {
    // pnpm/pnpm, obra/superpowers: `.changeset`, `.gitignore` were never anchored.
    expect(values('create a changeset file in the `.changeset` directory')).toEqual(['.changeset']);
    expect(values('tracked despite `.gitignore` and .cursorrules')).toEqual(['.gitignore', '.cursorrules']);
  });

  it('reads `cargo make X` as a cargo-make task, no make target (set 62 of mem lint: surrealdb)', () => {
    expect(values('# Format code (REQUIRED before commits)\ncargo make fmt', 'make')).toEqual([]);
    expect(values('make fmt && cargo make ci-clippy', 'make')).toEqual(['fmt']);
  });
});
