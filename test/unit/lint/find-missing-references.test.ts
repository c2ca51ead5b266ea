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
    { exists: () => false, manifests },
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
