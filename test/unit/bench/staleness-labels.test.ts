// The staleness set's labeller (bench/staleness/label-references.mjs): the ground truth that the
// reference finder is measured against must itself say the right thing on real-shaped lines.
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM helper of the staleness bench
import { judgeReference, logicalLines, referencesIn } from '../../../bench/staleness/label-references.mjs';
// @ts-expect-error plain ESM helper of the staleness bench
import { justRecipes, makeTargets } from '../../../bench/staleness/tree-at.mjs';

type Tree = {
  entries: Map<string, { type: 'blob' | 'tree'; oid: string }>;
  scripts: Map<string, Map<string, string>>;
  targets: Map<string, Set<string>>;
  byBase: Map<string, Array<{ path: string; type: string; oid: string }>>;
};

/** A tree as treeAt reads it, from paths (folders implied) with their object ids. */
function tree(
  files: Record<string, string>,
  scripts: Record<string, string> = {},
  targets: Record<string, string[]> = {},
): Tree {
  const entries: Tree['entries'] = new Map();
  for (const [path, oid] of Object.entries(files)) {
    const parts = path.split('/');
    for (let i = 1; i < parts.length; i += 1) {
      const folder = parts.slice(0, i).join('/');
      entries.set(folder, {
        type: 'tree',
        oid: `tree:${folder}:${Object.keys(files)
          .filter((p) => p.startsWith(`${folder}/`))
          .map((p) => files[p])
          .join(',')}`,
      });
    }
    entries.set(path, { type: 'blob', oid });
  }
  const byBase: Tree['byBase'] = new Map();
  for (const [path, entry] of entries) {
    const base = path.split('/').pop() ?? path;
    byBase.set(base, [...(byBase.get(base) ?? []), { path, ...entry }]);
  }
  const scriptMap: Tree['scripts'] = new Map(
    Object.entries(scripts).map(([name, command]) => [name, new Map([['package.json', command]])]),
  );
  const targetMap: Tree['targets'] = new Map(Object.entries(targets).map(([file, names]) => [file, new Set(names)]));
  return { entries, scripts: scriptMap, targets: targetMap, byBase };
}

const at = tree(
  {
    'src/agents/run.py': 'a1',
    'src/agents/__init__.py': 'a0',
    'eslint.config.js': 'e1',
    'docs/index.md': 'd1',
    'README.md': 'r1',
    Makefile: 'm1',
    'web/src/server/api.ts': 'w1',
  },
  { lint: 'eslint .', 'docs:dev': 'astro dev' },
  { Makefile: ['test', 'lint'] },
);

describe('logicalLines', () => {
  it('joins a hard-wrapped paragraph and a list item, skips code fences, headings, table rules and short rows', () => {
    const text = [
      '# Guide',
      '',
      'Make sure to read relevant examples in the examples/ directory and keep',
      'them up-to-date when making changes.',
      '',
      '- Run `make test` before',
      '  every push.',
      '```bash',
      'rm -rf src/agents',
      '```',
      '| file | what |',
      '|---|---|',
      '| `README.md` | the overview |',
    ].join('\n');
    expect(logicalLines(text).map((unit: { text: string }) => unit.text)).toEqual([
      'Make sure to read relevant examples in the examples/ directory and keep them up-to-date when making changes.',
      'Run `make test` before every push.',
      '`README.md` — the overview',
    ]);
  });
});

describe('referencesIn', () => {
  const refs = (text: string) =>
    referencesIn(text, at).map(
      (ref: { kind: string; path?: string; value: string }) => `${ref.kind}:${ref.path ?? ref.value}`,
    );

  it('resolves a path from the root, a folder with its slash, and the one path ending with a partial path', () => {
    expect(
      refs('Code style follows `eslint.config.js`; pages live in docs/ and the runner in `agents/run.py`.').sort(),
    ).toEqual(['path:docs', 'path:eslint.config.js', 'path:src/agents/run.py']);
  });

  it('takes scripts and make targets only when the repository defines them', () => {
    expect(refs('Run `pnpm lint` and `make test`, then `pnpm install` and `make deploy`.')).toEqual([
      'script:lint',
      'make:test',
    ]);
  });

  it('reads the script after a workspace filter, and `npm run` of a name pnpm also uses as a command', () => {
    expect(refs('Lint: `pnpm --filter web run lint`; docs: `pnpm -F docs docs:dev`.')).toEqual([
      'script:lint',
      'script:docs:dev',
    ]);
    expect(refs('Run `npm run ci` before pushing.')).toEqual([]);
    expect(
      referencesIn('Run `npm run ci` before pushing.', tree({ 'a.ts': '1' }, { ci: 'npm test' })).map(
        (r: { value: string }) => r.value,
      ),
    ).toEqual(['ci']);
  });

  it('reads an @import as the path it imports', () => {
    expect(refs('Backend work: @docs/index.md')).toEqual(['path:docs/index.md']);
  });

  it('resolves a dotted Python module under src/', () => {
    expect(refs('The loop is in `agents.run`.')).toEqual(['module:src/agents/run.py']);
  });

  it('finds nothing in prose, URLs, globs or words that only look like files', () => {
    expect(
      refs('Use Node.js 20, see https://example.com/docs/index.md and src/**/*.ts; e.g. the views.py pattern.'),
    ).toEqual([]);
    expect(referencesIn('Keep `index.ts` small.', tree({ 'a/index.ts': '1', 'b/index.ts': '2' }))).toEqual([]);
  });

  it('does not resolve a path only from the agent file folder: a remembered line belongs to the whole repository', () => {
    expect(referencesIn('Handlers are in `server/api.ts`.', at).map((r: { path: string }) => r.path)).toEqual([
      'web/src/server/api.ts',
    ]);
    expect(
      referencesIn(
        'Handlers are in `src/server`.',
        tree({ 'web/src/server/a.ts': '1', 'worker/src/server/b.ts': '2' }),
      ),
    ).toEqual([]);
  });
});

describe('judgeReference', () => {
  const later = tree(
    {
      'src/agents/runner.py': 'a1',
      'src/agents/__init__.py': 'a0',
      'eslint.config.mjs': 'e2',
      'docs/index.md': 'd2',
      'README.md': 'r1',
      Makefile: 'm1',
    },
    { 'docs:dev': 'astro dev' },
    { Makefile: ['test'] },
  );
  const renames = new Map([
    ['src/agents/run.py', 'src/agents/runner.py'],
    ['eslint.config.js', 'eslint.config.mjs'],
  ]);
  const judge = (text: string) =>
    referencesIn(text, at).map((ref: object) => {
      const verdict = judgeReference(ref, at, later, renames);
      return `${verdict.status}${verdict.renamedTo ? `→${verdict.renamedTo}` : ''}`;
    });

  it('calls a gone file stale with git’s rename, an edited one changed, an untouched one fresh', () => {
    expect(judge('See `eslint.config.js`, `docs/index.md` and `README.md`.')).toEqual([
      'gone→eslint.config.mjs',
      'changed',
      'fresh',
    ]);
  });

  it('calls a removed script or make target gone and a kept one fresh', () => {
    expect(judge('Run `pnpm lint`, `pnpm docs:dev`, `make lint` and `make test`.')).toEqual([
      'gone',
      'fresh',
      'gone',
      'fresh',
    ]);
  });
});

describe('manifests', () => {
  it('reads make rule heads and just recipes, not variables or pattern rules', () => {
    expect([...makeTargets('CC := gcc\ntest lint: deps\n\tgo test ./...\n%.o: %.c\n.PHONY: test\n')]).toEqual([
      'test',
      'lint',
    ]);
    expect([...justRecipes("set shell := ['bash']\nbuild target='x':\n  cargo build\n@fmt:\n  cargo fmt\n")]).toEqual([
      'build',
      'fmt',
    ]);
  });
});
