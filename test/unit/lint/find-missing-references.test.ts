import { describe, expect, it } from 'vitest';
import { findMissingReferences } from '../../../src/lint/find-missing-references.js';

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
    { exists: () => false, manifests, ignored: () => new Set() },
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
    expect(lint('`pnpm install`, then `yarn add zod`, then `npm start`.')).toEqual([]);
    expect(lint('`just release`')).toEqual([]);
  });
});

const tree = new Set([
  'src',
  'src/api.ts',
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
    expect(paths('The handlers live in `src/handlers/users.ts`.')).toEqual(['src/handlers/users.ts']);
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
    expect(paths('Check the web/worker error logs first.')).toEqual([]);
    expect(paths('Binding is decided by `core/node/hostUrl.isAllInterfacesHost`.')).toEqual([]);
  });
});
