import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMarkdownDocuments } from '../../../src/search/parse-markdown-documents.js';
import { scanSimpleMarkdown } from '../../../src/search/scan-simple-markdown.js';
import { PROJECT_ROOT } from '../../helpers/temp-repo.js';

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? markdownFiles(path) : name.endsWith('.md') ? [path] : [];
  });
}

describe('markdown → documents', () => {
  it('makes one document per list item, paragraph and code block, with section path, line and provenance', () => {
    const parsed = parseMarkdownDocuments(
      '# Project\n\nIntro.\n\n<!-- mem:begin -->\n## Gotchas\n- Tests need `docker compose up db`. <!-- mem:id=g1 by=alice at=2026-11-20T10:00:00Z -->\n  - nested\n\n```bash\npnpm test\n```\n<!-- mem:end -->\n',
    );
    expect(parsed.documents).toEqual([
      { text: 'Intro.', section: 'Project', line: 3 },
      {
        text: 'Tests need `docker compose up db`.',
        section: 'Project > Gotchas',
        line: 7,
        date: '2026-11-20T10:00:00Z',
        author: 'alice',
        memId: 'g1',
      },
      { text: 'nested', section: 'Project > Gotchas', line: 8 },
      { text: 'pnpm test', section: 'Project > Gotchas', line: 10, code: true, fence: { lang: 'bash', lines: 1 } },
    ]);
  });

  it('the line scanner agrees with remark on every fixture file it accepts', () => {
    for (const file of markdownFiles(join(PROJECT_ROOT, 'fixtures', 'search'))) {
      const text = readFileSync(file, 'utf8');
      const scanned = scanSimpleMarkdown(text);
      expect(scanned, file).not.toBeNull();
      expect(scanned, file).toEqual(parseMarkdownDocuments(text));
    }
  });

  it('hands shapes the line scanner does not read to remark', () => {
    expect(scanSimpleMarkdown('[ref]: https://example.com\n\ntext\n')).toBeNull();
    expect(scanSimpleMarkdown('<img src="a.png">\n')).toBeNull();
    expect(scanSimpleMarkdown('# A [link](https://example.com)\n')).toBeNull();
    expect(parseMarkdownDocuments('| a | b |\n|---|---|\n| 1 | 2 |\n').documents.map((d) => d.text)).toEqual([
      '| 1 | 2 |',
    ]);
  });

  it('reads a quoted paragraph without its markers and a task without its box, as the line scanner does', () => {
    expect(parseMarkdownDocuments('> one\n> two\n').documents.map((d) => d.text)).toEqual(['one two']);
    expect(parseMarkdownDocuments('- [ ] **CV** is two pages\n').documents.map((d) => d.text)).toEqual([
      '**CV** is two pages',
    ]);
  });

  it('flags rules with paths front matter as conditional', () => {
    expect(scanSimpleMarkdown('---\npaths:\n  - "src/**"\n---\n- rule\n')?.conditional).toBe(true);
    expect(parseMarkdownDocuments('---\npaths: src/**\n---\n- rule\n').conditional).toBe(true);
  });
});
