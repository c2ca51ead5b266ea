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
      { text: 'Tests need `docker compose up db`.', section: 'Project > Gotchas', line: 7, date: '2026-11-20T10:00:00Z', author: 'alice', memId: 'g1' },
      { text: 'nested', section: 'Project > Gotchas', line: 8 },
      { text: 'pnpm test', section: 'Project > Gotchas', line: 10, code: true },
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

  it('hands anything beyond simple markdown to remark', () => {
    expect(scanSimpleMarkdown('> quoted\n')).toBeNull();
    expect(scanSimpleMarkdown('| a | b |\n|---|---|\n| 1 | 2 |\n')).toBeNull();
    expect(scanSimpleMarkdown('Title\n=====\n')).toBeNull();
    expect(parseMarkdownDocuments('| a | b |\n|---|---|\n| 1 | 2 |\n').documents.map((d) => d.text)).toEqual(['| 1 | 2 |']);
  });

  it('flags rules with paths front matter as conditional', () => {
    expect(scanSimpleMarkdown('---\npaths:\n  - "src/**"\n---\n- rule\n')?.conditional).toBe(true);
    expect(parseMarkdownDocuments('---\npaths: src/**\n---\n- rule\n').conditional).toBe(true);
  });
});
