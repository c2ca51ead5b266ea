import { describe, expect, it } from 'vitest';
import { isClearlyRelevant, outrankedByLoadedMemory, recallScoreThreshold } from '../../../src/search/select-recall.js';
import type { RankedResult } from '../../../src/search/rank-results.js';

const result = (score: number, matched: number, termCount: number): RankedResult => ({
  file: 'services/api/CLAUDE.md',
  line: 3,
  section: 'API',
  text: 'Request handlers validate input with TypeBox schemas.',
  score,
  kind: 'durable',
  terms: [],
  coverage: matched / termCount,
});

describe('recall relevance gate', () => {
  it('states the threshold for 1,000 documents, lowers it for small corpora, never raises it', () => {
    expect(recallScoreThreshold(6, 1000)).toBeCloseTo(6, 5);
    expect(recallScoreThreshold(6, 50_000)).toBe(6);
    const small = recallScoreThreshold(6, 20);
    expect(small).toBeGreaterThan(1);
    expect(small).toBeLessThan(3);
    expect(recallScoreThreshold(6, 0)).toBeGreaterThan(0);
    expect(recallScoreThreshold(6, 100)).toBeLessThan(recallScoreThreshold(6, 500));
  });

  it('wants a fair share of the prompt, or three rare words of a short memory', () => {
    expect(isClearlyRelevant(result(10, 4, 10), 10, 6)).toBe(true);
    expect(isClearlyRelevant(result(5, 4, 10), 10, 6)).toBe(false);
    // Three of thirteen prompt words: only a strong score makes that about this memory.
    expect(isClearlyRelevant(result(50, 3, 13), 13, 6)).toBe(true);
    expect(isClearlyRelevant(result(20, 3, 13), 13, 6)).toBe(false);
    // Two incidental words of a long prompt never do.
    expect(isClearlyRelevant(result(500, 2, 13), 13, 6)).toBe(false);
    // A two-word prompt with both words matched; one shared word is never enough.
    expect(isClearlyRelevant(result(7, 2, 2), 2, 6)).toBe(true);
    expect(isClearlyRelevant(result(90, 1, 1), 1, 6)).toBe(false);
  });

  it('leaves a prompt to loaded memory that answers it clearly better', () => {
    expect(outrankedByLoadedMemory(result(3.5, 2, 3), 12.4)).toBe(true);
    expect(outrankedByLoadedMemory(result(10, 2, 3), 12.4)).toBe(false);
    expect(outrankedByLoadedMemory(result(10, 2, 3), 0)).toBe(false);
  });
});

describe('the recall heading', () => {
  it('says team memory only when every line is a team entry', async () => {
    const { formatRecall } = await import('../../../src/search/select-recall.js');
    type Result = Parameters<typeof formatRecall>[0][number];
    const team = {
      kind: 'team',
      id: 'm01',
      text: 'Run the api with `make dev`.',
      section: 'Commands',
      file: '.memory/state/team-memory.md',
      line: 3,
      score: 9,
    } as unknown as Result;
    const agents = {
      kind: 'file',
      text: 'Run the linter with `golangci-lint run`.',
      section: 'Testing',
      file: 'AGENTS.md',
      line: 12,
      score: 8,
    } as unknown as Result;
    expect(formatRecall([team], 2_000).text.split('\n')[0]).toBe(
      'Relevant team memory (from mem, not in the files loaded at session start):',
    );
    const mixed = formatRecall([team, agents], 2_000).text.split('\n');
    expect(mixed[0]).not.toContain('team memory');
    expect(mixed).toContain('- Run the linter with `golangci-lint run`. (AGENTS.md:12, Testing)');
  });

  it('leaves out a line that only leads into a list (a fragment is not a memory)', async () => {
    const { formatRecall } = await import('../../../src/search/select-recall.js');
    type Result = Parameters<typeof formatRecall>[0][number];
    const fragment = {
      kind: 'file',
      text: 'When a test needs the database, prefer:',
      section: 'Testing',
      file: 'AGENTS.md',
      line: 20,
      score: 9,
    } as unknown as Result;
    expect(formatRecall([fragment], 2_000)).toMatchObject({ used: [] });
  });

  it('leaves out a code block (flattened to one line it is not a memory)', async () => {
    const { formatRecall } = await import('../../../src/search/select-recall.js');
    type Result = Parameters<typeof formatRecall>[0][number];
    const block = {
      kind: 'agents',
      text: 'pnpm db:reset pnpm db:seed',
      section: 'Database',
      file: 'AGENTS.md',
      line: 5,
      score: 9,
      code: true,
    } as unknown as Result;
    expect(formatRecall([block], 2_000)).toMatchObject({ used: [] });
  });
});

describe('a stale team entry in recall', () => {
  it('carries its qualifier, no id', async () => {
    const { formatRecall } = await import('../../../src/search/select-recall.js');
    const result = {
      kind: 'team',
      id: 'm01',
      text: 'DB code is in `src/db.ts`.',
      section: 'Gotchas',
      file: '.memory/state/team-memory.md',
      line: 3,
      score: 9,
    } as unknown as Parameters<typeof formatRecall>[0][number];
    const { text } = formatRecall([result], 2_000, () => '(may be outdated: `src/db.ts` no longer exists)');
    expect(text).toContain(
      '- DB code is in `src/db.ts`. (team memory, Gotchas; may be outdated: `src/db.ts` no longer exists)',
    );
    expect(text).not.toContain('m01');
  });
});
