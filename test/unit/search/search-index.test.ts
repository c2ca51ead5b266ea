import { describe, expect, it } from 'vitest';
import {
  addDocuments,
  createMemoryIndex,
  deltaSegmentOf,
  encodeShardPostings,
  loadIndex,
  loadLayeredIndex,
  runIndexQuery,
  saveIndex,
  shardsForQuery,
} from '../../../src/search/search-index.js';
import { queryTerms } from '../../../src/search/query-terms.js';
import { decodeIndexFile, encodeIndexFile } from '../../../src/search/index-file.js';

const DOCS = [
  { id: 1, text: 'Integration tests need docker compose up db first', section: 'Gotchas', path: '' },
  { id: 2, text: 'Use pnpm, not npm', section: 'Conventions', path: '' },
  { id: 3, text: 'Database migrations live in services/api/migrations', section: 'API', path: 'services api' },
  { id: 4, text: 'Tailwind classes only', section: 'Web', path: 'web' },
];

describe('search index', () => {
  it('finds prefixes, typos and synonyms, boosting section words', () => {
    const index = createMemoryIndex();
    index.addAll(DOCS);
    expect(runIndexQuery(index, queryTerms('migrat'))[0]?.id).toBe(3);
    expect(runIndexQuery(index, queryTerms('tailwnd'))[0]?.id).toBe(4);
    expect(runIndexQuery(index, queryTerms('database tests')).map((h) => h.id)).toContain(1);
    expect(runIndexQuery(index, queryTerms('conventions'))[0]?.id).toBe(2);
  });

  it('a saved index restored with only the query shards answers exactly like the original (pins MiniSearch internals)', () => {
    const index = createMemoryIndex();
    index.addAll(DOCS);
    const saved = saveIndex(index);
    for (const query of ['docker db', 'migrat', 'tailwnd', 'pnpm npm', 'api']) {
      const terms = queryTerms(query);
      const shards = shardsForQuery(terms).flatMap((key) => (saved.shards.has(key) ? [saved.shards.get(key)!] : []));
      const restored = loadIndex(saved.meta, shards, { forUpdate: false });
      expect(runIndexQuery(restored, terms), query).toEqual(runIndexQuery(index, terms));
    }
  });

  it('a fully restored index can be updated incrementally', () => {
    const index = createMemoryIndex();
    index.addAll(DOCS);
    const saved = saveIndex(index);
    const restored = loadIndex(saved.meta, saved.shards.values(), { forUpdate: true });
    restored.remove(DOCS[3]!);
    restored.add({ id: 5, text: 'CSS modules are banned', section: 'Web', path: 'web' });
    expect(runIndexQuery(restored, queryTerms('tailwind'))).toEqual([]);
    expect(runIndexQuery(restored, queryTerms('css modules'))[0]?.id).toBe(5);
  });

  it('a main index with masked documents and a delta answers like one index over the same documents (pins MiniSearch internals)', () => {
    const main = createMemoryIndex();
    addDocuments(main, DOCS);
    const saved = saveIndex(main);
    // Document 2 was edited (now 5, and shares terms with 1) and document 4 deleted.
    const delta = [
      { id: 5, text: 'Use pnpm, never npm; docker compose for the db', section: 'Conventions', path: '' },
      { id: 6, text: 'Tests need docker and pnpm', section: 'Gotchas', path: 'web' },
    ];
    const masked = [DOCS[1]!, DOCS[3]!];
    const expected = createMemoryIndex();
    addDocuments(expected, [DOCS[0]!, DOCS[2]!, ...delta]);
    const segment = deltaSegmentOf(delta);
    for (const query of ['docker db', 'pnpm npm', 'tailwind', 'tests', 'migrat', 'conventions', 'dock']) {
      const terms = queryTerms(query);
      const layered = loadLayeredIndex(
        saved.meta,
        segment.lengths,
        masked.map((d) => d.id),
      );
      for (const key of shardsForQuery(terms)) {
        const deltaBytes = segment.shards.get(key);
        layered.addShard(saved.shards.get(key), deltaBytes && encodeShardPostings(deltaBytes));
      }
      const actual = runIndexQuery(layered.index, terms);
      const wanted = runIndexQuery(expected, terms);
      expect(
        actual.map((h) => [h.id, h.terms, h.queryTerms]),
        query,
      ).toEqual(wanted.map((h) => [h.id, h.terms, h.queryTerms]));
      actual.forEach((hit, i) => expect(hit.score, query).toBeCloseTo(wanted[i]!.score, 9));
    }
  });

  it('the cache file rejects truncation, another layout and garbage, and is read whatever Node wrote it', () => {
    const header = { layout: 'L', engine: 'node18-v8-10.2', build: 'b1', nextDocId: 1, sources: [] };
    const bytes = encodeIndexFile(header, new Map([['meta', new Uint8Array([1, 2, 3])]]));
    const file = decodeIndexFile(bytes, { layout: 'L' });
    expect([...(file.blob('meta') ?? [])]).toEqual([1, 2, 3]);
    expect(() => decodeIndexFile(bytes.subarray(0, bytes.length - 1), { layout: 'L' })).toThrow();
    expect(() => decodeIndexFile(bytes, { layout: 'other' })).toThrow();
    expect(() => decodeIndexFile(new TextEncoder().encode('garbage'), { layout: 'L' })).toThrow();
  });
  it('the best `top` hits, ties kept, are the head of all hits, in the saved and the live index alike', () => {
    const words = ['docker', 'postgres', 'migration', 'redis', 'timeout', 'cache', 'deploy', 'staging'];
    let seed = 7;
    const pick = () => words[Math.floor((seed = (seed * 1103515245 + 12345) % 2147483648) / 65536) % words.length]!;
    // Few words over many short documents: thousands of hits and many exact ties, as at 50k entries.
    const docs = Array.from({ length: 3000 }, (_, k) => ({
      id: k + 1,
      text: Array.from({ length: 3 + (k % 4) }, pick).join(' '),
      section: 'S',
      path: '',
    }));
    const live = createMemoryIndex();
    addDocuments(live, docs);
    const saved = saveIndex(live);
    const layered = loadLayeredIndex(saved.meta, [], []);
    for (const key of saved.shards.keys()) layered.addShard(saved.shards.get(key), undefined);
    for (const query of ['docker postgres', 'redis', 'migraton cache deploy']) {
      const terms = queryTerms(query);
      for (const index of [live, layered.index]) {
        const all = runIndexQuery(index, terms);
        const top = runIndexQuery(index, terms, { top: 50 });
        expect(all.length, `${query} on ${index === live ? 'live' : 'saved'}`).toBeGreaterThan(500);
        const cut = all[49]!.score;
        expect(top.length).toBe(all.filter((hit) => hit.score >= cut).length);
        expect(top.map((hit) => hit.score)).toEqual(all.slice(0, top.length).map((hit) => hit.score));
        expect(new Set(top.map((hit) => hit.id))).toEqual(
          new Set(all.filter((hit) => hit.score >= cut).map((hit) => hit.id)),
        );
      }
    }
  });
});
