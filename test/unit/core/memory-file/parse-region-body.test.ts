/** Reading the working copy twice in one process (a sync reads it, then renders what it wrote) gives the same entries, each reader its own. */
import { describe, expect, it } from 'vitest';
import { parseRegionBody } from '../../../../src/core/memory-file/parse-region-body.js';

const body = [
  '## Commands',
  '',
  '- Run make lint before pushing. <!-- mem:id=m1 by=ann at=2026-11-01T00:00:00Z x-later=kept -->',
  '- Use pnpm, not npm. <!-- mem:id=m2 by=bob -->',
  '',
].join('\n');

describe('parseRegionBody read twice', () => {
  it('gives equal entries', () => {
    expect(parseRegionBody(body)).toEqual(parseRegionBody(body));
  });

  it('hands each reader objects of its own: a change to one reading never shows in the next', () => {
    const first = parseRegionBody(body);
    const entry = first.entries[0];
    if (entry === undefined) throw new Error('no entry read');
    entry.provenance.commit = 'c0ffee';
    entry.text = 'changed';
    const second = parseRegionBody(body);
    expect(second.entries[0]?.provenance.commit).toBeUndefined();
    expect(second.entries[0]?.text).toBe('Run make lint before pushing.');
    expect(second.entries[0]?.provenance.unknown).toEqual([['x-later', 'kept']]);
  });

  it('reads an item again when only its place in the list changed', () => {
    const moved = body.replace('## Commands', '## Gotchas');
    expect(parseRegionBody(moved).entries.map((entry) => entry.section)).toEqual(['Gotchas', 'Gotchas']);
  });
});
