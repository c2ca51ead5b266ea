import { describe, expect, it } from 'vitest';
import { normalizeTerm } from '../../../src/search/normalize-term.js';
import { tokenizeText } from '../../../src/search/tokenize-text.js';
import { queryTerms, MAX_QUERY_TERMS } from '../../../src/search/query-terms.js';
import { memoryDocumentFrom } from '../../../src/search/memory-document-from.js';
import { highlightText } from '../../../src/search/highlight-text.js';

describe('text pipeline', () => {
  it('splits paths, camelCase and CJK the way developers search', () => {
    expect(tokenizeText('Never edit `src/gen/`')).toEqual(['Never', 'edit', 'src', 'gen']);
    expect(tokenizeText('findRepoRoot')).toEqual(['findRepoRoot', 'find', 'Repo', 'Root']);
    expect(tokenizeText('本番データ')).toEqual(['本番', '番デ', 'デー', 'ータ']);
  });

  it('folds case, accents and inflections to one term, and drops stop words', () => {
    expect(normalizeTerm('Migrations')).toBe(normalizeTerm('migration'));
    expect(normalizeTerm('réinitialisée')).toBe(normalizeTerm('reinitialisee'));
    expect(normalizeTerm('the')).toBeNull();
  });

  it('caps a huge query and yields nothing for stop words or punctuation only', () => {
    expect(queryTerms('the of and')).toEqual([]);
    expect(queryTerms('.*+?^${}()|[]\\')).toEqual([]);
    const huge = Array.from({ length: 3000 }, (_, i) => `word${i}`).join(' ');
    expect(queryTerms(huge)).toHaveLength(MAX_QUERY_TERMS);
  });

  it('reads mem metadata leniently and never shows the comment', () => {
    const raw = 'Use pnpm. <!-- mem:id=abc by=alice%20b at=2026-11-29T10:00:00Z s=1a2b -->';
    expect(memoryDocumentFrom(raw, 'Tools', 3)).toEqual({
      text: 'Use pnpm.',
      section: 'Tools',
      line: 3,
      memId: 'abc',
      author: 'alice b',
      date: '2026-11-29T10:00:00Z',
    });
  });

  it('highlights words whose normalized form matched', () => {
    const segments = highlightText('Run the migrations first', ['migration']);
    expect(segments.filter((s) => s.hit).map((s) => s.text)).toEqual(['migrations']);
  });
});
