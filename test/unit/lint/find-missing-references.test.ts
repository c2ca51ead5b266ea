import { describe, expect, it } from 'vitest';
import { findMissingReferences } from '../../../src/lint/find-missing-references.js';
import { parsePathHistory, withRenames, type PathHistory } from '../../../src/core/git/path-history.js';
import type { DefinitionNames } from '../../../src/core/git/script-history.js';

/** Git saw every script asked of it removed: the bare `pnpm X` cases below test the other checks. */
const allRemoved = ({ script }: DefinitionNames) => ({
  script: new Map(script.map((name) => [name, 'abc1234'])),
  make: new Map<string, string>(),
});
const manifests = new Map([
  ['package.json', JSON.stringify({ scripts: { build: 'tsc', test: 'vitest run' } })],
  ['Makefile', 'test:\n\tgo test ./...\n'],
  ['tools/Makefile', 'gen:\n\tgo generate\n'],
]);
const lint = (text: string, code = false) =>
  findMissingReferences(
    [
      {
        path: 'AGENTS.md',
        team: false,
        scope: '',
        documents: [{ text, section: '', line: 3, ...(code ? { code: true as const } : {}) }],
      },
    ],
    { exists: () => false, manifests, ignored: () => new Set(), removedDefinitions: allRemoved },
  ).map((f) => `${f.code} ${f.message.split(' is ')[0]}`);

describe('findMissingReferences: commands', () => {
  it('flags a script or target written as code that no manifest defines', () => {
    expect(lint('Run `pnpm lint` and `npm run build`.')).toEqual(['missing-script the script lint']);
    expect(lint('make bench\nmake -C tools gen\nmake -C tools docs', true)).toEqual([
      'missing-target the make target bench',
      'missing-target the make target tools:docs',
    ]);
  });

  it("leaves prose, the package managers' own commands and kinds the repository has no manifest for alone", () => {
    expect(lint('Make sure the tests pass; make lint happy.')).toEqual([]);
    expect(lint('`pnpm install`, then `yarn add zod`, then `npm start`, then `pnpm deploy out`.')).toEqual([]);
    expect(lint('`just release`')).toEqual([]);
  });
});

describe('findMissingReferences: commands that may name no script or target', () => {
  const check = (
    text: string,
    removed: (names: readonly string[]) => ReadonlyMap<string, string>,
    path = 'AGENTS.md',
  ) =>
    findMissingReferences(
      [{ path, team: false, scope: '', documents: [{ text, section: '', line: 1, code: true as const }] }],
      {
        exists: () => false,
        manifests,
        ignored: () => new Set(),
        removedDefinitions: ({ script }: DefinitionNames) => ({
          script: script.length === 0 ? new Map() : removed(script),
          make: new Map(),
        }),
      },
    ).map((f) => f.message.replace(': the agent is told to run a command that fails', ''));

  it('takes a bare `pnpm X` / `yarn X` as a script only when git saw a package.json lose X', () => {
    const asked: string[][] = [];
    const none = (names: readonly string[]) => {
      asked.push([...names]);
      return new Map<string, string>();
    };
    expect(check('pnpm claim\nyarn gen\npnpm build', none)).toEqual([]);
    expect(asked).toEqual([['claim', 'gen']]);
    expect(check('pnpm claim\nyarn gen', () => new Map([['claim', 'abc1234']]))).toEqual([
      'the script claim is defined in no package.json of the repository (removed in abc1234)',
    ]);
  });

  it('keeps an explicit script call without history: `npm run X`, `pnpm run X`, `yarn run X`, `bun run X`, `npm run-script X`', () => {
    expect(
      check(
        'npm run one\npnpm --filter web run two\nyarn run three\nbun run four\nnpm run-script five',
        () => new Map(),
      ).sort(),
    ).toEqual(
      ['five', 'four', 'one', 'three', 'two'].map(
        (name) => `the script ${name} is defined in no package.json of the repository`,
      ),
    );
  });

  it('takes `make X` only against the Makefile of the folder it runs from, read whole', () => {
    // No Makefile in docs/: the command may run against any; after a `cd`, against another folder's.
    expect(check('make bench', () => new Map(), 'docs/AGENTS.md')).toEqual([]);
    expect(check('cd sdk && make bench', () => new Map())).toEqual([]);
    // Unless git saw a Makefile lose the target.
    expect(
      findMissingReferences(
        [
          {
            path: 'docs/AGENTS.md',
            team: false,
            scope: '',
            documents: [{ text: 'make bench', section: '', line: 1, code: true as const }],
          },
        ],
        {
          exists: () => false,
          manifests,
          ignored: () => new Set(),
          removedDefinitions: ({ make }) => ({
            script: new Map(),
            make: new Map(make.map((name) => [name, 'abc1234'])),
          }),
        },
      ).map((f) => f.message.split(': the agent')[0]),
    ).toEqual(['the make target bench is defined in no Makefile of the repository (removed in abc1234)']);
    expect(check('make bench\nmake -C tools docs', () => new Map(), 'tools/AGENTS.md')).toEqual([
      'the make target bench is defined in no Makefile of the repository',
      'the make target tools:docs is defined in no Makefile of the repository',
    ]);
  });
});

describe("findMissingReferences: commands that are not this repository's", () => {
  const run = (fence: string, lines: string[]) => {
    const text = [fence, ...lines, '```'].join('\n');
    return findMissingReferences(
      [
        {
          path: 'AGENTS.md',
          team: false,
          scope: '',
          text,
          documents: [
            {
              text: lines.join(' '),
              section: '',
              line: 1,
              code: true as const,
              fence: { lang: fence.replace(/^`+/, ''), lines: lines.length },
            },
          ],
        },
      ],
      { exists: () => false, manifests, ignored: () => new Set(), removedDefinitions: allRemoved },
    ).map((f) => f.message.split(' is ')[0]);
  };

  it("reads no command in a program's source", () => {
    expect(run('```python', ['    Use the `vcr` to make assertions about the HTTP requests.'])).toEqual([]);
    expect(run('```', ['make assertions'])).toEqual(['the make target assertions']);
  });

  it('reads the commands before a project generator, and none after it (they run in the new project)', () => {
    expect(run('```sh', ['pnpm lint', 'npx @electric-sql/start my-app', 'pnpm claim && pnpm deploy'])).toEqual([
      'the script lint',
    ]);
    expect(run('```sh', ['npm create vite@latest web', 'cd web && pnpm dev'])).toEqual([]);
  });
});

describe('findMissingReferences: dependency binaries', () => {
  const scripts = (text: string, exists: (path: string) => boolean) =>
    findMissingReferences(
      [{ path: 'AGENTS.md', team: false, scope: '', documents: [{ text, section: '', line: 3 }] }],
      {
        exists,
        manifests: new Map([
          ['package.json', JSON.stringify({ scripts: { build: 'vite build' }, devDependencies: { typescript: '5' } })],
        ]),
        ignored: () => new Set(),
        removedDefinitions: allRemoved,
      },
    ).map((f) => f.message.split(' is ')[0]);

  it('reads `yarn tsc` as the binary of a declared typescript in a clone with nothing installed', () => {
    expect(scripts('Check types with `yarn tsc` and `pnpm tsserver`; lint with `yarn lint`.', () => false)).toEqual([
      'the script lint',
    ]);
  });

  it('reads the installed binaries when node_modules/.bin is there, and nothing else', () => {
    const installed = new Set(['node_modules/.bin', 'node_modules/.bin/lint']);
    expect(scripts('Check types with `yarn tsc`; lint with `yarn lint`.', (path) => installed.has(path))).toEqual([
      'the script tsc',
    ]);
  });
});

const tree = new Set([
  'src',
  'src/api.ts',
  'src/store.hpp',
  'web',
  'worker',
  'tests',
  'core/node/hostUrl.ts',
  'core',
  'core/node',
  'clients',
]);
const paths = (text: string, ignored: string[] = []) =>
  findMissingReferences([{ path: 'AGENTS.md', team: false, scope: '', documents: [{ text, section: '', line: 3 }] }], {
    exists: (path) => tree.has(path),
    manifests: new Map(),
    ignored: (asked) => new Set(asked.filter((path) => ignored.includes(path))),
  }).map((f) => f.message.split(' ')[0]);

describe('findMissingReferences: paths', () => {
  it('flags a file gone from a folder the repository has', () => {
    expect(paths('The handlers live in `src/handlers.ts`.')).toEqual(['src/handlers.ts']);
  });

  it("leaves a file the words before it call the user's own, and not one a comma parts from them", () => {
    expect(paths('Check your user-level hooks\n(`src/hooks.json`) or other plugins.')).toEqual([]);
    expect(paths('Unlike user-level settings, `src/hooks.json` is committed.')).toEqual(['src/hooks.json']);
  });

  it('leaves a place a program looks in only when it finds a file there, and not a file sent to after a finding', () => {
    expect(
      paths('- The hook runs the check when it finds\n  `PR_BODY_FILE`, `.git/BODY.md`, or `src/BODY.md`'),
    ).toEqual([]);
    expect(paths('If the scan detects `src/scan.lock`, it waits.')).toEqual([]);
    expect(paths('If it finds a bug, read `src/handlers.ts` first.')).toEqual(['src/handlers.ts']);
    expect(paths('When the hook finds errors it writes them; see `src/handlers.ts`.')).toEqual(['src/handlers.ts']);
  });

  it('leaves a path the text places in another repository, and not one in this repository', () => {
    expect(paths('Check the harness too (see `src/conventions.md` in that repo).')).toEqual([]);
    expect(paths('The site is built from `src/site.ts` in the `Documentation` repository.')).toEqual([]);
    expect(paths('The handlers live in `src/handlers.ts` in this repo.')).toEqual(['src/handlers.ts']);
  });

  it('reads `dir/Name.hpp/.cpp` as the header and the source beside it, each checked as any other path', () => {
    // A missing header is no finding (the compiler finds headers through include folders), a missing source is.
    expect(paths('The store lives in `src/store.hpp/.cpp`; the client in `src/client.hpp/.cpp`.')).toEqual([
      'src/store.cpp',
      'src/client.cpp',
    ]);
    expect(paths('The API lives in `src/api.ts/.d.ts`.')).toEqual(['src/api.d.ts']);
  });

  it("leaves a subsection about a repository the file links, and not the file's title naming its own", () => {
    const link = 'Built on [acme-base](https://github.com/acme/acme-base).';
    const inSection = (section: string) =>
      findMissingReferences(
        [
          {
            path: 'AGENTS.md',
            team: false,
            scope: '',
            text: link,
            documents: [{ text: 'acme-base owns `src/pch.cmake`.', section, line: 3 }],
          },
        ],
        { exists: (path) => tree.has(path), manifests: new Map(), ignored: () => new Set() },
      ).map((f) => f.message.split(' ')[0]);
    expect(inSection('Acme > Foundation: acme-base')).toEqual([]);
    expect(inSection('acme-base')).toEqual(['src/pch.cmake']);
    expect(inSection('Acme > Building')).toEqual(['src/pch.cmake']);
  });

  it('leaves ignored paths and build output alone, asking git once', () => {
    let asked = 0;
    const found = findMissingReferences(
      [
        {
          path: 'AGENTS.md',
          team: false,
          scope: '',
          documents: [{ text: '`clients/.env.local` and `clients/web/dist/index.js`', section: '', line: 1 }],
        },
      ],
      {
        exists: (path) => tree.has(path),
        manifests: new Map(),
        ignored: () => (asked++, new Set(['clients/.env.local'])),
      },
    );
    expect(found).toEqual([]);
    expect(asked).toBe(1);
  });

  it('leaves placeholders, examples, negated mentions, alternatives and module.symbol names alone', () => {
    expect(paths('Run one file: `pytest tests/path/to/test.py`.')).toEqual([]);
    expect(paths('Run `pytest tests/test_specific_file.py` for one file.')).toEqual([]);
    expect(paths('Put new transports in their own file, e.g. `src/remote/transport.ts`.')).toEqual([]);
    expect(paths('This repo ships no `src/dco.yml`; sign-off is checked by the app.')).toEqual([]);
    expect(paths('Save it: `node gen.js > src/out.json`; `esbuild -o tests/app.js`; `touch src/x.ts`.')).toEqual([]);
    expect(paths('Check the web/worker error logs first.')).toEqual([]);
    expect(paths('Binding is decided by `core/node/hostUrl.isAllInterfacesHost`.')).toEqual([]);
  });

  it('leaves npm scopes, home paths, "directories like" examples and prose slashes alone', () => {
    expect(paths('Settings flow through `@src/config` into commands.')).toEqual([]);
    expect(paths('Skills live in `~/src/skills/`; `src/skills/` wins when both exist.')).toEqual([]);
    expect(paths('Add folders like `src/data/` only when needed (e.g. `src/x.ts -> web/x.ts`).')).toEqual([]);
    expect(paths('One HTTP src/client pair; a single tests/file change.')).toEqual([]);
    // With an extension a two-part path is a path; a folder is left to history (below).
    expect(paths('Handlers: `src/handlers`, and tests/test_api.py.')).toEqual(['tests/test_api.py']);
  });

  it('reads a path under a folder the same text names, or from a folder between the file and the root', () => {
    const nested = (text: string, file: string) =>
      findMissingReferences([{ path: file, team: false, scope: '', documents: [{ text, section: '', line: 1 }] }], {
        exists: (path) =>
          tree.has(path) ||
          ['core/node/server', 'core/node/server/web.rs', 'core/scripts'].includes(path.replace(/\/$/, '')),
        manifests: new Map(),
        ignored: () => new Set(),
        removedDefinitions: allRemoved,
      }).map((f) => f.message.split(' ')[0]);
    expect(nested('The server is `core/node/server/` (`server/web.rs`).', 'AGENTS.md')).toEqual([]);
    expect(nested('Lint with `eslint scripts` from the package root.', 'core/node/AGENTS.md')).toEqual([]);
    expect(nested('The server is `core/node/server/` (`src/gone.rs`).', 'AGENTS.md')).toEqual(['src/gone.rs']);
  });
});

describe('findMissingReferences: a drawn tree', () => {
  const drawn = (text: string, present: string[]) =>
    findMissingReferences(
      [
        {
          path: 'AGENTS.md',
          team: false,
          scope: '',
          text,
          documents: [{ text: text.replace(/\s+/g, ' '), section: '', line: 1, code: true as const }],
        },
      ],
      {
        exists: (path) => present.includes(path.replace(/\/$/, '')),
        manifests: new Map(),
        ignored: () => new Set(),
        removedDefinitions: allRemoved,
      },
    ).map((f) => f.message.split(' ')[0]);
  const tree = '```\npackages/web/\n├── src/routes/home.ts\n└── dist/\n    └── src/index.js\n```';

  it('reads a name under the folders drawn above it', () => {
    expect(drawn(tree, ['src', 'packages', 'packages/web', 'packages/web/src/routes/home.ts'])).toEqual([]);
  });

  it('flags a drawn file that is gone, and leaves one under a build folder alone', () => {
    expect(drawn(tree, ['src', 'packages', 'packages/web', 'packages/web/src/routes'])).toEqual(['src/routes/home.ts']);
  });

  it('reads a tree drawn under a file (what it imports) as written', () => {
    const imports = '```\nindex.ts\n├── tools/index.ts\n│   └── repl/\n└── src/gone.ts\n```';
    expect(drawn(imports, ['src', 'tools', 'tools/index.ts'])).toEqual(['src/gone.ts']);
  });
});

describe('findMissingReferences: a path each folder below has', () => {
  const each = (present: string[]) =>
    findMissingReferences(
      [
        {
          path: 'example/AGENTS.md',
          team: false,
          scope: 'example',
          documents: [{ text: 'Each example has its own `src/main.c`.', section: '', line: 1 }],
        },
      ],
      {
        exists: (path) => present.includes(path),
        manifests: new Map(),
        ignored: () => new Set(),
        removedDefinitions: allRemoved,
        foldersIn: (dir) => (dir === 'example' ? ['c-vt', 'zig', 'docs'] : []),
      },
    ).map((f) => f.message.split(' ')[0]);

  it('reads it from each of two folders or more, and flags it when only one has it', () => {
    expect(each(['src', 'example/c-vt/src/main.c', 'example/zig/src/main.c'])).toEqual([]);
    expect(each(['src', 'example/c-vt/src/main.c'])).toEqual(['src/main.c']);
  });
});

describe("findMissingReferences: a template's agent file", () => {
  it('reads its paths as those of the project made from it', () => {
    const found = findMissingReferences(
      [
        {
          path: 'template/AGENTS.md',
          team: false,
          scope: 'template',
          documents: [
            { text: 'Move UI to `app/ui/`; see `scripts/demos.json` and `app/gone.ts`.', section: '', line: 1 },
          ],
        },
      ],
      {
        exists: (path) => ['template', 'template/app', 'scripts', 'app'].includes(path.replace(/\/$/, '')),
        manifests: new Map(),
        ignored: () => new Set(),
        removedDefinitions: allRemoved,
      },
    );
    expect(found.map((f) => f.message.split(' ')[0])).toEqual([]);
  });
});

describe('findMissingReferences: commands that are no script or target', () => {
  const commands = (text: string, manifests: Map<string, string>) =>
    findMissingReferences(
      [{ path: 'AGENTS.md', team: false, scope: '', documents: [{ text, section: '', line: 1, code: true as const }] }],
      { exists: () => false, manifests, ignored: () => new Set(), removedDefinitions: allRemoved },
    ).map((f) => f.message.split(' is ')[0]);

  it("reads no command in a shell comment's words, and keeps a block's commands after a comment", () => {
    // A code block reaches the check with its lines joined.
    expect(commands('pnpm install # then use pnpm if pnpm is there pnpm lint', manifests)).toEqual(['the script lint']);
    expect(commands('make test # pytest tests/ make bench # pin a version', manifests)).toEqual([
      'the make target bench',
    ]);
  });

  it("reads no command in a fenced shell block's comment, from the file as written", () => {
    const file = [
      '# Guide',
      '',
      '```bash',
      '# Install dependencies (pnpm ONLY - enforced)',
      'pnpm install',
      'pnpm lint # pnpm NEVER',
      '```',
      '',
      '```python',
      'x = 1 # pnpm ALWAYS',
      '```',
    ].join('\n');
    // The markdown reader's fences: a bash block of three lines at line 3, a python block of one at line 9.
    const fenceAt = (line: number) => (line === 3 ? { lang: 'bash', lines: 3 } : { lang: 'python', lines: 1 });
    const block = (line: number, text: string) =>
      findMissingReferences(
        [
          {
            path: 'AGENTS.md',
            team: false,
            scope: '',
            text: file,
            documents: [{ text, section: 'Guide', line, code: true as const, fence: fenceAt(line) }],
          },
        ],
        { exists: () => false, manifests, ignored: () => new Set(), removedDefinitions: allRemoved },
      ).map((f) => f.message.split(' is ')[0]);
    expect(block(3, '# Install dependencies (pnpm ONLY - enforced) pnpm install pnpm lint # pnpm NEVER')).toEqual([
      'the script lint',
    ]);
    // A program's source (a python block) runs no command, whatever its comments say.
    expect(block(9, 'x = 1 # pnpm ALWAYS')).toEqual([]);
  });

  it("ends a shell block's command at its line's end, and goes on past a trailing backslash", () => {
    const file = [
      '```bash',
      'BUILD_ALL_EXT=1 make',
      "DUCKDB_EXTENSIONS='json;icu' make",
      'make \\',
      '  bench',
      '```',
    ].join('\n');
    const documents = [{ text: '', section: '', line: 1, code: true as const, fence: { lang: 'bash', lines: 4 } }];
    const found = findMissingReferences([{ path: 'AGENTS.md', team: false, scope: '', text: file, documents }], {
      exists: () => false,
      manifests,
      ignored: () => new Set(),
      removedDefinitions: allRemoved,
    }).map((f) => f.message.split(' is ')[0]);
    // `make` at a line's end takes nothing from the next line; `make \` does.
    expect(found).toEqual(['the make target bench']);
  });

  it("takes a just alias, a recipe with parameters, a scoped package's binary, and no bad example", () => {
    const manifestsWithJust = new Map([
      ['package.json', JSON.stringify({ scripts: { test: 'vitest' }, devDependencies: { '@changesets/cli': '2' } })],
      [
        'justfile',
        "alias f := format\n\nformat:\n\tcargo fmt\n\ngen-grammar *args='':\n\tcargo codegen grammar {{args}}\n",
      ],
    ]);
    expect(commands('just f\njust gen-grammar css\npnpm changeset\njust ready', manifestsWithJust)).toEqual([
      'the just recipe ready',
    ]);
    expect(
      findMissingReferences(
        [
          {
            path: 'AGENTS.md',
            team: false,
            scope: '',
            documents: [{ text: '❌ `pnpm typecheck` — nonexistent target', section: '', line: 1 }],
          },
        ],
        { exists: () => false, manifests: manifestsWithJust, ignored: () => new Set(), removedDefinitions: allRemoved },
      ),
    ).toEqual([]);
  });

  it("takes the targets of a Makefile that includes another, or of a justfile that imports one, and a scoped package's own name", () => {
    const including = new Map([
      ['package.json', JSON.stringify({ scripts: { test: 'vitest' }, devDependencies: { '@biomejs/biome': '2' } })],
      ['Makefile', 'include tools/release.mk\n\ntest:\n\tgo test ./...\n'],
      ['justfile', 'import "tools/ci.just"\n\nfmt:\n\tcargo fmt\n'],
    ]);
    expect(commands('make release\njust ci\npnpm biome check\npnpm lint', including)).toEqual(['the script lint']);
  });

  it('leaves the commands of a file that names another repository alone', () => {
    const docs = findMissingReferences(
      [
        {
          path: '.claude/rules/docs.md',
          team: false,
          scope: '',
          text: 'Site build internals live in the Documentation repo.\n\nVerify with `npm run check`.\n',
          documents: [
            { text: 'Site build internals live in the Documentation repo.', section: '', line: 1 },
            { text: 'Verify with `npm run check`.', section: '', line: 3 },
          ],
        },
      ],
      { exists: () => false, manifests, ignored: () => new Set(), removedDefinitions: allRemoved },
    );
    expect(docs).toEqual([]);
  });

  it('takes a binary the scripts run, and every target of a Makefile with a match-anything rule', () => {
    const withRelease = new Map([
      ['package.json', JSON.stringify({ scripts: { release: 'NODE_ENV=ci changeset version && tsc' } })],
      ['docs/Makefile', 'help:\n\tsphinx-build -M help . _build\n\n%: Makefile\n\tsphinx-build -M $@ . _build\n'],
    ]);
    expect(commands('pnpm changeset\nmake html\npnpm lint', withRelease)).toEqual(['the script lint']);
  });
});

describe('findMissingReferences: the evidence a path is gone', () => {
  const present = new Set(['src', 'docs', 'tests', 'src/app/tools']);
  const gone = (text: string, history?: PathHistory) =>
    findMissingReferences(
      [{ path: 'AGENTS.md', team: false, scope: '', documents: [{ text, section: '', line: 1 }] }],
      {
        exists: (path) => present.has(path),
        manifests: new Map(),
        ignored: () => new Set(),
        removedDefinitions: allRemoved,
        ...(history === undefined ? {} : { history: () => history }),
      },
    ).map((f) => f.message.replace(/: the agent is sent to a file that is (?:gone|not there)/, ''));
  const added = new Map([['AGENTS.md', 1000]]);

  it('without history, takes only a file in a folder the repository has', () => {
    expect(
      gone('See `docs/setup.md`, `src/tools/`, `tests/module`, `src/lib/bot.ts` and `src/models/__init__`.'),
    ).toEqual(['docs/setup.md does not exist in the repository']);
  });

  it('leaves a source file shown beside its own test file alone: a convention on an example', () => {
    expect(gone('- Spec files mirror source: `src/client.rb` → `tests/client_spec.rb`')).toEqual([]);
    expect(gone('- Put `tests/test_parse.py` next to `src/parse.py`.')).toEqual([]);
    expect(gone('- The client is `src/client.rb`; its server is `src/server.rb`.')).toEqual([
      'src/client.rb does not exist in the repository',
      'src/server.rb does not exist in the repository',
    ]);
  });

  it('without history, leaves a path that ends a file below another folder alone: written from a source root', () => {
    const below = new Set(['crates/core/src/docs/setup.md']);
    const endsAFile = (path: string) => [...below].some((file) => file.endsWith(`/${path}`));
    const check = (text: string, history?: PathHistory) =>
      findMissingReferences(
        [{ path: 'AGENTS.md', team: false, scope: '', documents: [{ text, section: '', line: 1 }] }],
        {
          exists: (path) => present.has(path) || below.has(path),
          manifests: new Map(),
          ignored: () => new Set(),
          endsAFile,
          ...(history === undefined ? {} : { history: () => history }),
        },
      ).map((f) => f.message.replace(/: the agent is sent to a file that is (?:gone|not there)/, ''));
    expect(check('Facade: `docs/setup.md`; the rest in `docs/other.md`.')).toEqual([
      'docs/other.md does not exist in the repository',
    ]);
    // A move git saw after the agent file came in is still news.
    const history: PathHistory = {
      removed: new Map([
        ['docs/setup.md', { commit: 'abc1234', time: 2000, renamedTo: 'crates/core/src/docs/setup.md' }],
      ]),
      added,
    };
    expect(check('Facade: `docs/setup.md`.', history)).toEqual([
      'docs/setup.md does not exist in the repository (moved to crates/core/src/docs/setup.md in abc1234)',
    ]);
  });

  it('without history, leaves a path written from the root alone: a route or a path of the machine', () => {
    expect(gone('The page then shows in `/docs/llms.txt`; see `./docs/setup.md`.')).toEqual([
      'docs/setup.md does not exist in the repository',
    ]);
  });

  it('takes a folder or file git saw removed after the agent file came in, and says where it went', () => {
    const history: PathHistory = {
      removed: new Map([
        ['src/tools', { commit: 'abc1234', time: 2000, renamedTo: 'src/app/tools' }],
        ['src/lib/bot.ts', { commit: 'def5678', time: 2000 }],
      ]),
      added,
    };
    expect(gone('Tools in `src/tools/`; the bot in `src/lib/bot.ts`.', history)).toEqual([
      'src/tools/ does not exist in the repository (moved to src/app/tools in abc1234)',
      'src/lib/bot.ts does not exist in the repository (removed in def5678)',
    ]);
  });

  it('says a new place git saw is gone too when the repository no longer has it', () => {
    const history: PathHistory = {
      removed: new Map([['docs/deploy.md', { commit: 'abc1234', time: 2000, renamedTo: 'docs/guides/deploy.md' }]]),
      added,
    };
    expect(gone('CI/CD: see `docs/deploy.md`.', history)).toEqual([
      'docs/deploy.md does not exist in the repository (moved to docs/guides/deploy.md in abc1234, since gone too)',
    ]);
  });

  it('leaves a path the text says is gone or kept in another repository, and takes one written as present', () => {
    const history: PathHistory = {
      removed: new Map([
        ['src/legacy', { commit: 'abc1234', time: 2000 }],
        ['docs/drive', { commit: 'def5678', time: 2000 }],
        ['src/old.ts', { commit: 'def5678', time: 2000 }],
      ]),
      added,
    };
    expect(
      gone('See `src/`. (The legacy `src/legacy/` suite has been decommissioned; `src/` replaces it.)', history),
    ).toEqual([]);
    expect(
      gone(
        '[`docs/drive/`](https://github.com/acme/ignite/tree/main/docs/drive) lives in [acme/ignite](https://github.com/acme/ignite).',
        history,
      ),
    ).toEqual([]);
    expect(gone('See `src/old.ts` for the retired API; the new one replaced it.', history)).toEqual([
      'src/old.ts does not exist in the repository (removed in def5678)',
    ]);
    expect(gone('Run `src/old.ts`; the legacy suite was removed.', history)).toEqual([
      'src/old.ts does not exist in the repository (removed in def5678)',
    ]);
  });

  it('leaves a place the text says something no longer lives in, and takes one it says something lives in', () => {
    const history: PathHistory = {
      removed: new Map([
        ['src/legacy', { commit: 'abc1234', time: 2000 }],
        ['docs/drive', { commit: 'def5678', time: 2000 }],
      ]),
      added,
    };
    expect(gone('- Service code no longer lives under `src/legacy` or `docs/drive`.', history)).toEqual([]);
    expect(gone('- Fixtures were moved out of `src/legacy/`; use `src/` instead.', history)).toEqual([]);
    expect(gone('- Service code lives under `src/legacy`. It is no longer in beta.', history)).toEqual([
      'src/legacy does not exist in the repository (removed in abc1234)',
    ]);
  });

  it('leaves a place the text says something replaces, and takes the one something is replaced by', () => {
    const history: PathHistory = { removed: new Map([['src/legacy', { commit: 'abc1234', time: 2000 }]]), added };
    expect(gone('- `src/` — the new app (v6, replaces `src/legacy`).', history)).toEqual([]);
    expect(gone('- The new app supersedes the old Rails `src/legacy` engine entirely.', history)).toEqual([]);
    expect(gone('- The old app was replaced by `src/legacy`.', history)).toEqual([
      'src/legacy does not exist in the repository (removed in abc1234)',
    ]);
    expect(gone('- The script replaces the old call with `src/legacy`.', history)).toEqual([
      'src/legacy does not exist in the repository (removed in abc1234)',
    ]);
  });

  it('leaves a path spelling a class named beside it, and takes one with a part more', () => {
    const history: PathHistory = { removed: new Map([['src/product.rb', { commit: 'abc1234', time: 2000 }]]), added };
    expect(gone('- File naming matches class: `src/product.rb` → `Src::Product`', history)).toEqual([]);
    expect(gone('- Edit `src/product.rb` for `Catalog::Product`', history)).toEqual([
      'src/product.rb does not exist in the repository (removed in abc1234)',
    ]);
  });

  it('leaves a folder git saw drained and refilled alone: a queue, empty between two runs of its process', () => {
    const removal = { commit: 'abc1234', time: 2000 };
    const text = 'Propose changes to `docs/unreleased/` when a change breaks behavior.';
    expect(gone(text, { removed: new Map([['docs/unreleased', { ...removal, drained: true }]]), added })).toEqual([]);
    expect(gone(text, { removed: new Map([['docs/unreleased', removal]]), added })).toEqual([
      'docs/unreleased/ does not exist in the repository (removed in abc1234)',
    ]);
  });

  it('leaves a folder removed before the agent file came in alone: its text was written knowing', () => {
    const history: PathHistory = { removed: new Map([['src/tools', { commit: 'abc1234', time: 500 }]]), added };
    expect(gone('Install the skill to `src/tools/`.', history)).toEqual([]);
    // An agent file the history read does not see added (older, or never committed) counts as older than the removal.
    expect(
      gone('Install the skill to `src/tools/`.', {
        removed: new Map([['src/tools', { commit: 'abc1234', time: 500 }]]),
        added: new Map(),
      }),
    ).toEqual(['src/tools/ does not exist in the repository (removed in abc1234)']);
  });
});

describe('parsePathHistory and withRenames', () => {
  it('reads the newest removal of each path, the first addition of each file, and where a folder went', () => {
    const log = [
      '\x01bbb2222 300',
      '',
      'D\tpnpm/test/a.ts',
      'D\tpnpm/test/b.ts',
      '\x01aaa1111 200',
      '',
      'A\tAGENTS.md',
      'D\tpnpm/test/old.ts',
      '\x01zzz0000 100',
      '',
      'A\tAGENTS.md',
    ].join('\n');
    const history = parsePathHistory(log, ['pnpm/test', 'pnpm/tes'], ['AGENTS.md']);
    // A folder's removal keeps the files its commit took out (asked of git check-ignore before it is reported).
    expect([...history.removed]).toEqual([
      ['pnpm/test', { commit: 'bbb2222', time: 300, files: ['pnpm/test/a.ts', 'pnpm/test/b.ts'] }],
    ]);
    expect(history.added.get('AGENTS.md')).toBe(100);
    const show = '\x01bbb2222 300\n\nR100\tpnpm/test/a.ts\tpnpm11/pnpm/test/a.ts\nM\tpackage.json\n';
    expect(withRenames(history, show).removed.get('pnpm/test')?.renamedTo).toBe('pnpm11/pnpm/test');
  });

  it('sends a file renamed to another extension in its own folder there, not where git paired it among look-alike copies', () => {
    // detekt's MD-to-MDX migration: git paired the page with a versioned copy and gave the page's new name to another.
    const page = 'website/docs/start/type-resolution.md';
    const log = `\x01ccc3333 300\n\nD\t${page}\n`;
    const history = parsePathHistory(log, [page], []);
    const show = [
      '\x01ccc3333 300',
      '',
      `R093\t${page}\twebsite/versioned_docs/v2/start/type-resolution.mdx`,
      `R093\twebsite/versioned_docs/v2/start/type-resolution.md\twebsite/docs/start/type-resolution.mdx`,
    ].join('\n');
    expect(withRenames(history, show).removed.get(page)?.renamedTo).toBe('website/docs/start/type-resolution.mdx');
  });

  it('marks a folder drained when git saw it emptied and filled again, not one filled once or holding files throughout', () => {
    const commit = (hash: string, time: number, ...changes: string[]) => [`\x01${hash} ${time}`, '', ...changes];
    const log = (...commits: string[][]) => commits.flat().join('\n');
    const notes = log(
      commit('ddd4444', 400, 'D\tnotes/unreleased/2-b.md'),
      commit('ccc3333', 300, 'A\tnotes/unreleased/2-b.md'),
      commit('bbb2222', 200, 'D\tnotes/unreleased/1-a.md', 'A\tnotes/v1.md'),
      commit('aaa1111', 100, 'A\tnotes/unreleased/1-a.md'),
    );
    expect(parsePathHistory(notes, ['notes/unreleased'], []).removed.get('notes/unreleased')).toEqual({
      commit: 'ddd4444',
      time: 400,
      drained: true,
      drainedIn: 'bbb2222',
      files: ['notes/unreleased/2-b.md'],
    });
    // Files removed and added over time, but never all at once before today: a folder that went once.
    const once = log(
      commit('ddd4444', 400, 'D\tsrc/old/b.ts', 'D\tsrc/old/c.ts'),
      commit('ccc3333', 300, 'A\tsrc/old/c.ts'),
      commit('bbb2222', 200, 'D\tsrc/old/a.ts'),
      commit('aaa1111', 100, 'A\tsrc/old/a.ts', 'A\tsrc/old/b.ts'),
    );
    expect(parsePathHistory(once, ['src/old'], []).removed.get('src/old')?.drained).toBeUndefined();
    // Drained and refilled, then moved elsewhere at last: a folder with a new place.
    const drained = parsePathHistory(notes, ['notes/unreleased'], []);
    const show = '\x01ddd4444 400\n\nR100\tnotes/unreleased/2-b.md\tnotes/next/2-b.md\n';
    expect(withRenames(drained, show).removed.get('notes/unreleased')).toEqual({
      commit: 'ddd4444',
      time: 400,
      renamedTo: 'notes/next',
    });
    // Each drain moved the files to one place (plans archived when done): a queue filed away, still drained.
    const filed = show + '\x01bbb2222 200\n\nR100\tnotes/unreleased/1-a.md\tnotes/next/1-a.md\nA\tnotes/v1.md\n';
    expect(withRenames(drained, filed).removed.get('notes/unreleased')).toEqual({
      commit: 'ddd4444',
      time: 400,
      drained: true,
      drainedIn: 'bbb2222',
      files: ['notes/unreleased/2-b.md'],
    });
  });

  it('marks a folder drained when its removing commit moved every file into one dated folder, a batch filed away', () => {
    const log = '\x01eee5555 500\n\nD\tcompass/staging/artifacts/plan.md\nD\tcompass/staging/artifacts/walk.md\n';
    const paths = ['compass/staging', 'compass/staging/artifacts'];
    const history = parsePathHistory(log, paths, []);
    const moves = (to: string, second = to) =>
      [
        '\x01eee5555 500',
        '',
        `R100\tcompass/staging/artifacts/plan.md\t${to}/plan.md`,
        `R100\tcompass/staging/artifacts/walk.md\t${second}/walk.md`,
      ].join('\n');
    const filed = withRenames(history, moves('compass/history/s1/20260125_025601_auth'));
    for (const path of paths) expect(filed.removed.get(path)).toEqual({ commit: 'eee5555', time: 500, drained: true });
    // Moved to an undated folder, or split over two dated ones: a folder with a new place (or none), as before.
    expect(withRenames(history, moves('compass/drafts')).removed.get('compass/staging/artifacts')?.renamedTo).toBe(
      'compass/drafts',
    );
    const split = withRenames(history, moves('h/2026-01-25-a', 'h/2026-01-26-b'));
    expect(split.removed.get('compass/staging')?.drained).toBeUndefined();
    // A dated folder moved under its own name is no batch filed away.
    const dated = parsePathHistory('\x01fff6666 600\n\nD\tnotes/2024-03-01/a.md\n', ['notes/2024-03-01'], []);
    const moved = withRenames(dated, '\x01fff6666 600\n\nR100\tnotes/2024-03-01/a.md\tarchive/2024-03-01/a.md\n');
    expect(moved.removed.get('notes/2024-03-01')?.renamedTo).toBe('archive/2024-03-01');
    // A folder archived whole under its own name below a dated folder has a new place, as any folder moved.
    const whole = parsePathHistory('\x01aaa7777 700\n\nD\tserver/app.py\nD\tserver/db/models.py\n', ['server'], []);
    const archived = withRenames(
      whole,
      '\x01aaa7777 700\n\nR100\tserver/app.py\tattic/2023-10-05/server/app.py\n' +
        'R100\tserver/db/models.py\tattic/2023-10-05/server/db/models.py\n',
    );
    expect(archived.removed.get('server')).toEqual({
      commit: 'aaa7777',
      time: 700,
      renamedTo: 'attic/2023-10-05/server',
    });
  });
});
