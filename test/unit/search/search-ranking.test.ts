import { describe, expect, it } from 'vitest';
import { createMemoryIndex, runIndexQuery, typoDistance } from '../../../src/search/search-index.js';
import { queryTerms } from '../../../src/search/query-terms.js';
import { rankResults } from '../../../src/search/rank-results.js';

// Entries shaped like real CLAUDE.md list items (issue 12: the agent-files corpus).
const DOCS = [
  { id: 1, text: 'Keep columns aligned when the affected table is regenerated', section: 'Docs', path: 'pkg001' },
  {
    id: 2,
    text: 'Detection: the old shadow branch would be deleted if the user committed',
    section: 'Sessions',
    path: 'pkg002',
  },
  {
    id: 3,
    text: "Don't call sideways within a layer; two services needing the same logic means a shared module",
    section: 'Architecture',
    path: 'pkg003',
  },
  { id: 4, text: 'Docker infrastructure tests passing (see requirement #1)', section: 'Status', path: 'pkg004' },
  { id: 5, text: 'CRITICAL REQUIREMENT: test all roles, not just students', section: 'Testing', path: 'pkg004' },
  {
    id: 6,
    text: 'Supports isolated databases per user and dataset (Ladybug, LanceDB, SQLite, Postgres)',
    section: 'Storage',
    path: 'pkg005',
  },
  { id: 7, text: 'Composer updates', section: 'Events', path: 'pkg006' },
  { id: 8, text: 'Real-time: server-sent events for live updates', section: 'Architecture', path: 'pkg007' },
  { id: 9, text: 'Database migrations go through Drizzle Kit', section: 'Database', path: 'pkg008' },
  { id: 10, text: 'Postgres, SQL and database dumps live in the db folder', section: 'Database', path: 'pkg008' },
];

function indexOf(docs = DOCS) {
  const index = createMemoryIndex();
  index.addAll(docs);
  return index;
}

const top = (query: string, strict = false) =>
  runIndexQuery(indexOf(), queryTerms(query), { strict }).map((hit) => hit.id);

describe('typo matching', () => {
  it('counts a swap of two adjacent letters as one typo', () => {
    expect(typoDistance('algin', 'align', 2)).toBe(1);
    expect(typoDistance('afefct', 'affect', 2)).toBe(1);
    expect(typoDistance('schmea', 'schema', 2)).toBe(1);
    expect(typoDistance('tset', 'test', 2)).toBe(1);
    expect(typoDistance('kitten', 'sitting', 5)).toBe(3);
    expect(typoDistance('abc', 'abcdef', 1)).toBe(2);
  });

  it('finds an entry when every word of the query has two letters swapped', () => {
    // The example: this query returned nothing.
    expect(top('algined afefcted')[0]).toBe(1);
    expect(top('sutdents rqeuirement')[0]).toBe(5);
    expect(top('ldaybug lacnedb')[0]).toBe(6);
  });

  it('undoes the swap before stemming, so an ending the typo hides still meets its stem', () => {
    // "neednig" keeps its (typo) ending while "needing" is stemmed to "need"; "wries" is stemmed to "wry".
    expect(top('neednig siedways')[0]).toBe(3);
    expect(queryTerms('neednig')[0]?.transposed).toContain('need');
    expect(queryTerms('wries')[0]?.transposed).toContain('wire');
  });

  it('a word that matches nothing does not sink the others', () => {
    expect(top('drizzle zqxwvk')[0]).toBe(9);
    expect(top('deelted wuold')).toContain(2);
  });

  it('recall (strict) allows no typo in short words, so incidental words do not match', () => {
    expect(top('tset', true)).toEqual([]);
    expect(top('tset')).toEqual(top('test'));
  });
});

describe('ranking', () => {
  it('an entry with every query word outranks entries with one of them', () => {
    expect(top('events updates')[0]).toBe(8);
    expect(top('docker requirement')[0]).toBe(4);
  });

  it("the entry's own words count more than its heading's", () => {
    // Entry 7 only has "events" in its heading; entry 8 says both words itself.
    const hits = runIndexQuery(indexOf(), queryTerms('events updates'));
    expect(hits[0]?.id).toBe(8);
    expect(hits.find((hit) => hit.id === 7)!.score).toBeLessThan(hits[0]!.score);
  });

  it('a word counts once, by its best match: synonyms do not add up', () => {
    // Entry 10 holds three synonyms of "database" and not "drizzle"; entry 9 holds both query words.
    expect(top('drizzle database')[0]).toBe(9);
    const hit = runIndexQuery(indexOf(), queryTerms('database')).find((h) => h.id === 10)!;
    expect(hit.queryTerms).toHaveLength(1);
  });

  it('the exact word outranks a typo-distance neighbour', () => {
    const index = indexOf([
      { id: 1, text: 'the trial run of the deploy', section: '', path: '' },
      { id: 2, text: 'the trail of the deploy', section: '', path: '' },
    ]);
    expect(runIndexQuery(index, queryTerms('trail deploy')).map((h) => h.id)).toEqual([2, 1]);
  });
});

describe('final ranking', () => {
  it('reads only the documents that can still reach the top, and ranks exactly as reading them all', () => {
    const hits = Array.from({ length: 400 }, (_, i) => ({
      id: i + 1,
      score: 1000 / (i + 1),
      terms: ['deploy'],
      queryTerms: ['deploy'],
    }));
    const source = {
      path: 'CLAUDE.md',
      kind: 'durable' as const,
      mtimeMs: 0,
      size: 1,
      hash: 'h',
      firstId: 1,
      count: 400,
      conditional: false,
      memIds: [],
    };
    let read = 0;
    const resolve = (id: number) => {
      read += 1;
      return { doc: { text: `entry ${id} about deploy`, section: '', line: id }, source };
    };
    const options = { query: 'deploy', termCount: 1, nowMs: 0, limit: 5, filters: {}, localMemIds: new Set<string>() };
    const ranked = rankResults(hits, resolve, options);
    expect(ranked.map((r) => r.line)).toEqual([1, 2, 3, 4, 5]);
    expect(read).toBeLessThan(20);
  });
});
