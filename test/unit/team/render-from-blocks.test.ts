/**
 * A sync renders the agent's file from the blocks it has just read or rendered instead of parsing
 * the working body it wrote: the result must be byte for byte what parsing that body gives.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderBodyItems, renderMemory } from '../../../src/core/memory-file/render-memory.js';
import { readWorkingItems, renderWorkingBlocks, type WorkingItem } from '../../../src/team/working-records.js';

const sections = ['Conventions', 'Commands', 'Gotchas'];
const reader = { name: 'alice', email: 'alice@example.com' };
const options = { target: 'rules-file' as const, sections, reader };

const read = `## Commands

- Run make check before pushing. <!-- mem:id=m1 by=alice at=2026-01-05T10:00:00Z s=s1 -->
- A hand-written line without an id
- Multi-line entry
  with a second line <!-- mem:id=m2 by=bob -->
- Escaped <!-- mem:id=m3 by=Jos%C3%A9 -->

## Odd section ##

- Under an odd heading <!-- mem:id=m4 -->

## Gotchas

- ⚠ mem conflict m5: keep one version below and delete the rest, or run \`mem review\` <!-- mem:conflict id=m5 -->
  - ours (alice, 2026-01-05): Use pnpm 9. <!-- mem:side=ours id=m5 by=alice at=2026-01-05T10:00:00Z -->
  - theirs (bob, 2026-01-06): Use yarn. <!-- mem:side=theirs id=m5 by=bob at=2026-01-06T09:00:00Z -->
- Uses @docs/path and <!-- a comment --> text <!-- mem:id=m6 -->
`;

function sameAsParsing(items: readonly WorkingItem[]): void {
  const { body, blocks } = renderWorkingBlocks(items, sections, reader);
  expect(renderBodyItems(blocks(), options)).toEqual(renderMemory(body, options));
}

describe('rendering the agent file from the working blocks', () => {
  it('matches parsing the body for entries read back, rewritten and added', () => {
    const items = readWorkingItems(read);
    sameAsParsing(items);
    const changed: WorkingItem[] = items.map((item, index) => (index % 2 === 0 && item.record.kind === 'entry' ? { ...item, provenance: { ...item.provenance, commit: 'a'.repeat(40) } } : item));
    changed.push({ id: 'n1', record: { kind: 'entry', section: 'Conventions', text: 'New first line\n\nwith a blank line and <!-- mem:id=x --> inside', session: null, agent: null }, provenance: { author: 'bob' } });
    changed.push({ id: 'n2', record: { kind: 'entry', section: 'Brand new ', text: 'In a section with a trailing space', session: 's2', agent: 'codex' }, provenance: {} });
    sameAsParsing(changed);
  });

  it('matches parsing the body for any entry text and section', () => {
    const text = fc.array(fc.constantFrom('a', ' ', '\n', '  ', '-', '- ', '#', '## ', '`', '@x', '<!--', '-->', '<!-- mem:id=z -->', '*', '1.', '\t', 'é'), { minLength: 1, maxLength: 10 }).map((parts) => parts.join(''));
    const section = fc.constantFrom('Commands', 'Gotchas', 'New', 'New ', 'A # b', 'X ##');
    fc.assert(
      fc.property(fc.array(fc.tuple(text, section), { maxLength: 6 }), (added) => {
        const items = readWorkingItems(read);
        added.forEach(([entryText, entrySection], index) => {
          if (entryText.trim() === '') return;
          items.push({ id: `p${index}`, record: { kind: 'entry', section: entrySection, text: entryText, session: null, agent: null }, provenance: {} });
        });
        sameAsParsing(items);
      }),
      { numRuns: 400 },
    );
  });
});

describe('plain text for the agent', () => {
  it('only trims text that holds nothing to rewrite, and rewrites the rest as before', async () => {
    const { plainText } = await import('../../../src/core/memory-file/render-memory.js');
    expect(plainText('  Run make check.  ')).toBe('Run make check.');
    expect(plainText('Line one\n  line two')).toBe('Line one line two');
    expect(plainText('See @docs/x and `@kept`')).toBe('See `@docs/x` and `@kept`');
    expect(plainText('a <!-- b --> c')).toBe('a &lt;!-- b --&gt; c');
  });
});
