import { describe, expect, it } from 'vitest';
import { isNamingPatternExample, isUnderExamplesLeadIn, leadInFolders } from '../../../src/lint/lead-in-folders.js';

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

describe('isNamingPatternExample', () => {
  /** Whether `reference`, in the document at `index` of `text` (one per non-blank line, one section), is read so. */
  const read = (text: string, index: number, reference: string) => {
    const lines = text.split('\n');
    const documents = lines
      .map((line, at) => ({ text: line.replace(/^\s*[-*]\s/, ''), section: 'File Naming', line: at + 1 }))
      .filter((doc) => doc.text.trim() !== '');
    return isNamingPatternExample(reference, documents, index, lines);
  };
  const pattern = '`todo/YYYY-MM-DD_<descriptive_name>.md`';

  it('reads a name under an examples lead-in that fills in a naming pattern its section gives before it', () => {
    const text = `${pattern}\nExamples:\n- \`todo/2026-02-03_efficiency_calculation.md\``;
    expect(read(text, 2, 'todo/2026-02-03_efficiency_calculation.md')).toBe(true);
    expect(read(`\`plans/{slug}.md\`\nFor example:\n- \`plans/auth.md\``, 2, 'plans/auth.md')).toBe(true);
  });

  it('reads no name the pattern does not allow, no list under another lead-in and none without a pattern', () => {
    expect(read(`${pattern}\nExamples:\n- \`todo/notes.md\``, 2, 'todo/notes.md')).toBe(false);
    expect(read(`${pattern}\nDone so far:\n- \`todo/2026-02-03_a.md\``, 2, 'todo/2026-02-03_a.md')).toBe(false);
    expect(read('Name files by day.\nExamples:\n- `todo/2026-02-03_a.md`', 2, 'todo/2026-02-03_a.md')).toBe(false);
  });
});
