import { describe, expect, it } from 'vitest';
import { readEntryItem, renderEntryItem } from '../../../src/core/memory-file/entry-item.js';
import { parseRecord, serializeRecord } from '../../../src/team/store/team-record.js';
import { readWorkingItems, renderWorkingBody } from '../../../src/team/working-records.js';

const reader = { name: 'Alice', email: 'alice@example.com' };

describe('an unknown future field through the working copy', () => {
  it('comes back from the working copy as the same entry file, byte for byte', () => {
    const written = `${JSON.stringify({ section: 'Gotchas', text: 'Run `make seed` before the tests -- always.', session: 'a11ce000', zzFuture: { note: 'a "quoted" --> value', n: [1, 2] } }, null, 2)}\n`;
    const parsed = parseRecord(Buffer.from(written));
    if (!parsed.ok) throw new Error(parsed.reason);
    const body = renderWorkingBody(
      [{ id: 'm01', record: parsed.record, provenance: { author: 'Bob' } }],
      ['Gotchas'],
      reader,
    );
    expect(body).not.toContain('-->\n  ');
    const [item] = readWorkingItems(body);
    expect(item?.provenance.author).toBe('Bob');
    expect(serializeRecord(item!.record)).toBe(written);
  });

  it('keeps a later mem comment attribute it does not know when the entry is written again', () => {
    const line = '- Use pnpm. <!-- mem:id=m02 by=alice zz=later flag -->\n';
    const read = readEntryItem({ lines: [line.slice(0, -1)], contentColumn: 2 });
    expect(read.text).toBe('Use pnpm.');
    const again = renderEntryItem({ id: read.id, text: 'Use pnpm 9.', provenance: read.provenance }, { eol: '\n' });
    expect(again).toBe('- Use pnpm 9. <!-- mem:id=m02 by=alice zz=later flag= -->\n');
  });
});
