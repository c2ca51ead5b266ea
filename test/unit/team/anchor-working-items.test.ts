import { describe, expect, it } from 'vitest';
import { anchorText, textDigest } from '../../../src/core/anchors/anchors-field.js';
import { qualifierOf, reasonOf, stripQualifier, entryStaleness } from '../../../src/core/anchors/entry-staleness.js';
import type { RepoObject, RepoSnapshot } from '../../../src/core/anchors/repo-snapshot.js';
import { anchorItems, itemsToAnchor } from '../../../src/team/anchor-working-items.js';
import type { WorkingItem } from '../../../src/team/working-records.js';
import { fieldOf } from '../../../src/team/store/team-record.js';

const snapshot: RepoSnapshot = {
  commit: 'c'.repeat(40),
  objects: new Map<string, RepoObject>([
    ['src', { type: 'tree', oid: 't'.repeat(40) }],
    ['src/db.ts', { type: 'blob', oid: 'b'.repeat(40) }],
  ]),
  manifests: new Map(),
};
const item = (id: string, text: string, anchors?: unknown): WorkingItem => ({
  id,
  record: {
    kind: 'entry',
    section: 'Gotchas',
    text,
    session: null,
    agent: null,
    ...(anchors === undefined ? {} : { fields: [['anchors', anchors] as const] }),
  },
  provenance: {},
});

describe('anchoring the working copy at sync', () => {
  it('anchors entries this clone changed that name something and were never anchored, and those reworded since; leaves the rest alone', () => {
    const field = anchorText('DB code is in `src/db.ts`.', snapshot);
    const items = [
      item('a', 'DB code is in `src/db.ts`.'),
      item('b', 'Prefer small pull requests.'),
      item('c', 'DB code is in `src/db.ts`.', field),
      item('d', 'DB code now in `src/db.ts` only.', field),
    ];
    const pending = itemsToAnchor(items, new Set(['a', 'b', 'c', 'd']));
    expect(itemsToAnchor(items, new Set(['b', 'c'])).map((one) => one.id)).toEqual([]);
    expect(pending.map((one) => one.id)).toEqual(['a', 'd']);
    const anchored = anchorItems(items, new Set(pending), snapshot);
    expect(anchored[1]).toBe(items[1]);
    expect(anchored[2]).toBe(items[2]);
    const a = anchored[0]?.record.kind === 'entry' ? fieldOf(anchored[0].record.fields, 'anchors') : undefined;
    expect(a).toEqual({
      commit: 'c'.repeat(40),
      text: textDigest('DB code is in `src/db.ts`.'),
      refs: [{ kind: 'path', value: 'src/db.ts', oid: 'b'.repeat(40) }],
    });
    expect(itemsToAnchor(anchored, new Set(['a', 'b', 'c', 'd']))).toEqual([]);
  });
});

describe('what a stale entry says', () => {
  it('names the thing gone and where it went, and the rendered line gives the qualifier back on read', () => {
    const anchor = { kind: 'path' as const, value: 'src/db.ts', path: 'src/db.ts', oid: 'b'.repeat(40) };
    expect(reasonOf({ anchor, status: 'stale', renamedTo: 'src/storage/db.ts' })).toBe(
      '`src/db.ts` moved to `src/storage/db.ts`',
    );
    const staleness = entryStaleness({ id: 'a', text: 'x', section: 'Gotchas' }, [
      { anchor, status: 'stale' },
      { anchor: { ...anchor, kind: 'script', value: 'itest', path: 'package.json' }, status: 'changed' },
    ]);
    const qualifier = qualifierOf(staleness);
    expect(qualifier).toBe('(may be outdated: `src/db.ts` no longer exists)');
    expect(stripQualifier(`DB code is in \`src/db.ts\`. ${qualifier}`)).toBe('DB code is in `src/db.ts`.');
  });
});
