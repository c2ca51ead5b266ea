/**
 * Properties of the managed region over a corpus of real-world-style files (fixtures/markdown/*):
 * random add/replace/remove/move sequences never change a byte outside the region, and reading the
 * region back gives exactly the entries the edits describe (parse(render(x)) round-trips).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { Entry } from '../../../../src/core/memory-file/entry.js';
import { normalizeEntryText } from '../../../../src/core/memory-file/entry-item.js';
import {
  applyRegionEdits,
  locateRegion,
  readRegion,
  regionBody,
  replaceRegionBody,
} from '../../../../src/core/memory-file/region.js';
import type { RegionEdit } from '../../../../src/core/memory-file/region.js';
import { PROJECT_ROOT } from '../../../helpers/temp-repo.js';

const root = join(PROJECT_ROOT, 'fixtures', 'markdown');
const corpus = readdirSync(root).map((name) => readFileSync(join(root, name, 'input.md'), 'utf8'));
const SECTIONS = ['Conventions', 'Commands', 'Decisions', 'Gotchas', 'Preferences', 'References'];

const line = fc
  .stringMatching(/^[A-Za-z0-9 `'"*_.,:;!?()[\]{}#|~/\\é日本🚀<>=+-]{1,40}$/u)
  .filter((s) => s.trim() !== '');
const text = fc.array(line, { minLength: 1, maxLength: 3 }).map((lines) => lines.join('\n'));
const author = fc.option(fc.stringMatching(/^[\w .@<>\-=%é]{1,20}$/), { nil: undefined });
type Op = {
  kind: 'add' | 'replace' | 'remove' | 'move';
  pick: number;
  section: string;
  text: string;
  author: string | undefined;
};
const op: fc.Arbitrary<Op> = fc.record({
  kind: fc.constantFrom<Op['kind']>('add', 'add', 'replace', 'remove', 'move'),
  pick: fc.nat(30),
  section: fc.constantFrom(...SECTIONS),
  text,
  author,
});

const outside = (fileText: string): [string, string] => {
  const span = locateRegion(fileText).span;
  return span === null ? [fileText, ''] : [fileText.slice(0, span.start), fileText.slice(span.end)];
};

describe('managed region properties', () => {
  test('edits never change bytes outside the region, and entries round-trip', () => {
    fc.assert(
      fc.property(fc.constantFrom(...corpus), fc.array(op, { minLength: 1, maxLength: 12 }), (input, ops) => {
        let file = input;
        const model = new Map<string, Entry>(
          readRegion(input).entries.map((e) => [
            e.id,
            { id: e.id, section: e.section, text: e.text, provenance: e.provenance },
          ]),
        );
        let fixed: [string, string] | null = locateRegion(input).span === null ? null : outside(input);
        ops.forEach((o, k) => {
          const ids = [...model.keys()];
          const target = ids.length === 0 ? undefined : ids[o.pick % ids.length];
          let edit: RegionEdit;
          if (o.kind === 'add' || target === undefined) {
            const provenance = o.author === undefined ? {} : { author: o.author, at: '2025-01-02T10:00:00Z' };
            edit = { op: 'add', entry: { id: `p${k}`, section: o.section, text: o.text, provenance } };
          } else if (o.kind === 'replace') edit = { op: 'replace', id: target, text: o.text };
          else if (o.kind === 'remove') edit = { op: 'remove', id: target };
          else edit = { op: 'move', id: target, section: o.section };
          const result = applyRegionEdits(file, [edit], { sections: SECTIONS });
          for (const applied of result.applied) {
            if (applied.op === 'add')
              model.set(applied.entry.id, { ...applied.entry, text: normalizeEntryText(applied.entry.text) });
            else if (applied.op === 'remove') model.delete(applied.id);
            else if (applied.op === 'replace') {
              const before = model.get(applied.id);
              if (before) model.set(applied.id, { ...before, text: normalizeEntryText(applied.text) });
            } else {
              const before = model.get(applied.id);
              if (before) model.set(applied.id, { ...before, section: applied.section });
            }
          }
          file = result.text;
          if (locateRegion(file).span !== null) {
            // The first edit that creates the region may add a newline and a blank line after the text.
            if (fixed === null) {
              const [before, after] = outside(file);
              expect(before.startsWith(input)).toBe(before.length - input.length <= 4);
              fixed = [before, after];
            }
            expect(outside(file)).toEqual(fixed);
          } else {
            expect(file).toBe(input);
          }
        });
        const read = readRegion(file);
        expect(read.damage).toBeUndefined();
        const actual = new Map(
          read.entries.map((e) => [e.id, { id: e.id, section: e.section, text: e.text, provenance: e.provenance }]),
        );
        expect(actual).toEqual(model);
      }),
      { numRuns: 300 },
    );
  });

  test('regionBody / replaceRegionBody round-trip and keep the file line ending', () => {
    fc.assert(
      fc.property(fc.constantFrom(...corpus), text, (input, t) => {
        const withRegion = applyRegionEdits(input, [
          { op: 'add', entry: { id: 'x1', section: 'Gotchas', text: t, provenance: {} } },
        ]).text;
        const body = regionBody(withRegion);
        expect(body).not.toBeNull();
        expect(body).not.toContain('\r');
        expect(replaceRegionBody(withRegion, body ?? '')).toBe(withRegion);
      }),
      { numRuns: 100 },
    );
  });
});
