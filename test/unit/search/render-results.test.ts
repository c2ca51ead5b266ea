import { describe, expect, it } from 'vitest';
import type { RankedResult } from '../../../src/search/rank-results.js';
import { renderResults } from '../../../src/search/render-results.js';
import { normalizeTerm } from '../../../src/search/normalize-term.js';

const result = (text: string, word: string): RankedResult => ({
  file: 'CLAUDE.md',
  line: 3,
  section: 'Decisions',
  text,
  score: 1,
  kind: 'team',
  terms: [normalizeTerm(word) ?? word],
  coverage: 1,
});

describe('renderResults: the matched word marked once', () => {
  it('marks a plain match with ** when piped', () => {
    expect(renderResults([result('We store issues in Dolt for versioned data.', 'dolt')], 'marks')).toContain(
      'in **Dolt** for',
    );
  });

  it('does not double the bold an entry already has (issue 29.14: ****Dolt****)', () => {
    const out = renderResults([result('We store issues in **Dolt** for versioned data.', 'dolt')], 'marks');
    expect(out).toContain('in **Dolt** for');
    expect(out).not.toContain('****');
  });

  it('still highlights an already-bold word in a colour terminal', () => {
    expect(renderResults([result('Use **Dolt** here.', 'dolt')], 'ansi')).toContain('**\u001b[1mDolt\u001b[22m**');
  });
});
