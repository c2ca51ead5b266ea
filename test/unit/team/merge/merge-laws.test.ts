/**
 * The merge laws of PRODUCT.md §7, property-tested over generated edit sequences applied to a
 * generated base body (adds, text changes, removals, moves, reorders, hand-written items).
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Entry } from '../../../../src/core/memory-file/entry.js';
import { editBody } from '../../../../src/core/memory-file/edit-body.js';
import type { RegionEdit } from '../../../../src/core/memory-file/edit-body.js';
import { parseRegionBody } from '../../../../src/core/memory-file/parse-region-body.js';
import { mergeRegion } from '../../../../src/team/merge/merge-region.js';

const SECTIONS = ['Conventions', 'Commands', 'Decisions', 'Gotchas'];
const word = fc.constantFrom(
  'pnpm',
  'tests',
  'docker',
  'never',
  'always',
  'build',
  'lint',
  'src/gen',
  'é',
  '日本',
  '`x`',
  'db',
  'main',
);
const text = fc.array(word, { minLength: 2, maxLength: 6 }).map((w) => w.join(' '));
const section = fc.constantFrom(...SECTIONS);

function entry(id: string, sectionName: string, body: string, author: string): Entry {
  return { id, section: sectionName, text: body, provenance: { author, at: '2025-01-02T10:00:00Z' } };
}

const baseBody = fc.array(fc.tuple(section, text), { maxLength: 8 }).map((items) => {
  const edits: RegionEdit[] = items.map(([s, t], k) => ({ op: 'add', entry: entry(`b${k}`, s, t, 'base') }));
  return editBody('', edits, { sections: SECTIONS, eol: '\n' }).body;
});

type Op = { kind: 'add' | 'replace' | 'remove' | 'move'; pick: number; section: string; text: string };
const op = fc.record({
  kind: fc.constantFrom('add', 'replace', 'remove', 'move'),
  pick: fc.nat(20),
  section,
  text,
}) as fc.Arbitrary<Op>;

/** Applies generated ops as one side ("a" or "b") would; new ids are side-unique. */
function applyOps(body: string, ops: readonly Op[], side: string): string {
  let current = body;
  ops.forEach((o, k) => {
    const ids = parseRegionBody(current).blocks.flatMap((b) => (b.item ? [b.item.id] : []));
    const target = ids.length === 0 ? undefined : ids[o.pick % ids.length];
    let edit: RegionEdit | null;
    if (o.kind === 'add') edit = { op: 'add', entry: entry(`${side}${k}`, o.section, o.text, side) };
    else if (target === undefined) return;
    else if (o.kind === 'replace') edit = { op: 'replace', id: target, text: `${o.text} (${side})` };
    else if (o.kind === 'remove') edit = { op: 'remove', id: target };
    else edit = { op: 'move', id: target, section: o.section };
    current = editBody(current, [edit], { sections: SECTIONS, eol: '\n' }).body;
  });
  return current;
}

const scenario = fc
  .tuple(baseBody, fc.array(op, { maxLength: 6 }), fc.array(op, { maxLength: 6 }))
  .map(([base, opsA, opsB]) => ({ base, ours: applyOps(base, opsA, 'a'), theirs: applyOps(base, opsB, 'b') }));

const ids = (body: string): string[] => parseRegionBody(body).blocks.flatMap((b) => (b.item ? [b.item.id] : []));

describe('merge laws', () => {
  test('merge(b, x, x) = x, merge(b, b, x) = x, merge(b, x, b) = x', () => {
    fc.assert(
      fc.property(scenario, ({ base, ours }) => {
        expect(mergeRegion(base, ours, ours).text).toBe(ours);
        expect(mergeRegion(base, base, ours).text).toBe(ours);
        expect(mergeRegion(base, ours, base).text).toBe(ours);
      }),
      { numRuns: 300 },
    );
  });

  test('nothing added on either side is lost, clean results carry no markers, same inputs give the same bytes', () => {
    fc.assert(
      fc.property(scenario, ({ base, ours, theirs }) => {
        const result = mergeRegion(base, ours, theirs);
        const merged = new Set(ids(result.text));
        const before = new Set(ids(base));
        for (const id of [...ids(ours), ...ids(theirs)]) if (!before.has(id)) expect(merged.has(id)).toBe(true);
        if (result.clean) {
          expect(result.text).not.toContain('mem:conflict');
          expect(result.text).not.toContain('<<<<<<<');
        }
        expect(mergeRegion(base, ours, theirs).text).toBe(result.text);
        // Each id appears once.
        expect(ids(result.text).length).toBe(merged.size);
      }),
      { numRuns: 400 },
    );
  });

  test('a deletion applies when the other side left the entry unchanged; edits on one side apply', () => {
    fc.assert(
      fc.property(scenario, ({ base, ours }) => {
        // theirs = base: the merge is ours exactly (covered above); with a disjoint theirs addition,
        // ours' deletions still apply.
        const theirs = editBody(base, [{ op: 'add', entry: entry('t-new', 'Gotchas', 'fresh rule here', 'bob') }], {
          sections: SECTIONS,
          eol: '\n',
        }).body;
        const result = mergeRegion(base, ours, theirs);
        const kept = new Set(ids(result.text));
        for (const id of ids(base)) if (!ids(ours).includes(id)) expect(kept.has(id)).toBe(false);
        expect(kept.has('t-new')).toBe(true);
        expect(result.clean).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  test('a conflict survives re-merging, and re-merging settles (idempotent)', () => {
    fc.assert(
      fc.property(scenario, ({ base, ours, theirs }) => {
        const first = mergeRegion(base, ours, theirs);
        const again = mergeRegion(base, first.text, theirs);
        expect(new Set(ids(again.text))).toEqual(new Set(ids(first.text)));
        expect(again.conflicts.map((c) => c.id).sort()).toEqual(first.conflicts.map((c) => c.id).sort());
        expect(mergeRegion(base, again.text, theirs).text).toBe(again.text);
        const later = mergeRegion(theirs, first.text, theirs);
        expect(later.conflicts.map((c) => c.id)).toEqual(first.conflicts.map((c) => c.id));
      }),
      { numRuns: 300 },
    );
  });

  test('re-merging settles when both sides moved entries into a section base did not have (a counterexample fast-check found)', () => {
    const line = (id: string, by = 'base') => `- pnpm pnpm <!-- mem:id=${id} by=${by} at=2025-01-02T10:00:00Z -->`;
    const base = ['## Decisions', '', line('b1'), line('b2'), '', '## Gotchas', '', line('b0'), ''].join('\n');
    const ours = [
      '## Conventions',
      '',
      line('a1', 'a'),
      line('b0'),
      '',
      '## Commands',
      '',
      line('b1'),
      '',
      '## Decisions',
      '',
      line('b2'),
      '',
    ].join('\n');
    const theirs = ['## Commands', '', line('b0'), '', '## Decisions', '', line('b1'), line('b2'), ''].join('\n');
    const first = mergeRegion(base, ours, theirs);
    const again = mergeRegion(base, first.text, theirs);
    expect(mergeRegion(base, again.text, theirs).text).toBe(again.text);
    expect(again.text).toBe(first.text);
  });

  test('tombstoned ids never come back', () => {
    fc.assert(
      fc.property(scenario, fc.nat(10), ({ base, ours, theirs }, pick) => {
        const all = [...new Set([...ids(base), ...ids(ours), ...ids(theirs)])];
        if (all.length === 0) return;
        const dead = all[pick % all.length] ?? '';
        const result = mergeRegion(base, ours, theirs, { tombstones: new Set([dead]) });
        expect(ids(result.text)).not.toContain(dead);
      }),
      { numRuns: 200 },
    );
  });
});
