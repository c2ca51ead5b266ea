import { describe, expect, it } from 'vitest';
import { createMemoryIndex, loadIndex, runIndexQuery, saveIndex, shardsForQuery } from '../../../src/search/search-index.js';
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

  it('the cache file rejects truncation, foreign versions and garbage', () => {
    const header = { layout: 'L', engine: 'E', build: 'b1', nextDocId: 1, sources: [] };
    const bytes = encodeIndexFile(header, new Map([['meta', new Uint8Array([1, 2, 3])]]));
    const file = decodeIndexFile(bytes, { layout: 'L', engine: 'E' });
    expect([...(file.blob('meta') ?? [])]).toEqual([1, 2, 3]);
    expect(() => decodeIndexFile(bytes.subarray(0, bytes.length - 1), { layout: 'L', engine: 'E' })).toThrow();
    expect(() => decodeIndexFile(bytes, { layout: 'other', engine: 'E' })).toThrow();
    expect(() => decodeIndexFile(new TextEncoder().encode('garbage'), { layout: 'L', engine: 'E' })).toThrow();
  });
});
