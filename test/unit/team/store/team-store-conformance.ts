/**
 * One conformance suite for every TeamStorePort: the isomorphic-git store on real temp repos and
 * the in-memory fake must behave the same, or tests written against the fake prove nothing.
 */
import { describe, expect, it } from 'vitest';
import type { TeamStorePort } from '../../../../src/team/store/team-store-port.js';

const author = { name: 'alice', email: 'alice@example.com' };

/** Registers the conformance tests for a store produced by `makeStore` (a fresh, empty store each call). */
export function describeTeamStoreConformance(name: string, makeStore: () => Promise<TeamStorePort> | TeamStorePort): void {
  describe(`TeamStorePort conformance: ${name}`, () => {
    it('reads missing refs as null', async () => {
      const store = await makeStore();
      expect(await store.readRef('local')).toBeNull();
      expect(await store.readRef('remote')).toBeNull();
      expect(await store.readRef('base')).toBeNull();
    });

    it('round-trips files through a commit, sorting and deduplicating tombstones', async () => {
      const store = await makeStore();
      const memory = '## Conventions\n\n- use pnpm <!-- mem:id=a1 -->\n\nunicode: é — ✓\n';
      const oid = await store.writeCommit({
        files: { memory, tombstones: ['zz', 'aa', 'zz', ''] },
        parents: [],
        message: 'mem: add 1 entry',
        author,
        timestamp: 1_700_000_000,
      });
      expect(oid).toMatch(/^[0-9a-f]{40}$/);
      expect(await store.readFiles(oid)).toEqual({ memory, tombstones: ['aa', 'zz'] });
      expect(await store.readRef('local')).toBeNull();
    });

    it('keeps the empty memory empty', async () => {
      const store = await makeStore();
      const oid = await store.writeCommit({ files: { memory: '', tombstones: [] }, parents: [], message: 'm', author, timestamp: 1 });
      expect(await store.readFiles(oid)).toEqual({ memory: '', tombstones: [] });
    });

    it('refuses to read an unknown commit', async () => {
      const store = await makeStore();
      await expect(store.readFiles('0123456789012345678901234567890123456789')).rejects.toMatchObject({ code: 'SYNC_FAILED' });
    });

    it('creates, compares and swaps refs', async () => {
      const store = await makeStore();
      const a = await store.writeCommit({ files: { memory: 'a\n', tombstones: [] }, parents: [], message: 'a', author, timestamp: 1 });
      const b = await store.writeCommit({ files: { memory: 'b\n', tombstones: [] }, parents: [a], message: 'b', author, timestamp: 2 });
      expect(await store.updateRef('local', a, 'ffffffffffffffffffffffffffffffffffffffff')).toBe(false);
      expect(await store.readRef('local')).toBeNull();
      expect(await store.updateRef('local', a, null)).toBe(true);
      expect(await store.readRef('local')).toBe(a);
      expect(await store.updateRef('local', b, null)).toBe(false);
      expect(await store.updateRef('local', b, b)).toBe(false);
      expect(await store.readRef('local')).toBe(a);
      expect(await store.updateRef('local', b, a)).toBe(true);
      expect(await store.readRef('local')).toBe(b);
      expect(await store.readRef('base')).toBeNull();
      expect(await store.updateRef('base', a, null)).toBe(true);
      expect(await store.readRef('base')).toBe(a);
      expect(await store.readRef('local')).toBe(b);
    });

    it('lets exactly one of two concurrent swaps from the same value win', async () => {
      const store = await makeStore();
      const a = await store.writeCommit({ files: { memory: 'a\n', tombstones: [] }, parents: [], message: 'a', author, timestamp: 1 });
      const b = await store.writeCommit({ files: { memory: 'b\n', tombstones: [] }, parents: [a], message: 'b', author, timestamp: 2 });
      const c = await store.writeCommit({ files: { memory: 'c\n', tombstones: [] }, parents: [a], message: 'c', author, timestamp: 3 });
      await store.updateRef('local', a, null);
      const results = await Promise.all([store.updateRef('local', b, a), store.updateRef('local', c, a)]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await store.readRef('local')).toBe(results[0] ? b : c);
    });

    it('answers ancestry', async () => {
      const store = await makeStore();
      const a = await store.writeCommit({ files: { memory: 'a\n', tombstones: [] }, parents: [], message: 'a', author, timestamp: 1 });
      const b = await store.writeCommit({ files: { memory: 'b\n', tombstones: [] }, parents: [a], message: 'b', author, timestamp: 2 });
      const c = await store.writeCommit({ files: { memory: 'c\n', tombstones: [] }, parents: [a], message: 'c', author, timestamp: 3 });
      const m = await store.writeCommit({ files: { memory: 'm\n', tombstones: [] }, parents: [b, c], message: 'm', author, timestamp: 4 });
      expect(await store.isAncestor(a, b)).toBe(true);
      expect(await store.isAncestor(a, a)).toBe(true);
      expect(await store.isAncestor(b, a)).toBe(false);
      expect(await store.isAncestor(b, c)).toBe(false);
      expect(await store.isAncestor(c, m)).toBe(true);
      expect(await store.isAncestor(a, m)).toBe(true);
    });
  });
}
