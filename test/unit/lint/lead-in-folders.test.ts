import { describe, expect, it } from 'vitest';
import { isUnderExamplesLeadIn, leadInFolders } from '../../../src/lint/lead-in-folders.js';

// A repository with two services under `projects/` and a `src/lib/` folder.
const folders = new Map([
  ['', ['projects', 'src']],
  ['projects', ['api', 'web']],
  ['src', ['lib']],
]);
const view = {
  exists: (path: string) => ['projects', 'projects/api', 'projects/web', 'src', 'src/lib'].includes(path),
  foldersIn: (dir: string) => folders.get(dir) ?? [],
};
/** The folders found for the document at `index` of `text`, one document per non-blank line. */
const found = (text: string, index: number) => {
  const documents = text
    .split('\n')
    .map((line, at) => ({ text: line.replace(/^\s*[-*]\s/, ''), section: 'Layout', line: at + 1 }))
    .filter((doc) => doc.text.trim() !== '');
  return leadInFolders(documents, index, text.split('\n'), 'CLAUDE.md', view);
};

describe('leadInFolders', () => {
  it("reads a list's items from the folders its lead-in names, a placeholder part standing for each folder there", () => {
    const text = 'Each service lives in `projects/{service}/` with:\n- `chart/values.yaml`\n- `deploy/app.yaml`';
    expect(found(text, 2)).toEqual(['projects/api', 'projects/web']);
    expect(found('Helpers in src/lib/:\n- `fmt/date.ts`', 1)).toEqual(['src/lib']);
  });

  it('names no folder for a paragraph that leads into nothing, nor for a piece that is no list item', () => {
    expect(found('Services live in `projects/{service}/`.\n- `chart/values.yaml`', 1)).toEqual([]);
    expect(found('Each service lives in `projects/<name>/` with:\n\n`chart/values.yaml` too.', 1)).toEqual([]);
  });

  it("reads a placeholder folder in the piece's own text", () => {
    expect(found('Each of `projects/*/` has its own `chart/values.yaml`.', 0)).toEqual([
      'projects/api',
      'projects/web',
    ]);
  });
});

describe('isUnderExamplesLeadIn', () => {
  const block = {
    text: 'Please review src/storage/claims.py for bugs.',
    section: 'Reviews',
    line: 3,
    code: true as const,
  };
  const lead = (text: string, section = 'Reviews') => ({ text, section, line: 1 });

  it('reads a code block after a paragraph whose last sentence announces examples', () => {
    expect(isUnderExamplesLeadIn([lead('Scope the review to files. Examples:'), block], 1)).toBe(true);
    expect(isUnderExamplesLeadIn([lead('**For example:**'), block], 1)).toBe(true);
    expect(isUnderExamplesLeadIn([lead('Example requests:'), block], 1)).toBe(true);
  });

  it('reads no other lead-in, no block of another section and no prose after the lead-in', () => {
    expect(isUnderExamplesLeadIn([lead('Run the tests before pushing:'), block], 1)).toBe(false);
    expect(isUnderExamplesLeadIn([lead('See the examples in `examples/` for details.'), block], 1)).toBe(false);
    expect(isUnderExamplesLeadIn([lead('Examples:', 'Other'), block], 1)).toBe(false);
    expect(
      isUnderExamplesLeadIn([lead('Examples:'), { text: block.text, section: block.section, line: block.line }], 1),
    ).toBe(false);
  });
});
