import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  classifyPath,
  entryPath,
  parseRecord,
  serializeRecord,
  tombstonePath,
  type TeamRecord,
} from '../../../src/team/store/team-record.js';
import { mergeRecords, type Side } from '../../../src/team/merge/merge-records.js';

const entry = (text: string, section = 'Conventions'): TeamRecord => ({
  kind: 'entry',
  section,
  text,
  session: null,
  agent: null,
});
const bytes = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value));
const COMMIT_A = 'a'.repeat(40);
const COMMIT_B = 'b'.repeat(40);

describe('team record files', () => {
  it('writes an entry as JSON.stringify(…, null, 2) lays it out, byte for byte (blob ids never change)', () => {
    const optional = fc.option(fc.string(), { nil: null });
    fc.assert(
      fc.property(fc.string(), fc.string({ unit: 'binary' }), optional, optional, (section, text, session, agent) => {
        const record: TeamRecord = { kind: 'entry', section, text, session, agent };
        const reference = `${JSON.stringify({ section, text, ...(session === null ? {} : { session }), ...(agent === null ? {} : { agent }) }, null, 2)}\n`;
        expect(serializeRecord(record)).toBe(reference);
      }),
      { numRuns: 2000 },
    );
  });

  it('round-trips entries and conflicts byte for byte', () => {
    const records: TeamRecord[] = [
      { kind: 'entry', section: 'Commands', text: 'Run `make test`.', session: 'a11ce000', agent: null },
      { kind: 'entry', section: 'Gotchas', text: 'Run the seed script first.', session: '019a7c2e', agent: 'codex' },
      {
        kind: 'conflict',
        section: 'Conventions',
        base: { section: 'Conventions', text: 'Use pnpm.' },
        versions: [
          { section: 'Conventions', text: 'Use yarn.', commit: COMMIT_B },
          { section: 'Conventions', text: 'Use pnpm 9.', commit: COMMIT_A },
        ],
      },
    ];
    for (const record of records) {
      const parsed = parseRecord(bytes(serializeRecord(record)));
      expect(parsed.ok).toBe(true);
      if (parsed.ok) expect(serializeRecord(parsed.record)).toBe(serializeRecord(record));
    }
  });

  it('reads a record written before agents existed (no agent field) and writes it back byte for byte', () => {
    const old = `${JSON.stringify({ section: 'Commands', text: 'Run `make test`.', session: 'a11ce000' }, null, 2)}\n`;
    const parsed = parseRecord(Buffer.from(old));
    expect(parsed).toMatchObject({ ok: true, record: { agent: null, session: 'a11ce000' } });
    if (parsed.ok) expect(serializeRecord(parsed.record)).toBe(old);
  });

  it('keeps an unknown future field: read, not refused, written back byte for byte', () => {
    const future = `${JSON.stringify({ section: 'Gotchas', text: 'Run the seed script first.', session: 'a11ce000', agent: 'codex', anchors: [{ kind: 'path', value: 'src/db.ts' }], zzFuture: { level: 2, tags: ['a'] } }, null, 2)}\n`;
    const parsed = parseRecord(Buffer.from(future));
    expect(parsed).toMatchObject({
      ok: true,
      record: { kind: 'entry', text: 'Run the seed script first.', agent: 'codex' },
    });
    if (parsed.ok) expect(serializeRecord(parsed.record)).toBe(future);
  });

  it('writes fields beyond the core ones in key order, laid out as JSON.stringify lays them out', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string().filter((key) => !['section', 'text', 'session', 'agent', '__proto__'].includes(key)),
          fc.jsonValue(),
        ),
        (extra) => {
          const sorted = Object.fromEntries(Object.entries(extra).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
          const reference = `${JSON.stringify({ section: 'Gotchas', text: 'x', ...sorted }, null, 2)}\n`;
          const parsed = parseRecord(Buffer.from(reference));
          // Note: JSON.stringify puts integer-like keys first whatever the order; mem's order is by code unit.
          if (Object.keys(sorted).some((key) => /^(0|[1-9]\d*)$/.test(key))) return;
          expect(parsed.ok && serializeRecord(parsed.record)).toBe(reference);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses oversized, non-UTF-8, marker-like and malformed files one by one', () => {
    expect(parseRecord(Buffer.alloc(20_000, 0x61))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/oversized/),
    });
    expect(parseRecord(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]))).toMatchObject({ ok: false, reason: 'not UTF-8 text' });
    expect(parseRecord(bytes({ section: 'Conventions', text: 'x <!-- mem:end --> ## Outside' }))).toMatchObject({
      ok: false,
    });
    expect(parseRecord(bytes({ section: '## Injected', text: 'hello there friend' }))).toMatchObject({
      ok: false,
      reason: 'bad section name',
    });
    expect(
      parseRecord(bytes({ section: 'Conventions', text: 'fine text here', agent: '## Injected <b>' })),
    ).toMatchObject({ ok: false, reason: 'bad agent name' });
    expect(parseRecord(bytes({ section: 'Conventions', text: 'fine text here', agent: 42 }))).toMatchObject({
      ok: false,
      reason: 'bad agent name',
    });
    expect(parseRecord(bytes({ section: 'Conventions', text: 'x'.repeat(2_001) }))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/oversized text/),
    });
  });

  it('reads only well-formed paths: the id is the file name, the shard must match', () => {
    expect(classifyPath(entryPath('m0123456789'))).toEqual({ kind: 'entry', id: 'm0123456789' });
    expect(classifyPath(tombstonePath('m0123456789'))).toEqual({ kind: 'tombstone', id: 'm0123456789' });
    expect(classifyPath('entries/zz/m0123456789.json')).toMatchObject({ kind: 'malformed' });
    expect(classifyPath('entries/../../etc/passwd')).toMatchObject({ kind: 'malformed' });
    expect(classifyPath('README.md')).toBeNull();
  });
});

describe('mergeRecords', () => {
  const commits = { ours: null, theirs: COMMIT_B };
  const anchored = (text: string, anchors: unknown, extra: Record<string, unknown> = {}): TeamRecord => ({
    kind: 'entry',
    section: 'Conventions',
    text,
    session: null,
    agent: null,
    fields: Object.entries({ anchors, ...extra }).sort(([a], [b]) => (a < b ? -1 : 1)),
  });

  it('merges other fields key by key; a field both changed goes with the side that changed the text', () => {
    const base = anchored('Handlers live in `src/api/`.', ['v1'], { zzFuture: 1 });
    const aliceVerified = anchored('Handlers live in `src/api/`.', ['v2-alice'], { zzFuture: 1 });
    const bobRewrote = anchored('Handlers live in `src/http/`.', ['v2-bob'], { zzFuture: 2 });
    const merged = mergeRecords(base, aliceVerified, bobRewrote, commits).record;
    expect(merged).toMatchObject({
      text: 'Handlers live in `src/http/`.',
      fields: [
        ['anchors', ['v2-bob']],
        ['zzFuture', 2],
      ],
    });
    expect(mergeRecords(base, bobRewrote, aliceVerified, commits).record).toEqual(merged);
  });

  const arb: fc.Arbitrary<Side> = fc.option(
    fc.constantFrom('Use pnpm.', 'Use yarn.', 'Use npm.').map((text) => entry(text)),
    { nil: undefined },
  );

  it('keeps the laws: merge(b, x, x) = x, merge(b, b, x) = x, merge(b, x, b) = x', () => {
    fc.assert(
      fc.property(arb, arb, (b, x) => {
        const key = (side: Side) => (side === undefined ? 'none' : serializeRecord(side));
        expect(key(mergeRecords(b, x, x, commits).record)).toBe(key(x));
        expect(key(mergeRecords(b, b, x, commits).record)).toBe(key(x));
        expect(key(mergeRecords(b, x, b, commits).record)).toBe(key(x));
      }),
    );
  });

  it('merges a move on one side with a rewording on the other', () => {
    const merged = mergeRecords(entry('Use pnpm.'), entry('Use pnpm.', 'Commands'), entry('Use pnpm 9.'), commits);
    expect(merged).toEqual({
      record: { kind: 'entry', section: 'Commands', text: 'Use pnpm 9.', session: null, agent: null },
      conflict: false,
    });
  });

  it('turns two rewordings into one conflict that is the same whichever clone made it', () => {
    const inBob = mergeRecords(entry('Use pnpm.'), entry('Use pnpm 9.'), entry('Use yarn.'), {
      ours: COMMIT_A,
      theirs: COMMIT_B,
    });
    const inAlice = mergeRecords(entry('Use pnpm.'), entry('Use yarn.'), entry('Use pnpm 9.'), {
      ours: COMMIT_B,
      theirs: COMMIT_A,
    });
    expect(inBob.conflict).toBe(true);
    expect(serializeRecord(inBob.record as TeamRecord)).toBe(serializeRecord(inAlice.record as TeamRecord));
  });

  it('settles once: a resolution made in one clone wins over the conflict everywhere', () => {
    const conflict = mergeRecords(entry('Use pnpm.'), entry('Use pnpm 9.'), entry('Use yarn.'), {
      ours: COMMIT_A,
      theirs: COMMIT_B,
    }).record;
    const settled = entry('Use pnpm 9 everywhere.');
    expect(mergeRecords(conflict, conflict, settled, commits)).toEqual({ record: settled, conflict: false });
  });

  it('keeps a change made against a deletion, as a conflict', () => {
    const merged = mergeRecords(entry('Use pnpm.'), undefined, entry('Use pnpm 9.'), commits);
    expect(merged.conflict).toBe(true);
    expect(merged.record).toMatchObject({
      kind: 'conflict',
      versions: expect.arrayContaining([
        expect.objectContaining({ text: null }),
        expect.objectContaining({ text: 'Use pnpm 9.' }),
      ]),
    });
  });
});
