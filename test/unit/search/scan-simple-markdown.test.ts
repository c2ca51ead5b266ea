/**
 * The line scanner against remark: on every markdown file of the fixtures and on generated files
 * mixing the shapes agent files use (nested lists, tables, quotes, fences, setext headings,
 * comments), the scanner either leaves the file to remark (null) or yields exactly its documents.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMarkdownDocuments } from '../../../src/search/parse-markdown-documents.js';
import { scanSimpleMarkdown } from '../../../src/search/scan-simple-markdown.js';
import { PROJECT_ROOT } from '../../helpers/temp-repo.js';

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    // A dangling link (the lint fixtures' broken-link cases) holds no text to read.
    const stat = statSync(path, { throwIfNoEntry: false });
    if (stat === undefined) return [];
    return stat.isDirectory() ? markdownFiles(path) : name.endsWith('.md') ? [path] : [];
  });
}

const WORDS = [
  'Run `pnpm test` before pushing',
  'never **edit** dist/',
  'see src/app.ts',
  'a | b',
  '`x|y`',
  'Use it [ALWAYS]',
  'done.',
  'ok <!-- mem:id=a1 -->',
];
const word = fc.constantFrom(...WORDS);
const indent = fc.constantFrom('', '', ' ', '  ', '   ', '    ', '      ');
/** One line of an agent file, by shape. */
const line = fc.oneof(
  fc
    .tuple(indent, fc.constantFrom('- ', '* ', '1. ', '2. ', '3) ', '- [ ] ', '- [x] '), word)
    .map(([i, m, w]) => `${i}${m}${w}`),
  fc.tuple(indent, word).map(([i, w]) => `${i}${w}`),
  fc.tuple(fc.constantFrom('# ', '## ', '### '), word).map(([h, w]) => `${h}${w}`),
  fc.constantFrom(
    '',
    '',
    '',
    '---',
    '***',
    '===',
    '```',
    '```bash',
    '~~~',
    '  ```',
    '<!-- note -->',
    '<!-- open',
    'close -->',
    '<details>',
    '</details>',
  ),
  fc.constantFrom('| a | b |', '|---|---|', '| --- | :-: |', '| 1 | 2 |', 'c | d', '--|--', '|-|'),
  fc.tuple(fc.constantFrom('> ', '>', '> > ', '> - ', '> 1. ', '  > '), word).map(([q, w]) => `${q}${w}`),
);

describe('scanSimpleMarkdown', () => {
  it('agrees with remark on every fixture markdown file it reads, and reads tables, quotes and setext headings', () => {
    let read = 0;
    for (const file of markdownFiles(join(PROJECT_ROOT, 'fixtures'))) {
      const text = readFileSync(file, 'utf8');
      const scanned = scanSimpleMarkdown(text);
      if (scanned === null) continue;
      read += 1;
      expect(scanned, file).toEqual(parseMarkdownDocuments(text));
    }
    expect(read).toBeGreaterThan(50);
    for (const text of [
      '| a | b |\n|---|---|\n| 1 | 2 |\n',
      '> quoted\n> on two lines\n',
      'Title\n=====\n\ntext\n',
      '- [ ] **bold** task\n',
    ]) {
      expect(scanSimpleMarkdown(text), text).not.toBeNull();
      expect(scanSimpleMarkdown(text), text).toEqual(parseMarkdownDocuments(text));
    }
  }, 120_000);

  it('yields remark documents or null on generated files', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 14 }), (lines) => {
        const text = lines.join('\n');
        const scanned = scanSimpleMarkdown(text);
        if (scanned !== null) expect(scanned).toEqual(parseMarkdownDocuments(text));
      }),
      { numRuns: 3000 },
    );
  }, 120_000);
});
